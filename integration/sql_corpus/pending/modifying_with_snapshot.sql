-- A data-modifying WITH whose later part modifies a table an earlier step modified (issue
-- 11): PostgreSQL runs both on the rows as they were before the statement; Tributary runs
-- the first modification first, so it refuses these with 0A000. (They change no row on
-- PostgreSQL.)
WITH i AS (DELETE FROM orders WHERE id = 0 RETURNING id) UPDATE orders SET note = note WHERE id = 0 RETURNING id
WITH d AS (DELETE FROM orders WHERE id = 0 RETURNING *) INSERT INTO orders SELECT * FROM d
