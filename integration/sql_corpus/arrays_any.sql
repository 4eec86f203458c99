-- x op ANY / ALL (array column) compares in the element's type (issue 11): numeric 2.5 = 2.50,
-- timestamptz by instant, NULL elements and NULL / empty arrays by PostgreSQL's three-valued rules.
CREATE TABLE arr_any (id int PRIMARY KEY, ints int[], nums numeric[], texts text[], ts timestamptz[], flags bool[])
INSERT INTO arr_any VALUES (1, '{1,2,10}', '{1.0,2.50,NaN}', '{a,B,"c d"}', '{"2024-01-01 00:00+00","2024-06-01 12:00+00"}', '{t,f}'), (2, '{-5,NULL}', '{10}', '{}', NULL, '{f}'), (3, NULL, NULL, NULL, NULL, NULL)
SELECT id FROM arr_any WHERE 2 = ANY(ints) ORDER BY id
SELECT id FROM arr_any WHERE 10 = ANY(ints) ORDER BY id
SELECT id, 1 = ANY(ints), 3 = ANY(ints), 3 <> ALL(ints), 5 > ANY(ints), 1 < ALL(ints) FROM arr_any ORDER BY id
SELECT id, 2.5 = ANY(nums), 2.50 = ANY(nums), 1 = ANY(nums), 'NaN'::numeric = ANY(nums), 3 < ALL(nums) FROM arr_any ORDER BY id
SELECT id, 'B' = ANY(texts), 'b' = ANY(texts), 'c d' = ANY(texts), 'a' > ANY(texts) FROM arr_any ORDER BY id
SELECT id, timestamptz '2024-01-01 00:00+00' = ANY(ts), timestamptz '2023-12-31 19:00-05' = ANY(ts), now() > ALL(ts) FROM arr_any ORDER BY id
SELECT id, true = ANY(flags), false = ALL(flags) FROM arr_any ORDER BY id
SELECT id FROM arr_any WHERE id = ANY('{1,3}') ORDER BY id
SELECT id FROM arr_any WHERE id = ANY('{1,3}'::int[]) ORDER BY id
SELECT id FROM items WHERE qty = ANY(ARRAY[10, 30, NULL]) ORDER BY id
SELECT a.id, i.id FROM arr_any a JOIN items i ON i.id = ANY(a.ints) ORDER BY 1, 2
SELECT id, price = ANY(ARRAY[1.5, 3.1]) FROM items ORDER BY id
SELECT id FROM arr_any WHERE 'x' = ANY(ints)
DROP TABLE arr_any
