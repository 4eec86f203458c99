-- real (float4): arithmetic in float precision, real beside another number as float8,
-- real in common types (ARRAY, UNION, CASE, COALESCE, GREATEST, IN lists), sum/avg, abs,
-- round, sqrt (issues 7, 11).
SELECT ARRAY[1.1::float4, 2.2::float8], pg_typeof(ARRAY[1.1::float4, 2.2::float8])
SELECT ARRAY[1.1::float4, 2], pg_typeof(ARRAY[1.1::float4, 2])
SELECT ARRAY[1.1::float4, 2.5], pg_typeof(ARRAY[1.1::float4, 2.5])
SELECT ARRAY[1.1::float4, 2::bigint, 3::smallint, 1.5::numeric]
SELECT 1.1::float4 UNION ALL SELECT 2.2::float8
SELECT 1.1::float4 UNION ALL SELECT 2
SELECT x, pg_typeof(x) FROM (SELECT 1.1::float4 AS x UNION ALL SELECT 2.25::numeric) s
SELECT CASE WHEN true THEN 1.1::float4 ELSE 2 END, pg_typeof(CASE WHEN true THEN 1.1::float4 ELSE 2 END)
SELECT CASE WHEN true THEN 1.1::float4 ELSE 2.0::float8 END
SELECT COALESCE(NULL::float4, 3.3::numeric), pg_typeof(COALESCE(NULL::float4, 3.3::numeric))
SELECT COALESCE(1.1::float4, 3.3::float8)
SELECT greatest(1.1::float4, 2), least(1.1::float4, 2.2::float8)
SELECT ARRAY['NaN'::float4, '-0'::float4, 1], ARRAY['Infinity'::float4, 1e300::float8]
SELECT 16777217::int4 UNION ALL SELECT 1::float4
SELECT 1.1::float4 IN (1.1::float8, 2), 1.5::float4 IN (1.5, 2)
VALUES (1.1::float4), (2.2), (3::float8)
SELECT pg_typeof(1.5::float4 + 1::int2), pg_typeof(1.5::float4 + 1::int4), pg_typeof(1.5::float4 + 1::int8), pg_typeof(1.5::float4 + 1.5::numeric), pg_typeof(1.5::float4 + 1.5), pg_typeof(1.5::float4 + 1), pg_typeof(1.5::float4 + '1'), pg_typeof(1.5::float4 * 1.5::float4),pg_typeof(1.5::float4 / 2::float8), pg_typeof(- 1.5::float4)
SELECT 1.1::float4 + 1.1::float4, 1.1::float4 * 3::float4, 1.1::float4 + 1.1, 1.1::float4 + '1.1', 1.1::float4 + 1.1::float8, 1.1::float4 / 0.3::float4, -(1.1::float4), 1.1::float4 - 1::int4
SELECT 1.1::float4 = 1.1, 1.1::float4 = 1.1::float8, 1.5::float4 = 1.5, 1.1::float4 = '1.1', 1.1::float4 < 1.1::numeric, 1::float4 = 1::int8, 16777217::int4 = 16777216::float4
SELECT '3e38'::float4 * 10::float4
SELECT '1e-38'::float4 / 1e10::float4
SELECT 1::float4 / 0::float4
SELECT 'NaN'::float4 + 1::float4, 'Infinity'::float4 - 'Infinity'::float4, '-0'::float4 * 1::float4, 'NaN'::float4 = 'NaN'::float4, 'NaN'::float4 > 'Infinity'::float4
SELECT 1.5::float4 % 1::float4
SELECT 2::float4 ^ 3::float4, pg_typeof(2::float4 ^ 3::float4)
SELECT sum(x), avg(x), pg_typeof(sum(x)), pg_typeof(avg(x)), max(x), min(x), pg_typeof(max(x)) FROM (VALUES (1.1::float4), (2.2::float4)) v(x)
SELECT abs(-1.5::float4), pg_typeof(abs(-1.5::float4)), round(1.5::float4), pg_typeof(round(1.5::float4)), sqrt(2::float4), pg_typeof(sqrt(2::float4))
SELECT 1.1::float4 BETWEEN 1 AND 2, 1.1::float4 IN (1.1, 2)
