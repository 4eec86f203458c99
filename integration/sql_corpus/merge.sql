-- MERGE (PostgreSQL 15): each source row fires the first WHEN clause whose condition
-- holds, evaluated on the rows as they were; tables of their own.
CREATE TABLE merge_stock (id int PRIMARY KEY, qty int DEFAULT 7, note text)
CREATE TABLE merge_delivery (id int, qty int)
CREATE TABLE merge_codes (code text PRIMARY KEY, n int)
INSERT INTO merge_stock VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, 'c')
INSERT INTO merge_delivery VALUES (1, 100), (2, 200), (4, 400)
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN MATCHED AND s.qty > 150 THEN DELETE WHEN MATCHED THEN UPDATE SET qty = t.qty + s.qty, note = 'upd' WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.qty, 'new')
SELECT * FROM merge_stock ORDER BY id
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN NOT MATCHED AND s.qty > 1000 THEN INSERT (id) VALUES (s.id) WHEN MATCHED THEN DO NOTHING
MERGE INTO merge_stock t USING (SELECT 1 AS id UNION ALL SELECT 1) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET qty = 0
MERGE INTO merge_stock t USING (SELECT 1 AS id UNION ALL SELECT 1) s ON t.id = s.id WHEN MATCHED THEN DO NOTHING
MERGE INTO merge_stock t USING (SELECT 1 AS id UNION ALL SELECT 1) s ON t.id = s.id WHEN MATCHED THEN DELETE
SELECT * FROM merge_stock ORDER BY id
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN MATCHED THEN UPDATE SET nosuch = 1
MERGE INTO merge_stock t USING merge_delivery s ON nosuch = 1 WHEN MATCHED THEN DELETE
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN MATCHED THEN UPDATE SET qty = qty + 1
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN NOT MATCHED AND t.qty > 1 THEN INSERT VALUES (s.id)
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (t.id)
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN MATCHED THEN UPDATE SET qty = 'abc'
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN MATCHED THEN UPDATE SET id = 2
MERGE INTO merge_stock t USING (VALUES (1, 5), (9, 9)) AS s(id, qty) ON t.id = s.id WHEN MATCHED THEN UPDATE SET qty = s.qty WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.qty, 'vals')
MERGE INTO merge_stock USING merge_delivery ON merge_stock.id = merge_delivery.id WHEN MATCHED THEN UPDATE SET note = merge_stock.note || '+' || merge_delivery.qty
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id, qty) VALUES (s.id + 10, DEFAULT)
SELECT * FROM merge_stock ORDER BY id
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id + 20 WHEN NOT MATCHED THEN INSERT VALUES (s.id + 20, DEFAULT, 'dflt')
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id + 30 WHEN NOT MATCHED AND s.qty > 150 THEN INSERT VALUES (s.id + 30, DEFAULT) WHEN NOT MATCHED THEN INSERT VALUES (DEFAULT, DEFAULT, DEFAULT)
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id + 40 WHEN NOT MATCHED THEN INSERT VALUES (s.id + 40, DEFAULT, 'x', DEFAULT)
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id + 40 WHEN NOT MATCHED THEN INSERT VALUES (s.id + 40, 1, 'x', 2)
SELECT * FROM merge_stock ORDER BY id
WITH w AS (SELECT 2 AS id) MERGE INTO merge_stock t USING w ON t.id = w.id WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT (id, note) VALUES (w.id, 'from w')
SELECT * FROM merge_stock WHERE id = 2
MERGE INTO merge_stock t USING merge_stock s ON t.id = s.id AND s.id > 10 WHEN MATCHED THEN UPDATE SET qty = s.qty * 2
MERGE INTO merge_stock t USING (SELECT 1) ON true WHEN MATCHED THEN DELETE
MERGE INTO merge_codes c USING merge_delivery d ON c.n = d.id WHEN NOT MATCHED THEN INSERT DEFAULT VALUES
MERGE INTO merge_codes c USING merge_delivery d ON c.n = d.id WHEN NOT MATCHED THEN INSERT VALUES ('k' || d.id, d.id)
MERGE INTO merge_codes c USING merge_delivery d ON c.n = d.id WHEN NOT MATCHED THEN INSERT VALUES ('k1', d.id)
MERGE INTO merge_codes c USING merge_delivery d ON c.n = d.id WHEN MATCHED THEN UPDATE SET code = 'same'
MERGE INTO merge_codes c USING merge_delivery d ON c.n = d.id WHEN MATCHED AND d.qty < 300 THEN UPDATE SET n = c.n * 10 WHEN MATCHED THEN DELETE
SELECT * FROM merge_codes ORDER BY code
CREATE VIEW merge_stock_view AS SELECT * FROM merge_stock
MERGE INTO merge_stock_view t USING merge_delivery s ON t.id = s.id WHEN MATCHED THEN DELETE
BEGIN
MERGE INTO merge_stock t USING merge_delivery s ON t.id = s.id WHEN MATCHED THEN DELETE
SELECT count(*) FROM merge_stock
ROLLBACK
SELECT count(*) FROM merge_stock
-- An integer primary key is SQLite's rowid, which turns a NULL into a new rowid:
-- PostgreSQL's not-null violation instead, from every way a NULL reaches it.
CREATE TABLE rowid_keys (id int PRIMARY KEY, v int, w text DEFAULT 'x')
INSERT INTO rowid_keys VALUES (1, 1)
INSERT INTO rowid_keys DEFAULT VALUES
INSERT INTO rowid_keys (v) VALUES (2)
INSERT INTO rowid_keys (v) SELECT 5
INSERT INTO rowid_keys (v) SELECT 5 WHERE false
INSERT INTO rowid_keys VALUES (NULL, 6)
INSERT INTO rowid_keys VALUES (DEFAULT, 6)
UPDATE rowid_keys SET id = NULL
INSERT INTO rowid_keys VALUES (1, 7) ON CONFLICT (id) DO UPDATE SET id = NULL
MERGE INTO rowid_keys t USING (VALUES (50, 1)) s(a, b) ON t.id = s.a WHEN NOT MATCHED THEN INSERT (v) VALUES (s.b)
INSERT INTO rowid_keys (id, v) SELECT id + 10, v FROM rowid_keys RETURNING *
SELECT * FROM rowid_keys ORDER BY id
-- A data-modifying WITH on MERGE: its steps run first, the MERGE reads their RETURNING
-- rows and the tables they modify as they were before the statement.
CREATE TABLE mw_t (id int PRIMARY KEY, qty int DEFAULT 7)
CREATE TABLE mw_s (id int, qty int)
CREATE TABLE mw_log (id int, what text)
INSERT INTO mw_t VALUES (1, 10), (2, 20)
INSERT INTO mw_s VALUES (1, 100), (3, 300), (4, 400)
WITH d AS (DELETE FROM mw_s WHERE id = 4 RETURNING *) MERGE INTO mw_t t USING mw_s s ON t.id = s.id WHEN MATCHED THEN UPDATE SET qty = s.qty WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.qty)
SELECT * FROM mw_t ORDER BY id
SELECT * FROM mw_s ORDER BY id
WITH n AS (INSERT INTO mw_s VALUES (9, 9) RETURNING *) MERGE INTO mw_t t USING n ON t.id = n.id WHEN NOT MATCHED THEN INSERT VALUES (n.id, n.qty)
SELECT * FROM mw_t ORDER BY id
WITH l AS (INSERT INTO mw_log VALUES (1, 'merged')) MERGE INTO mw_t t USING (SELECT 1 AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE
SELECT * FROM mw_log
SELECT * FROM mw_t ORDER BY id
WITH u AS (UPDATE mw_s SET qty = -1 RETURNING id, qty), w AS (SELECT id FROM u WHERE id > 2) MERGE INTO mw_t t USING w ON t.id = w.id WHEN MATCHED THEN UPDATE SET qty = t.qty + 1
SELECT * FROM mw_t ORDER BY id
SELECT * FROM mw_s ORDER BY id
WITH d AS (DELETE FROM mw_log RETURNING *) MERGE INTO mw_t t USING mw_log s ON t.id = s.id WHEN NOT MATCHED THEN INSERT VALUES (s.id + 100, DEFAULT)
SELECT * FROM mw_t ORDER BY id
