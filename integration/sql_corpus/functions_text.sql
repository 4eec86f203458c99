-- String functions and LIKE / ILIKE (issue 11): characters, not bytes; PostgreSQL's
-- result types, NULL handling and errors. The test PostgreSQL runs with --locale=C.
SELECT name, name LIKE 'a%', name LIKE '%e', name NOT LIKE '_a%', name ILIKE 'C%', name NOT ILIKE '%E%' FROM items ORDER BY id
SELECT 'abc' LIKE 'a_c', 'abc' LIKE 'A%', 'abc' ILIKE 'A%', 'a%c' LIKE 'a\%c', 'abc' LIKE 'a\%c', 'a_c' LIKE 'a#_c' ESCAPE '#', 'abc' LIKE 'a#_c' ESCAPE '#'
SELECT 'x%' LIKE 'x%' ESCAPE '', 'é' LIKE '_', 'ÉCOLE' ILIKE 'école', 'Straße' ILIKE 'STRASSE', NULL LIKE 'a', 'a' LIKE NULL
SELECT 'abc' LIKE 'ab\'
SELECT 'abc' LIKE 'abc' ESCAPE 'xy'
SELECT count(*) FROM items WHERE name LIKE '%an%' OR category ILIKE 'EXOTIC'
SELECT substring('hello world' from 2 for 3), substring('hello' from 0 for 2), substring('hello' from -1 for 3), substring('hello' from 3), substring('hello' for 2), substr('héllo', 2, 2), substr('hello', 4)
SELECT substring(name from 2 for qty) FROM items ORDER BY id
SELECT substr('hello', 2, -1)
SELECT position('lo' in 'hello'), position('x' in 'hello'), strpos('héllo', 'l'), strpos(name, 'a') FROM items ORDER BY id
SELECT replace('abcabc', 'b', 'XY'), replace('abc', '', 'x'), replace(name, 'a', '') FROM items ORDER BY id
SELECT split_part('a,b,c', ',', 2), split_part('a,b,c', ',', 4), split_part('a,b,c', ',', -1), split_part('abc', '', 1), split_part('', ',', 1)
SELECT split_part('a,b', ',', 0)
SELECT concat('a', 1, NULL, 2.50, true), concat(name, '-', qty, '-', price, '-', active, '-', code, '|') FROM items ORDER BY id
SELECT concat_ws(', ', 'a', NULL, 'b', 3), concat_ws(NULL, 'a', 'b'), concat_ws('-', name, qty, created::date) FROM items ORDER BY id
SELECT left('héllo', 2), left('hello', -2), right('hello', 2), right('hello', -2), left(name, 3), right(name, 10) FROM items ORDER BY id
SELECT lpad('hi', 5), lpad('hi', 5, 'xy'), rpad('hi', 5, 'é'), lpad('hello', 3), rpad('hi', -1), lpad(name, 8, '*') FROM items ORDER BY id
SELECT trim('  a b  '), trim(both 'x' from 'xxaxx'), trim(leading 'x' from 'xxaxx'), trim(trailing from '  a  '), btrim('xyaxy', 'xy'), ltrim('  a'), rtrim('a  '), ltrim('aab', 'a')
SELECT initcap('hello wORLD foo_bar 3rd éte'), initcap(name), reverse(name), reverse('héllo') FROM items ORDER BY id
SELECT md5(''), md5('abc'), md5(name), md5('The quick brown fox jumps over the lazy dog') FROM items ORDER BY id
SELECT repeat('ab', 3), repeat('x', 0), repeat('x', -1), repeat(name, 2) FROM items ORDER BY id
SELECT starts_with('hello', 'he'), starts_with('hello', 'lo'), starts_with(name, 'b') FROM items ORDER BY id
SELECT octet_length('héllo'), octet_length(name) FROM items ORDER BY id
SELECT upper(substring(name from 1 for 1)) || substring(name from 2) AS capitalized FROM items ORDER BY id
SELECT name ILIKE 'A%' FROM items ORDER BY id
SELECT string_agg(name, ',' ORDER BY name), string_agg(name, ', ' ORDER BY name DESC), string_agg(category, '/' ORDER BY id DESC) FROM items
SELECT string_agg(name, ',' ORDER BY price NULLS FIRST, id), string_agg(code, '|' ORDER BY code DESC NULLS LAST), string_agg(name, NULL ORDER BY weight) FROM items
SELECT category, string_agg(name, ';' ORDER BY qty DESC) FILTER (WHERE active), string_agg(name, ',' ORDER BY created) FROM items GROUP BY category ORDER BY category
SELECT string_agg(note, ' ' ORDER BY amount) FROM orders WHERE id > 100
SELECT string_agg(name, ',' ORDER BY name) FROM items
-- regexp_replace (flags g i c; \1..\9 and \& in the replacement) and regexp_match (groups as text[])
SELECT regexp_replace(name, 'a', '#', 'g'), regexp_replace(name, 'a', '#'), regexp_replace(name, '(.)(.)', '\2\1') FROM items ORDER BY id
SELECT regexp_replace('a1b22', '\d+', '<\&>', 'g'), regexp_replace('Hello', 'L', 'x', 'gi'), regexp_replace('abc', 'x*', '-', 'g'), regexp_replace('a\b', 'b', '\\')
SELECT regexp_replace(name, '^(\w)(\w*)$', '\2-\1-\3') FROM items ORDER BY id
SELECT regexp_replace('abc', 'b', 'x', 'z')
SELECT regexp_match(name, 'a(.)'), regexp_match(name, '[aeiou]+'), regexp_match(name, '(a)|(e)') FROM items ORDER BY id
SELECT regexp_match('foo bar', '(\w+) (\w+)'), regexp_match('ABC', 'b', 'i'), regexp_match('x y', '(.) (.)')
SELECT regexp_match('abc', 'b', 'g')
SELECT regexp_replace(NULL, 'a', 'b'), regexp_match('a', NULL)
-- translate, chr, ascii, string_to_array, regexp_matches, regexp_split_to_table / _array
SELECT translate('hello', 'el', 'ip'), translate('abcabc', 'abc', 'x'), translate('aé', 'é', 'ü')
SELECT translate(name, 'aeiou', 'AEIOU'), translate(category, 'r', NULL) FROM items ORDER BY id
SELECT chr(65), chr(233), chr(128512), ascii('A'), ascii(''), ascii('é'), chr(NULL), ascii(NULL)
SELECT ascii(name), chr(qty + 60), chr('66'), ascii(code) FROM items WHERE qty IS NOT NULL ORDER BY id
SELECT chr(0)
SELECT chr(-1)
SELECT chr(1114112)
SELECT chr(55296)
SELECT string_to_array('a,b,,c', ','), string_to_array('abc', NULL), string_to_array('abc', ''), string_to_array('', ',')
SELECT string_to_array('a,*,c', ',', '*'), string_to_array(NULL, ','), string_to_array('a b', ' '), string_to_array('a"b{', ',')
SELECT string_to_array(name, 'a') FROM items ORDER BY id
SELECT regexp_matches('a1b22c333', '[0-9]+', 'g')
SELECT regexp_matches('a1b22c333', '([a-z])([0-9]+)', 'g')
SELECT regexp_matches('a1b22c333', '[0-9]+'), regexp_matches('aBc', 'b', 'gi')
SELECT regexp_matches('abc', 'x')
SELECT regexp_matches('abc', '', 'g')
SELECT id, regexp_matches(name, '[aeiou]', 'g') FROM items WHERE id < 3 ORDER BY id
SELECT regexp_matches(NULL, 'a'), 1
SELECT regexp_matches('abc', 'b', 'z')
SELECT regexp_split_to_table('a,b,,c', ',')
SELECT regexp_split_to_table('hello world  foo', '\s+')
SELECT regexp_split_to_table('abc', ''), regexp_split_to_table('', ',')
SELECT regexp_split_to_table('a,b', ',', 'g')
SELECT id, regexp_split_to_table(category, 'u') FROM items WHERE id IN (1, 5) ORDER BY id
SELECT regexp_split_to_table('a-b', '-'), generate_series(1, 3)
SELECT regexp_split_to_array('a1b2c', '[0-9]'), regexp_split_to_array('AxBxc', 'X', 'i'), regexp_split_to_array('', 'x')
-- A text value stored in a name column is cut to 63 bytes (at a character's
-- boundary), as PostgreSQL's text-to-name conversion does (issue 7).
CREATE TABLE name_cut (id int PRIMARY KEY, n name)
INSERT INTO name_cut VALUES (1, repeat('x', 70)), (2, repeat('é', 40)), (3, 'short' || repeat('y', 60))
UPDATE name_cut SET n = repeat('z', 64) || 'tail' WHERE id = 3
SELECT id, n, length(n), octet_length(n::text) FROM name_cut ORDER BY id
SELECT repeat('x', 70)::name = repeat('x', 63)::name
-- substring(s FROM pattern) (the first parenthesized match, else the whole match), SIMILAR
-- TO beside other calls, num_nulls / num_nonnulls.
SELECT substring('abc' FROM 'b.'), substring('abc' FROM 'b(.)'), substring('abc' FROM 'z'), substring('abcdef' FROM 2), substring(name FROM '^(.)'), substring(name FROM 'p+') FROM items ORDER BY id
SELECT 'abc' SIMILAR TO 'a%', 'abc' NOT SIMILAR TO 'b%', substring('abc' FROM 'b.')
SELECT num_nulls(1, NULL, 2), num_nonnulls(1, NULL, 'a'::text), num_nulls(NULL), num_nulls(note, amount) FROM orders ORDER BY id
SELECT to_hex(255), to_hex(-1::int8), to_hex(-1), to_hex(0), to_hex(id), to_hex(big) FROM items ORDER BY id
SELECT to_hex(-1::int2)
SELECT bit_length('abc'), bit_length('héllo'), octet_length('héllo'), bit_length(name) FROM items ORDER BY id
SELECT overlay('abcdef' PLACING 'zz' FROM 2 FOR 3), overlay('abcdef' PLACING 'zz' FROM 2), overlay('abc' PLACING 'x' FROM 5), overlay(name PLACING '#' FROM 1 FOR 1) FROM items ORDER BY id
SELECT overlay('abc' PLACING 'x' FROM 0)
SELECT quote_nullable(NULL), quote_nullable('it''s'), quote_nullable(note) FROM orders ORDER BY id
-- The regular expressions match characters, not bytes (issue 11).
SELECT 'ö' ~ '^.$', regexp_replace('héllo', '.', 'x', 'g'), regexp_match('naïve café', '(.)f(.)'), regexp_split_to_array('aöböc', 'ö'), regexp_replace('abc', '(b)', '[\1\&]')
SELECT regexp_matches('aébéc', '(é)(.)', 'g')
SELECT 'é' SIMILAR TO '_', 'éé' SIMILAR TO 'é%'
-- `.` matches a newline (patterns are not newline-sensitive without the n flag); a `]`
-- first in a bracket expression is a literal.
SELECT E'a\nb' ~ 'a.b', regexp_replace(E'x\ny', '.', '-', 'g'), regexp_count(E'a\nb\n', '.'), E'a\nb' ~ '^b', E'a\nb' ~ 'a$', E'a\nb' ~ '[.]'
SELECT 'a.b' ~ 'a[.]b', 'axb' ~ 'a[.]b', 'a]b' ~ 'a[]]b', 'a]b' ~ 'a[^]]b', E'a\nb' ~ 'a\.b', regexp_replace('a.b.c', '\.', '+', 'g')
