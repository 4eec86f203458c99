-- Aggregates with PostgreSQL's result types, GROUP BY, HAVING, joins, sub-selects, set operations.
SELECT count(*), count(qty), count(DISTINCT category), sum(qty), sum(big), sum(small), sum(price), avg(qty), avg(price), min(price), max(price), min(name), max(created) FROM items
SELECT sum(weight), avg(weight) FROM items WHERE id < 4
SELECT sum(amount), avg(amount), min(amount), max(amount) FROM orders WHERE id < 5
SELECT sum(amount), avg(amount) FROM orders
SELECT count(*) FROM items WHERE false
SELECT sum(qty), avg(price), max(name) FROM items WHERE false
SELECT category, count(*), sum(price) FROM items GROUP BY category ORDER BY category
SELECT category, count(*) AS n FROM items GROUP BY 1 HAVING count(*) > 1 ORDER BY n DESC, 1
SELECT active, avg(qty) FROM items GROUP BY active ORDER BY active
SELECT bool_and(active), bool_or(active), every(active) FROM items
SELECT count(*) FILTER (WHERE active), sum(qty) FILTER (WHERE price > 1) FROM items
SELECT sum(DISTINCT price), count(DISTINCT price) FROM items
SELECT i.name, o.amount FROM items i JOIN orders o ON o.item_id = i.id ORDER BY o.id
SELECT i.name, o.id FROM items i LEFT JOIN orders o ON o.item_id = i.id ORDER BY i.id, o.id
SELECT i.id, o.id FROM items i RIGHT JOIN orders o ON o.item_id = i.id ORDER BY o.id
SELECT i.id, o.id FROM items i FULL JOIN orders o ON o.item_id = i.id ORDER BY i.id, o.id
SELECT count(*) FROM items, orders
SELECT id, (SELECT count(*) FROM orders o WHERE o.item_id = i.id) AS orders FROM items i ORDER BY id
SELECT id FROM items i WHERE EXISTS (SELECT 1 FROM orders o WHERE o.item_id = i.id) ORDER BY id
SELECT id FROM items WHERE id IN (SELECT item_id FROM orders) ORDER BY id
SELECT id FROM items WHERE id NOT IN (SELECT item_id FROM orders WHERE item_id IS NOT NULL) ORDER BY id
SELECT s.c, s.total FROM (SELECT category AS c, sum(price) AS total FROM items GROUP BY category) s ORDER BY s.total
SELECT max(n) FROM (SELECT count(*) AS n FROM orders GROUP BY item_id) AS counts
SELECT id FROM items UNION SELECT id FROM orders ORDER BY 1
SELECT id FROM items UNION ALL SELECT item_id FROM orders ORDER BY id
SELECT price FROM items INTERSECT SELECT price FROM items WHERE id < 3 ORDER BY 1
SELECT name FROM items EXCEPT SELECT 'apple' ORDER BY name
SELECT (SELECT max(price) FROM items) - (SELECT min(price) FROM items)
SELECT id, name FROM items GROUP BY id ORDER BY id LIMIT 2
SELECT name, count(*) FROM items
SELECT i.name, count(*) FROM items i GROUP BY i.category
SELECT category, name FROM items GROUP BY category
SELECT category FROM items GROUP BY category HAVING max(name) > 'b' ORDER BY 1
SELECT category, count(*) FROM items GROUP BY category ORDER BY count(*) DESC, category
SELECT (SELECT id FROM items)
SELECT (SELECT id FROM items WHERE id = 3), (SELECT id FROM items WHERE id = 99)
WITH cheap AS (SELECT id, price FROM items WHERE price < 2) SELECT * FROM cheap ORDER BY id
WITH a(x) AS (SELECT 1), b AS (SELECT x + 1 AS y FROM a) SELECT x, y FROM a, b
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT sum(i), count(*) FROM n
WITH totals AS (SELECT item_id, sum(amount) AS total FROM orders GROUP BY item_id) SELECT i.name, t.total FROM items i JOIN totals t ON t.item_id = i.id ORDER BY i.id
SELECT * FROM (WITH x AS (SELECT 2 AS v) SELECT v * 2 AS w FROM x) s
-- array_agg of built-in scalar types, with ORDER BY and FILTER; no rows: NULL
SELECT array_agg(id) FROM items
SELECT array_agg(name ORDER BY name), array_agg(price ORDER BY id DESC), array_agg(active ORDER BY id) FROM items
SELECT category, array_agg(code ORDER BY id) FILTER (WHERE qty > 0), array_agg(created ORDER BY id) FROM items GROUP BY category ORDER BY 1
SELECT array_agg(id) FROM items WHERE false
SELECT array_agg(amount ORDER BY amount NULLS FIRST), array_agg(placed ORDER BY id) FROM orders
-- array_agg / string_agg (DISTINCT ...): equal values once, in their order
SELECT array_agg(DISTINCT category), string_agg(DISTINCT category, ',') FROM items
SELECT array_agg(DISTINCT qty), array_agg(DISTINCT price), string_agg(DISTINCT name, '; ') FILTER (WHERE active) FROM items
SELECT category, array_agg(DISTINCT active), string_agg(DISTINCT code, '|') FROM items GROUP BY category ORDER BY category
SELECT array_agg(DISTINCT x) FROM (VALUES ('b'), ('a'), ('b'), (NULL)) v(x)
SELECT * FROM items JOIN (SELECT item_id AS id, amount FROM orders) o USING (id) ORDER BY id, amount
SELECT id, name, amount FROM items LEFT JOIN (SELECT item_id AS id, amount FROM orders) o USING (id) ORDER BY id, amount
SELECT id, items.id, o.id, amount FROM items RIGHT JOIN (SELECT item_id AS id, amount FROM orders) o USING (id) ORDER BY 1, 4
SELECT id, count(amount) FROM items FULL JOIN (SELECT item_id AS id, amount FROM orders) o USING (id) GROUP BY id ORDER BY id
SELECT * FROM items NATURAL JOIN (SELECT id, name FROM items WHERE id < 3) s ORDER BY id
SELECT s.*, id FROM (SELECT id, name FROM items) s JOIN (SELECT id, qty FROM items) q USING (id) JOIN (SELECT id, code FROM items) c USING (id) ORDER BY id
SELECT count(*) FROM items NATURAL JOIN (SELECT 1 AS nothing_in_common) s
SELECT * FROM items JOIN orders USING (nope)
SELECT * FROM items JOIN (SELECT id, id AS x FROM items) s USING (id, id)
SELECT * FROM items JOIN orders USING (id) ORDER BY id
SELECT id, pg_typeof(id), name FROM items FULL JOIN (SELECT id, note AS name FROM orders) o USING (id, name) ORDER BY id, name
-- A DISTINCT aggregate with ORDER BY: the ORDER BY keys must be arguments (42P10).
SELECT string_agg(DISTINCT category, ',' ORDER BY category) FROM items
SELECT string_agg(DISTINCT category, ',' ORDER BY category DESC), array_agg(DISTINCT qty ORDER BY qty), json_agg(DISTINCT code ORDER BY code) FROM items
SELECT array_agg(DISTINCT qty ORDER BY qty DESC NULLS LAST), jsonb_agg(DISTINCT active ORDER BY active), json_object_agg(DISTINCT code, small ORDER BY code) FILTER (WHERE code IS NOT NULL) FROM items
SELECT item_id, string_agg(DISTINCT note, '; ' ORDER BY note DESC) FROM orders GROUP BY item_id ORDER BY 1
SELECT string_agg(DISTINCT category, ',' ORDER BY id) FROM items
SELECT array_agg(DISTINCT qty ORDER BY qty + 1) FROM items
-- A join's alias names its USING columns only.
SELECT * FROM items i JOIN orders o USING (id) AS j WHERE j.id < 3 ORDER BY j.id
SELECT j.*, j.id * 2 FROM items i LEFT JOIN orders o USING (id) AS j ORDER BY j.id
SELECT j.name FROM items i JOIN orders o USING (id) AS j
SELECT * FROM items i JOIN orders o USING (id) AS i
-- A set operation reads an untyped literal by the other side's type.
SELECT * FROM (VALUES (1)) v(x) EXCEPT SELECT 'x'
-- ... when the statement is analysed, so even a branch that returns no row fails (at the literal).
SELECT 1 UNION SELECT 'x' WHERE false
(VALUES (1)) EXCEPT SELECT 'x' WHERE false
SELECT 1 UNION ALL SELECT 'x' FROM items WHERE id < 0
SELECT 'x' WHERE false UNION SELECT 1
SELECT 1, 'a' UNION SELECT 2, 'b' UNION SELECT 'c', 'd' WHERE false
SELECT now()::date UNION SELECT 'nope' WHERE false
SELECT 'a', 1 UNION SELECT 'b', 'x' UNION SELECT 'y', 2
SELECT 1 UNION SELECT '2' ORDER BY 1
SELECT id FROM items WHERE id < 3 UNION ALL SELECT '12' ORDER BY 1
SELECT created FROM items WHERE id = 1 UNION SELECT 'yesterday-ish'
-- bit_and / bit_or / bit_xor of integers (the argument's type; NULL for no rows; DISTINCT).
SELECT bit_and(x), bit_or(x), bit_xor(x), pg_typeof(bit_and(x)), bit_and(x::int2), pg_typeof(bit_or(x::int8)), bit_xor(DISTINCT x) FROM (VALUES (3), (5), (5), (NULL)) v(x)
SELECT bit_and(x) FROM (VALUES (1)) v(x) WHERE false
SELECT active, bit_or(qty), bit_and(big) FILTER (WHERE qty > 0), bit_xor(small) FROM items GROUP BY active ORDER BY 1
