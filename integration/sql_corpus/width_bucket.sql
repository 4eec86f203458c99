-- width_bucket: the float8 and numeric forms (PostgreSQL's overload by the arguments'
-- types) and the thresholds-array form (issue 11), with PostgreSQL 15's errors.
-- error positions are compared
SELECT width_bucket(5.35, 0.024, 10.06, 5), width_bucket(5.35::float8, 0.024, 10.06, 5), width_bucket(5, 0, 10, 3), width_bucket(-1, 0, 10, 3), width_bucket(10, 0, 10, 3), width_bucket(99, 0, 10, 3)
SELECT width_bucket(7.5, 10, 0, 4), width_bucket(10.0, 10, 0, 4), width_bucket(11, 10, 0, 4), width_bucket(0, 10, 0, 4), width_bucket(-0.0001, 10, 0, 4), width_bucket(0.5::float8, 1, 0, 3)
SELECT width_bucket(0::float8, -1e308, 1e308, 10), width_bucket(2147483647::float8, 0, 1e10, 2147483647), width_bucket('Infinity'::float8, 0, 1, 5), width_bucket('-Infinity'::numeric, 0, 1, 5)
SELECT width_bucket(0.3333333333333333333333333, 0, 1, 3), width_bucket(0.9999999999999999999999, 0, 1, 1000000), width_bucket(1::numeric / 3, 0, 1::numeric / 3, 7)
SELECT id, width_bucket(price, 0, 20, 4), width_bucket(weight, 0, 3, 3), width_bucket(qty, 0, 100, 10), width_bucket(amount, -100, 100, 8) FROM items LEFT JOIN orders USING (id) WHERE id NOT IN (5, 6) ORDER BY id
SELECT width_bucket(NULL, 0, 2, 2), width_bucket(1, NULL, 2, 2), width_bucket(1, 0, 2, NULL)
SELECT width_bucket(11, 0, 10, 2147483647)
SELECT width_bucket(11.5, 0, 10, 2147483647)
SELECT width_bucket(1, 0, 10, 0)
SELECT width_bucket(1.5, 0, 10, -2)
SELECT width_bucket('NaN'::float8, 0, 10, 2)
SELECT width_bucket('NaN'::numeric, 0, 10, 2)
SELECT width_bucket(1::numeric, 'Infinity', 10, 2)
SELECT width_bucket(1::float8, 0, '-Infinity', 2)
SELECT width_bucket(1::numeric, 10, 10, 2)
SELECT width_bucket(1::float8, 10, 10, 2)
SELECT width_bucket(1, 0, 10, 2::bigint)
SELECT width_bucket('a'::text, 0, 10, 2)
SELECT width_bucket(5, ARRAY[1, 3, 5, 7]), width_bucket(0, ARRAY[1, 3, 5, 7]), width_bucket(8, ARRAY[1, 3, 5, 7]), width_bucket(4, '{}'::int[]), width_bucket(6, ARRAY[1, 9, 2, 8])
SELECT width_bucket(2.5, ARRAY[1.0, 2.5, 2.50, 4]), width_bucket(2.5::float8, ARRAY[1, 2.5, 4]::float8[]), width_bucket(3, ARRAY[1.5, 2.5, 3.5]), width_bucket('m', ARRAY['c', 'k', 'x'])
SELECT width_bucket(now(), ARRAY['yesterday', 'today', 'tomorrow']::timestamptz[]), width_bucket(date '2024-06-01', ARRAY[date '2024-01-01', date '2024-07-01'])
SELECT id, width_bucket(qty, ARRAY[0, 5, 10, 100]), width_bucket(name, ARRAY['b', 'e', 'g']) FROM items ORDER BY id
SELECT width_bucket(NULL::int, ARRAY[1, 2]), width_bucket(1, NULL::int[])
SELECT width_bucket(5, ARRAY[1, NULL, 7])
SELECT width_bucket(5, ARRAY[[1, 3], [5, 7]])
