-- Plain SELECTs: columns, constants, output names and types.
SELECT * FROM items ORDER BY id
SELECT * FROM orders ORDER BY id
SELECT id, name FROM items ORDER BY id
SELECT i.id, i.name AS label FROM items i ORDER BY i.id
SELECT items.* FROM items ORDER BY 1
SELECT 1
SELECT 1, 2 AS two, 'x', 'x'::text, NULL, true, false
SELECT 2::int, 2::int8, 2::smallint, 2::numeric, 2::numeric(5,2), 2::float8, 2::real
SELECT 2147483648, -2147483648, 9223372036854775807, 9223372036854775808, 1.5, .5, 1e3, 1.5e-3
SELECT $$dollar$$, $q$it's$q$, 'it''s'
SELECT '2024-02-29'::date, '2024-02-29 13:45:30+02'::timestamptz, '13:45'::time, '1 day 2 hours'::interval
SELECT 'abc'::varchar(2), 'abc'::char(5), 'abc'::char(5) || 'x'
SELECT CAST('42' AS integer), CAST(42 AS text), CAST(1.5 AS integer), CAST(2.5 AS integer), CAST(-2.5 AS integer)
SELECT 1.5::float8::integer, 2.5::float8::integer, 3.5::float8::integer
SELECT true::text, false::int, 1::boolean, 0::boolean
SELECT price::text, qty::numeric, weight::numeric FROM items ORDER BY id
SELECT created::date, created::text FROM items ORDER BY id
SELECT id::text || '-' || name FROM items ORDER BY id
SELECT DISTINCT category FROM items ORDER BY category
SELECT DISTINCT price FROM items ORDER BY 1
SELECT id FROM items ORDER BY id LIMIT 3
SELECT id FROM items ORDER BY id LIMIT 3 OFFSET 2
SELECT id FROM items ORDER BY id OFFSET 6
SELECT id FROM items ORDER BY id LIMIT ALL
-- set-returning functions in the select list (PostgreSQL 10+: lockstep, NULL past the shorter's end)
SELECT generate_series(1, 3)
SELECT generate_series(1, 2) AS a, generate_series(1, 4) AS b
