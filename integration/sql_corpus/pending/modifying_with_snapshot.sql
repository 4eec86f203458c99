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
