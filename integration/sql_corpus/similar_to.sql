-- SIMILAR TO (issue 11): SQL regular expressions matched as PostgreSQL's
-- similar_to_escape turns them into regular expressions.
SELECT 'abc' SIMILAR TO 'a%', 'abc' SIMILAR TO '(b|c)%', 'abc' NOT SIMILAR TO 'a_c', 'abc' SIMILAR TO 'b'
SELECT 'abc' SIMILAR TO '%(b|d)%', 'abd' SIMILAR TO 'a[b-d]{2}', 'a.c' SIMILAR TO 'a.c', 'abc' SIMILAR TO 'a.c'
SELECT '100%' SIMILAR TO '100\%', '100x' SIMILAR TO '100\%', 'a_b' SIMILAR TO 'a#_b' ESCAPE '#', 'axb' SIMILAR TO 'a#_b' ESCAPE '#'
SELECT 'aaa' SIMILAR TO 'a+', 'ab' SIMILAR TO 'a*b?', 'AbC' SIMILAR TO 'abc', NULL SIMILAR TO 'a', 'a' SIMILAR TO NULL
SELECT id, name FROM items WHERE name SIMILAR TO '(a|b|c)%' ORDER BY id
SELECT id FROM items WHERE name NOT SIMILAR TO '%[aeiou]' ORDER BY id
SELECT 'a' SIMILAR TO 'a' ESCAPE '##'
