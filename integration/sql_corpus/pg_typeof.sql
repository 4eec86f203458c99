-- pg_typeof (issue 11): the argument's type as PostgreSQL's parser types it, as regtype (bpchar prints
-- as character); regtype::text is the type's name.
SELECT pg_typeof(1), pg_typeof(price), pg_typeof('a'), pg_typeof(created), pg_typeof(1.5), pg_typeof(NULL) FROM items WHERE id = 1
SELECT pg_typeof(id), pg_typeof(name), pg_typeof(qty * 2), pg_typeof(big + small), pg_typeof(weight), pg_typeof(active), pg_typeof(category), pg_typeof(code), pg_typeof(small) FROM items WHERE id = 2
SELECT pg_typeof(count(*)), pg_typeof(sum(qty)), pg_typeof(avg(qty)), pg_typeof(sum(weight)) FROM items
SELECT pg_typeof(placed), pg_typeof(placed - 1), pg_typeof(placed - placed), pg_typeof(amount), pg_typeof(now()), pg_typeof(current_date), pg_typeof(interval '1 day' * 2) FROM orders WHERE id = 1
SELECT pg_typeof(ARRAY[1,2]), pg_typeof('{"a":1}'::jsonb), pg_typeof(1::int2), pg_typeof('x'::varchar(3)), pg_typeof(1/0)
SELECT pg_typeof(pg_typeof(1)), pg_typeof(1)::text, pg_typeof(price) = 'numeric'::regtype FROM items WHERE id = 1
SELECT id FROM items WHERE pg_typeof(price)::text = 'numeric' ORDER BY id
-- regclass and regtype columns read names as PostgreSQL's input functions do
-- (42P01 / 42704 for names nothing has) and print them back (issue 7).
CREATE TABLE reg_names (id int PRIMARY KEY, r regclass, t regtype)
INSERT INTO reg_names VALUES (1, 'reg_names', 'int4'), (2, 'pg_class', 'text[]'), (3, 'items', 'double precision')
INSERT INTO reg_names VALUES (4, 'no_such_table', NULL)
INSERT INTO reg_names VALUES (5, NULL, 'no_such_type')
INSERT INTO reg_names VALUES (6, NULL, 'character varying[]'), (7, 'public.orders', 'pg_catalog.bool')
SELECT id, r, t, r::text, t::text FROM reg_names ORDER BY id
SELECT id FROM reg_names WHERE t = 'integer'::regtype ORDER BY id
-- pg_type has PostgreSQL's internal and pseudo types too, every base and pseudo-type
-- but the catalogs' row types and their arrays (issue 7).
SELECT oid, typname, typlen, typbyval, typtype, typcategory, typelem, typarray, typalign, typstorage, typcollation FROM pg_type WHERE typname IN ('int2vector', 'oidvector', 'pg_node_tree', 'record', '_record', 'any', 'anyarray', 'void', 'trigger', 'aclitem', '_line', '_regclass', 'cstring', 'internal', 'refcursor', 'regprocedure') ORDER BY oid
SELECT count(*) FROM pg_type t WHERE typnamespace = 11 AND typtype IN ('b', 'p') AND NOT EXISTS (SELECT 1 FROM pg_type e WHERE e.oid = t.typelem AND e.typtype = 'c')
SELECT t.typname FROM pg_type t WHERE t.typnamespace = 11 AND t.typarray <> 0 AND NOT EXISTS (SELECT 1 FROM pg_type a WHERE a.oid = t.typarray) ORDER BY 1
