-- Indexes on expressions and partial indexes (issue 11): PostgreSQL's generated
-- names, errors with their positions, and the indexes working (unique keys on an
-- expression, a partial unique index only over its rows). Tables of this file's own.
CREATE TABLE xi (a int, b int, v text)
CREATE INDEX ON xi (lower(v))
CREATE UNIQUE INDEX xi_sum ON xi ((a + b))
CREATE INDEX ON xi (lower(v), a)
CREATE INDEX ON xi (a) WHERE b > 0
CREATE INDEX ON xi ((a + 1), (a + 2))
CREATE INDEX ON xi (upper(v), upper(v))
CREATE INDEX ON xi ((a)) WHERE v IS NOT NULL AND a > 1
CREATE INDEX xi_desc ON xi (abs(a) DESC, b)
SELECT indexname FROM pg_indexes WHERE tablename = 'xi' ORDER BY 1
CREATE INDEX ON xi ((nosuch + 1))
CREATE INDEX ON xi ((now()))
CREATE INDEX ON xi ((random()))
CREATE INDEX ON xi (a) WHERE random() > 0
CREATE INDEX ON xi ((a)) WHERE current_date > '2020-01-01'
CREATE INDEX ON xi ((count(a)))
CREATE INDEX ON xi ((a)) WHERE (SELECT true)
CREATE INDEX ON xi ((a + 1)) WHERE a
CREATE INDEX ON xi ((sum(a) OVER ()))
INSERT INTO xi VALUES (1, 2, 'x'), (5, 5, 'y')
INSERT INTO xi VALUES (3, 1, NULL), (NULL, 3, 'w')
SELECT a, b, v FROM xi WHERE lower(v) = 'x' ORDER BY a
SELECT a, b FROM xi WHERE a + b = 10
UPDATE xi SET b = 7 WHERE a = 1
SELECT a, b FROM xi ORDER BY a NULLS LAST
CREATE TABLE xp (id int, code text, active bool)
CREATE UNIQUE INDEX xp_active_code ON xp (code) WHERE active
INSERT INTO xp VALUES (1, 'a', true), (2, 'a', false), (3, 'a', false)
INSERT INTO xp VALUES (4, 'a', true)
SELECT id, code, active FROM xp ORDER BY id
CREATE UNIQUE INDEX xp_lower ON xp (lower(code)) WHERE active
CREATE UNIQUE INDEX xp_lower_all ON xp ((lower(code) || '!'))
CREATE UNIQUE INDEX xp_some ON xp (code, (id % 2)) WHERE id > 1
CREATE UNIQUE INDEX xp_sum ON xp ((id + 1))
DROP INDEX xp_active_code
DROP TABLE xi, xp
