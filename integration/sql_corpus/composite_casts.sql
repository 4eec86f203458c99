-- Casts to a table's row type, DISTINCT rows in array_agg, ARRAY(sub-select) of enums and
-- of arrays, to_number with V (issue 11). A table's row type has another OID on each
-- server, so its values are compared through their fields, text and JSON.
SELECT NULL::items IS NULL, (NULL::items).name, pg_typeof(NULL::items)::text
SELECT CAST(NULL AS orders) IS NULL, pg_typeof(CAST(NULL AS orders))::text, (NULL::orders).amount
SELECT row_to_json(ROW(1, 'x', 2.555, 3, 1.5, true, '2024-01-01', 'c', 'abcdef', 5, 6)::items)
SELECT (ROW(1.7, 'x', 2.5, 3, 1.5, true, '2024-01-01', 'c', 'ab', 5, 6)::items).id, (ROW(1, 2, 3, 'n', '2024-02-03')::orders).placed
SELECT ROW(1, 'x')::items
SELECT ROW(1, 'x', 2.5, 3, 1.5, true, '2024-01-01', 'c', 'ab', 5, 6, 7)::items
SELECT ROW('a', 'x', 2.5, 3, 1.5, true, '2024-01-01', 'c', 'ab', 5, 6)::items
SELECT ROW(1, 2, 3, 4, 5)::orders
SELECT (ROW(id, item_id, amount, note, placed)::orders).note, row_to_json(ROW(id, item_id, amount, note, placed)::orders) FROM orders ORDER BY id
SELECT ROW(1, 2, 3, 'n', NULL)::orders IS NULL, ROW(NULL, NULL, NULL, NULL, NULL)::orders IS NULL, to_json(NULL::orders)
SELECT ROW(1, 2, 3, 'n', NULL)::orders::text
SELECT array_agg(DISTINCT ROW(id, note)) FROM orders WHERE id < 4
SELECT array_agg(DISTINCT ROW(item_id)) FROM orders
SELECT array_agg(DISTINCT (category, active)) FROM items
SELECT category, array_agg(DISTINCT ROW(active, code)) FILTER (WHERE id > 1) FROM items GROUP BY category ORDER BY category
CREATE TYPE sd12_mood AS ENUM ('sad', 'ok', 'happy')
CREATE TABLE sd12_moods (id int PRIMARY KEY, m sd12_mood, ia int[], ta text[])
INSERT INTO sd12_moods VALUES (1, 'happy', '{1,2}', '{a,"b c"}'), (2, 'sad', '{3,4}', '{NULL,d}'), (3, NULL, '{5,6}', '{e,f}')
SELECT ARRAY(SELECT m FROM sd12_moods ORDER BY id)::text, pg_typeof(ARRAY(SELECT m FROM sd12_moods))::text
SELECT ARRAY(SELECT m FROM sd12_moods WHERE m IS NOT NULL ORDER BY m)::text[]
SELECT ARRAY(SELECT ia FROM sd12_moods ORDER BY id), ARRAY(SELECT ta FROM sd12_moods ORDER BY id DESC)
SELECT ARRAY(SELECT ia FROM sd12_moods WHERE false), array_dims(ARRAY(SELECT ia FROM sd12_moods))
SELECT ARRAY(SELECT ia FROM sd12_moods UNION ALL SELECT '{7}')
SELECT ARRAY(SELECT NULL::int[])
SELECT ARRAY(SELECT '{}'::int[])
SELECT ARRAY(SELECT ARRAY[id, qty] FROM items WHERE id < 4 ORDER BY id)
SELECT ARRAY(SELECT ARRAY[name] FROM items WHERE id < 3 ORDER BY id)
DROP TABLE sd12_moods
DROP TYPE sd12_mood
SELECT to_number('123', '99V9'), to_number('1234', '99V99'), to_number('12.5', '99V9'), to_number('-123', 'S99V9')
SELECT to_number('123', '9V99'), to_number('12345', '999V99'), to_number('1,234', '9,999V9'), to_number('5', 'V9'), to_number('12', '99V')
SELECT to_number('1', '9V9999999999999999'), to_number('1', '9V99999999999999999'), to_number('98765', '9G999V9')
SELECT to_number('12.34', '99.99V9')
