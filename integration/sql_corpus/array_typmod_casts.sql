-- An explicit cast to an array of a type with a length (varchar(n)[], char(n)[], bit(n)[],
-- varbit(n)[]) cuts or pads each element as the cast to the element type does; numeric(p,s)[]
-- rounds each; an assignment to such a column refuses an element that does not fit (issue 7).
SELECT '{101,1}'::bit(2)[], '{1,10}'::bit(3)[], '{1111,1,NULL}'::varbit(2)[]
SELECT '{abcd,ab}'::varchar(2)[], '{abcd,ab}'::char(3)[], CAST('{abcd}' AS varchar(2)[])
SELECT '{{abcd,x},{y,zzz}}'::varchar(2)[], '[0:1]={abcd,NULL}'::char(1)[], '{}'::varchar(1)[]
SELECT '{"a b c","ä ö ü"}'::varchar(3)[], '{"a b c"}'::char(2)[]::text
SELECT '{1.256,2}'::numeric(3,1)[], '{1234.5}'::numeric(3,1)[]
SELECT ARRAY['abcd', 'ab']::varchar(2)[], ARRAY[B'101']::bit(2)[], ARRAY[1.256]::numeric(3,1)[]
SELECT (ARRAY['abcd'::text])::char(2)[], ('{abcd}'::text[])::varchar(2)[], ('{101}'::varbit[])::bit(1)[]
SELECT pg_typeof('{abcd}'::varchar(2)[]), pg_typeof('{1}'::bit(3)[])
SELECT '{abcd'::varchar(2)[]
SELECT '{12}'::bit(2)[]
SELECT '{abc}'::varchar(0)[]
CREATE TABLE ta7_typmods (id int, v varchar(2)[], b bit(2)[], c char(3)[], n numeric(3,1)[], vb varbit(2)[])
INSERT INTO ta7_typmods (id, v) VALUES (1, '{abcd}')
INSERT INTO ta7_typmods (id, b) VALUES (2, '{101}')
INSERT INTO ta7_typmods (id, b) VALUES (3, '{1}')
INSERT INTO ta7_typmods (id, vb) VALUES (4, '{101}')
INSERT INTO ta7_typmods (id, c) VALUES (5, '{abcd}')
INSERT INTO ta7_typmods (id, v) VALUES (6, ARRAY['abcd'])
INSERT INTO ta7_typmods (id, v) VALUES (7, '{abcd}'::text[])
INSERT INTO ta7_typmods (id, c, n) VALUES (8, '{ab}', '{1.25}')
INSERT INTO ta7_typmods (id, v, b, vb) VALUES (9, '{abcd}'::varchar(2)[], '{1}'::bit(2)[], '{111}'::varbit(2)[])
INSERT INTO ta7_typmods (id, v) VALUES (10, ARRAY['ab  '])
UPDATE ta7_typmods SET c = '{abcdef,x}'::char(3)[] WHERE id = 9
UPDATE ta7_typmods SET c = '{abcdef}' WHERE id = 9
SELECT * FROM ta7_typmods ORDER BY id
SELECT v::varchar(1)[], c::char(1)[], b::bit(1)[] FROM ta7_typmods ORDER BY id
