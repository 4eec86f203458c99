-- A data-modifying WITH whose later part modifies a table an earlier step modified (issue
-- 11): Tributary runs the steps in the order written and refuses these with 0A000.
-- PostgreSQL (probed on 15): every part reads the rows as they were before the
-- statement; a WITH query the main statement reads runs as it is read, one it does not
-- read runs to completion after the main statement; a row a part already modified is
-- skipped by the parts that run later (so `WITH d AS (DELETE FROM w WHERE id = 1
-- RETURNING *) UPDATE w SET v = v + 1 WHERE id <= 2` updates rows 1 and 2 and deletes
-- nothing), and rows a part inserted are not seen by the others. (These two change no
-- row on PostgreSQL.)
WITH i AS (DELETE FROM orders WHERE id = 0 RETURNING id) UPDATE orders SET note = note WHERE id = 0 RETURNING id
WITH d AS (DELETE FROM orders WHERE id = 0 RETURNING *) INSERT INTO orders SELECT * FROM d
-- MERGE into the table its WITH updates: PostgreSQL skips the row the WITH changed (here 21000
-- as the same row is reached twice); Tributary refuses it with 0A000 as for the statements above.
CREATE TABLE mwp_t (id int PRIMARY KEY, qty int); INSERT INTO mwp_t VALUES (2, 20); WITH u AS (UPDATE mwp_t SET qty = 0 WHERE id = 2 RETURNING *) MERGE INTO mwp_t t USING u ON t.id = u.id WHEN MATCHED THEN DELETE
