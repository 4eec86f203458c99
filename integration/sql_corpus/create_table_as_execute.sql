-- CREATE TABLE ... AS EXECUTE: the prepared SELECT's rows and PostgreSQL's column types, with
-- EXECUTE's argument errors (issue 11; was 0A000). Tables and statements of this file's own.
PREPARE ctae_p(int) AS SELECT $1 + 1 AS z, 'q' AS w, name FROM items WHERE id = $1
CREATE TABLE ctae_one AS EXECUTE ctae_p(1)
SELECT * FROM ctae_one
CREATE TABLE ctae_two (m, n) AS EXECUTE ctae_p(2)
SELECT * FROM ctae_two
CREATE TEMP TABLE ctae_temp ON COMMIT PRESERVE ROWS AS EXECUTE ctae_p(3)
SELECT *, (SELECT relpersistence FROM pg_class WHERE relname = 'ctae_temp') FROM ctae_temp
CREATE TEMP TABLE public.ctae_temp2 AS EXECUTE ctae_p(3)
DROP TABLE ctae_temp
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctae_two'::regclass AND attnum > 0 ORDER BY attnum
CREATE TABLE ctae_none AS EXECUTE ctae_p(3) WITH NO DATA
SELECT * FROM ctae_none
CREATE TABLE IF NOT EXISTS ctae_one AS EXECUTE ctae_p(4)
CREATE TABLE IF NOT EXISTS ctae_one AS EXECUTE ctae_p(4) WITH NO DATA
CREATE TABLE ctae_bad AS EXECUTE ctae_nosuch(1)
CREATE TABLE ctae_bad AS EXECUTE ctae_p('x')
CREATE TABLE ctae_bad AS EXECUTE ctae_p(1, 2)
CREATE TABLE ctae_one (a) AS EXECUTE ctae_p(1)
CREATE TABLE ctae_bad (a, b, c, d) AS EXECUTE ctae_p(1)
PREPARE ctae_ins(int) AS INSERT INTO ctae_one VALUES ($1, 'i', 'x')
CREATE TABLE ctae_bad AS EXECUTE ctae_ins(1)
PREPARE ctae_none_args AS SELECT count(*) AS n FROM orders
create table  ctae_three   as   execute   ctae_none_args
SELECT * FROM ctae_three
DROP TABLE ctae_one, ctae_two, ctae_none, ctae_three
DEALLOCATE ctae_p
DEALLOCATE ctae_ins
DEALLOCATE ctae_none_args
