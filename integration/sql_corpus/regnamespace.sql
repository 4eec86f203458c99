-- ::regnamespace is a type of its own (4089), as PostgreSQL's: a result column prints
-- the schema's name (it printed the OID), compares with OIDs and integers as the number
-- it is, pg_typeof names it; an unknown name is 3F000 at the literal (issue 12).
SELECT 'pg_catalog'::regnamespace, 11::regnamespace, 'public'::regnamespace::oid, 'public'::regnamespace::text
SELECT relname, relnamespace::regnamespace FROM pg_class WHERE relname = 'pg_am'
SELECT pg_typeof('pg_catalog'::regnamespace), pg_typeof(11::regnamespace)
SELECT typname FROM pg_type WHERE typnamespace = 'pg_catalog'::regnamespace AND typname = 'int4'
SELECT count(*) FROM pg_class WHERE relnamespace = 'pg_catalog'::regnamespace AND relname = 'pg_class'
SELECT oid, typname, typarray, typelem, typlen, typcategory FROM pg_type WHERE typname IN ('regnamespace', '_regnamespace') ORDER BY 1
SELECT 'nosuch'::regnamespace
SELECT 0::regnamespace, NULL::regnamespace
SELECT n.oid::regnamespace FROM pg_namespace n WHERE nspname = 'public'
SELECT 'pg_catalog'::regnamespace = 11, 11 = 'pg_catalog'::regnamespace
SELECT x FROM (VALUES ('pg_catalog'::regnamespace), ('public'::regnamespace)) v(x) ORDER BY 1
