-- Whole-row references (issue 11): a FROM item's name as a value. A sub-select's row is
-- a record; row_to_json / to_json / to_jsonb of a table's or a sub-select's row.
SELECT s FROM (SELECT id, name, price FROM items WHERE id < 4) s ORDER BY s.id
SELECT x FROM (SELECT id, active, code, created, weight FROM items) x ORDER BY x.id
SELECT s.id, s FROM (SELECT id, note AS "A b", amount FROM orders) s ORDER BY 1
SELECT row_to_json(i), to_json(i), to_jsonb(i) FROM items i ORDER BY id
SELECT row_to_json(o) FROM orders o ORDER BY id
SELECT row_to_json(o.*) FROM orders o WHERE o.id < 3 ORDER BY o.id
SELECT row_to_json(x) FROM (SELECT id, name AS "N", price * 2 AS p, NULL::text AS z FROM items) x WHERE id < 3 ORDER BY x.id
SELECT row_to_json(i, true) FROM items i WHERE id = 1
SELECT json_agg(s ORDER BY s.id) FROM (SELECT id, name FROM items WHERE id < 4) s
SELECT to_jsonb(s) -> 'name' FROM (SELECT id, name FROM items) s ORDER BY s.id
SELECT items FROM items i
SELECT row_to_json(nosuch) FROM items
-- json_object of text arrays; json[b]_to_record[set] with a column definition list.
SELECT json_object('{a,1,b,2}'), json_object('{a,b}', '{1,2}'), json_object('{{a,1},{b,2}}'), json_object('{}'::text[]), json_object('{a,NULL}'), json_object('{"a\"b",c}')
SELECT json_object(ARRAY[name, category]) FROM items ORDER BY id
SELECT json_object('{a,b}', '{1,NULL}'), json_object('{a,b}', ARRAY[name, name || '!']) FROM items WHERE id < 3 ORDER BY id
SELECT json_object('{a}')
SELECT json_object('{{a,b,c}}')
SELECT json_object('{{{a,b}}}')
SELECT json_object('{NULL,a}')
SELECT json_object('{a,b}', '{1}')
SELECT * FROM json_to_record('{"a":1,"b":"x","c":{"d":[1,2]}}') AS r(a int, b text, c json)
SELECT * FROM jsonb_to_record('{"a":1.5,"b":true}') AS r(a numeric, b bool, z date)
SELECT r.x * 2, r.y FROM json_to_record('{"x":21,"y":"2024-02-29 10:00"}') AS r(x int8, y timestamptz)
SELECT i.id, r.* FROM items i, jsonb_to_record(jsonb_build_object('x', i.qty, 'n', i.name)) AS r(x int, n varchar(5)) WHERE i.id < 4 ORDER BY i.id
SELECT * FROM json_to_recordset('[{"a":1,"b":"x"},{"a":2},{"b":"z"}]') AS r(a int, b text) ORDER BY a
SELECT * FROM jsonb_to_recordset('[{"a":1},{"a":"nope"}]') AS r(a int)
SELECT * FROM json_to_record('{"a":"abcdef"}') AS r(a varchar(3))
SELECT json_agg(ARRAY[id, qty] ORDER BY id), json_agg(ARRAY[name]) FILTER (WHERE id < 3) FROM items
-- populate_record of a table with an enum column: read by the enum's labels (shown as
-- text: the enum's OID differs between the servers).
CREATE TYPE corpus_mood AS ENUM ('sad', 'ok', 'happy')
CREATE TABLE corpus_moods (a int, m corpus_mood, note text)
SELECT a, m::text, note FROM json_populate_record(NULL::corpus_moods, '{"a":1,"m":"happy","note":"x"}')
SELECT m::text, m > 'sad' FROM jsonb_populate_recordset(NULL::corpus_moods, '[{"m":"ok"},{"m":null},{}]') ORDER BY m
SELECT * FROM json_populate_record(NULL::corpus_moods, '{"m":"bad"}')
SELECT m::text, m < 'ok' FROM json_to_record('{"m":"sad"}') AS r(m corpus_mood)
DROP TABLE corpus_moods
DROP TYPE corpus_mood
-- The row an outer join did not find is NULL (a table with a primary key).
SELECT i.id, row_to_json(o), o IS NULL FROM items i LEFT JOIN orders o ON o.id = i.id + 4 ORDER BY i.id
SELECT pg_typeof(t)::text, pg_typeof(o)::text FROM items t JOIN orders o ON o.item_id = t.id WHERE t.id = 1 AND o.id = 1
SELECT format_type(c.reltype, NULL), t.typtype, t.typcategory, t.typrelid = c.oid, format_type(t.typarray, NULL), t.typname FROM pg_class c JOIN pg_type t ON t.oid = c.reltype WHERE c.relname IN ('items', 'orders') ORDER BY 1
SELECT a.typname, a.typcategory, e.typname FROM pg_type a JOIN pg_type e ON a.typelem = e.oid JOIN pg_class c ON c.reltype = e.oid WHERE c.relname = 'items'
SELECT pg_typeof(ROW(1, 2))::text, pg_typeof(s)::text FROM (SELECT 1 AS x) s
