-- A row colliding with one the same statement wrote, in a unique index made by CREATE INDEX: the index's
-- name, not a UNIQUE constraint's (issue 11). Tables of this file's own.
CREATE TABLE sv (id int PRIMARY KEY, a int, b int, c int UNIQUE)
CREATE UNIQUE INDEX sv_a ON sv (a)
CREATE UNIQUE INDEX sv_id ON sv (id)
INSERT INTO sv VALUES (1, 1, 1, 1), (2, 1, 2, 2)
INSERT INTO sv VALUES (3, 3, 3, 3), (4, 4, 4, 3)
INSERT INTO sv VALUES (5, 5, 5, 5), (5, 6, 6, 6)
CREATE TABLE sv2 (id serial, a int)
CREATE UNIQUE INDEX sv2_a ON sv2 (a)
INSERT INTO sv2 (a) VALUES (1), (1)
DROP TABLE sv, sv2
