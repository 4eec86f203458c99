-- A view whose SELECT names a relation that does not exist is refused as PostgreSQL
-- refuses it (42P01 at the reference), also when Tributary keeps the view's SELECT as
-- SQLite's own (catalog relations, temporary views); nothing is left behind, so a later
-- view's DROP works (issues 11, 12).
CREATE VIEW missing_v1 AS SELECT * FROM nosuch
CREATE VIEW missing_v2 AS SELECT * FROM pg_class, nosuch
CREATE TEMP VIEW missing_v3 AS SELECT * FROM nosuch2
CREATE VIEW missing_v4 AS SELECT relname FROM pg_class LIMIT 1
DROP VIEW missing_v4
SELECT count(*) FROM pg_views WHERE viewname LIKE 'missing_v_'
