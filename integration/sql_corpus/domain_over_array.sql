-- Arrays of a domain over an array (issue 7): intlist[] holds whole int[] values, not a
-- 2-D int[]; each element read and printed by int[]'s input and output, ordered by
-- array_cmp of the elements' array_cmp. Values are shown as text: the array type's OID
-- differs between the two servers.
CREATE DOMAIN intlist AS int[]
CREATE TABLE lists (id int PRIMARY KEY, v intlist[])
INSERT INTO lists VALUES (1, '{"{1,2}","{3,4}"}'), (2, '{"{1,2}"}'), (3, NULL), (4, '{NULL,"{5}"}'), (5, '{}'), (6, '{"{1,2}","{3}"}'), (7, '{"{1,NULL}"}'), (8, '{"{}"}'), (9, '{"{{1,2},{3,4}}"}'), (10, '{" { 9 , 8 } "}'), (11, '{"[0:1]={1,2}"}')
INSERT INTO lists VALUES (20, '{{1,2},{3,4}}')
INSERT INTO lists VALUES (20, '{"{1,2}","{x}"}')
INSERT INTO lists VALUES (20, '{"{1,2}",x}')
SELECT id, v::text AS txt FROM lists ORDER BY v, id
SELECT id, v::text AS txt FROM lists ORDER BY v DESC NULLS LAST, id
SELECT id, v[1], v[2], v[1][2], v[1:1]::text, (v[1])[2] FROM lists ORDER BY id
SELECT id FROM lists WHERE v = '{"{1,2}","{3,4}"}'
SELECT id FROM lists WHERE v >= '{"{1,2}"}' AND v < '{"{9}"}' ORDER BY id
SELECT id FROM lists WHERE v[1] = '{1,2}' ORDER BY id
SELECT id FROM lists WHERE v IS DISTINCT FROM '{"{1,2}"}' ORDER BY id
SELECT '{"{1,2}", "{3,4}"}'::intlist[]::text
SELECT 1, '{{1,2},{3,4}}'::intlist[]
SELECT array_ndims(v), array_length(v, 1), cardinality(v), array_dims(v) FROM lists WHERE id = 1
SELECT unnest(v) FROM lists WHERE id IN (1, 4) ORDER BY 1
SELECT count(DISTINCT v), max(id) FROM lists
SELECT v::text AS txt, count(*) FROM lists GROUP BY v ORDER BY v
SELECT format_type(atttypid, atttypmod), attndims FROM pg_attribute WHERE attrelid = 'lists'::regclass AND attname = 'v'
SELECT t.typname, e.typname AS element, t.typcategory, t.typlen FROM pg_type t JOIN pg_type e ON e.oid = t.typelem WHERE t.typname = '_intlist'
SELECT column_name, data_type, udt_schema, udt_name, domain_name FROM information_schema.columns WHERE table_name = 'lists' ORDER BY ordinal_position
DROP DOMAIN intlist
DROP TABLE lists
DROP DOMAIN intlist
