-- Row constructors (issue 11): ROW(...) and (a, b) as values (record, text as record_out prints it),
-- row comparisons field by field, IN lists of rows, IN / = of a sub-select's row, IS NULL of rows.
SELECT ROW(1, 'a')
SELECT ROW(1, 'a') AS r
SELECT (1, 'a')
SELECT ROW(1, NULL, 'x y', '', 'a"b', 1.5)
SELECT ROW(1, 2) = ROW(1, 2), ROW(1, 2) <> ROW(1, 3), (1, 2) < (1, 3), (1, 2) > (1, NULL), (1, NULL) = (1, NULL)
SELECT id FROM items WHERE (id, qty) = (1, 10)
SELECT id FROM items WHERE (id, qty) IN ((1, 10), (2, 120)) ORDER BY id
SELECT id FROM items WHERE (id, qty) < (3, 0) ORDER BY id
SELECT id FROM items WHERE ROW(id, name) IN (SELECT id::int, name FROM items WHERE id < 3) ORDER BY id
SELECT pg_typeof(ROW(1, 2))
SELECT ROW(id, name) FROM items ORDER BY id
SELECT ROW()
SELECT ROW(1, 2) = ROW(1, 2, 3)
SELECT ROW(ROW(1, 2), 'x')
SELECT ROW(1, ARRAY[1,2], '{"a": 1}'::json)
SELECT ROW(1,2) IS NULL, ROW(NULL, NULL) IS NULL, ROW(1, NULL) IS NOT NULL
SELECT ROW(1, 2) IS DISTINCT FROM ROW(1, NULL)
SELECT (1, 2) <= (1, 2), (2, 1) >= (1, 5)
SELECT ROW(1, 'a')::text
SELECT count(*) FROM items WHERE (qty, id) > (5, 0)
SELECT ROW(true, 1.5::float8, now()::date - now()::date)
SELECT (1,2) IN ((1,2,3))
SELECT (1,2) IN ((1,2), (3))
SELECT ROW() = ROW()
SELECT ROW(1,2) = ROW(1,'2')
SELECT ROW(1,2) IS DISTINCT FROM ROW(1,2,3)
SELECT (1,2) = (SELECT 1, 2)
SELECT (1,2) = (SELECT 1)
SELECT (1,2) = (SELECT 1, 2, 3)
SELECT (1,2) < (SELECT 1, 3)
SELECT (1,2) = (SELECT 1, 2 UNION ALL SELECT 1, 2)
SELECT (1,2) = (SELECT 1, 2 WHERE false)
SELECT ROW(1, 2) = 5
SELECT 5 = ROW(1,2)
SELECT (1,2) IN (SELECT 1)
SELECT (ROW(1,2)).f3
SELECT (ROW(1,2)).f1, (t).name FROM items t WHERE id = 1
SELECT ROW(1, 'a') = ROW(1, 'a'::varchar)
SELECT (1, 2.5) = (1.0, 2.5::float8)
SELECT ROW(1,2) < ROW(NULL, 3), ROW(1, 2) < ROW(2, NULL), ROW(1,NULL) <= ROW(1, NULL)
SELECT ROW(NULL, 1) <> ROW(NULL, 2)
SELECT ROW(1, 2) = NULL
SELECT ROW(1, 2) + 1
SELECT id FROM items WHERE (name, qty) NOT IN (('apple', 10), ('fig', 3)) ORDER BY id
SELECT id FROM items WHERE (category, name) >= ('fruit', 'banana') ORDER BY id
SELECT id, (price, qty) > (3, 0) FROM items ORDER BY id
SELECT t IS NULL, t IS NOT NULL, ROW(t.name) IS NULL FROM items t ORDER BY id
SELECT count(*) FROM items a LEFT JOIN orders o ON o.item_id = a.id AND false WHERE o IS NULL
SELECT (id, name) IN (SELECT item_id, note FROM orders) FROM items ORDER BY id
SELECT o.id, (o.item_id, o.note) = (SELECT i.id, i.name FROM items i WHERE i.id = o.item_id) FROM orders o ORDER BY 1
SELECT ROW(created, placed) FROM items JOIN orders ON orders.item_id = items.id ORDER BY orders.id
SELECT ROW(price, amount, weight) FROM items JOIN orders ON orders.item_id = items.id ORDER BY orders.id
SELECT ROW(ROW(1, 'a b'), ARRAY['x', NULL], NULL::int)::text
SELECT to_json(ROW(1, 'a')), row_to_json(ROW(1, 'a')), json_agg(ROW(id, name) ORDER BY id) FROM items
-- array_agg of rows: record[] of their texts.
SELECT array_agg(ROW(id, name) ORDER BY id) FROM items
SELECT category, array_agg((id, code, active) ORDER BY id) FROM items GROUP BY category ORDER BY 1
SELECT pg_typeof(array_agg(ROW(1, 'x'))), array_agg(ROW(NULL, 'a b', '')) FROM items WHERE id = 1
