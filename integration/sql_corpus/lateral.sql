-- LATERAL sub-selects of aggregates without GROUP BY (issue 11): one row per row on the left, each
-- column a scalar sub-select reading that row.
SELECT i.id, o.c FROM items i, LATERAL (SELECT count(*) c FROM orders WHERE item_id = i.id) o ORDER BY 1
SELECT i.id, o.total, o.n, o.last FROM items i CROSS JOIN LATERAL (SELECT sum(amount) AS total, count(*) AS n, max(placed) AS last FROM orders WHERE orders.item_id = i.id) o WHERE i.id < 4 ORDER BY 1
SELECT i.name, s.* FROM items i, LATERAL (SELECT min(o.amount), max(o.amount) FROM orders o WHERE o.item_id = i.id AND o.amount > 0) s ORDER BY i.id
SELECT i.id, x.c FROM items i LEFT JOIN LATERAL (SELECT count(*) AS c FROM orders WHERE item_id = i.id) x ON true ORDER BY 1
SELECT i.id, x.a FROM items i, LATERAL (SELECT i.qty * 2 AS a) x ORDER BY 1
SELECT i.id, y.c FROM items i, LATERAL (SELECT count(*) AS c FROM orders WHERE item_id = i.id) AS y(c) WHERE y.c > 0 ORDER BY 1
-- LATERAL sub-selects of any number of rows (issue 11): a nested loop over the rows the
-- sub-select gives for each row on its left (LIMIT, ORDER BY, GROUP BY, UNION, VALUES, DISTINCT ON).
SELECT i.id, x.b FROM items i, LATERAL (SELECT o.id AS b FROM orders o WHERE o.item_id = i.id ORDER BY o.id LIMIT 2) x ORDER BY 1,2
SELECT i.id, x.* FROM items i LEFT JOIN LATERAL (SELECT o.id, o.amount, o.note, o.placed FROM orders o WHERE o.item_id = i.id ORDER BY o.id DESC LIMIT 1) x ON true ORDER BY 1
SELECT i.name, y.n, y.w FROM items i CROSS JOIN LATERAL (SELECT i.id * k AS n, 'w' AS w FROM generate_series(1, 2) k UNION ALL SELECT -i.id, 'z') AS y WHERE i.id < 3 ORDER BY 1, 2
SELECT * FROM items i, LATERAL (SELECT o.id FROM orders o WHERE o.item_id = i.id) AS x(a, b)
SELECT i.id, x.c FROM items i JOIN LATERAL (SELECT o.placed AS c FROM orders o WHERE o.item_id = i.id) x ON x.c > '2024-01-01' ORDER BY 1, 2
SELECT i.id, x.c FROM items i LEFT JOIN LATERAL (SELECT o.placed AS c FROM orders o WHERE o.item_id = i.id) x ON x.c > '2024-01-01' ORDER BY 1, 2
SELECT x.item_id, count(*), sum(x.amount) FROM items i, LATERAL (SELECT * FROM orders o WHERE o.item_id = i.id OR o.item_id IS NULL) x GROUP BY 1 ORDER BY 1
SELECT i.id, x.k, x.n FROM items i, LATERAL (SELECT item_id AS k, count(*) AS n FROM orders WHERE item_id <= i.id GROUP BY item_id ORDER BY 2 DESC, 1 LIMIT 1) x WHERE i.id IN (1, 3, 8) ORDER BY 1
SELECT i.id, v.x FROM items i, LATERAL (VALUES (i.id), (i.qty)) v(x) WHERE i.id < 3 ORDER BY 1, 2
SELECT a.id, b.id FROM items a, LATERAL (SELECT id FROM items b WHERE b.id > a.id ORDER BY id LIMIT 1) b ORDER BY 1
SELECT i.id, j.e FROM items i, LATERAL (SELECT DISTINCT ON (item_id) item_id AS e FROM orders WHERE item_id = i.id) j ORDER BY 1
SELECT x.s FROM items i, LATERAL (SELECT string_agg(note, ',' ORDER BY id) AS s FROM orders WHERE item_id = i.id GROUP BY item_id) x ORDER BY 1
SELECT i.id, x.v, x.t FROM items i, LATERAL (SELECT i.weight AS v, 'lit' AS t FROM orders o WHERE o.item_id = i.id LIMIT 1) x ORDER BY 1
SELECT count(*) FROM items a, LATERAL (SELECT 1 FROM items b WHERE b.id < a.id) x
SELECT i.id, x.id FROM items i, LATERAL (SELECT id FROM orders WHERE item_id = i.id) x, LATERAL (SELECT x.id * 10 AS t FROM orders WHERE id = x.id) y ORDER BY 1, 2
-- LATERAL set-returning functions.
SELECT i.id, g FROM items i, LATERAL generate_series(1, i.id % 3) g ORDER BY 1,2
SELECT i.id, g FROM items i LEFT JOIN LATERAL generate_series(1, i.id % 3) g ON true ORDER BY 1,2
-- LATERAL on the right of a RIGHT or FULL JOIN (issue 11): a reference to the join's left
-- side is PostgreSQL's 42P10; without one it is an ordinary sub-select or function.
SELECT i.id FROM items i FULL JOIN LATERAL (SELECT o.id FROM orders o WHERE o.item_id = i.id) x ON true
SELECT i.id FROM items i RIGHT JOIN LATERAL (SELECT o.id FROM orders o WHERE o.item_id = qty) x ON true
SELECT i.id FROM items i FULL JOIN LATERAL generate_series(1, i.id) g ON true
SELECT i.id, i FROM items i RIGHT JOIN LATERAL (SELECT i.name) x ON true
SELECT count(*), count(x.one) FROM items i RIGHT JOIN LATERAL (SELECT 1 AS one) x ON true
SELECT i.id, x.one FROM items i FULL JOIN LATERAL (SELECT 1 AS one) x ON false ORDER BY i.id
SELECT i.id, o.id FROM items i RIGHT JOIN LATERAL (SELECT id, item_id FROM orders WHERE id > 5) o ON o.item_id = i.id ORDER BY o.id
SELECT g, i.id FROM items i FULL JOIN LATERAL generate_series(7, 9) g ON g = i.id ORDER BY g, i.id
-- LATERAL over bytea values (issue 11): each sub-select row's bytea comes back whole.
SELECT i.id, x.b FROM items i, LATERAL (SELECT o.note::bytea AS b FROM orders o WHERE o.item_id = i.id ORDER BY o.id LIMIT 2) x ORDER BY i.id, x.b
SELECT i.id, x.b, length(x.b) FROM items i LEFT JOIN LATERAL (SELECT o.note::bytea AS b, o.id FROM orders o WHERE o.item_id = i.id ORDER BY o.id DESC LIMIT 1) x ON true ORDER BY i.id
SELECT i.id, x.b FROM items i, LATERAL (SELECT i.name::bytea AS b UNION ALL SELECT '\x00ff'::bytea UNION ALL SELECT NULL::bytea) x WHERE i.id < 3 ORDER BY i.id, x.b
-- A function of one value in FROM (issue 11): one row, named by its alias (or the
-- function's name), reading the items on its left.
SELECT i.id, s FROM items i, LATERAL length(i.name::bytea) s WHERE i.id < 4 ORDER BY i.id
SELECT i.id, u.x FROM items i, upper(i.name) AS u(x) ORDER BY i.id
SELECT * FROM lower('ABC')
SELECT * FROM lower('ABC') AS l
SELECT l FROM lower('ABC') AS l
SELECT i.id, p FROM items i CROSS JOIN LATERAL power(i.qty, 2) p WHERE i.qty IS NOT NULL ORDER BY i.id
SELECT n FROM abs(-5) n, abs(-6) n
SELECT * FROM items i FULL JOIN LATERAL upper(i.name) u ON true
SELECT n IS NOT NULL, pg_typeof(n) FROM now() n
SELECT count(*) FROM items, length(name) AS len WHERE len > 4
SELECT i.id, s FROM items i, LATERAL substring(i.name::bytea from 2 for 3) s WHERE i.id < 4 ORDER BY i.id
