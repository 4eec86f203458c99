-- Data-modifying WITH (issue 11): INSERT / UPDATE / DELETE ... RETURNING as WITH queries,
-- on tables of their own. Each runs once, in the order written, even when nothing reads it.
CREATE TABLE stock (id int PRIMARY KEY, name text NOT NULL, qty int, price numeric(8,2))
CREATE TABLE stock_log (id int, name text, qty int, price numeric(8,2), what text DEFAULT 'moved')
INSERT INTO stock SELECT id, name, qty, price FROM items WHERE name IS NOT NULL
WITH d AS (DELETE FROM stock WHERE qty < 5 RETURNING *) INSERT INTO stock_log SELECT * FROM d
SELECT * FROM stock_log ORDER BY id
WITH u AS (UPDATE stock SET qty = qty + 1 WHERE id <= 2 RETURNING id, qty) SELECT count(*), sum(qty), max(id) FROM u
WITH u AS (UPDATE stock SET price = price * 2 WHERE id = 1 RETURNING name, price AS doubled) SELECT * FROM u
WITH i AS (INSERT INTO stock VALUES (30, 'kiwi', 4, 0.5), (31, 'lime', 6, 0.75) RETURNING id, name) SELECT name, id FROM i ORDER BY id
WITH i AS (INSERT INTO stock VALUES (40, 'nut', 1, 1) RETURNING *), d AS (DELETE FROM stock_log WHERE id = 4 RETURNING id) SELECT (SELECT count(*) FROM i) AS inserted, (SELECT count(*) FROM d) AS deleted
WITH gone AS (DELETE FROM stock WHERE id = 40) SELECT 1 AS one
SELECT id FROM stock WHERE id = 40
WITH gone AS (DELETE FROM stock WHERE id = 31) SELECT * FROM gone
WITH moved AS (DELETE FROM stock WHERE id = 0 RETURNING id) SELECT count(*) FROM moved
WITH moved AS (DELETE FROM orders WHERE id = 0 RETURNING id) SELECT count(*) FROM moved
WITH d(a, b) AS (DELETE FROM stock WHERE id = 30 RETURNING id, name) SELECT b, a FROM d
WITH d AS (DELETE FROM stock_log WHERE id = 3 RETURNING id, qty), r AS (SELECT id * 100 AS big FROM d) INSERT INTO stock (id, name, qty) SELECT big, 'r', 0 FROM r RETURNING id, name, price
WITH k AS (SELECT 2 AS wanted), d AS (DELETE FROM stock_log WHERE id IN (SELECT wanted FROM k) RETURNING id) SELECT * FROM d
WITH u AS (UPDATE stock SET qty = -1 WHERE id = 7 RETURNING id) UPDATE stock_log SET qty = 99 WHERE id IN (SELECT id FROM u) RETURNING id, qty
WITH d AS (DELETE FROM stock_log WHERE qty = 99 RETURNING id) DELETE FROM stock WHERE id IN (SELECT id FROM d) RETURNING name
WITH u AS (UPDATE stock SET qty = $$x$$ WHERE id = 1 RETURNING id) SELECT * FROM u
WITH u AS (UPDATE stock SET qty = qty / 0 WHERE id = 2 RETURNING id) SELECT * FROM u
WITH d AS (DELETE FROM stock WHERE id = 2 RETURNING id) SELECT id / 0 FROM d
SELECT id, qty FROM stock WHERE id = 2
WITH i AS (INSERT INTO stock VALUES (1, 'dup', 1, 1) RETURNING id) SELECT * FROM i
WITH u AS (UPDATE stock SET qty = 5 WHERE id = 1 RETURNING id) SELECT nosuch FROM u
WITH u AS (UPDATE stock SET nosuch = 5 RETURNING id) SELECT * FROM u
WITH a AS (INSERT INTO stock_log (id) VALUES (500) RETURNING id), b AS (INSERT INTO stock_log (id, what) VALUES (501, 'b')) INSERT INTO stock_log (id) SELECT id + 1000 FROM a RETURNING id, what
SELECT * FROM stock ORDER BY id
SELECT * FROM stock_log ORDER BY id
-- PostgreSQL's errors around it.
SELECT * FROM (WITH d AS (DELETE FROM stock WHERE id = 1 RETURNING id) SELECT * FROM d) s
BEGIN READ ONLY
WITH d AS (DELETE FROM stock WHERE id = 1 RETURNING id) SELECT * FROM d
ROLLBACK
-- A later part that modifies a table an earlier step modified is refused (0A000); those
-- statements stay in pending/.
SELECT * FROM stock ORDER BY id
DROP TABLE stock
DROP TABLE stock_log
-- Every part of a data-modifying WITH reads the rows as they were before the statement
-- (issue 11): a later step, a SELECT WITH query and the main statement read a table an
-- earlier step modified as PostgreSQL's snapshot shows it.
BEGIN
WITH d AS (DELETE FROM orders WHERE id < 3 RETURNING id) SELECT count(*), (SELECT count(*) FROM d) FROM orders
SELECT count(*) FROM orders
WITH u AS (UPDATE items SET qty = qty + 1 WHERE id < 3 RETURNING id, qty), c AS (SELECT id, qty FROM items WHERE id < 3) SELECT c.id, c.qty, u.qty FROM c JOIN u USING (id) ORDER BY id
WITH i AS (INSERT INTO orders VALUES (50, 1, 1, 'x', NULL) RETURNING id) SELECT count(*), max(o.id) FROM orders o
WITH d AS (DELETE FROM orders WHERE id = 6 RETURNING id), e AS (UPDATE items SET qty = (SELECT count(*) FROM orders) WHERE id = 1 RETURNING qty) SELECT * FROM e
SELECT o.id, o.note, i.qty FROM orders o LEFT JOIN items i ON i.id = o.item_id ORDER BY o.id
ROLLBACK
