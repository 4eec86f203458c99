-- CREATE TABLE AS keeps a domain where PostgreSQL's column has it: a column of a domain read as it
-- is (also through *, a sub-select or WITH) or a cast to a domain; anything computed from it has
-- the base type (issue 11). Objects of this file's own.
CREATE DOMAIN ctad_pos AS int CHECK (VALUE > 0)
CREATE TABLE ctad_src (id int, d ctad_pos, t text)
INSERT INTO ctad_src VALUES (1, 3, 'a'), (2, 4, 'b')
CREATE TABLE ctad_a AS SELECT d, d + 1 AS plus, d::int AS plain, 5::ctad_pos AS cast, CAST(6 AS ctad_pos) AS cast2 FROM ctad_src
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctad_a'::regclass AND attnum > 0 ORDER BY attnum
SELECT * FROM ctad_a ORDER BY d
CREATE TABLE ctad_b AS SELECT * FROM ctad_src
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctad_b'::regclass AND attnum > 0 ORDER BY attnum
CREATE TABLE ctad_c AS SELECT s.d FROM (SELECT d FROM ctad_src) s
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctad_c'::regclass AND attnum > 0 ORDER BY attnum
CREATE TABLE ctad_d AS WITH w AS (SELECT d, t FROM ctad_src) SELECT w.d, upper(w.t) AS u FROM w
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctad_d'::regclass AND attnum > 0 ORDER BY attnum
INSERT INTO ctad_b VALUES (3, -1, 'c')
SELECT d INTO ctad_e FROM ctad_src WHERE id = 1
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctad_e'::regclass AND attnum > 0 ORDER BY attnum
DROP TABLE ctad_a, ctad_b, ctad_c, ctad_d, ctad_e, ctad_src
DROP DOMAIN ctad_pos
