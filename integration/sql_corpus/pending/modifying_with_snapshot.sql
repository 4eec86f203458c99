-- A data-modifying WITH whose other parts read a table it modifies (issue 11): PostgreSQL
-- reads the rows as they were before the statement; Tributary runs the modification first,
-- so it refuses these with 0A000. (They change no row on PostgreSQL.)
WITH d AS (DELETE FROM orders WHERE id = 0 RETURNING id) SELECT count(*) FROM orders
WITH d AS (UPDATE items SET qty = qty WHERE id = 0 RETURNING id), c AS (SELECT count(*) AS n FROM items) SELECT n FROM c
WITH i AS (DELETE FROM orders WHERE id = 0 RETURNING id) UPDATE orders SET note = note WHERE id = 0 RETURNING id
WITH d AS (DELETE FROM orders WHERE id = 0 RETURNING *) INSERT INTO orders SELECT * FROM d
