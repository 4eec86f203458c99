-- unnest of several arrays in FROM (a column per array, NULL past a shorter one's end,
-- WITH ORDINALITY, column aliases) and string_to_table (issue 11).
SELECT * FROM unnest(ARRAY[1, 2], ARRAY['a', 'b', 'c'])
SELECT * FROM unnest(ARRAY[1, 2], ARRAY['a', 'b', 'c']) WITH ORDINALITY
SELECT * FROM unnest(ARRAY[1, 2], ARRAY['a', 'b', 'c']) AS t
SELECT t.* FROM unnest(ARRAY[1, 2], ARRAY['a', 'b', 'c']) AS t(x)
SELECT x, y, n FROM unnest(ARRAY[10, 20, 30], ARRAY['a'], ARRAY['t', 'f']) WITH ORDINALITY AS u(x, y, z, n) ORDER BY n DESC
SELECT * FROM unnest(ARRAY[1, 2], NULL::text[]), unnest('{}'::int[], ARRAY[7]) AS e
SELECT i.id, u.* FROM items i, unnest(ARRAY[i.qty, i.small], ARRAY[i.name, i.category, i.code]) AS u(n, s) WHERE i.id < 4 ORDER BY i.id, u.s
SELECT count(*), sum(a), string_agg(b, ',') FROM unnest(ARRAY[1, 2, 3], ARRAY['x', NULL, 'z', 'w']) AS t(a, b)
SELECT * FROM unnest(ARRAY[1, 2], ARRAY['a', 'b']) AS t(x, y, z)
SELECT * FROM unnest(ARRAY[1, 2], ARRAY['a', 'b']) WITH ORDINALITY AS t(x, y, z, w)
SELECT unnest(ARRAY[1, 2], ARRAY['a'])
SELECT id, unnest(ARRAY[qty], ARRAY[name]) FROM items
SELECT string_to_table('a,b,,c', ','), string_to_table('a b', ' ')
SELECT string_to_table('abc', NULL), string_to_table('a,b,,c', ',', ''), string_to_table('xx-yy', '-', 'yy')
SELECT string_to_table('', ','), 1
SELECT string_to_table(NULL, ','), 1
SELECT * FROM string_to_table('a,b,,c', ',', '') WITH ORDINALITY AS s(v, n)
SELECT * FROM string_to_table('one two three', ' ')
SELECT s FROM string_to_table('one|two', '|') AS s
SELECT id, part FROM items, string_to_table(name, 'a') AS part WHERE id < 4 ORDER BY id, part
SELECT string_to_array('', ','), string_to_array('abc', ''), string_to_array('abc', NULL), string_to_array(NULL, ','), string_to_array('a,b,,c', ',', ''), string_to_array(',a,', ',')
SELECT string_to_array('a||b', '||'), string_to_array('a,NULL,b', ',', 'NULL'), string_to_array('xyx', 'x'), string_to_array('héllo', NULL), array_length(string_to_array('', ''), 1)
SELECT string_to_array(name, 'a', 'n'), string_to_array(category, '') FROM items ORDER BY id
SELECT * FROM unnest(ARRAY[1.5, 2, NULL], ARRAY[true, false]) WITH ORDINALITY
SELECT unnest(ARRAY[1.50, -2.5]), unnest(ARRAY[true, NULL, false])
SELECT * FROM unnest(ARRAY[date '2024-01-01', NULL]) AS d(x)
SELECT x + 1 FROM unnest(ARRAY[1.5, 2.25]) AS x
SELECT sum(x), bool_and(y) FROM unnest(ARRAY[1.5, 2.25], ARRAY[true, true]) AS t(x, y)
SELECT * FROM unnest(ARRAY[timestamp '2024-01-01 10:00', NULL], ARRAY[time '10:00']) AS t(a, b)
SELECT o.id, d FROM orders o, unnest(ARRAY[o.placed, o.placed + 1]) AS d ORDER BY 1, 2
