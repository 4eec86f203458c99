-- Statements Tributary does not answer as PostgreSQL yet (issue 11). The corpus test
-- fails when one of them starts to: then move it into the corpus.
SELECT current_user, version()
