-- Everyday statements found by the app_*.sql corpus that Tributary does not answer as
-- PostgreSQL yet (issue 11).
WITH moved AS (DELETE FROM orders WHERE id = 0 RETURNING id) SELECT count(*) FROM moved
