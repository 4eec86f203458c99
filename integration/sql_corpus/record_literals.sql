-- A record literal cast to a table's row type ('(1,a)'::t) is read as record_in reads it:
-- quoted fields, an unquoted empty field NULL, each field by its column's input with the
-- column's typmod; 22P02 malformed record literal with PostgreSQL's DETAIL. array_agg of
-- a table's rows is typed t[] (issue 7). A row type has another OID on each server, so
-- values are compared as text and through their fields.
CREATE TABLE ta7_rt (a int, b text, c varchar(3), d numeric(5,2), e bool)
INSERT INTO ta7_rt VALUES (1, 'x', 'abc', 1.5, true), (2, NULL, NULL, NULL, NULL), (NULL, 'y z', '"', -2, false)
SELECT '(1,a,b,2,t)'::ta7_rt::text, pg_typeof('(1,a,b,2,t)'::ta7_rt)::text
SELECT ('(1,a,b,2.345,t)'::ta7_rt).d, ('(1,a,b,2,yes)'::ta7_rt).e, ('(7,,,,)'::ta7_rt).a
SELECT '(,,,,)'::ta7_rt::text, ('(,,,,)'::ta7_rt).b IS NULL, ('(,"",,,)'::ta7_rt).b = ''
SELECT ' ( 1 , "x y" ,"a b",  3 ,t) '::ta7_rt::text, (' ( 1 , "x y" ,"a b",  3 ,t) '::ta7_rt).b
SELECT '(1,"a,b\"c",,,)'::ta7_rt::text, ('(1,"a,b\"c",,,)'::ta7_rt).b, ('(1,a\,b,,,)'::ta7_rt).b
SELECT ('(1,a""b,,,)'::ta7_rt).b, ('(1,"a""b",,,)'::ta7_rt).b, CAST('(2,z,,,)' AS ta7_rt)::text
SELECT '(1)'::ta7_rt
SELECT '(1,a,b,2,t,6)'::ta7_rt
SELECT '1,a,b,2,t'::ta7_rt
SELECT ''::ta7_rt
SELECT '(1,a,b,2,t) x'::ta7_rt
SELECT '(1,a,b,2,t'::ta7_rt
SELECT '(x,a,b,2,t)'::ta7_rt
SELECT '(x)'::ta7_rt
SELECT '(1,a,abcd,2,t)'::ta7_rt
SELECT '(1,a,b,12345,t)'::ta7_rt
SELECT '(1,a,b,2,maybe)'::ta7_rt
SELECT 1 + 1, '(1,a,b,2,t' ::ta7_rt
SELECT '(1,a,b,2,t)'::ta7_rt = ROW(1, 'a', 'b', 2, true)::ta7_rt
SELECT array_agg(r)::text, pg_typeof(array_agg(r))::text FROM ta7_rt r
SELECT array_agg(ta7_rt ORDER BY a)::text, pg_typeof(array_agg(ta7_rt))::text FROM ta7_rt
SELECT array_agg(ROW(a, b, c, d, e)::ta7_rt ORDER BY a DESC)::text, pg_typeof(array_agg(ROW(a, b, c, d, e)::ta7_rt))::text FROM ta7_rt
SELECT array_agg(ROW(a, b))::text, pg_typeof(array_agg(ROW(a, b)))::text FROM ta7_rt
SELECT array_agg(r)::text FROM ta7_rt r WHERE false
CREATE TABLE ta7_rtc (id int, c ta7_rt)
INSERT INTO ta7_rtc VALUES (1, '( 1 , x y ,abc, 2.5 ,t)'), (2, '(2,,,,)'), (3, '(,"",,,)'), (4, NULL)
INSERT INTO ta7_rtc VALUES (5, '(x,y,,,)')
INSERT INTO ta7_rtc VALUES (5, '(5,y,abcd,,)')
INSERT INTO ta7_rtc VALUES (5, '(1)')
INSERT INTO ta7_rtc (id, c) SELECT 6, '(6,"a,b",,-1,no)'
UPDATE ta7_rtc SET c = '(7,"q""r",,,)' WHERE id = 4
UPDATE ta7_rtc SET c = '(7' WHERE id = 4
SELECT id, c::text FROM ta7_rtc ORDER BY id
