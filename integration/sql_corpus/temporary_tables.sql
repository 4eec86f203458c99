-- CREATE TEMP TABLE (issue 11): a table of the session's pg_temp_N, shadowing a
-- permanent table of its name as PostgreSQL's search_path (pg_temp first) does; ON
-- COMMIT actions at each commit; PostgreSQL's errors. (The schema's number depends on
-- the server's backends: compared through pg_my_temp_schema().)
CREATE TEMP TABLE items (id int, note text DEFAULT 'x' NOT NULL, price numeric(6,2))
INSERT INTO items (id, price) VALUES (5, 1.5), (6, NULL) RETURNING *
SELECT * FROM items ORDER BY id
SELECT i.id, o.id FROM items i JOIN orders o ON o.item_id = i.id ORDER BY 1, 2
UPDATE items SET price = price * 2 WHERE id = 5 RETURNING id, price
SELECT relname, relkind, relpersistence, relnamespace = pg_my_temp_schema(), relnatts FROM pg_class WHERE relname = 'items' ORDER BY relpersistence
SELECT attname, format_type(atttypid, atttypmod), attnotnull, atthasdef FROM pg_attribute WHERE attrelid = 'items'::regclass AND attnum > 0 ORDER BY attnum
SELECT 'items'::regclass::oid = (SELECT oid FROM pg_class WHERE relname = 'items' AND relpersistence = 't'), 'public.items'::regclass::text
SELECT pg_table_is_visible(oid), relpersistence FROM pg_class WHERE relname = 'items' ORDER BY relpersistence
INSERT INTO items (id) VALUES ('x')
INSERT INTO items (id, note) VALUES (1, NULL)
CREATE TEMP TABLE items (a int)
CREATE TEMP TABLE IF NOT EXISTS items (a int)
DROP TABLE items
SELECT count(*) FROM items
DROP TABLE pg_temp.items
CREATE TEMP TABLE public.tt_named (a int)
CREATE TEMPORARY TABLE tt_x (a int) ON COMMIT DROP
SELECT count(*) FROM pg_class WHERE relname = 'tt_x'
CREATE TABLE tt_perm (a int) ON COMMIT DELETE ROWS
CREATE TABLE pg_temp.tt_named (a int, b text)
SELECT relpersistence, relnamespace = pg_my_temp_schema() FROM pg_class WHERE relname = 'tt_named'
INSERT INTO pg_temp.tt_named VALUES (1, 'one')
SELECT * FROM tt_named
DROP TABLE tt_named
CREATE TEMP TABLE tt_rows (a int, b text) ON COMMIT DELETE ROWS
INSERT INTO tt_rows VALUES (1, 'a') RETURNING *
SELECT count(*) FROM tt_rows
BEGIN
INSERT INTO tt_rows VALUES (2, 'b'), (3, 'c')
SELECT * FROM tt_rows ORDER BY a
SAVEPOINT s
DELETE FROM tt_rows WHERE a = 2
ROLLBACK TO SAVEPOINT s
SELECT count(*) FROM tt_rows
COMMIT
SELECT count(*) FROM tt_rows
BEGIN
CREATE TEMP TABLE tt_drop (a int) ON COMMIT DROP
INSERT INTO tt_drop VALUES (1)
SELECT * FROM tt_drop
COMMIT
SELECT * FROM tt_drop
BEGIN
CREATE TEMP TABLE tt_rolled (a int)
ROLLBACK
SELECT * FROM tt_rolled
CREATE TEMP TABLE tt_as AS SELECT id, name, price * 2 AS doubled FROM items WHERE id < 4 ORDER BY id
SELECT * FROM tt_as ORDER BY id
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'tt_as'::regclass AND attnum > 0 ORDER BY attnum
SELECT relpersistence, relnamespace = pg_my_temp_schema() FROM pg_class WHERE relname = 'tt_as'
CREATE TEMP TABLE tt_as AS SELECT 1 AS a
CREATE TEMP TABLE IF NOT EXISTS tt_as AS SELECT 1 AS a
CREATE TEMP TABLE public.tt_as2 AS SELECT 1 AS a
CREATE TEMP TABLE tt_as2 (x, y) ON COMMIT DELETE ROWS AS SELECT 1, 'two'
SELECT count(*) FROM tt_as2
CREATE TEMP TABLE tt_as3 ON COMMIT DROP AS SELECT 1 AS a
SELECT * FROM tt_as3
SELECT * INTO TEMP tt_into FROM orders WHERE id < 3
SELECT id, note FROM tt_into ORDER BY id
CREATE TEMP TABLE tt_key (id int PRIMARY KEY, u text UNIQUE)
INSERT INTO tt_key VALUES (1, 'a'), (1, 'b')
INSERT INTO tt_key VALUES (1, 'a') ON CONFLICT (id) DO UPDATE SET u = 'z' RETURNING *
INSERT INTO tt_key VALUES (1, 'a') ON CONFLICT (id) DO UPDATE SET u = 'z' RETURNING *
SELECT c.relname, c.relkind, c.relpersistence FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'tt_key'::regclass ORDER BY 1
SELECT relname FROM pg_class WHERE relpersistence = 't' AND relkind = 'r' ORDER BY 1
DROP TABLE tt_key, tt_as, tt_as2, tt_into, tt_rows
DROP TABLE IF EXISTS tt_key, tt_nosuch
SELECT relname FROM pg_class WHERE relpersistence = 't' AND relkind = 'r' ORDER BY 1
-- Statements on a temporary table; a view over one is temporary (with PostgreSQL's NOTICE).
CREATE TEMP TABLE tt_e (a int, b text)
INSERT INTO tt_e VALUES (1, 'x'), (2, 'y')
DROP VIEW tt_e
CREATE VIEW tt_ev AS SELECT a, b FROM tt_e WHERE a > 1
SELECT * FROM tt_ev
SELECT relpersistence, relnamespace = pg_my_temp_schema() FROM pg_class WHERE relname = 'tt_ev'
CREATE INDEX ON tt_e (b)
SELECT c.relname, c.relpersistence FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'tt_e'::regclass
CREATE UNIQUE INDEX tt_e_a ON tt_e (a)
INSERT INTO tt_e VALUES (1, 'again')
TRUNCATE tt_e
SELECT count(*) FROM tt_e
INSERT INTO pg_temp.tt_e VALUES (3, 'z')
UPDATE tt_e SET b = 'w' RETURNING *
DELETE FROM pg_temp.tt_e RETURNING *
BEGIN
INSERT INTO tt_e VALUES (4, 'v')
DISCARD TEMP
COMMIT
SELECT * FROM tt_e
SELECT * FROM tt_ev
SELECT count(*) FROM pg_class WHERE relpersistence = 't' AND relkind IN ('r', 'v')
