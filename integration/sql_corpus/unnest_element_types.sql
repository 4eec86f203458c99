-- unnest of arrays of every element type (float8, real, interval, json, jsonb, bytea, uuid,
-- inet, timetz, bit, money, point, ranges, tsvector, xml) and of multidimensional arrays
-- (their elements in storage order), in a select list and in FROM (issue 11).
SELECT unnest(ARRAY[1.5::float8, 'NaN', '-0', 'Infinity', 1e300])
SELECT unnest(ARRAY[1.5::float4, '-0'])
SELECT unnest(ARRAY[interval '1 day', '2 hours', NULL])
SELECT unnest(ARRAY['{"a":1}'::jsonb, '[1,2]'])
SELECT unnest(ARRAY['{"a":1}'::json, '[1, 2]'])
SELECT unnest(ARRAY['\x01'::bytea, '\xff', '\x5c22'])
SELECT unnest(ARRAY['a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid])
SELECT unnest(ARRAY['10.0.0.1/8'::inet, '::1']), unnest(ARRAY['1.2.3.0/24'::cidr])
SELECT unnest(ARRAY['10:00+02'::timetz]), unnest(ARRAY['2024-01-01 10:00+02'::timestamptz])
SELECT unnest(ARRAY[B'101', B'1']), unnest(ARRAY['$1.50'::money])
SELECT unnest(ARRAY['(1,2)'::point])
SELECT unnest(ARRAY['[1,3)'::int4range])
SELECT x, pg_typeof(x) FROM unnest(ARRAY[1.5::float8, 'NaN']) AS x
SELECT * FROM unnest(ARRAY[interval '1 day'], ARRAY['\x01'::bytea, '\x02']) WITH ORDINALITY
SELECT unnest(ARRAY['a b'::tsvector])
SELECT unnest(ARRAY['<a/>'::xml])
SELECT unnest('{1.5,NaN}'::float8[]) + 1
SELECT unnest(ARRAY[[1.5::float8, 2],[3,4]])
SELECT unnest(ARRAY[[1,2],[3,4]])
SELECT * FROM unnest('{{a,b},{c,"d,\"e"}}'::text[]) WITH ORDINALITY
SELECT unnest('[0:1]={5,6}'::int[])
SELECT unnest('[0:1][1:2]={{5,6},{7,NULL}}'::int[])
SELECT array_to_string(ARRAY[[1,2],[3,4]], ',')
SELECT x, unnest(y) FROM (VALUES (1, '{{1.5,2},{NaN,4}}'::numeric[]), (2, '{}')) v(x, y)
