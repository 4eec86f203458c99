-- A table of its own (not replicated) with real and double precision columns: real
-- arithmetic, comparisons, aggregates (stddev / variance of real as float8), and
-- RETURNING of tableoid::regclass and pg_typeof, which print names (issues 7, 11).
CREATE TABLE measures (id int PRIMARY KEY, r real, d double precision, n numeric(8,3), s smallint, t text, b boolean, ts timestamptz, j jsonb, a int[])
INSERT INTO measures VALUES (1, 1.1, 2.2, 3.333, 4, 'x', true, '2024-01-01 10:00+00', '{"a":1}', '{1,2}'), (2, -0.5, 1e-3, -1.5, -3, 'y', false, '2024-06-01 12:30+02', '[1,2]', '{}'), (3, NULL, 'NaN', NULL, NULL, NULL, NULL, NULL, NULL, NULL) RETURNING tableoid::regclass, pg_typeof(r), pg_typeof(a), id
SELECT r * 2, r + d, r = 1.1, r > 1, pg_typeof(r * 2) FROM measures ORDER BY id
SELECT sum(r), avg(r), max(r), min(r), sum(s), avg(s), stddev(r), variance(d), var_pop(r), corr(r, d) FROM measures
SELECT id, r::numeric, r::int, r::text, d::real, n::real, s::real FROM measures ORDER BY id
SELECT * FROM measures WHERE r = 1.1
SELECT * FROM measures WHERE r = 1.1::real
SELECT id FROM measures WHERE r IN (1.1, -0.5) ORDER BY id
UPDATE measures SET r = r * 2 WHERE id = 1 RETURNING r, tableoid::regclass
UPDATE measures SET r = r + 1.5 WHERE id = 2 RETURNING r, pg_typeof(r)
SELECT round(r::numeric, 2), trunc(d), ceil(r), floor(r), sign(r) FROM measures ORDER BY id
SELECT id, r FROM measures ORDER BY r DESC NULLS LAST
SELECT string_agg(r::text, ',' ORDER BY r), array_agg(r ORDER BY id) FROM measures
SELECT r, rank() OVER (ORDER BY r), sum(r) OVER (ORDER BY id) FROM measures ORDER BY id
SELECT greatest(r, s), least(r, d), coalesce(r, 0), nullif(r, 2.2::real) FROM measures ORDER BY id
SELECT to_char(r, '999.99'), r::varchar FROM measures ORDER BY id
SELECT ARRAY[r, d] FROM measures ORDER BY id
SELECT CASE WHEN r > 0 THEN r ELSE d END, pg_typeof(CASE WHEN r > 0 THEN r ELSE d END) FROM measures ORDER BY id
SELECT tableoid::regclass, id FROM measures ORDER BY id
SELECT s || r FROM measures
SELECT b || ts FROM measures
WITH x AS (INSERT INTO measures (id) VALUES (4) RETURNING pg_typeof(id) AS t, tableoid::regclass AS rel, id) SELECT t, t = 'integer'::regtype, rel, id FROM x
DELETE FROM measures WHERE id >= 3 RETURNING tableoid::regclass, id
DROP TABLE measures
