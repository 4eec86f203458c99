-- Statements Tributary does not answer as PostgreSQL yet (issue 11). The corpus test
-- fails when one of them starts to: then move it into the corpus.
SELECT current_user, version()
SELECT i.id FROM items i FULL JOIN LATERAL (SELECT o.id FROM orders o WHERE o.item_id = i.id) x ON true
