-- CREATE TABLE ... AS and SELECT ... INTO (issue 11): the new table's columns have the
-- PostgreSQL types the query gives them (pg_attribute, format_type), its rows the
-- query's; column name lists, WITH [NO] DATA, IF NOT EXISTS, and PostgreSQL's errors.
CREATE TABLE ctas_items AS SELECT * FROM items
SELECT * FROM ctas_items ORDER BY id
SELECT attname, format_type(atttypid, atttypmod), attnotnull FROM pg_attribute WHERE attrelid = 'ctas_items'::regclass AND attnum > 0 ORDER BY attnum
CREATE TABLE ctas_named (item, label) AS SELECT id, name, price FROM items WHERE id < 4 ORDER BY id
SELECT * FROM ctas_named ORDER BY item
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctas_named'::regclass AND attnum > 0 ORDER BY attnum
CREATE TABLE ctas_exprs AS SELECT id * 2 AS d, price + 1 AS p, 1 AS one, 'x' AS lit, 1.5 AS num, count(*) OVER () AS cnt, created::date AS day, code || '!' AS c, ARRAY[qty] AS arr, NULL AS nothing FROM items WITH NO DATA
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctas_exprs'::regclass AND attnum > 0 ORDER BY attnum
SELECT count(*) FROM ctas_exprs
CREATE TABLE ctas_sums AS SELECT category, sum(qty) AS total, avg(price) AS mean, max(created) AS latest, bool_and(active) AS all_active FROM items GROUP BY category
SELECT * FROM ctas_sums ORDER BY category
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctas_sums'::regclass AND attnum > 0 ORDER BY attnum
CREATE TABLE ctas_casts AS SELECT 'x'::varchar(3) AS v, 'ab'::char(2) AS ch, '{"a":1}'::jsonb AS j, 12.345::numeric(6,2) AS n, '1 day'::interval AS i, 1::int2 AS s
SELECT * FROM ctas_casts
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctas_casts'::regclass AND attnum > 0 ORDER BY attnum
CREATE TABLE IF NOT EXISTS ctas_items AS SELECT 1
CREATE TABLE ctas_items AS SELECT 1
CREATE TABLE ctas_bad (a, b, c) AS SELECT 1, 2
CREATE TABLE ctas_bad AS SELECT 1, 2
CREATE TABLE ctas_bad AS SELECT 1 / 0 AS a
CREATE TABLE ctas_bad AS SELECT nosuch FROM items
CREATE TABLE ctas_bad AS SELECT ROW(1, 2) AS r
CREATE TABLE ctas_none AS SELECT * FROM orders WHERE id < 0
SELECT count(*) FROM ctas_none
CREATE TABLE ctas_values AS VALUES (1, 'a'), (2, 'b')
SELECT * FROM ctas_values ORDER BY column1
CREATE TABLE ctas_whole AS TABLE orders
SELECT * FROM ctas_whole ORDER BY id
CREATE TABLE ctas_with_data AS SELECT id FROM orders WHERE id < 3 WITH DATA
SELECT * FROM ctas_with_data ORDER BY id
SELECT id, name INTO ctas_into FROM items WHERE id = 1
SELECT * FROM ctas_into
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'ctas_into'::regclass AND attnum > 0 ORDER BY attnum
SELECT id INTO ctas_into FROM items
BEGIN
CREATE TABLE ctas_rolled AS SELECT 1 AS a
ROLLBACK
SELECT count(*) FROM pg_class WHERE relname = 'ctas_rolled'
INSERT INTO ctas_named VALUES (10, 'ten', 1.234)
SELECT * FROM ctas_named WHERE item = 10
DROP TABLE ctas_items, ctas_named, ctas_exprs, ctas_sums, ctas_casts, ctas_none, ctas_values, ctas_whole, ctas_with_data, ctas_into
