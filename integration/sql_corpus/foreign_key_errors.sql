-- Foreign key violations of local writes, on tables of their own (not replicated):
-- PostgreSQL's message, DETAIL and constraint name for an insert or update of a
-- referencing row and for a delete of a referenced one, also in a self-referencing
-- table (issue 11).
CREATE TABLE fk_parent (id int PRIMARY KEY, label text)
CREATE TABLE fk_child (id int PRIMARY KEY, parent_id int REFERENCES fk_parent (id), CONSTRAINT own_name FOREIGN KEY (id) REFERENCES fk_parent (id))
CREATE TABLE fk_tree (id int PRIMARY KEY, boss int REFERENCES fk_tree (id), name text)
INSERT INTO fk_parent VALUES (1, 'a'), (2, 'b'), (3, 'c')
INSERT INTO fk_child VALUES (1, 2)
INSERT INTO fk_child VALUES (2, 9)
INSERT INTO fk_child VALUES (9, 1)
UPDATE fk_child SET parent_id = 7 WHERE id = 1
DELETE FROM fk_parent WHERE id = 2
DELETE FROM fk_parent WHERE id = 3 RETURNING label
INSERT INTO fk_tree VALUES (1, NULL, 'root'), (2, 1, 'ann'), (3, 2, 'cy')
INSERT INTO fk_tree VALUES (4, 8, 'orphan')
DELETE FROM fk_tree WHERE id = 1
DELETE FROM fk_tree WHERE id = 2
DELETE FROM fk_tree WHERE id = 3 RETURNING name
UPDATE fk_tree SET boss = 5 WHERE id = 2
SELECT * FROM fk_tree ORDER BY id
DROP TABLE fk_tree
DROP TABLE fk_child
DROP TABLE fk_parent
