-- Everyday statements found by the app_*.sql corpus that Tributary does not answer as
-- PostgreSQL yet (issue 11).
SELECT date_trunc('month', placed) FROM orders ORDER BY id
SELECT to_char(placed, 'YYYY-MM-DD') FROM orders ORDER BY id
SELECT age(date '2024-06-15', placed) FROM orders WHERE placed IS NOT NULL ORDER BY id
SELECT category FROM items EXCEPT SELECT 'fruit' ORDER BY 1
WITH moved AS (DELETE FROM orders WHERE id = 0 RETURNING id) SELECT count(*) FROM moved
SELECT to_json(ARRAY[1, 2])
