-- The names of FROM items: a name given twice is 42712 without a position (PostgreSQL's
-- checkNameSpaceConflicts); a join with an alias is one FROM item of the join's columns
-- (the USING columns merged first), its own tables reachable through the alias only.
SELECT * FROM items x, orders x
SELECT * FROM items, items
SELECT * FROM items x JOIN orders x ON true
WITH x AS (SELECT 1) SELECT * FROM x, x
SELECT * FROM items x, LATERAL (SELECT 1) x
SELECT * FROM items x, LATERAL (SELECT * FROM orders o WHERE o.item_id = x.id) x
SELECT * FROM (SELECT 1) x, (SELECT 2) x
SELECT * FROM items x, generate_series(1, 2) x
SELECT * FROM items x, jsonb_array_elements('[1]') x
SELECT * FROM items JOIN orders USING (id) AS items
SELECT j.id, j.name, j.amount FROM (items JOIN orders USING (id)) j ORDER BY j.id
SELECT * FROM (items i JOIN orders o ON o.item_id = i.id) j ORDER BY 1, 12
SELECT j.* FROM (items i LEFT JOIN orders o USING (id)) j ORDER BY j.id
SELECT * FROM (items JOIN orders USING (id)) AS j(a, b) WHERE a < 3 ORDER BY a
SELECT j FROM (items JOIN orders USING (id)) AS j(a, b) WHERE a = 1
SELECT count(*), sum(j.qty) FROM (items i JOIN items k USING (id)) j
SELECT j.id, k.id FROM (items JOIN orders USING (id)) j JOIN (orders JOIN items USING (id)) k USING (id) ORDER BY 1
SELECT * FROM (items JOIN orders USING (id)) AS j(a, b, c, d, e, f, g, h, i, k, l, m, n, o, p, q)
SELECT j.name_1 FROM (items JOIN items i2 USING (id)) j
SELECT j.name FROM (items JOIN items i2 USING (id)) j
SELECT name FROM (items JOIN items i2 USING (id)) j
CREATE VIEW from_item_names_view AS SELECT j.name_1 FROM (items JOIN items i2 USING (id)) j
SELECT * FROM (items JOIN orders USING (id)) j, items j
SELECT * FROM (items JOIN orders USING (id)) j, items ORDER BY 1, 16 LIMIT 3
SELECT i.name FROM (items i JOIN orders o USING (id)) j
SELECT i.* FROM (items i JOIN orders o USING (id)) j
SELECT 1 FROM (items i JOIN orders o USING (id)) j WHERE o.note IS NULL
SELECT row_to_json(i) FROM (items i JOIN orders o USING (id)) j
SELECT count(*) FROM ((items i JOIN orders o USING (id)) j JOIN items k USING (id)) m WHERE i.id > 0
SELECT count(*) FROM (items i JOIN orders o USING (id)) j, items i WHERE i.id = j.id
SELECT nosuch.id FROM (items i JOIN orders o USING (id)) j
