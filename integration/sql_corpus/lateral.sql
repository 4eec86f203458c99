-- LATERAL sub-selects of aggregates without GROUP BY (issue 11): one row per row on the left, each
-- column a scalar sub-select reading that row (other LATERAL sub-selects are not translated yet).
SELECT i.id, o.c FROM items i, LATERAL (SELECT count(*) c FROM orders WHERE item_id = i.id) o ORDER BY 1
SELECT i.id, o.total, o.n, o.last FROM items i CROSS JOIN LATERAL (SELECT sum(amount) AS total, count(*) AS n, max(placed) AS last FROM orders WHERE orders.item_id = i.id) o WHERE i.id < 4 ORDER BY 1
SELECT i.name, s.* FROM items i, LATERAL (SELECT min(o.amount), max(o.amount) FROM orders o WHERE o.item_id = i.id AND o.amount > 0) s ORDER BY i.id
SELECT i.id, x.c FROM items i LEFT JOIN LATERAL (SELECT count(*) AS c FROM orders WHERE item_id = i.id) x ON true ORDER BY 1
SELECT i.id, x.a FROM items i, LATERAL (SELECT i.qty * 2 AS a) x ORDER BY 1
SELECT i.id, y.c FROM items i, LATERAL (SELECT count(*) AS c FROM orders WHERE item_id = i.id) AS y(c) WHERE y.c > 0 ORDER BY 1
