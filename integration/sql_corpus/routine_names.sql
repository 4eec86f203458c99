-- regprocedure, regoper and regoperator are types of their own, as PostgreSQL's: a
-- result column prints the function's or operator's name (it printed the OID, or the
-- cast was not translated), compares with OIDs as the number it is; the text input
-- reads a name and argument types with PostgreSQL's errors (issue 12).
SELECT 'abs(integer)'::regprocedure, 0::regprocedure, 0::regoper, 0::regoperator, 0::regproc
SELECT oid::regprocedure, oid::regproc FROM pg_proc WHERE proname = 'abs' ORDER BY 1
SELECT oid::regoperator, oid::regoper, pg_typeof(oid::regoper), pg_typeof(oid::regoperator) FROM pg_operator WHERE oprname = '!~~' ORDER BY 1
SELECT '+(integer,integer)'::regoperator, '-(NONE,integer)'::regoperator, '+(int4, int4)'::regoperator::oid
SELECT '=(integer,integer)'::regoperator::text, '*='::regoper, '?&'::regoper::oid, '*='::regoper::text
SELECT oprname, oprcode::regprocedure FROM pg_operator WHERE oid = '||/'::regoper
SELECT 'pg_catalog.!~~(text,text)'::regoperator, pg_typeof('abs(int)'::regprocedure), 'abs(int)'::regprocedure = 1397
SELECT 99999::regoperator, 99999::regoper, 99999::regprocedure, NULL::regoper, NULL::regprocedure::text
SELECT 'upper(text)'::regprocedure::text, 'pg_catalog.upper( text )'::regprocedure, 'numeric_add(numeric, numeric)'::regprocedure
SELECT x FROM (VALUES ('abs(integer)'::regprocedure), ('abs(bigint)'::regprocedure)) v(x) ORDER BY 1
SELECT oid, typname, typarray, typelem, typlen, typcategory FROM pg_type WHERE typname IN ('regprocedure', 'regoper', 'regoperator', '_regprocedure', '_regoper', '_regoperator') ORDER BY 1
SELECT '+'::regoper
SELECT 'nosuch'::regoper
SELECT 'a b'::regoper
SELECT 'nosuch.+'::regoper
SELECT '+(integer)'::regoperator
SELECT '+(integer,integer,integer)'::regoperator
SELECT '+(integer,text)'::regoperator
SELECT '(integer,integer)'::regoperator
SELECT 1, 'abs'::regprocedure
SELECT 'abs(integer'::regprocedure
SELECT 'abs(integer) x'::regprocedure
SELECT 'abs(nosuch)'::regprocedure
SELECT 'abs(text)'::regprocedure
SELECT 'x.y.z.w(int)'::regprocedure
SELECT 'nosuch.abs(int)'::regprocedure
