-- Casts PostgreSQL's pg_cast does not have between numbers, booleans and the date/time
-- types: 42846 cannot cast type numeric to date, at the cast; the casts it has still run.
SELECT 2.5::date
SELECT 1::date
SELECT true::int8
SELECT 1::timestamp
SELECT now()::int
SELECT 1::time
SELECT 1.5::timestamptz
SELECT true::date
SELECT current_date::int
SELECT 1::interval
SELECT 1.5::bool
SELECT true::numeric
SELECT true::float8
SELECT 1::int2::bool
SELECT 1::int8::bool
SELECT CAST(2.5 AS date)
SELECT CAST(price AS date) FROM items
SELECT qty::interval FROM items
SELECT created::numeric FROM items
SELECT placed::timestamp::time FROM orders WHERE id = 1
SELECT active::int, qty::bool, (qty > 0)::int FROM items ORDER BY id
SELECT interval '1 hour'::time, time '01:02'::interval, timestamptz '2024-01-01 00:00+00'::timetz
SELECT weight::date FROM items
SELECT date '2024-01-01'::time
SELECT time '01:00'::date
SELECT interval '1 day'::timestamp
