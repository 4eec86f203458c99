-- regexp_count, regexp_instr, regexp_like, regexp_substr (PostgreSQL 15, issue 11):
-- start positions, the n-th match, subexpressions, flags, and PostgreSQL's errors.
SELECT regexp_count('ABCABCAXYaxy', 'A.'), regexp_count('ABCABCAXYaxy', 'A.', 1, 'i'), regexp_count('abc', ''), regexp_count('abcabc', '^a', 2), regexp_count('abcabc', 'a', 4), regexp_count('abc', 'b', 10)
SELECT regexp_count(name, '[aeiou]'), regexp_count(name, 'A', 1, 'i'), regexp_count(category, 'u', 2) FROM items ORDER BY id
SELECT regexp_count('héllo wörld', 'l'), regexp_count('héllo wörld', 'ö', 3), regexp_count(NULL, 'a'), regexp_count('a', NULL), regexp_count('a', 'a', NULL), regexp_count('a', 'a', 1, NULL)
SELECT regexp_count('abc', 'b', 0)
SELECT regexp_count('abc', 'b', -3)
SELECT regexp_count('abc', 'b', 1, 'g')
SELECT regexp_count('abc', 'b', 1, 'z')
SELECT regexp_count('abc', '(')
SELECT regexp_instr('number of your street, town zip, FR', '[^,]+', 1, 2), regexp_instr('ABCDEFGHI', '(c..)(...)', 1, 1, 0, 'i', 2), regexp_instr('ABCDEFGHI', '(c..)(...)', 1, 1, 1, 'i', 2)
SELECT regexp_instr('abc', 'b', 1, 1, 1), regexp_instr('abc', 'x'), regexp_instr('abc', '(b)', 1, 1, 0, '', 5), regexp_instr('héllo', 'l'), regexp_instr('abcb', 'b', 1, 2, 1), regexp_instr('abc', '$')
SELECT regexp_instr('abc', 'b', 1, 1, 0, '', 1), regexp_instr('abc', '(x)?b', 1, 1, 0, '', 1), regexp_instr('abcabc', 'c', 4), regexp_instr('abcabc', 'c', 1, 3)
SELECT regexp_instr(name, '[aeiou]', 2), regexp_instr(name, 'a', 1, 2, 1) FROM items ORDER BY id
SELECT regexp_instr('abc', 'b', 1, 0)
SELECT regexp_instr('abc', 'b', 1, 1, 2)
SELECT regexp_instr('abc', 'b', 1, 1, 0, '', -1)
SELECT regexp_instr('abc', 'b', 0, 0)
SELECT regexp_instr('abc', 'b', 1, 1, 0, 'g')
SELECT regexp_like('Hello', 'h'), regexp_like('Hello', 'h', 'i'), regexp_like('Hello', '^H.*o$'), regexp_like('', ''), regexp_like(NULL, 'a'), regexp_like('a', 'A', 'ic'), regexp_like('a', 'A', 'ci')
SELECT id, regexp_like(name, '^[a-f]') FROM items ORDER BY id
SELECT name FROM items WHERE regexp_like(name, 'an', 'i') ORDER BY id
SELECT regexp_like('Hello', 'h', 'g')
SELECT regexp_like('Hello', '[')
SELECT regexp_substr('number of your street, town zip, FR', '[^,]+', 1, 2), regexp_substr('ABCDEFGHI', '(c..)(...)', 1, 1, 'i', 2), regexp_substr('abc', 'x') IS NULL, regexp_substr('abc', '(x)?b', 1, 1, '', 1) IS NULL
SELECT regexp_substr('abc', 'b', 1, 1, '', 1), regexp_substr('abc', '', 2), regexp_substr('héllo wörld', 'wör'), regexp_instr('héllo wörld', 'ö', 1, 1, 1), regexp_substr('a1b22c333', '[0-9]+', 1, 3), regexp_substr('a1b22c333', '[0-9]+', 4)
SELECT id, regexp_substr(name, '[aeiou].', 1, 2), regexp_substr(category, '(.)(.)', 2, 1, '', 2) FROM items ORDER BY id
SELECT regexp_substr('abc', 'b', 1, 1, 'g')
SELECT regexp_substr('abc', 'b', 1, -1)
SELECT regexp_substr('abc', 'b', 1, 1, '', -2)
SELECT regexp_count(1, 'a')
SELECT regexp_instr('abc', 'b', 1.5)
SELECT regexp_substr('abc', 'b', 'x')
SELECT regexp_substr('héllo wörld', 'w.r'), regexp_count('日本語テキスト', '.'), regexp_instr('日本語テキスト', 'テ', 1, 1, 1), regexp_substr('x¿y', '¿.'), regexp_like('ö', '^.$')
-- flags n / m (newline-sensitive), s, x (expanded), t, q (literal)
SELECT regexp_count(E'a\nb\nc', '^.', 1, 'n'), regexp_count(E'a\nb', '.', 1, 'n'), regexp_like('a b', 'a b', 'x'), regexp_like('ab', 'a b # c', 'x'), regexp_like('a.c', 'a.c', 'q'), regexp_like('abc', 'a.c', 'q')
SELECT regexp_replace(E'a\nb', '[^x]', '-', 'gn'), regexp_replace(E'a\nb', '[^x]', '-', 'g'), regexp_count(E'a\nb', 'b$', 1, 'm'), regexp_count(E'a\nb', 'a$', 1, 's'), regexp_like('a+b', 'a+b', 'qi'), regexp_like('A+B', 'a+b', 'qi')
SELECT regexp_match('foo bar', '(\w+) \s* (\w+)', 'x'), regexp_replace('a.b', '.', '!', 'gq'), regexp_count('a  b', '[ ]', 1, 'x'), regexp_substr(E'ab\ncd', 'b$', 1, 1, 'xn')
