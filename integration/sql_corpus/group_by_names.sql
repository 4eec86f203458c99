-- GROUP BY an output column's name (its AS or the name PostgreSQL gives it) when no FROM column has it (issue 11).
SELECT date_trunc('month', placed) AS m, count(*) FROM orders GROUP BY m ORDER BY m
SELECT item_id AS i, count(*) FROM orders GROUP BY i ORDER BY i
SELECT upper(note) AS u FROM orders GROUP BY u ORDER BY u
SELECT date_trunc('quarter', placed) AS q, sum(amount) FROM orders GROUP BY q ORDER BY q
SELECT upper(note) FROM orders GROUP BY upper ORDER BY 1
SELECT item_id AS id, count(*) FROM orders GROUP BY id ORDER BY 1
SELECT note AS n, item_id FROM orders GROUP BY n ORDER BY 1
SELECT category AS c, name FROM items GROUP BY c ORDER BY 1
SELECT category AS c, count(*) FROM items GROUP BY c HAVING count(*) > 1 ORDER BY c
SELECT extract(year FROM placed) AS y, count(*) FROM orders GROUP BY y, item_id ORDER BY 1, 2
SELECT * FROM orders GROUP BY nosuch
