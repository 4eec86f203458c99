-- WHERE and ORDER BY compare as PostgreSQL: numeric by value, NULLs last, text bytewise.
SELECT id FROM items WHERE price > 2.5 ORDER BY id
SELECT id FROM items WHERE price = 3.1 ORDER BY id
SELECT id FROM items WHERE price = '3.10' ORDER BY id
SELECT id FROM items WHERE qty > 5 AND active ORDER BY id
SELECT id FROM items WHERE qty < 5 OR name IS NULL ORDER BY id
SELECT id FROM items WHERE NOT active ORDER BY id
SELECT id FROM items WHERE active = 't' ORDER BY id
SELECT id FROM items WHERE active = 'yes' ORDER BY id
SELECT id FROM items WHERE created = '2024-02-29 06:45:30-05' ORDER BY id
SELECT id FROM items WHERE created > '2024-01-01' ORDER BY id
SELECT id FROM items WHERE weight > 1 ORDER BY id
SELECT id FROM items WHERE weight = 'NaN' ORDER BY id
SELECT id FROM items WHERE weight = 0 ORDER BY id
SELECT id FROM items WHERE qty IN (0, 1, 3) ORDER BY id
SELECT id FROM items WHERE qty NOT IN (0, 1, 3) ORDER BY id
SELECT id FROM items WHERE name IN ('apple', 'fig') ORDER BY id
SELECT id FROM items WHERE price BETWEEN 1 AND 5 ORDER BY id
SELECT id FROM items WHERE price NOT BETWEEN 1 AND 5 ORDER BY id
SELECT id FROM items WHERE code = 'AP' ORDER BY id
SELECT id FROM items WHERE code = 'DUR' ORDER BY id
SELECT id FROM items WHERE big > 2147483647 ORDER BY id
SELECT id FROM items WHERE big > 1.5 ORDER BY id
SELECT id FROM orders WHERE amount = 0.1000000000000000001 ORDER BY id
SELECT id FROM orders WHERE amount = 0.1 ORDER BY id
SELECT id FROM orders WHERE amount > 0 ORDER BY id
SELECT id, price FROM items ORDER BY price, id
SELECT id, price FROM items ORDER BY price DESC, id
SELECT id, price FROM items ORDER BY price NULLS FIRST, id
SELECT id, price FROM items ORDER BY price DESC NULLS LAST, id
SELECT id, weight FROM items ORDER BY weight, id
SELECT id, name FROM items ORDER BY name, id
SELECT id, code FROM items ORDER BY code, id
SELECT id, created FROM items ORDER BY created, id
SELECT id, amount FROM orders ORDER BY amount, id
SELECT id, amount * 2 AS doubled FROM orders ORDER BY doubled, id
SELECT id, amount FROM orders ORDER BY amount / 3 DESC, id
SELECT id, qty * 2 AS q FROM items ORDER BY 2 DESC, 1
SELECT id FROM items WHERE 1
SELECT id FROM items WHERE nosuch = 1
SELECT items.nosuch FROM items
SELECT x.id FROM items
SELECT id FROM items, orders
SELECT 'abc'::int
SELECT '2024-02-30'::date
SELECT 99999999999::int
-- BETWEEN SYMMETRIC: either order of the bounds
SELECT id FROM items WHERE id BETWEEN SYMMETRIC 5 AND 2 ORDER BY id
SELECT id, qty NOT BETWEEN SYMMETRIC 30 AND 3, price BETWEEN SYMMETRIC 12 AND NULL FROM items ORDER BY id
SELECT 'b' BETWEEN SYMMETRIC 'c' AND 'a', 2 BETWEEN SYMMETRIC 2 AND 2
