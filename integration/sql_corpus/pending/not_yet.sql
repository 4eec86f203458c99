-- Statements Tributary does not answer as PostgreSQL yet (issue 11). The corpus test
-- fails when one of them starts to: then move it into the corpus.
SELECT current_user, version()
-- A sub-select or VALUES in FROM without an alias: PostgreSQL 15's grammar refuses it
-- (42601 with its HINT); libpg_query's reads it and Tributary answers (issue 11).
SELECT * FROM (VALUES (1)) WHERE true
-- A permanent table named schema-qualified while a temporary table of its name hides
-- it: PostgreSQL reads the permanent one, Tributary the temporary one (SQLite resolves
-- the name in its temp schema first; issue 11). Last: the temporary table stays.
CREATE TEMP TABLE orders (id int); SELECT count(*) FROM public.orders
