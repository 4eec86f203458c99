-- Statements Tributary does not answer as PostgreSQL yet (issue 11). The corpus test
-- fails when one of them starts to: then move it into the corpus.
SELECT current_user, version()
SELECT i.id, s FROM items i, LATERAL substring(i.name::bytea from 2 for 3) s WHERE i.id < 4 ORDER BY i.id
