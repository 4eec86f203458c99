-- Composite types of their own (CREATE TYPE ct8_pair AS (a int, b text), issue 7):
-- recorded in the database file, columns of the type and of its array type, record
-- literals and ROW(...) read by each attribute's input, record_out's quoting, field
-- selection typed by the attribute, ORDER BY / UNIQUE as record_cmp (field by field,
-- NULL fields last; numeric 1.0 = 1.00), pg_type / pg_class / pg_attribute rows,
-- DROP TYPE's 2BP01 and CASCADE. A type has another OID on each server, so values of
-- the type are compared as text and through their fields.
CREATE TYPE ct8_pair AS (a int, b text)
CREATE TYPE ct8_num AS (n numeric, t varchar(3), m int[])
CREATE TYPE ct8_pair AS (x int)
CREATE TYPE ct8_bad AS (a int, a text)
CREATE TYPE ct8_bad AS (a ct8_nosuch)
CREATE TYPE ct8_empty AS ()
CREATE TABLE ct8_pair (x int)
CREATE TABLE ct8_t (id int PRIMARY KEY, p ct8_pair, ps ct8_pair[])
INSERT INTO ct8_t VALUES (1, '(1,x)', '{"(1,x)","(2,\"y z\")"}'), (2, ROW(2, 'a b'), NULL), (3, '(,)', '{}'), (4, NULL, '{NULL}'), (5, '(1,"")', NULL), (6, '(10,a)', NULL), (7, '(9,b)', NULL), (8, '(,a)', NULL), (9, '( -1 , z )', NULL)
SELECT id, p::text, ps::text FROM ct8_t ORDER BY p, id
SELECT id, p::text FROM ct8_t ORDER BY p DESC NULLS LAST, id
SELECT id, (p).a, (p).b, pg_typeof((p).a)::text, pg_typeof(p)::text, pg_typeof(ps)::text FROM ct8_t ORDER BY id
SELECT '(1,x)'::ct8_pair::text, ROW(1, 'x')::ct8_pair::text, pg_typeof('(1,x)'::ct8_pair)::text, ('(7,"a b")'::ct8_pair).b
SELECT '(1,"a,b")'::ct8_pair::text, '(1,"")'::ct8_pair::text, '(1," ")'::ct8_pair::text, '(1,"a\\b")'::ct8_pair::text, '(1,"q""r")'::ct8_pair::text, '(1,NULL)'::ct8_pair::text
SELECT '(x,y)'::ct8_pair
SELECT '(1)'::ct8_pair
SELECT (p).zz FROM ct8_t
SELECT format_type('ct8_pair'::regtype, -1), format_type('_ct8_pair'::regtype, -1), 'ct8_pair[]'::regtype::text
SELECT typname, typtype, typlen, typcategory, typdelim, typalign, typstorage, typrelid <> 0, typelem <> 0, typarray <> 0 FROM pg_type WHERE typname IN ('ct8_pair', '_ct8_pair') ORDER BY 1
SELECT relname, relkind, relnatts, relpersistence, relhasindex FROM pg_class WHERE relname IN ('ct8_pair', 'ct8_num') ORDER BY 1
SELECT attname, atttypid::regtype::text, attnum, attnotnull, atttypmod FROM pg_attribute WHERE attrelid = 'ct8_num'::regclass ORDER BY attnum
SELECT t.typname, c.relname FROM pg_type t JOIN pg_class c ON c.oid = t.typrelid WHERE t.typname = 'ct8_pair'
CREATE TABLE ct8_n (id int, v ct8_num UNIQUE)
INSERT INTO ct8_n VALUES (1, '(1.0,a,{1})'), (2, '(2,a,"{1,2}")'), (3, '(1.0,a,{2})')
INSERT INTO ct8_n VALUES (4, '(1.00,a,{1})')
INSERT INTO ct8_n VALUES (4, '(1,abcd,{})')
INSERT INTO ct8_n VALUES (4, '(1,abc,{x})')
SELECT id, v::text, (v).n, (v).t, (v).m, (v).n + 1 FROM ct8_n ORDER BY v
SELECT count(DISTINCT p)::int, count(DISTINCT (p).a)::int FROM ct8_t
SELECT id FROM ct8_t WHERE p = ROW(1, 'x')::ct8_pair ORDER BY id
SELECT id FROM ct8_t WHERE p < '(2,a)'::ct8_pair ORDER BY id
SELECT id FROM ct8_t WHERE p >= ROW(NULL, 'a')::ct8_pair ORDER BY id
SELECT id, p <> ROW(10, 'a')::ct8_pair, ROW(9, 'b')::ct8_pair > p FROM ct8_t ORDER BY id
SELECT max(p) FROM ct8_t
SELECT id, row_to_json(p)::text, to_json(p)::text, to_jsonb(p)::text, json_build_object('p', p)::text FROM ct8_t ORDER BY id
SELECT json_agg(p ORDER BY id)::text FROM ct8_t
SELECT json_agg(a)::text FROM (VALUES (ARRAY[1]), (NULL), (ARRAY[2])) v(a)
SELECT min(p) OVER () FROM ct8_t
UPDATE ct8_t SET p = ROW(7, 'seven') WHERE id = 1
UPDATE ct8_t SET p = '(8,eight)' WHERE id = 2
INSERT INTO ct8_t VALUES (20, ROW(1))
INSERT INTO ct8_t VALUES (20, ROW(1, 'x', 3))
INSERT INTO ct8_t VALUES (20, ROW('x', 'y'))
INSERT INTO ct8_t VALUES (20, ROW(1.7, 2))
INSERT INTO ct8_t VALUES (21, '(1,x)', '{"(1,x)","(q,y)"}')
INSERT INTO ct8_t VALUES (21, '(1,x)', '{"(1,x)","(2)"}')
INSERT INTO ct8_t VALUES (21, '(1,x)', '{"(1,x)"')
SELECT id, p::text, ps::text FROM ct8_t WHERE id IN (1, 2, 20) ORDER BY id
DROP TYPE ct8_num
DROP TABLE ct8_n
DROP TYPE ct8_num, ct8_empty
DROP TYPE ct8_pair
DROP TYPE ct8_pair CASCADE
SELECT * FROM ct8_t ORDER BY id
SELECT count(*)::int FROM pg_type WHERE typname IN ('ct8_pair', '_ct8_pair', 'ct8_num')
DROP TABLE ct8_t
CREATE TYPE ct8_pt AS (x float8, y float8)
CREATE TYPE ct8_nest AS (inner_p ct8_pt, k int)
CREATE TABLE ct8_pts (id int, p ct8_pt)
INSERT INTO ct8_pts VALUES (1, '(1.5,2)'), (2, ROW(-0.0, 1e300)), (3, '(1.5,-2)'), (4, '(NaN,)')
SELECT id, p::text, (p).x, (p).y FROM ct8_pts ORDER BY p
SELECT '("(1,2)",3)'::ct8_nest::text
DROP TABLE ct8_pts
DROP TYPE ct8_pt
DROP TYPE ct8_pt CASCADE
SELECT '(3)'::ct8_nest::text
DROP TYPE ct8_nest
CREATE TYPE ct8_arr AS (a int, b text)
SELECT '{"(1,x)","(2,\"y z\")",NULL}'::ct8_arr[]::text, pg_typeof('{}'::ct8_arr[])::text, pg_typeof(NULL::ct8_arr[])::text
SELECT '{"(1,x)","(q,y)"}'::ct8_arr[]
SELECT '{"(1,x)"'::ct8_arr[]
DROP TYPE ct8_arr
