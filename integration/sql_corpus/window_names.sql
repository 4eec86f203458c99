-- Named windows (issue 11): WINDOW w AS (...), OVER w, OVER (w ORDER BY ...), chains, and
-- PostgreSQL's errors for overrides and frame copies.
SELECT id, sum(qty) OVER w FROM items WINDOW w AS (ORDER BY id) ORDER BY id
SELECT id, category, rank() OVER w, row_number() OVER (w ORDER BY id DESC), count(*) OVER w FROM items WINDOW w AS (PARTITION BY category ORDER BY price) ORDER BY id
SELECT id, count(*) OVER (w ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM items WINDOW w AS (PARTITION BY active) ORDER BY id
SELECT id, max(qty) OVER w2 FROM items WINDOW w AS (PARTITION BY active), w2 AS (w ORDER BY id) ORDER BY id
SELECT id, sum(qty) OVER nosuch FROM items WINDOW w AS (ORDER BY id)
SELECT id, sum(qty) OVER (w PARTITION BY category) FROM items WINDOW w AS (ORDER BY id)
SELECT id, sum(qty) OVER (w ORDER BY price) FROM items WINDOW w AS (ORDER BY id)
SELECT id, sum(qty) OVER (w) FROM items WINDOW w AS (ORDER BY id ROWS UNBOUNDED PRECEDING)
SELECT id, sum(qty) OVER w FROM items WINDOW w AS (ORDER BY id ROWS UNBOUNDED PRECEDING) ORDER BY id
SELECT id, (SELECT count(*) OVER w FROM orders WINDOW w AS () LIMIT 1) FROM items WINDOW w AS (ORDER BY id) ORDER BY id
