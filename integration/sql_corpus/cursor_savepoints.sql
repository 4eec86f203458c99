-- Cursors and savepoints (issue 11): ROLLBACK TO a savepoint closes the cursors
-- declared after it, held or not; the ones declared before stay open. pg_cursors
-- and pg_prepared_statements are queried like any catalog view.
BEGIN
DECLARE before_sp CURSOR FOR SELECT id FROM items ORDER BY id
SAVEPOINT s1
DECLARE after_sp CURSOR FOR SELECT id FROM items ORDER BY id
DECLARE held CURSOR WITH HOLD FOR SELECT name FROM items ORDER BY id
FETCH 2 FROM after_sp
SELECT name, is_holdable, is_scrollable FROM pg_cursors ORDER BY name
ROLLBACK TO SAVEPOINT s1
SELECT name FROM pg_cursors ORDER BY name
FETCH after_sp
ROLLBACK TO SAVEPOINT s1
FETCH held
ROLLBACK TO s1
FETCH 2 FROM before_sp
SAVEPOINT s2
RELEASE SAVEPOINT s2
DECLARE later CURSOR FOR SELECT 1
SAVEPOINT s3
ROLLBACK TO SAVEPOINT s3
SELECT count(*) FROM pg_cursors WHERE name IN ('before_sp', 'later')
SELECT upper(name), length(statement) > 10 FROM pg_cursors WHERE NOT is_holdable AND name <> 'later' ORDER BY 1
COMMIT
SELECT count(*) FROM pg_cursors
PREPARE corpus_plan (int) AS SELECT name FROM items WHERE id = $1
PREPARE corpus_other AS SELECT 1
SELECT name, from_sql, parameter_types FROM pg_prepared_statements WHERE name LIKE 'corpus%' ORDER BY name
SELECT p.name, c.name FROM pg_prepared_statements p LEFT JOIN pg_cursors c ON c.name = p.name WHERE p.name = 'corpus_plan'
SELECT count(*) FILTER (WHERE from_sql), max(length(statement)) FROM pg_prepared_statements WHERE name LIKE 'corpus%'
DEALLOCATE corpus_plan
DEALLOCATE corpus_other
