-- ALTER TYPE of a composite type's attributes (issue 7): ADD / DROP / ALTER ATTRIBUTE
-- ... TYPE / RENAME ATTRIBUTE as PostgreSQL 15 does them: the type's attributes, the
-- values of the columns that use the type (a dropped attribute's field gone, an added
-- one NULL, in nested records and arrays of records too), and the errors: 0A000 for
-- ALTER ATTRIBUTE ... TYPE of a type a column uses, 42701 / 42703 / 42P16 / 42P01 / 42809.
-- RENAME ATTRIBUTE of a table's row type renames the table's column, as PostgreSQL's.
-- (pg_attribute keeps a dropped attribute on PostgreSQL: its live ones are compared.)
CREATE TYPE ct9_p AS (a int, b text)
ALTER TYPE ct9_p ADD ATTRIBUTE c numeric(5,2)
ALTER TYPE ct9_p ADD ATTRIBUTE c int
ALTER TYPE ct9_p ADD ATTRIBUTE z ct9_nosuch
ALTER TYPE ct9_p DROP ATTRIBUTE zz
ALTER TYPE ct9_p DROP ATTRIBUTE IF EXISTS zz
ALTER TYPE ct9_p ALTER ATTRIBUTE zz TYPE int
ALTER TYPE ct9_p ALTER ATTRIBUTE c TYPE bigint
ALTER TYPE ct9_p ALTER ATTRIBUTE b SET DATA TYPE varchar(3)
ALTER TYPE ct9_p RENAME ATTRIBUTE zz TO y
ALTER TYPE ct9_p RENAME ATTRIBUTE c TO b
ALTER TYPE ct9_p RENAME ATTRIBUTE a TO aa
SELECT attname, atttypid::regtype::text, atttypmod FROM pg_attribute WHERE attrelid = 'ct9_p'::regclass AND NOT attisdropped ORDER BY attnum
SELECT '(1,xyz,7)'::ct9_p::text, ('(1,xyz,7)'::ct9_p).aa, '(1,wxyz,7)'::ct9_p
ALTER TYPE ct9_p DROP ATTRIBUTE aa, DROP ATTRIBUTE b, ADD ATTRIBUTE d date
SELECT attname, atttypid::regtype::text FROM pg_attribute WHERE attrelid = 'ct9_p'::regclass AND NOT attisdropped ORDER BY attnum
CREATE TYPE ct9_q AS (x int, t timestamptz)
CREATE TYPE ct9_o AS (q ct9_q, qs ct9_q[], n int)
CREATE TABLE ct9_t (id int PRIMARY KEY, q ct9_q, qs ct9_q[], o ct9_o)
INSERT INTO ct9_t VALUES (1, '(1,"2024-01-01 00:00+00")', '{"(2,)",NULL}', '("(3,)","{""(4,)""}",5)'), (2, NULL, '{}', NULL), (3, '(,)', '{"(,)"}', '(,,)')
ALTER TYPE ct9_q ALTER ATTRIBUTE x TYPE bigint
ALTER TYPE ct9_o ALTER ATTRIBUTE n TYPE bigint
ALTER TYPE ct9_q ADD ATTRIBUTE y text, DROP ATTRIBUTE x
SELECT id, q::text, qs::text, o::text FROM ct9_t ORDER BY id
SELECT id, (q).y, (q).t FROM ct9_t ORDER BY id
ALTER TYPE ct9_q RENAME ATTRIBUTE y TO yy
SELECT id, (q).yy FROM ct9_t ORDER BY id
INSERT INTO ct9_t VALUES (4, '("2024-02-02 00:00+00",a)', NULL, NULL)
SELECT id, q::text FROM ct9_t ORDER BY q, id
ALTER TYPE ct9_q DROP ATTRIBUTE t, DROP ATTRIBUTE yy
SELECT id, q::text, qs::text, o::text FROM ct9_t ORDER BY id
ALTER TYPE ct9_o ADD ATTRIBUTE s ct9_o
ALTER TYPE ct9_q ADD ATTRIBUTE s ct9_o
ALTER TYPE ct9_q ADD ATTRIBUTE ss ct9_o[]
CREATE TABLE ct9_r (x int)
ALTER TYPE ct9_r ADD ATTRIBUTE y int
ALTER TYPE ct9_r RENAME ATTRIBUTE x TO y
SELECT attname FROM pg_attribute WHERE attrelid = 'ct9_r'::regclass AND attnum > 0 ORDER BY attnum
ALTER TYPE ct9_none ADD ATTRIBUTE y int
CREATE TYPE ct9_e AS ENUM ('a')
ALTER TYPE ct9_e ADD ATTRIBUTE y int
ALTER TYPE ct9_e RENAME ATTRIBUTE y TO z
DROP TABLE ct9_t, ct9_r
ALTER TYPE ct9_q ADD ATTRIBUTE x int
ALTER TYPE ct9_q ALTER ATTRIBUTE x TYPE text
SELECT attname, atttypid::regtype::text FROM pg_attribute WHERE attrelid = 'ct9_q'::regclass AND NOT attisdropped ORDER BY attnum
DROP TYPE ct9_o, ct9_q, ct9_p, ct9_e
