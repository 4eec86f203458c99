-- Everyday application writes (issue 11): UPSERT with ON CONFLICT, RETURNING,
-- UPDATE ... FROM, DELETE ... USING, defaults; on a table of its own.
CREATE TABLE carts (id int PRIMARY KEY, customer text NOT NULL, items int DEFAULT 0, total numeric(10,2) DEFAULT 0, updated date, UNIQUE (customer))
INSERT INTO carts (id, customer) VALUES (1, 'ann') RETURNING *
INSERT INTO carts (id, customer, items, total) VALUES (2, 'bob', 2, 9.99), (3, 'cy', 1, 0.5) RETURNING id, total * 2 AS doubled
INSERT INTO carts (id, customer, items) VALUES (1, 'ann', 5) ON CONFLICT (id) DO UPDATE SET items = carts.items + excluded.items RETURNING id, items
INSERT INTO carts (id, customer, items) VALUES (4, 'bob', 7) ON CONFLICT (customer) DO UPDATE SET items = excluded.items RETURNING id, customer, items
INSERT INTO carts (id, customer) VALUES (5, 'cy') ON CONFLICT (customer) DO NOTHING RETURNING id
INSERT INTO carts (id, customer) VALUES (5, 'cy') ON CONFLICT DO NOTHING
INSERT INTO carts (id, customer) VALUES (6, 'di') ON CONFLICT (customer) DO NOTHING RETURNING id, customer
INSERT INTO carts (id, customer) VALUES (6, 'ed')
INSERT INTO carts (id, customer, total) VALUES (7, 'fay', 123456789.123)
INSERT INTO carts (id, customer, items) VALUES (1, 'ann', 1) ON CONFLICT (id) DO UPDATE SET total = carts.total + 1 WHERE carts.items > 100 RETURNING id
INSERT INTO carts (id, customer, items) VALUES (1, 'ann', 3) ON CONFLICT ON CONSTRAINT carts_pkey DO UPDATE SET items = carts.items + excluded.items RETURNING id, items
INSERT INTO carts (id, customer) VALUES (40, 'bob') ON CONFLICT ON CONSTRAINT carts_customer_key DO NOTHING RETURNING id
INSERT INTO carts (id, customer) VALUES (40, 'bob') ON CONFLICT ON CONSTRAINT carts_pkey DO NOTHING
INSERT INTO carts (id, customer) VALUES (41, 'zed') ON CONFLICT ON CONSTRAINT nosuch DO NOTHING
UPDATE carts SET total = total + 1.005, updated = '2024-03-01' WHERE customer = 'ann' RETURNING total, updated
UPDATE carts SET items = items - 1 WHERE items > 0
UPDATE carts SET items = items - 1 WHERE items > 0 AND id = 2 RETURNING id, items
UPDATE carts c SET total = c.total + i.price FROM items i WHERE i.id = c.id AND i.price IS NOT NULL AND c.id > 1
UPDATE carts c SET total = c.total + i.price FROM items i WHERE i.id = c.id AND c.id = 1 RETURNING c.id, c.total, total * 2
UPDATE carts SET customer = NULL WHERE id = 2
UPDATE carts SET customer = 'cy' WHERE id = 1
INSERT INTO carts (id, customer) VALUES (8, 'gus') RETURNING updated IS NULL AS no_date, updated IS NOT NULL, CASE WHEN updated IS NULL THEN 'none' ELSE 'some' END, updated IS NOT DISTINCT FROM NULL
UPDATE carts SET updated = NULL, total = NULL WHERE id = 8 RETURNING id, updated IS NULL, total IS NULL, items IS NULL, coalesce(total, -1)
DELETE FROM carts WHERE id = 8 RETURNING updated IS NULL, items IS NOT NULL, customer IS NULL
DELETE FROM carts c USING items i WHERE i.id = c.id AND i.name = 'Cherry' RETURNING c.id
DELETE FROM carts WHERE total < 1 RETURNING customer
SELECT id, customer, items, total, updated FROM carts ORDER BY id
SELECT count(*) FROM carts
DROP TABLE carts
