-- Quantified sub-selects with any comparison operator (issue 11): x op ALL (SELECT ...) and
-- x op ANY (SELECT ...), with PostgreSQL's NULL rules (no row: ALL true, ANY false).
SELECT name FROM items WHERE price > ALL (SELECT amount FROM orders WHERE amount < 1) ORDER BY 1
SELECT id, qty > ALL (SELECT item_id FROM orders WHERE item_id IS NOT NULL), qty >= ANY (SELECT item_id FROM orders), qty < ANY (SELECT NULL::int) FROM items ORDER BY id
SELECT 5 <> ALL (SELECT 1 WHERE false), 5 = ALL (SELECT 5 UNION ALL SELECT NULL), 5 < ANY (SELECT 1 WHERE false), 5 <= ALL (SELECT id FROM items)
SELECT id FROM items i WHERE i.qty <= ALL (SELECT o.item_id FROM orders o WHERE o.item_id >= i.id) ORDER BY id
SELECT 1 = ALL (SELECT 1, 2)
SELECT 'b' > ALL (SELECT name FROM items WHERE id < 2), 'b' > ANY (SELECT name FROM items WHERE id < 3)
