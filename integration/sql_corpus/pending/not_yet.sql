-- Statements Tributary does not answer as PostgreSQL yet (issue 11). The corpus test
-- fails when one of them starts to: then move it into the corpus.
SELECT current_user, version()
SELECT i.id FROM items i FULL JOIN LATERAL (SELECT o.id FROM orders o WHERE o.item_id = i.id) x ON true
-- The regular-expression engine matches bytes: `.` does not match a character of two
-- bytes (regexp_substr, ~, regexp_replace alike).
SELECT regexp_substr('héllo wörld', 'w.r'), 'ö' ~ '^.$'
