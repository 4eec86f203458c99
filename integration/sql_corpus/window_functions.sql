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
-- sum / avg of integers and numerics over a window: exact, frames that drop values keep PostgreSQL's scale, NaN and infinities (issue 11).
SELECT id, name, price, sum(price) OVER (ORDER BY id) AS running, rank() OVER (PARTITION BY category ORDER BY price DESC) FROM items ORDER BY id
SELECT id, sum(amount) OVER (PARTITION BY date_trunc('month', placed)), avg(amount) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM orders ORDER BY id
SELECT id, sum(big) OVER w, avg(qty) OVER w, avg(small) OVER w, sum(price) OVER (w ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM items WINDOW w AS (ORDER BY id) ORDER BY id
SELECT id, sum(amount) OVER (ORDER BY id ROWS 2 PRECEDING), avg(amount) OVER () FROM orders ORDER BY id
SELECT id, sum(x) OVER (ORDER BY id ROWS 1 PRECEDING) FROM (VALUES (1, 'Infinity'::numeric), (2, '-Infinity'), (3, 1.5), (4, 2), (5, 'NaN'), (6, 3)) v(id, x) ORDER BY id
SELECT category, sum(price) OVER (PARTITION BY category), round(avg(price) OVER (PARTITION BY category), 2) FROM items ORDER BY id
SELECT sum(amount), avg(amount), sum(big), avg(qty) FROM orders, items WHERE items.id = orders.item_id
