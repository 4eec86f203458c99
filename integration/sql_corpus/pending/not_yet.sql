-- Statements Tributary does not answer as PostgreSQL yet (issue 11). The corpus test
-- fails when one of them starts to: then move it into the corpus.
SELECT current_user, version()
-- The DETAIL of a row breaking a unique index on an expression: Key ((a + b))=(3)
-- already exists. (Tributary gives SQLite's words).
CREATE TABLE xk (a int, b int); CREATE UNIQUE INDEX ON xk ((a + b)); INSERT INTO xk VALUES (1, 2), (2, 1)
-- pg_typeof of an element of an array of a domain over an array: PostgreSQL's pil,
-- Tributary's integer[] (issue 7: no domain-typed values; the wire type is integer[] on both).
CREATE DOMAIN pil AS int[]; SELECT pg_typeof(('{"{1}"}'::pil[])[1])
