-- SELECT ... FOR UPDATE / FOR NO KEY UPDATE / FOR SHARE / FOR KEY SHARE (issue 11): a
-- single-writer replica's transaction already holds what a row lock would give, so the
-- clause is accepted; what PostgreSQL refuses is refused with its SQLSTATE and words.
SELECT * FROM items WHERE id = 1 FOR UPDATE
SELECT id, name FROM items WHERE id < 4 ORDER BY id FOR SHARE
SELECT id FROM items WHERE id < 3 ORDER BY id FOR NO KEY UPDATE NOWAIT
SELECT id FROM items WHERE id < 3 ORDER BY id FOR KEY SHARE SKIP LOCKED
SELECT id FROM items WHERE id < 5 ORDER BY id LIMIT 2 OFFSET 1 FOR UPDATE
SELECT i.id, o.id FROM items i JOIN orders o ON o.item_id = i.id WHERE i.id = 1 ORDER BY o.id FOR SHARE OF i
SELECT i.id FROM items i LEFT JOIN orders o ON o.item_id = i.id WHERE i.id < 3 ORDER BY 1 FOR UPDATE OF i
SELECT * FROM (SELECT id FROM items WHERE id < 3) s ORDER BY id FOR UPDATE
SELECT 1 FOR UPDATE
SELECT id FROM items WHERE id IN (SELECT item_id FROM orders FOR UPDATE) ORDER BY id
SELECT count(*) FROM items FOR UPDATE
SELECT category FROM items GROUP BY category FOR UPDATE
SELECT DISTINCT category FROM items FOR SHARE
SELECT id FROM items HAVING true FOR UPDATE
SELECT row_number() OVER () FROM items FOR UPDATE
SELECT generate_series(1, 2) FROM items FOR KEY SHARE
SELECT id FROM items UNION SELECT id FROM orders FOR UPDATE
VALUES (1) FOR UPDATE
SELECT id FROM items FOR UPDATE OF nosuch
SELECT i.id FROM items i LEFT JOIN orders o ON o.item_id = i.id FOR UPDATE
SELECT i.id FROM items i RIGHT JOIN orders o ON o.item_id = i.id FOR SHARE OF i
SELECT nosuch FROM items FOR UPDATE
BEGIN READ ONLY
SELECT id FROM items WHERE id = 1 FOR UPDATE
ROLLBACK
BEGIN READ ONLY
SELECT id FROM items FOR KEY SHARE
ROLLBACK
