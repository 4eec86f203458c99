-- Regular expression flags b (POSIX basic syntax), e (read as b by PostgreSQL 15), p and w
-- (the halves of newline sensitivity), q, and their combinations (issue 11).
SELECT regexp_replace('abc', 'b', 'x', 'b'), regexp_replace('a.c', '.', 'x', 'q'), regexp_replace('a+b', 'a+b', 'X', 'b'), regexp_replace('aab', 'a+b', 'X', 'b')
SELECT 'a+b' ~ 'a+b', regexp_match('a+b', 'a+b', 'b'), regexp_match('xaby', '\(ab\)', 'b'), regexp_match('(ab)', '(ab)', 'b'), regexp_match('aaa', 'a\{2\}', 'b'), regexp_match('*a', '*a', 'b')
SELECT regexp_match('a+b', 'a\+b', 'e'), regexp_match('ddd', '^\d+$', 'e'), regexp_match('123', '^\d+$', 'e'), regexp_match('a|b', 'x|b', 'e')
SELECT regexp_match(E'a\nb', 'a.b', 'p'), regexp_match(E'a\nb', '^b', 'p'), regexp_match(E'a\nb', '^b', 'w'), regexp_match(E'a\nb', 'a.b', 'w'), regexp_match(E'a\nb', 'a[^x]b', 'p'), regexp_match(E'a\nb', 'b$', 'w')
SELECT regexp_match('ab', 'A', 'bi'), regexp_matches('a+a+', 'a+', 'bg'), regexp_split_to_array('a+b+c', '+', 'b')
SELECT regexp_match('abc', 'b+', 'e') AS plus, regexp_match('a(b)', '\(b\)', 'e') AS grp, regexp_match('abc', 'b+', 'b') AS bplus, regexp_match('a(b)', '\(b\)', 'b') AS bgrp, regexp_match('abbc', 'b*', 'e'), regexp_match('abc', 'a.c', 'e'), regexp_match('a.c', 'a\.c', 'b'), regexp_match('abc', 'a[b]c', 'b')
SELECT regexp_match('ab{c', 'b{', 'e'), regexp_match('abbc', 'b\{2\}', 'e'), regexp_match('x^y', 'x^y', 'b'), regexp_match('x$y', 'x$y', 'b'), regexp_match('*a', '^*a', 'b')
