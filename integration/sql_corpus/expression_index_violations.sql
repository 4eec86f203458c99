-- An INSERT / UPDATE / INSERT ... SELECT that breaks a unique index on expressions: PostgreSQL's
-- constraint and DETAIL with the key computed from the failing row, the first index in PostgreSQL's
-- order whose key an existing row has (issue 11). Casts that read no setting may be indexed; the ones
-- PostgreSQL's STABLE functions do are 42P17. Tables of this file's own.
CREATE TABLE xv (a int PRIMARY KEY, b int, v text)
CREATE UNIQUE INDEX xv_sum ON xv ((a + b))
CREATE UNIQUE INDEX xv_lower ON xv (lower(v), b)
INSERT INTO xv VALUES (1, 2, 'x'), (5, 5, 'X')
INSERT INTO xv VALUES (2, 1, 'y')
INSERT INTO xv VALUES (6, 5, 'X')
INSERT INTO xv VALUES (1, 5, 'z')
UPDATE xv SET a = 0, b = 3 WHERE v = 'X'
INSERT INTO xv VALUES (7, NULL, 'p'), (8, NULL, 'P')
INSERT INTO xv VALUES (9, 1, 'q'), (10, 0, 'r')
INSERT INTO xv SELECT 20, 1, 'w' UNION ALL SELECT 21, 0, 'W'
UPDATE xv SET v = 'X' WHERE a = 1
UPDATE xv SET b = b WHERE a = 1
CREATE TABLE xv2 (id int, t text, n numeric, d date)
CREATE UNIQUE INDEX ON xv2 (upper(t), (id % 10))
CREATE UNIQUE INDEX ON xv2 ((t || '-' || id))
CREATE UNIQUE INDEX xv2_n ON xv2 ((n * 2))
CREATE UNIQUE INDEX xv2_big ON xv2 (t) WHERE n > 10
CREATE INDEX ON xv2 ((id::text))
CREATE INDEX ON xv2 ((d::text))
CREATE INDEX ON xv2 ((t::date))
CREATE INDEX ON xv2 ((d::timestamp))
CREATE INDEX ON xv2 (id) WHERE d > '2024-01-01'
INSERT INTO xv2 VALUES (1, 'ab', 1.5, '2024-01-01')
INSERT INTO xv2 VALUES (11, 'AB', 2, '2024-01-02')
INSERT INTO xv2 VALUES (2, 'cd', 1.50, NULL)
INSERT INTO xv2 VALUES (2, 'a-1', NULL, NULL), (3, 'a', NULL, NULL)
INSERT INTO xv2 VALUES (4, 'zz', 11, NULL), (5, 'zz', 12, NULL)
SELECT id, t, n FROM xv2 ORDER BY id
CREATE TABLE xv3 (id int PRIMARY KEY, a int, b int, UNIQUE (b))
CREATE UNIQUE INDEX xv3_e1 ON xv3 ((a * 10))
CREATE UNIQUE INDEX xv3_a ON xv3 (a)
CREATE UNIQUE INDEX xv3_e2 ON xv3 ((a + b))
INSERT INTO xv3 VALUES (1, 1, 1)
INSERT INTO xv3 VALUES (2, 1, 1)
INSERT INTO xv3 VALUES (2, 1, 5)
INSERT INTO xv3 VALUES (2, 2, 0)
INSERT INTO xv3 VALUES (1, 3, 3)
CREATE UNIQUE INDEX xv3_dup ON xv3 ((a - a))
-- RENAME COLUMN renames the column in the indexes' kept text (pg_get_indexdef) and the DETAIL.
CREATE TABLE xv4 (a int, b int, v text, "Mixed" int)
CREATE UNIQUE INDEX xv4_sum ON xv4 ((a + b)) WHERE a > 0
CREATE INDEX xv4_l ON xv4 (lower(v), a)
CREATE INDEX xv4_m ON xv4 (("Mixed" * 2))
ALTER TABLE xv4 RENAME COLUMN a TO aa
ALTER TABLE xv4 RENAME COLUMN v TO "Value"
ALTER TABLE xv4 RENAME COLUMN "Mixed" TO m
SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'xv4' ORDER BY 1
SELECT pg_get_indexdef('xv4_sum'::regclass, 1, true), pg_get_indexdef('xv4_l'::regclass, 1, true)
INSERT INTO xv4 VALUES (1, 2, 'x', 1), (2, 1, 'y', 2)
DROP TABLE xv, xv2, xv3, xv4
