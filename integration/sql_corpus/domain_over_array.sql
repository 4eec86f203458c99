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
SELECT ('{"{1}"}'::intlist[] || '{"{2}"}'::intlist[])::text, ('{"{1}"}'::intlist[] || '{"{2}"}')::text, array_cat('{"{1}"}'::intlist[], '{"{2}"}')::text
SELECT '{"{1}"}'::intlist[] || '{2}'
SELECT array_append('{"{1}"}'::intlist[], '{7}')::text, array_prepend('{7}', '{"{1}"}'::intlist[])::text
SELECT array_position('{"{1}","{02}"}'::intlist[], '{2}'), array_positions('{"{1}","{2}","{1}"}'::intlist[], '{1}')
SELECT '{"{1}","{2}"}'::intlist[] @> '{"{2}"}', '{"{1}","{2}"}'::intlist[] && '{"{3}","{1}"}', '{"{1}"}'::intlist[] <@ '{"{2}"}'
SELECT array_remove('{"{1}","{2}"}'::intlist[], '{1}')::text, array_replace('{"{1}","{2}"}'::intlist[], '{1}', '{5,6}')::text, trim_array('{"{1}","{2}"}'::intlist[], 1)::text
-- A domain over an array of a domain over an array (ill AS il[]): its values are
-- intlist[]'s, its CHECK tests the whole value; DROP DOMAIN of the inner domain names it.
CREATE DOMAIN ill AS intlist[]
CREATE DOMAIN ilc AS intlist[] CHECK (array_length(VALUE, 1) < 3)
SELECT t.typname, b.typname AS base FROM pg_type t JOIN pg_type b ON b.oid = t.typbasetype WHERE t.typname IN ('ill', 'ilc') ORDER BY 1
SELECT typname, typndims, typcategory, typlen FROM pg_type WHERE typname IN ('intlist', 'ill', 'ilc', '_intlist', '_ill') ORDER BY 1
CREATE TABLE dl (id int, x ill, y ilc)
SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'dl'::regclass AND attnum > 0 ORDER BY attnum
-- pg_attribute of columns of a domain: attndims 0 and atttypmod -1 (the domain's own
-- dimensions and typmod are its pg_type row's); of a domain's array type: 1 and -1.
CREATE DOMAIN amount72 AS numeric(7,2)
CREATE TABLE dims (a intlist, b intlist[], c ill, d amount72, e amount72[], f int[][], g numeric(5,1))
SELECT attname, attndims, atttypmod, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = 'dims'::regclass AND attnum > 0 ORDER BY attnum
DROP TABLE dims
DROP DOMAIN amount72
INSERT INTO dl VALUES (1, '{"{1}","{2}"}', '{"{3}"}')
INSERT INTO dl VALUES (2, '{{1}}', NULL)
INSERT INTO dl VALUES (3, NULL, '{"{1}","{2}","{3}"}')
INSERT INTO dl VALUES (4, '{"{0,1}"}', '{"[0:0]={5}"}')
SELECT id, x::text, y::text, x[1] FROM dl ORDER BY x, id
SELECT id FROM dl WHERE x > '{"{1}"}' ORDER BY id
SELECT '{"{1}","{2}","{3}"}'::ilc
SELECT ('{"{1}","{2}"}'::ill)::text
DROP DOMAIN intlist
DROP DOMAIN ill
DROP TABLE lists
DROP DOMAIN intlist CASCADE
SELECT * FROM dl ORDER BY id
DROP TABLE dl
-- The domain's NOT NULL and CHECK test each element (an int[]), at the literal, in
-- INSERT, UPDATE, INSERT ... SELECT, casts and ADD COLUMN's DEFAULT; ALTER DOMAIN over
-- a column that uses it is PostgreSQL's 0A000 cannot alter type.
CREATE DOMAIN posarr AS int[] CHECK (VALUE[1] > 0) NOT NULL
CREATE TABLE tpos (id int, v posarr[])
INSERT INTO tpos VALUES (1, '{"{1}","{2,3}"}')
INSERT INTO tpos VALUES (2, '{"{-1}"}')
INSERT INTO tpos VALUES (3, '{NULL}')
INSERT INTO tpos VALUES (4, NULL)
UPDATE tpos SET v = '{"{0}"}' WHERE id = 1
INSERT INTO tpos SELECT 5, v FROM tpos WHERE id = 1
INSERT INTO tpos SELECT 6, '{"{-5}"}'::posarr[]
SELECT '{"{-5}"}'::posarr[]
ALTER TABLE tpos ADD COLUMN w posarr[] DEFAULT '{"{9}"}'
SELECT id, v::text, w::text FROM tpos ORDER BY id
ALTER DOMAIN posarr ADD CONSTRAINT c2 CHECK (array_length(VALUE, 1) < 2)
DROP TABLE tpos
DROP DOMAIN posarr
-- Elements of a domain over timestamptz[] / numeric(5,2)[] / varchar(2)[]: the base
-- array's typmod applies to each element (22003 / 22001 at the literal), and they print
-- under the session's TimeZone (the corpus's America/New_York, then Asia/Kolkata) and DateStyle.
CREATE DOMAIN tslist AS timestamptz[]
CREATE DOMAIN numlist AS numeric(5,2)[]
CREATE DOMAIN shortlist AS varchar(2)[]
CREATE TABLE tlists (id int, a tslist[], b numlist[], c shortlist[])
INSERT INTO tlists VALUES (1, '{"{2024-01-01 10:00}","{NULL,2024-06-01 00:00:00+00}"}', '{"{1.5,2}"}', '{"{ab,c}"}')
INSERT INTO tlists VALUES (2, NULL, '{"{1.555}"}', NULL)
INSERT INTO tlists VALUES (3, NULL, '{"{12345}"}', NULL)
INSERT INTO tlists VALUES (4, NULL, NULL, '{"{abc}"}')
SELECT id, a::text, b::text, c::text FROM tlists ORDER BY id
SET TimeZone = 'Asia/Kolkata'
SET DateStyle = 'SQL, DMY'
SELECT id, a::text, b::text, c::text FROM tlists ORDER BY id
SELECT a[1], b[1][1], b[1] FROM tlists ORDER BY id
RESET DateStyle
SET TimeZone = 'America/New_York'
DROP TABLE tlists
DROP DOMAIN tslist, numlist, shortlist
-- pg_typeof of a domain's values: a column of a domain, an array of one and its
-- elements (also of an array of a domain over an array) are the domain's types.
CREATE DOMAIN ct9_posint AS int CHECK (VALUE > 0)
CREATE DOMAIN ct9_il AS int[]
CREATE TABLE ct9_d (x ct9_posint, y ct9_posint[], z ct9_il[])
INSERT INTO ct9_d VALUES (1, '{2}', '{"{3}"}')
SELECT pg_typeof(x)::text, pg_typeof(y)::text, pg_typeof(y[1])::text, pg_typeof(z)::text, pg_typeof(z[1])::text, pg_typeof(z[1:1])::text, pg_typeof(('{"{1}"}'::ct9_il[])[1])::text, pg_typeof(x + 1)::text FROM ct9_d
DROP TABLE ct9_d
DROP DOMAIN ct9_posint, ct9_il
-- An array of a domain over an array of a domain over an array (ill9[], ill9 AS il9[],
-- il9 AS int[]): each element an il9[] value, itself an array of int[] values.
CREATE DOMAIN il9 AS int[]
CREATE DOMAIN ill9 AS il9[]
CREATE TABLE tl9 (id int PRIMARY KEY, v ill9[], w ill9)
INSERT INTO tl9 VALUES (1, '{"{\"{1,2}\",\"{3}\"}","{}"}', '{"{1,2}"}'), (2, '{"{\"{1,2}\",\"{3}\"}",NULL,"{}"}', NULL), (3, '{"{\" { 4 } \"}",NULL}', '{}'), (4, '{}', '{NULL}')
INSERT INTO tl9 VALUES (5, '{{"{1}"}}', NULL)
INSERT INTO tl9 VALUES (5, '{"{\"{x}\"}"}', NULL)
INSERT INTO tl9 VALUES (5, '{"{1}"}', NULL)
SELECT id, v::text, w::text, v[1]::text, v[2]::text, array_length(v, 1), pg_typeof(v)::text, pg_typeof(v[1])::text FROM tl9 ORDER BY id
UPDATE tl9 SET v = '{"{\"{7}\"}"}' WHERE id = 4
SELECT id, v::text FROM tl9 WHERE id = 4
DROP TABLE tl9
-- ORDER BY, WHERE and UNIQUE of an ill9[] column: array_cmp of the il9[] elements' array_cmp.
CREATE TABLE tl8 (id int PRIMARY KEY, v ill9[])
INSERT INTO tl8 VALUES (1, '{"{\"{10}\"}"}'), (2, '{"{\"{9}\"}"}'), (3, '{"{\"{9}\",\"{1}\"}"}'), (4, '{}'), (5, NULL), (6, '{NULL}'), (7, '{"{}"}'), (8, '{"{\"{9}\"}","{}"}'), (9, '{"{NULL}"}'), (10, '{"{\"{09}\"}"}')
SELECT id, v::text FROM tl8 ORDER BY v, id
SELECT id FROM tl8 ORDER BY v DESC, id
SELECT id FROM tl8 WHERE v = '{"{\"{9}\"}"}' ORDER BY id
SELECT id FROM tl8 WHERE v > '{"{\"{9}\"}"}' ORDER BY id
CREATE UNIQUE INDEX tl8_v ON tl8 (v)
DELETE FROM tl8 WHERE id = 10
CREATE UNIQUE INDEX tl8_v ON tl8 (v)
INSERT INTO tl8 VALUES (11, '{"{\"{ 10 }\"}"}')
DROP TABLE tl8
DROP DOMAIN ill9, il9
