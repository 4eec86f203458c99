-- Everyday application queries (issue 11): CTEs, sub-selects, aggregates with
-- FILTER, CASE, COALESCE, casts, string and date functions, LIMIT / OFFSET.
WITH fruit AS (SELECT id, name, price FROM items WHERE category = 'fruit') SELECT name, price FROM fruit WHERE price > 1 ORDER BY price DESC, name
WITH totals AS (SELECT item_id, sum(amount) AS total, count(*) AS n FROM orders GROUP BY item_id) SELECT i.name, t.total, t.n FROM items i JOIN totals t ON t.item_id = i.id ORDER BY i.id
WITH a AS (SELECT 1 AS x), b AS (SELECT x + 1 AS y FROM a) SELECT x, y FROM a, b
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT sum(i), max(i) FROM n
SELECT name FROM items WHERE id IN (SELECT item_id FROM orders WHERE amount > 5) ORDER BY name
SELECT name FROM items i WHERE EXISTS (SELECT 1 FROM orders o WHERE o.item_id = i.id) ORDER BY 1
SELECT name FROM items i WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.item_id = i.id) ORDER BY 1 NULLS FIRST
SELECT id, (SELECT count(*) FROM orders o WHERE o.item_id = i.id) AS order_count FROM items i ORDER BY id
SELECT s.category, s.n FROM (SELECT category, count(*) AS n FROM items GROUP BY category) s WHERE s.n > 1
SELECT count(*) FILTER (WHERE active) AS active_count, count(*) FILTER (WHERE NOT active) AS inactive, count(*) FROM items
SELECT category, sum(qty) FILTER (WHERE qty > 5), avg(price) FILTER (WHERE price > 0) FROM items GROUP BY category ORDER BY category NULLS FIRST
SELECT category, count(DISTINCT active), min(name), max(created) FROM items GROUP BY category HAVING count(*) >= 1 ORDER BY 1
SELECT id, CASE WHEN qty IS NULL THEN 'unknown' WHEN qty = 0 THEN 'out' WHEN qty < 10 THEN 'low' ELSE 'ok' END AS stock FROM items ORDER BY id
SELECT id, CASE category WHEN 'fruit' THEN 1 WHEN 'exotic' THEN 2 ELSE 0 END FROM items ORDER BY id
SELECT id, COALESCE(name, '(none)'), COALESCE(qty, 0) * 2, COALESCE(NULL, price, 0) FROM items ORDER BY id
SELECT NULLIF(qty, 0), NULLIF(category, 'fruit') FROM items ORDER BY id
SELECT id::text || '-' || COALESCE(code, '?'), qty::numeric / 4, price::int, big::float8, '42'::int + 1 FROM items ORDER BY id
SELECT CAST(price AS text), CAST(qty AS bigint), CAST('2024-05-06' AS date) + 1, CAST(id AS varchar(3)) FROM items ORDER BY id LIMIT 3
SELECT '12.5'::numeric(5,1), '3'::smallint, 'true'::boolean, 't'::bool AND false
SELECT 'x'::int
SELECT upper(name), lower(category), length(name), initcap(name), substring(name from 2 for 3) FROM items ORDER BY id
SELECT concat(name, '/', category), concat_ws(', ', name, category, code), left(name, 2), right(name, 2) FROM items ORDER BY id
SELECT replace(name, 'a', 'A'), position('an' in name), split_part('a,b,c', ',', 2), lpad(id::text, 4, '0'), rpad(name, 8, '.') FROM items ORDER BY id
SELECT trim('  x  '), ltrim('xxhixx', 'x'), rtrim('xxhixx', 'x'), btrim('  y '), reverse('abc'), repeat('ab', 3)
SELECT name FROM items WHERE name ILIKE '%AN%' OR name LIKE 'C%' ORDER BY name
SELECT extract(year from placed), extract(dow from placed), placed + interval '1 day' FROM orders ORDER BY id
SELECT date_trunc('month', created), date_trunc('day', created) FROM items ORDER BY id
SELECT to_char(created, 'YYYY-MM-DD HH24:MI'), placed - date '2024-01-01' FROM orders JOIN items ON items.id = orders.item_id WHERE placed IS NOT NULL ORDER BY orders.id
SELECT date '2024-02-28' + 1, date '2024-03-01' - 1, timestamp '2024-01-31 10:00' + interval '1 month', make_date(2024, 2, 29)
SELECT id, name FROM items ORDER BY id LIMIT 3
SELECT id, name FROM items ORDER BY id LIMIT 3 OFFSET 3
SELECT id FROM items ORDER BY id OFFSET 6
SELECT id FROM items ORDER BY id FETCH FIRST 2 ROWS ONLY
SELECT id FROM items ORDER BY price DESC NULLS LAST, id LIMIT 1
SELECT id FROM items LIMIT -1
SELECT i.name, o.amount FROM items i LEFT JOIN orders o ON o.item_id = i.id WHERE o.id IS NULL ORDER BY i.id
SELECT o.id, i.name FROM orders o LEFT JOIN items i ON i.id = o.item_id ORDER BY o.id
SELECT category, string_agg(name, ', ' ORDER BY name) FROM items GROUP BY category ORDER BY category
SELECT name, price, rank() OVER (ORDER BY price DESC NULLS LAST) FROM items ORDER BY id
SELECT name, sum(qty) OVER (PARTITION BY category ORDER BY id) FROM items ORDER BY id
SELECT greatest(qty, 5), least(price, 2) FROM items ORDER BY id
SELECT round(price, 1), abs(small), mod(qty, 3), ceil(weight), floor(price) FROM items WHERE id < 4 ORDER BY id
SELECT id FROM items WHERE qty BETWEEN 1 AND 10 AND category IN ('fruit', 'exotic') ORDER BY id
SELECT id FROM items WHERE active IS NOT TRUE ORDER BY id
SELECT id FROM items WHERE created > '2024-01-01' AND created < now() ORDER BY id
SELECT count(*), sum(amount), avg(amount) FROM orders WHERE amount <> 'NaN'
SELECT name || ' costs ' || price FROM items WHERE price IS NOT NULL ORDER BY id
SELECT format('%s has %s', name, qty) FROM items ORDER BY id LIMIT 2
SELECT id FROM items UNION SELECT item_id FROM orders ORDER BY 1 NULLS FIRST
SELECT category FROM items EXCEPT SELECT 'fruit'::varchar ORDER BY 1
