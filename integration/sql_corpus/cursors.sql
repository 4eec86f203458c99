-- DECLARE / FETCH / MOVE / CLOSE (issue 11): the rows each FETCH direction returns,
-- the FETCH n / MOVE n tags, and PostgreSQL's errors. Statements run in order on one
-- session; every block ends, so the next file starts outside a transaction.
DECLARE c CURSOR FOR SELECT id, name FROM items ORDER BY id
DECLARE c CURSOR FOR SELECT id FROM no_such_table
DECLARE c CURSOR FOR SELECT i.id FROM items i JOIN no_such_table n ON true
FETCH c
FETCH NEXT FROM nothing_declared
MOVE c
CLOSE c
BEGIN
DECLARE c CURSOR FOR SELECT id, name, price FROM items ORDER BY id
DECLARE c CURSOR FOR SELECT 1
ROLLBACK
BEGIN
DECLARE c SCROLL CURSOR FOR SELECT id, name, price FROM items WHERE id <= 3 ORDER BY id
FETCH 4 FROM c
FETCH PRIOR FROM c
FETCH LAST FROM c
FETCH FIRST IN c
MOVE FORWARD ALL IN c
MOVE BACKWARD 2 IN c
FETCH RELATIVE 0 c
FETCH RELATIVE 5 c
FETCH BACKWARD ALL c
FETCH ABSOLUTE -1 c
FETCH ABSOLUTE -5 c
FETCH NEXT c
FETCH ABSOLUTE 0 c
FETCH FORWARD 0 c
MOVE ABSOLUTE 2 IN c
FETCH FORWARD 0 c
MOVE RELATIVE 5 c
FETCH ALL FROM c
FETCH -2 FROM c
MOVE BACKWARD ALL IN c
FETCH 2 c
CLOSE c
CLOSE c
ROLLBACK
BEGIN
DECLARE c NO SCROLL CURSOR FOR SELECT id FROM items ORDER BY id
FETCH 2 FROM c
FETCH PRIOR FROM c
ROLLBACK
BEGIN
DECLARE c NO SCROLL CURSOR FOR SELECT id FROM items ORDER BY id
FETCH ABSOLUTE 3 FROM c
FETCH ABSOLUTE 5 FROM c
FETCH ABSOLUTE 1 FROM c
ROLLBACK
BEGIN
DECLARE c SCROLL NO SCROLL CURSOR FOR SELECT 1
ROLLBACK
BEGIN
DECLARE c CURSOR FOR SELECT 1 / (id - 1) FROM items ORDER BY id
FETCH 1 FROM c
FETCH 5 FROM c
ROLLBACK
BEGIN
DECLARE c CURSOR FOR SELECT o.id, i.name, o.amount * 2 AS doubled, count(*) OVER () FROM orders o LEFT JOIN items i ON i.id = o.item_id ORDER BY o.id
FETCH 0 FROM c
MOVE 2 c
FETCH 3 c
FETCH ALL c
DECLARE d CURSOR FOR SELECT 1 AS n, 'one' AS word UNION ALL SELECT 2, 'two'
FETCH ALL FROM d
CLOSE ALL
FETCH d
ROLLBACK
BEGIN
DECLARE h CURSOR WITH HOLD FOR SELECT id, code FROM items ORDER BY id DESC
DECLARE t CURSOR FOR SELECT 1
COMMIT
FETCH 3 FROM h
FETCH t
MOVE ALL h
FETCH BACKWARD 1 FROM h
CLOSE h
BEGIN
DECLARE h2 CURSOR WITH HOLD FOR SELECT id FROM items ORDER BY id
ROLLBACK
FETCH h2
CLOSE ALL
DECLARE m CURSOR FOR SELECT id FROM items ORDER BY id; FETCH 2 FROM m
FETCH m
SELECT 1; DECLARE m CURSOR FOR SELECT 2 AS two; FETCH m; FETCH m
DECLARE m CURSOR FOR SELECT 3; DECLARE n CURSOR FOR SELECT 4
FETCH n
DECLARE b BINARY CURSOR WITH HOLD FOR SELECT name FROM items WHERE id = 1
FETCH b
CLOSE b
SELECT name FROM pg_cursors
BEGIN
DECLARE listed_a CURSOR FOR SELECT id FROM items
DECLARE listed_b BINARY NO SCROLL CURSOR WITH HOLD FOR SELECT id FROM items
SELECT name, statement, is_holdable, is_binary, is_scrollable FROM pg_cursors WHERE creation_time IS NOT NULL ORDER BY name
COMMIT
SELECT name, is_holdable FROM pg_catalog.pg_cursors
CLOSE listed_b
SELECT name FROM pg_cursors
-- Incremental cursors (issue 11): a cursor without HOLD reads its query as FETCH asks. Over
-- a billion rows, FETCH and MOVE answer at once (a query run whole would meet the timeout).
BEGIN
SET LOCAL statement_timeout = '5s'
DECLARE big CURSOR FOR SELECT 1 AS one, 'x' AS x FROM items a, items b, items c, items d, items e, items f, items g, items h, items i, items j
FETCH 3 FROM big
MOVE FORWARD 100000 IN big
FETCH 2 FROM big
DECLARE bigs SCROLL CURSOR FOR SELECT a.id * 0 AS zero FROM items a, items b, items c, items d, items e, items f, items g, items h, items i, items j
MOVE 20000 IN bigs
FETCH PRIOR FROM bigs
FETCH RELATIVE -3 FROM bigs
FETCH 2 FROM bigs
CLOSE big
ROLLBACK
-- A scrollable cursor read both ways, and a write of the transaction while it is open:
-- the cursor keeps the rows as they were when it was declared.
BEGIN
DECLARE w SCROLL CURSOR FOR SELECT id, name, qty FROM items ORDER BY id
FETCH 3 FROM w
UPDATE items SET qty = -1, name = 'changed'
FETCH 2 FROM w
FETCH BACKWARD 3 FROM w
FETCH LAST FROM w
FETCH ABSOLUTE 2 FROM w
SELECT id, name, qty FROM items WHERE id < 3 ORDER BY id
ROLLBACK
BEGIN
DECLARE v CURSOR FOR SELECT id, 10 / (id - 4) AS r FROM items ORDER BY id
FETCH 2 FROM v
UPDATE items SET qty = 0 WHERE id = 1
FETCH 1 FROM v
FETCH 1 FROM v
ROLLBACK
BEGIN
DECLARE p CURSOR FOR SELECT id, price, created, weight FROM items ORDER BY id DESC
FETCH 2 FROM p
FETCH BACKWARD 1 FROM p
FETCH FORWARD ALL FROM p
FETCH ABSOLUTE -2 FROM p
MOVE BACKWARD ALL IN p
FETCH NEXT FROM p
ROLLBACK
-- A cursor runs at its first FETCH, on the rows as they were at DECLARE (issue 11): its
-- run-time errors are the FETCH's, and a write of the transaction in between is not seen.
BEGIN
DECLARE z CURSOR FOR SELECT id / (id - id) FROM items
DECLARE before_write CURSOR FOR SELECT id, qty, name FROM items WHERE id < 4 ORDER BY id
UPDATE items SET qty = qty + 100, name = 'after' WHERE id < 3
FETCH 2 FROM before_write
SELECT id, qty, name FROM items WHERE id < 4 ORDER BY id
FETCH ALL FROM before_write
FETCH z
ROLLBACK
BEGIN
DECLARE d CURSOR FOR SELECT id, 10 / (qty - 10) AS r FROM items ORDER BY id
UPDATE items SET qty = 11 WHERE id = 1
FETCH d
ROLLBACK
BEGIN
DECLARE e CURSOR FOR SELECT id FROM items WHERE id < 3 ORDER BY id
DELETE FROM orders WHERE id = 1
INSERT INTO orders VALUES (100, 1, 1, 'new', NULL)
DECLARE f CURSOR FOR SELECT id, note FROM orders WHERE id IN (1, 100) ORDER BY id
FETCH ALL FROM e
FETCH ALL FROM f
ROLLBACK
CREATE SEQUENCE sd12_cursor_seq
BEGIN
DECLARE s CURSOR FOR SELECT nextval('sd12_cursor_seq')
SELECT nextval('sd12_cursor_seq')
FETCH s
COMMIT
DROP SEQUENCE sd12_cursor_seq
