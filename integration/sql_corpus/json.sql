-- JSON and JSONB operators and everyday functions (issue 11): json returns its text
-- verbatim, jsonb its canonical text; errors as PostgreSQL's. A table of its own.
CREATE TABLE docs (id int PRIMARY KEY, j json, b jsonb, tags text[])
INSERT INTO docs VALUES (1, '{"b": 2, "a": [1,  2, {"x": "y"}], "s": "t\u00e9xt", "n": 1.50}', '{"b": 2, "a": [1,  2, {"x": "y"}], "s": "t\u00e9xt", "n": 1.50}', '{red,green}')
INSERT INTO docs VALUES (2, '[1, "two", null, true, {"k": "v"}]', '[1, "two", null, true, {"k": "v"}]', '{}')
INSERT INTO docs VALUES (3, NULL, 'null', NULL)
INSERT INTO docs VALUES (4, '"just a string"', '"just a string"', '{a}')
INSERT INTO docs VALUES (5, '{"a": 1, "a": 2, "nested": {"deep": {"er": [10, 20]}}}', '{"a": 1, "a": 2, "nested": {"deep": {"er": [10, 20]}}}', NULL)
SELECT id, j, b FROM docs ORDER BY id
SELECT id, j -> 'a', b -> 'a' FROM docs ORDER BY id
SELECT id, j ->> 's', b ->> 's', j ->> 'n', b ->> 'n' FROM docs ORDER BY id
SELECT id, j -> 1, b -> 1, j ->> 1, b ->> -1 FROM docs ORDER BY id
SELECT id, j #> '{a,2}', b #> '{a,2,x}', j #>> '{nested,deep,er,1}', b #>> '{nested,deep}' FROM docs ORDER BY id
SELECT id FROM docs WHERE b @> '{"b": 2}' ORDER BY id
SELECT id FROM docs WHERE b @> '[1, true]' ORDER BY id
SELECT id FROM docs WHERE '{"a": 2}' <@ b ORDER BY id
SELECT id, b ? 'a', b ? 'two', b ?| '{x,s}', b ?& '{a,b}' FROM docs ORDER BY id
SELECT id, b || '{"z": 0}', b - 'a', b - 0, b - '{a,b}'::text[] FROM docs WHERE id IN (1, 2) ORDER BY id
SELECT b - 0 FROM docs WHERE id = 1
SELECT b - 'x' FROM docs WHERE id = 4
SELECT id, jsonb_typeof(b), json_typeof(j) FROM docs ORDER BY id
SELECT id, jsonb_typeof(b -> 'a'), jsonb_typeof(b -> 'n'), jsonb_typeof(b -> 's') FROM docs ORDER BY id
SELECT (b ->> 'b')::int + 1, (b -> 'n')::text, b ->> 'missing' FROM docs WHERE id = 1
SELECT json_extract_path_text(j, 'nested', 'deep', 'er', '0'), jsonb_extract_path(b, 'nested', 'deep') FROM docs WHERE id = 5
SELECT jsonb_array_length(b) FROM docs WHERE id = 2
SELECT jsonb_array_length(b) FROM docs WHERE id = 1
SELECT json_array_length(j) FROM docs WHERE id = 4
SELECT jsonb_build_object('id', id, 'name', name, 'price', price, 'active', active, 'qty', qty) FROM items ORDER BY id
SELECT json_build_object('id', id, 'name', name, 'weight', weight, 'created', created) FROM items ORDER BY id
SELECT jsonb_build_array(1, 'two', NULL, true, 2.50), json_build_array(1, 'two', NULL, false)
SELECT jsonb_build_object(NULL, 1)
SELECT json_build_object('a')
SELECT to_jsonb(price), to_json(name), to_json(created), to_jsonb(placed), to_json(amount) FROM items JOIN orders ON orders.item_id = items.id ORDER BY orders.id
SELECT to_jsonb(j) FROM docs ORDER BY id
SELECT jsonb_agg(name ORDER BY id) FROM items
SELECT json_agg(price ORDER BY price DESC NULLS LAST) FROM items
SELECT category, jsonb_agg(id ORDER BY id) FILTER (WHERE qty > 1) FROM items GROUP BY category ORDER BY category
SELECT jsonb_agg(id) FROM items WHERE false
SELECT jsonb_object_agg(name, qty ORDER BY id) FROM items WHERE name IS NOT NULL
SELECT json_object_agg(name, price ORDER BY id) FROM items WHERE id < 4
SELECT jsonb_set(b, '{b}', '3') FROM docs WHERE id = 1
SELECT jsonb_set(b, '{a,0}', '"first"'), jsonb_set(b, '{new}', '[]'), jsonb_set(b, '{new}', '1', false) FROM docs WHERE id = 1
SELECT jsonb_set(b, '{9}', '9'), jsonb_set(b, '{-9}', '0') FROM docs WHERE id = 2
SELECT jsonb_set(b, '{x}', '3') FROM docs WHERE id = 2
SELECT jsonb_set(b, '{x}', '3') FROM docs WHERE id = 4
SELECT key, value FROM jsonb_each('{"b": [2], "a": 1}')
SELECT * FROM json_each('{"b": [2],  "a": 1}') AS e
SELECT e.key, e.value FROM docs d, jsonb_each_text(d.b) AS e WHERE d.id = 1 ORDER BY e.key
SELECT d.id, x.k, x.v FROM docs d CROSS JOIN LATERAL json_each(d.j) AS x(k, v) WHERE d.id = 5
SELECT value FROM jsonb_array_elements('[1, "two", [3]]')
SELECT d.id, e.value FROM docs d, jsonb_array_elements_text(d.b) e WHERE d.id = 2
SELECT * FROM json_array_elements('[1, {"a" :  2}]')
SELECT * FROM jsonb_object_keys('{"b": 1, "a": 2}')
SELECT k FROM docs, json_object_keys(j) AS k WHERE id = 5
SELECT count(*) FROM docs d, jsonb_object_keys(d.b) WHERE d.id = 1
SELECT * FROM jsonb_each('[1]')
SELECT * FROM json_each('[1]')
SELECT * FROM jsonb_array_elements('{"a": 1}')
SELECT * FROM json_array_elements('1')
SELECT * FROM jsonb_object_keys('1')
SELECT * FROM jsonb_each(NULL)
SELECT '{"a": 1}' -> 'a'
SELECT '{"a":1}'::jsonb -> 'a', '{"a":{"b":[1,2]}}'::jsonb #> '{a,b,1}', '[1,2]'::jsonb @> '1', '1'::jsonb @> '[1]'
SELECT '{"a":1}'::jsonb || '1', '1'::jsonb || '[2]', '[1]'::jsonb || '{"a":1}', '{"a":1,"b":2}'::jsonb || '{"b":3}'
SELECT '{"a": "\u0000"}'::json ->> 'a'
SELECT '{"a": "\ud83d\ude00 \n"}'::json ->> 'a', '{"a": "\ud83d\ude00"}'::jsonb -> 'a'
SELECT '{"a":1}'::json::jsonb, '{"b":1, "a":2}'::jsonb::json, '{"a":1}'::jsonb = '{"a":1.0}'::jsonb
UPDATE docs SET b = jsonb_set(b, '{b}', to_jsonb(id * 10)) WHERE id = 1 RETURNING b
UPDATE docs SET b = b || jsonb_build_object('seen', true) WHERE b @> '{"b": 10}' RETURNING id, b ->> 'seen'
SELECT id, jsonb_array_elements(b) FROM docs WHERE id = 2
SELECT jsonb_object_keys(b), id FROM docs WHERE jsonb_typeof(b) = 'object' ORDER BY id
SELECT json_array_elements_text('[1, "a", null]'), jsonb_array_elements('[1, 2]')
SELECT json_array_elements(j) FROM docs WHERE id = 1
SELECT e, e.value FROM jsonb_array_elements('[1, {"a": 2}]') e
SELECT d.id, e FROM docs d, jsonb_array_elements_text(d.b) e WHERE d.id = 2
DROP TABLE docs
-- jsonb_insert, json[b]_strip_nulls, jsonb_pretty
SELECT jsonb_insert('{"a": [1, 2]}', '{a,1}', '9'), jsonb_insert('{"a": [1, 2]}', '{a,1}', '9', true)
SELECT jsonb_insert('{"a": [1, 2]}', '{a,-5}', '9'), jsonb_insert('{"a": [1, 2]}', '{a,5}', '9'), jsonb_insert('{"a": [1, 2]}', '{a,-1}', '9', true)
SELECT jsonb_insert('{"a": [1, 2]}', '{b}', '{"c": null}'), jsonb_insert('{"a": [1, 2]}', '{b,c}', '9'), jsonb_insert('[]', '{0}', '9'), jsonb_insert('{"a": 1}', '{}', '9')
SELECT jsonb_insert('{"a": [1, 2]}', '{a}', '9')
SELECT jsonb_insert('5', '{b}', '9')
SELECT jsonb_insert('{"a": [1]}', '{a,x}', '9')
SELECT jsonb_insert(NULL, '{a}', '1'), jsonb_insert('{}', '{a}', NULL)
SELECT jsonb_strip_nulls('{"a": 1, "b": null, "c": {"d": null, "e": [null]}}'), jsonb_strip_nulls('[null, {"a": null}]'), jsonb_strip_nulls(NULL)
SELECT json_strip_nulls('{ "a" : null, "b" : [ 1 , null ], "c": {"d" : "x\u0041"} }'), json_strip_nulls('7')
SELECT jsonb_pretty('{}'), jsonb_pretty('[]'), jsonb_pretty('5'), jsonb_pretty('"s"')
SELECT jsonb_pretty('{"a": {"b": []}, "c": [{}], "d": "x y", "e": [1, null, true]}')
SELECT jsonb_pretty(jsonb_build_object('id', id, 'name', name)), jsonb_strip_nulls(jsonb_build_object('c', category)) FROM items ORDER BY id
-- SQL/JSON path (lax mode): members, subscripts, wildcards, filters, variables
SELECT jsonb_path_query('{"a": [1, 2, 3]}', '$.a[*] ? (@ > 1)')
SELECT * FROM jsonb_path_query('{"a": [{"k": 1}, {"k": 5}], "b": {"k": "x"}}', '$.*.k') q
SELECT jsonb_path_query_array('{"a": [1, 2, 3, 4]}', '$.a[0 to 1, last]'), jsonb_path_query_first('{"a": [1, 2]}', '$.a[last]'), jsonb_path_query_first('{}', '$.x')
SELECT jsonb_path_exists('{"a": [1, 2, 3]}', '$.a ? (@ >= $min)', '{"min": 3}'), jsonb_path_exists('{"a": 1}', '$.b'), jsonb_path_match('{"a": 1}', '$.a == 1 && !($.a > 5)')
SELECT '{"a": [1, 2, 3]}'::jsonb @? '$.a[*] ? (@ > 2)', '{"a": [1, 2, 3]}'::jsonb @@ '$.a[0] == 1', '{"a": "x"}'::jsonb @@ '$.a == 1', '{"a": [1]}'::jsonb @@ '$.a'
SELECT jsonb_path_query('{"a": [1, "1", null, true, {"b": 2}]}', '$.a[*] ? (@ == 1 || @ == null || @ == true)')
SELECT jsonb_path_query('{"a": [{"n": "x", "v": 1}, {"n": "y", "v": 2}]}', '$.a[*] ? (@.v > 1 && exists (@.n)).n')
SELECT jsonb_path_query('[1, [2, 3]]', '$[*][*]'), jsonb_path_query_array('{"a": 5}', '$.a[0]')
SELECT jsonb_path_query('{"a": 1}', '$.a == 1'), jsonb_path_query_array('{"s": "abc"}', '$.s ? (@ < "b")')
SELECT jsonb_path_query(b, '$.x') FROM docs_missing_table
SELECT jsonb_path_exists('{}', '$x')
SELECT jsonb_path_match('[1, 2]', '$[*]')
SELECT jsonb_path_match('[1, 2]', '$[*]', '{}', true)
SELECT id, jsonb_path_query_first(jsonb_build_object('id', id, 'tags', ARRAY[name, category]), '$.tags[0]') FROM items ORDER BY id
-- json[b]_populate_record[set](NULL::table, doc) in FROM: the table's columns read by their types' input
SELECT * FROM json_populate_record(null::items, '{"id": 5, "name": "x", "price": "1.5", "active": true, "created": "2024-01-01 10:00+00", "category": "c", "code": "ab"}')
SELECT * FROM jsonb_populate_record(NULL::orders, '{"id": 9, "amount": 1e3, "placed": "2024-02-29", "note": null, "extra": 1}')
SELECT id, note FROM jsonb_populate_recordset(NULL::orders, '[{"id": 1, "note": "a"}, {"id": 2}, {"note": "only"}]') ORDER BY id NULLS LAST
SELECT r.* FROM json_populate_recordset(null::orders, '[{"id": 3, "item_id": "7"}]') r
SELECT * FROM json_populate_record(null::items, NULL)
SELECT * FROM json_populate_record(null::items, '{"id": "x"}')
SELECT * FROM json_populate_record(null::items, '{"category": "much too long for twenty characters"}')
SELECT o.id, p.amount FROM orders o, jsonb_populate_record(NULL::orders, jsonb_build_object('amount', o.amount * 2)) p WHERE o.id < 4 ORDER BY o.id
SELECT count(*) FROM jsonb_populate_recordset(NULL::orders, '[]')
-- json[b]_agg / json[b]_object_agg (DISTINCT ...): the arguments sorted, equal ones once
SELECT jsonb_agg(DISTINCT category), json_agg(DISTINCT category) FROM items
SELECT jsonb_agg(DISTINCT qty), json_agg(DISTINCT active) FROM items
SELECT category, jsonb_agg(DISTINCT price) FROM items GROUP BY category ORDER BY category
SELECT jsonb_object_agg(DISTINCT category, active), json_object_agg(DISTINCT id % 2, id > 3) FROM items WHERE category IS NOT NULL
SELECT jsonb_agg(DISTINCT x) FROM (VALUES ('b'), ('a'), ('b'), (NULL)) v(x)
SELECT jsonb_agg(DISTINCT item_id) FILTER (WHERE amount > 1) FROM orders
SELECT jsonb_set('{"a":1,"b":{"c":2}}', '{b,c}', '3'), jsonb_set('{"a":1}', '{x}', '"y"', true), '{"a":1}'::jsonb - 'a', '{"a":1,"b":2}'::jsonb #- '{b}'
SELECT '{"a":1,"b":{"c":2,"d":3}}'::jsonb #- '{b,c}', '[1,[2,3],4]'::jsonb #- '{1,0}', '[1,2,3]'::jsonb #- '{-1}', '[1,2]'::jsonb #- '{5}', '{"a":1}'::jsonb #- '{}', '{"a":1}'::jsonb #- '{x,y}', '{"a":1}'::jsonb #- NULL
SELECT '1'::jsonb #- '{a}'
SELECT '[1,2]'::jsonb #- '{a}'
SELECT '{"a":[1]}'::jsonb #- '{a,x}'
SELECT '{"a":1}'::jsonb #- ARRAY['a', NULL]
SELECT '{"a":1}'::json #- '{a}'
