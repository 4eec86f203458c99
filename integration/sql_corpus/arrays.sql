-- ARRAY[...] constructors (the elements' common type; nested for several dimensions),
-- = ANY / <> ALL over arrays, and arrays as JSON (issue 11).
SELECT ARRAY[1, 2], ARRAY['a', NULL, 'b c'], ARRAY[1.5, 2], ARRAY[true, false]
SELECT ARRAY[id, qty] FROM items ORDER BY id
SELECT ARRAY[name, category], ARRAY[code] FROM items ORDER BY id
SELECT ARRAY[[1, 2], [3, 4]], ARRAY[price, 1], ARRAY[created] FROM items ORDER BY id
SELECT ARRAY[1, 2, 3][2], (ARRAY['x', 'y'])[1], ARRAY[id, 10][1] FROM items ORDER BY id
SELECT ARRAY[placed], ARRAY[amount] FROM orders ORDER BY id
SELECT id FROM items WHERE id = ANY (ARRAY[1, 2]) ORDER BY id
SELECT id FROM items WHERE name = ANY (ARRAY['apple', 'fig', NULL]) ORDER BY id
SELECT id FROM items WHERE id = ANY ('{3,4}') ORDER BY id
SELECT id FROM items WHERE id <> ALL (ARRAY[1, 2]) ORDER BY id
SELECT id, id <> ALL (ARRAY[1, NULL]), id = ANY (ARRAY[1, NULL]) FROM items ORDER BY id
SELECT id FROM items WHERE category <> ALL ('{fruit}') ORDER BY id
SELECT active = ANY (ARRAY[true]) FROM items ORDER BY id
SELECT ARRAY['a', 1]
SELECT ARRAY[1, 'x']
SELECT to_json(ARRAY[1, 2]), to_jsonb(ARRAY['a', NULL]), to_json(ARRAY[[1, 2], [3, 4]])
SELECT to_json(ARRAY[price, weight::numeric]), to_json(ARRAY[active]), to_jsonb(ARRAY[created]) FROM items WHERE id < 4 ORDER BY id
SELECT json_build_object('ids', ARRAY[id, qty]), jsonb_build_array(ARRAY[name]) FROM items ORDER BY id
SELECT to_json(ARRAY[placed]) FROM orders ORDER BY id
SELECT array_to_json(ARRAY[1, 2]), array_to_json(ARRAY[[true], [false]]), array_to_json(ARRAY['a b'])
-- op ANY / ALL (ARRAY[...]) for every operator: each element compared as PostgreSQL types it
SELECT id FROM items WHERE name LIKE ANY (ARRAY['a%', 'b%']) ORDER BY id
SELECT id FROM items WHERE name NOT LIKE ALL (ARRAY['a%', '%e%']) ORDER BY id
SELECT id FROM items WHERE name ILIKE ANY (ARRAY['C%', 'F%']) ORDER BY id
SELECT id, price = ANY (ARRAY[1.5, 3.1]), price > ALL (ARRAY[1, 2]), qty < ANY (ARRAY[5, NULL]) FROM items ORDER BY id
SELECT id FROM items WHERE id = ANY (ARRAY[1, 'x']) ORDER BY id
SELECT id FROM items WHERE category = ANY (ARRAY['fruit', 'exotic']) AND id <> ALL (ARRAY[1, 2]) ORDER BY id
SELECT id FROM items WHERE name ~ ANY (ARRAY['^a', 'e$']) ORDER BY id
