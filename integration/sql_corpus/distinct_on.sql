-- SELECT DISTINCT ON (issue 11): the first row of each group in ORDER BY's order.
SELECT DISTINCT ON (category) category, name FROM items ORDER BY category, name
SELECT DISTINCT ON (category) category, name, price FROM items ORDER BY category, price DESC
SELECT DISTINCT ON (category) category, id FROM items ORDER BY category NULLS FIRST, id DESC
SELECT DISTINCT ON (active) active, id FROM items ORDER BY active, id
SELECT DISTINCT ON (category, active) category, active, id FROM items ORDER BY active, category, id
SELECT DISTINCT ON (1) category, id FROM items ORDER BY 1, 2 DESC
SELECT DISTINCT ON (c) category AS c, id FROM items ORDER BY c, id
SELECT DISTINCT ON (item_id) item_id, id, amount FROM orders ORDER BY item_id, placed DESC NULLS LAST, id
SELECT DISTINCT ON (category) category, id FROM items ORDER BY category, id LIMIT 2 OFFSET 1
SELECT DISTINCT ON (lower(category)) category, name FROM items ORDER BY lower(category), name
SELECT DISTINCT ON (category) category FROM items
SELECT count(*) FROM (SELECT DISTINCT ON (category) category, id FROM items ORDER BY category, id) s
SELECT DISTINCT ON (category) category, id FROM items ORDER BY id
SELECT DISTINCT ON (category, id + 1) category, id FROM items ORDER BY id
SELECT DISTINCT ON (category) category, id FROM items ORDER BY category, id, 1 + 2
SELECT DISTINCT ON (2) category, id FROM items ORDER BY category
SELECT DISTINCT ON (category, id) category, id FROM items ORDER BY qty, id, category
SELECT DISTINCT ON (category, category) category FROM items ORDER BY category, category, id
SELECT DISTINCT ON (category, id) category, id FROM items ORDER BY category, qty
SELECT DISTINCT ON (i.category) i.category, o.id, o.amount FROM items i JOIN orders o ON o.item_id = i.id ORDER BY i.category, o.amount DESC
SELECT DISTINCT ON (category) category, count(*) OVER (PARTITION BY category) AS n FROM items ORDER BY category
SELECT DISTINCT ON (category) category, sum(qty) FROM items GROUP BY category, active ORDER BY category, sum(qty) DESC
WITH ranked AS (SELECT DISTINCT ON (category) category, name FROM items ORDER BY category, id DESC) SELECT * FROM ranked ORDER BY name
