-- Unique and not-null violations of local writes (issue 11): PostgreSQL's message and
-- DETAIL (the key that already exists, the failing row), on tables of this file's own.
CREATE TABLE uq (a int PRIMARY KEY, b text UNIQUE, c int, d numeric(5,2), e text NOT NULL DEFAULT 'e', UNIQUE (c, d))
INSERT INTO uq VALUES (1, 'x', 1, 1.5)
INSERT INTO uq VALUES (1, 'y', 2, 2)
INSERT INTO uq VALUES (2, 'x', 2, 2)
INSERT INTO uq VALUES (3, 'z', 1, 1.50)
INSERT INTO uq VALUES (2, 'w', 2, 2), (3, 'v', 3, 3), (4, 'x', 4, 4)
INSERT INTO uq VALUES (5, 'p', 5, 5), (5, 'q', 6, 6)
UPDATE uq SET b = 'x' WHERE a = 3
INSERT INTO uq VALUES (2, 'w', 2, 2)
UPDATE uq SET a = a - 1
UPDATE uq SET b = 'w' WHERE a = 1
UPDATE uq SET e = NULL WHERE a = 2
INSERT INTO uq (a, b, e) VALUES (9, 'n', NULL)
CREATE UNIQUE INDEX uq_d ON uq (d)
INSERT INTO uq VALUES (7, 'q', 9, 2)
INSERT INTO uq VALUES (1, 'x', 1, 1.5) ON CONFLICT (a) DO UPDATE SET b = 'y'
INSERT INTO uq VALUES (1, 'x', 1, 1.5) ON CONFLICT (a) DO NOTHING
INSERT INTO uq VALUES (1, 'x', 1, 1.5) ON CONFLICT (b) DO NOTHING
INSERT INTO uq VALUES (1, 'x', 1, 1.5) ON CONFLICT (a, b) DO UPDATE SET b = 'z'
INSERT INTO uq SELECT a + 10, b, c + 10, d + 10 FROM uq
BEGIN
INSERT INTO uq VALUES (1, 'dup', 5, 5)
ROLLBACK
PREPARE uq_insert (int, text) AS INSERT INTO uq (a, b) VALUES ($1, $2)
EXECUTE uq_insert (1, 'fresh')
DEALLOCATE uq_insert
CREATE TABLE "Uq 2" ("Mixed Col" text PRIMARY KEY, at timestamptz UNIQUE)
INSERT INTO "Uq 2" VALUES ('a b', '2024-01-01 10:00:00+00'), ('a b', '2024-01-02 10:00:00+00')
INSERT INTO "Uq 2" VALUES ('c', '2024-01-01 10:00:00+00'), ('d', '2024-01-01 05:00:00-05')
SELECT * FROM uq ORDER BY a
DROP TABLE uq, "Uq 2"
