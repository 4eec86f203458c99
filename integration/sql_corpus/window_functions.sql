-- Window functions (issue 11): SQLite computes them; the types, collations and
-- PostgreSQL's NULL placement in the window's ORDER BY are the translator's.
SELECT id, row_number() OVER (ORDER BY id) FROM items ORDER BY id
SELECT id, rank() OVER (ORDER BY category), dense_rank() OVER (ORDER BY category), row_number() OVER (PARTITION BY category ORDER BY id DESC) FROM items ORDER BY id
SELECT id, rank() OVER (ORDER BY price), rank() OVER (ORDER BY price DESC), rank() OVER (ORDER BY price NULLS FIRST), rank() OVER (ORDER BY weight) FROM items ORDER BY id
SELECT items.id, lag(name) OVER (ORDER BY items.id), lead(price, 2) OVER (ORDER BY items.id), lag(qty, 1, -1) OVER (ORDER BY items.id), lead(amount, 1, 0) OVER (ORDER BY items.id) FROM items LEFT JOIN orders ON orders.id = items.id ORDER BY items.id
SELECT id, count(*) OVER (PARTITION BY category), count(qty) OVER (ORDER BY id), min(price) OVER (PARTITION BY active), max(name) OVER (ORDER BY id) FROM items ORDER BY id
SELECT category, row_number() OVER (PARTITION BY category ORDER BY code NULLS FIRST) FROM items ORDER BY id
SELECT id, ntile(3) OVER (ORDER BY id), first_value(name) OVER (ORDER BY id), last_value(price) OVER (ORDER BY id), nth_value(created, 2) OVER (ORDER BY id) FROM items ORDER BY id
SELECT id, category, first_value(id) OVER w, last_value(id) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING), nth_value(qty, 3) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING), ntile(2) OVER w FROM items WINDOW w AS (PARTITION BY category ORDER BY id) ORDER BY id
SELECT ntile(0) OVER () FROM items
SELECT nth_value(id, 0) OVER () FROM items
SELECT id, percent_rank() OVER (ORDER BY qty), cume_dist() OVER (ORDER BY qty) FROM items ORDER BY id
SELECT category, percent_rank() OVER (PARTITION BY category ORDER BY price), cume_dist() OVER w FROM items WINDOW w AS (PARTITION BY category ORDER BY price) ORDER BY id
SELECT percent_rank() OVER (), cume_dist() OVER () FROM items WHERE id < 3
