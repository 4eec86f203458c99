-- Operators and their result types: integers, exact numeric, floats, text.
SELECT 1 + 1, 10 / 4, 10 % 4, -7 / 2, -7 % 2, 10.0 / 4, 2 ^ 10, 2.0 ^ 2::float8
SELECT 0.1 + 0.2, 1.0 / 3, 2.50 * 3, 1 - 1.00, 10.0 % 3
SELECT qty * 2, qty / 3, qty + big, small + small, price * qty, price / 3, weight * 2 FROM items ORDER BY id
SELECT amount + 1, amount * 2, amount / 7, -amount FROM orders ORDER BY id
SELECT 2147483647 + 1
SELECT -2147483648 - 1
SELECT 9223372036854775807 + 1
SELECT 1 / 0
SELECT 1.0 / 0
SELECT 5 % 0
SELECT 1e308::float8 * 10
SELECT small * 2 FROM items WHERE id = 6
SELECT 'a' || 'b', 'a' || NULL, 1 || 'x', 'x' || 2.50, NULL || NULL
SELECT name || ' costs ' || price FROM items ORDER BY id
SELECT -qty, -price, -weight FROM items ORDER BY id
SELECT abs(-5), abs(qty - 50), abs(price - 5), abs(-2.5::float8) FROM items ORDER BY id
SELECT length(name), char_length(code), upper(name), lower(name) FROM items ORDER BY id
SELECT NULLIF(qty, 0), NULLIF(name, 'apple') FROM items ORDER BY id
SELECT COALESCE(qty, -1), COALESCE(name, 'nobody'), COALESCE(price, qty) FROM items ORDER BY id
SELECT CASE WHEN qty > 10 THEN 'many' WHEN qty > 0 THEN 'some' ELSE 'none' END FROM items ORDER BY id
SELECT CASE category WHEN 'fruit' THEN 1 WHEN 'exotic' THEN 2.5 END AS kind FROM items ORDER BY id
SELECT CASE WHEN active THEN price END FROM items ORDER BY id
SELECT qty IS NULL, qty IS NOT NULL, active IS TRUE, active IS NOT FALSE, active IS UNKNOWN FROM items ORDER BY id
SELECT qty IS DISTINCT FROM 7, qty IS NOT DISTINCT FROM NULL FROM items ORDER BY id
SELECT 1 = 1, 1 <> 2, 1 != 1, 2 > 1.5, 'a' < 'b', 1.0 = 1.00
-- The type string branches resolve to (select_common_type): the first, an unknown gives way; CASE's ELSE first
SELECT category FROM items EXCEPT SELECT 'fruit' ORDER BY 1
SELECT category FROM items UNION SELECT 'fruit' ORDER BY 1
SELECT 'fruit' UNION SELECT category FROM items ORDER BY 1
SELECT code FROM items UNION SELECT category FROM items ORDER BY 1
SELECT category FROM items UNION SELECT code FROM items ORDER BY 1
SELECT name FROM items UNION SELECT category FROM items ORDER BY 1
SELECT category FROM items INTERSECT SELECT name FROM items ORDER BY 1
SELECT NULL UNION SELECT category FROM items ORDER BY 1
SELECT 'a' UNION SELECT 'b' ORDER BY 1
SELECT coalesce(category, name), coalesce(name, category), coalesce(code, category), coalesce(category, code) FROM items ORDER BY id
SELECT coalesce(NULL, category, 'x'), coalesce('x', category) FROM items ORDER BY id
SELECT CASE WHEN id > 2 THEN code ELSE category END, CASE WHEN id > 2 THEN name ELSE category END FROM items ORDER BY id
SELECT CASE WHEN id > 2 THEN category ELSE 'none' END, CASE WHEN id > 2 THEN category END, CASE id WHEN 1 THEN 'one' WHEN 2 THEN code END FROM items ORDER BY id
