-- CREATE VIEW / TABLE / SEQUENCE / INDEX of a name another relation has is 42P07
-- "relation "x" already exists", the name once and without a position, as PostgreSQL
-- answers (the view's text was run by SQLite, whose message quoted the name again)
-- (issue 12).
CREATE TABLE exists_t (a int)
CREATE VIEW exists_v AS SELECT 1 AS one
CREATE VIEW exists_v AS SELECT 2 AS two
CREATE VIEW exists_t AS SELECT 1 AS one
CREATE VIEW "exists_t" AS SELECT 1 AS one
CREATE TEMP VIEW exists_tv AS SELECT 1 AS one
CREATE TEMP VIEW exists_tv AS SELECT 1 AS one
CREATE TABLE exists_v (a int)
CREATE SEQUENCE exists_v
CREATE INDEX exists_v ON exists_t (a)
DROP VIEW exists_tv
DROP VIEW exists_v
DROP TABLE exists_t
