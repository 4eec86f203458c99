-- json, xml and the geometric types have no btree operator class: wherever PostgreSQL
-- sorts, groups or compares them it answers 42883 (its equality or ordering operator,
-- "operator does not exist: json = json", "function min(xml) does not exist"), at the
-- key, the operator or the function; an array of one fails as it is compared.
-- jsonb has its btree order, in every context.
SELECT count(DISTINCT j) FROM (VALUES ('{"a":1}'::json), ('{"a":1}')) v(j)
SELECT count(DISTINCT p) FROM (VALUES (point '(1,2)')) v(p)
SELECT count(DISTINCT x) FROM (VALUES ('<a/>'::xml)) v(x)
SELECT count(DISTINCT b), sum(DISTINCT id) FROM (VALUES (1, box '(1,1),(0,0)')) v(id, b)
SELECT array_agg(DISTINCT j) FROM (VALUES ('1'::json)) v(j)
SELECT json_agg(DISTINCT j) FROM (VALUES ('1'::json)) v(j)
SELECT json_object_agg(DISTINCT id, j) FROM (VALUES (1, '1'::json)) v(id, j)
SELECT count(DISTINCT (id, j)) FROM (VALUES (1, '1'::json)) v(id, j)
SELECT array_agg(j ORDER BY j) FROM (VALUES ('1'::json)) v(j)
SELECT array_agg(j ORDER BY j DESC) FROM (VALUES ('1'::json)) v(j) WHERE false
SELECT string_agg(j::text, ',' ORDER BY j) FROM (VALUES ('1'::json)) v(j)
SELECT json_agg(id ORDER BY p) FROM (VALUES (1, point '(1,1)')) v(id, p)
SELECT array_agg(DISTINCT j ORDER BY j) FROM (VALUES ('1'::json)) v(j)
SELECT array_agg(DISTINCT id ORDER BY id) FILTER (WHERE j IS NULL) FROM (VALUES (1, '1'::json)) v(id, j)
SELECT string_agg(x::text, ',' ORDER BY id), string_agg(DISTINCT x::text, ',') FROM (VALUES (1, '<a/>'::xml), (2, '<b/>')) v(id, x)
SELECT row_number() OVER (ORDER BY j) FROM (VALUES ('1'::json)) v(j)
SELECT row_number() OVER (PARTITION BY j) FROM (VALUES ('1'::json)) v(j)
SELECT rank() OVER (ORDER BY x) FROM (VALUES ('<a/>'::xml)) v(x)
SELECT row_number() OVER (PARTITION BY j ORDER BY x) FROM (VALUES ('1'::json, '<a/>'::xml)) v(j, x)
SELECT count(*) OVER (PARTITION BY id ORDER BY c) FROM (VALUES (1, circle '<(0,0),1>')) v(id, c)
SELECT min(x) FROM (VALUES ('<a/>'::xml)) v(x)
SELECT max(j) FROM (VALUES ('1'::json)) v(j)
SELECT min(p), max(p) FROM (VALUES (point '(1,1)')) v(p)
SELECT max(b) FROM (VALUES (box '(1,1),(0,0)')) v(b) WHERE false
SELECT min(v) FROM (VALUES (true)) t(v)
SELECT max(v) FROM (VALUES ('\x01'::bytea)) t(v)
SELECT min(v) FROM (VALUES ('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid)) t(v)
SELECT min(v) FROM (VALUES ('{}'::jsonb)) t(v)
SELECT min(v) FROM (VALUES (B'101')) t(v)
SELECT min(v) FROM (VALUES ('[1,2)'::int4range)) t(v)
SELECT max(v) OVER () FROM (VALUES ('<a/>'::xml)) t(v)
SELECT min('<a/>'::xml)
SELECT min(NULL::json)
SELECT min(v), max(v) FROM (VALUES ('ab'::name), ('b')) t(v)
SELECT min(v), max(v) FROM (VALUES ('ab'::varchar(4)), ('b')) t(v)
SELECT j IS DISTINCT FROM j FROM (VALUES ('1'::json)) v(j)
SELECT j IS NOT DISTINCT FROM '{}' FROM (VALUES ('1'::json)) v(j)
SELECT x IS DISTINCT FROM x FROM (VALUES ('<a/>'::xml)) v(x)
SELECT p IS DISTINCT FROM p FROM (VALUES (point '(1,1)')) v(p)
SELECT NULLIF(j, j) FROM (VALUES ('1'::json)) v(j)
SELECT NULLIF(p, p) FROM (VALUES (point '(1,1)')) v(p)
SELECT CASE j WHEN '1' THEN 1 END FROM (VALUES ('1'::json)) v(j)
SELECT CASE p WHEN p THEN 1 END FROM (VALUES (point '(1,1)')) v(p)
SELECT j IN ('1', '2') FROM (VALUES ('1'::json)) v(j)
SELECT j IN ('1') FROM (VALUES ('1'::json)) v(j)
SELECT j NOT IN ('1') FROM (VALUES ('1'::json)) v(j)
SELECT j IN ('1', j) FROM (VALUES ('1'::json)) v(j)
SELECT '1' IN (j, '2') FROM (VALUES ('1'::json)) v(j)
SELECT (SELECT j) IN ('1', '2') FROM (VALUES ('1'::json)) v(j)
SELECT p IN (p) FROM (VALUES (point '(1,1)')) v(p)
SELECT j = ANY (ja) FROM (VALUES ('1'::json, ARRAY['1'::json])) v(j, ja)
SELECT j <> ALL (ja) FROM (VALUES ('1'::json, ARRAY['1'::json])) v(j, ja)
SELECT ARRAY['1'::json] = ARRAY['1'::json, '2'::json]
SELECT '{}'::json[] = '{}'::json[]
SELECT ARRAY['1'::json] = ARRAY['1'::json]
SELECT ARRAY['1'::json] <> ARRAY['1'::json]
SELECT ARRAY['1'::json] < ARRAY['1'::json, '2']
SELECT ARRAY['1'::json] >= ARRAY['2'::json]
SELECT ARRAY['1'::json] IS DISTINCT FROM ARRAY['1'::json]
SELECT ARRAY[point '(1,1)'] = ARRAY[point '(1,1)']
SELECT ARRAY[box '(1,1),(0,0)'] = ARRAY[box '(1,1),(0,0)']
SELECT ARRAY['<a/>'::xml] = ARRAY['<a/>'::xml]
SELECT NULL::json[] = ARRAY['1'::json], ARRAY['1'::json] = NULL
SELECT ARRAY['{"a":1}'::json] @> ARRAY['{"a":1}'::json]
SELECT ARRAY['{"a":1}'::json] && ARRAY['{"a":1}'::json]
SELECT ARRAY[NULL::json] = ARRAY[NULL::json]
SELECT jb IN ('1', '2'), jb = ANY ('{1,2}'), jb IS DISTINCT FROM '1', NULLIF(jb, '{"a":1}'), CASE jb WHEN '{"a": 1}' THEN 1 END FROM (VALUES ('{"a":1}'::jsonb)) v(jb)
SELECT count(DISTINCT jb), array_agg(jb ORDER BY jb DESC) FROM (VALUES ('{"b":1}'::jsonb), ('[1,2]'), ('"s"'), ('1'), ('null'), ('true'), ('{"a":1, "b":2}'), ('{"b":1}'), ('[]'), ('{}'), ('2.50'), ('2.5')) v(jb)
SELECT string_agg(jb::text, ' ' ORDER BY jb), string_agg(DISTINCT jb::text, ' ') FROM (VALUES ('{"b":1}'::jsonb), ('[1,2]'), ('"s"'), ('1'), ('null'), ('true'), ('{"a":1, "b":2}'), ('[]'), ('{}'), ('2.50'), ('false'), ('[[1]]'), ('{"a":[1]}')) v(jb)
SELECT jb, rank() OVER (ORDER BY jb), count(*) OVER (PARTITION BY jb) FROM (VALUES ('{"b":1}'::jsonb), ('[1,2]'), ('"s"'), ('1'), ('1.0'), ('null'), ('true'), ('[]'), ('{}')) v(jb) ORDER BY 1
SELECT jsonb_agg(DISTINCT jb), json_agg(jb ORDER BY jb) FROM (VALUES ('[2]'::jsonb), ('[1]'), ('[2]')) v(jb)
SELECT ARRAY['{"a":1}'::jsonb] = ARRAY['{"a": 1}'::jsonb], ARRAY['1'::jsonb] < ARRAY['"a"'::jsonb]
SELECT j IN (SELECT j FROM (VALUES ('1'::json)) w(j)) FROM (VALUES ('1'::json)) v(j)
SELECT j = ANY (SELECT j FROM (VALUES ('1'::json)) w(j)) FROM (VALUES ('1'::json)) v(j)
SELECT j <> ALL (SELECT j FROM (VALUES ('1'::json)) w(j)) FROM (VALUES ('1'::json)) v(j)
SELECT '1' IN (SELECT j FROM (VALUES ('1'::json)) w(j))
SELECT ROW(j) = ROW(j) FROM (VALUES ('1'::json)) v(j)
SELECT (j, 1) IN (SELECT j, 1 FROM (VALUES ('1'::json)) w(j)) FROM (VALUES ('1'::json)) v(j)
SELECT (j, id) = ('1', 1) FROM (VALUES (1, '1'::json)) v(id, j)
SELECT (id, p) < (1, p) FROM (VALUES (1, point '(1,1)')) v(id, p)
SELECT GREATEST(j, j) FROM (VALUES ('1'::json)) v(j)
SELECT LEAST(p, p) FROM (VALUES (point '(1,1)')) v(p) WHERE false
SELECT GREATEST(jb, '2') FROM (VALUES ('[1]'::jsonb)) v(jb)
SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY j) FROM (VALUES ('1'::json)) v(j)
SELECT mode() WITHIN GROUP (ORDER BY x) FROM (VALUES ('<a/>'::xml)) v(x)
SELECT count(*) FROM (VALUES ('1'::json)) v(j) GROUP BY ROLLUP(j)
SELECT max(ja) FROM (VALUES (ARRAY['1'::json]), (ARRAY['2'::json])) v(ja)
SELECT min(ja), max(ja) FROM (VALUES (ARRAY['1'::json]), (NULL)) v(ja)
SELECT max(DISTINCT ja) FROM (VALUES (ARRAY['1'::json])) v(ja)
SELECT count(DISTINCT (id, j)) FROM (VALUES (1, '1'::json), (1, '2')) v(id, j)
SELECT count(DISTINCT (id, j)) FROM (VALUES (1, '1'::json), (2, '1')) v(id, j)
SELECT count(DISTINCT (id, j)), count(DISTINCT (id, n)) FROM (VALUES (1, '1'::json, 1.0), (2, '1', 1.00)) v(id, j, n)
SELECT count(DISTINCT (id, n)) FROM (VALUES (1, 1.0), (1, 1.00), (1, 2), (NULL, NULL), (NULL, NULL)) v(id, n)
SELECT count(DISTINCT (id, ja)) FROM (VALUES (1, ARRAY['1'::json]), (1, NULL)) v(id, ja)
SELECT count(DISTINCT (id, j)) FILTER (WHERE id > 1) FROM (VALUES (1, '1'::json), (1, '2'), (2, '3')) v(id, j)
SELECT array_agg(DISTINCT (id, n)) FROM (VALUES (1, 1.0), (1, 1.00), (2, 2)) v(id, n)
SELECT array_agg(DISTINCT (id, x)) FROM (VALUES (1, '<a/>'::xml), (1, NULL)) v(id, x)
SELECT count(DISTINCT (id, n)) FROM (VALUES (1, 1.0)) v(id, n) WHERE false
SELECT count(DISTINCT (n, t)) FROM (VALUES (1.5, 'a'), (1.50, 'a'), (1.5, 'b'), (NULL, 'a')) v(n, t)
SELECT min(ja) OVER () FROM (VALUES (ARRAY['1'::json]), (ARRAY['2'::json])) v(ja)
SELECT max(ja) OVER (ORDER BY id) FROM (VALUES (1, ARRAY['1'::json]), (2, ARRAY['2'::json])) v(id, ja)
SELECT id, min(ja) OVER (PARTITION BY id) FROM (VALUES (1, ARRAY['1'::json]), (2, ARRAY['2'::json]), (3, NULL), (3, ARRAY['3'::json])) v(id, ja) ORDER BY id
SELECT max(ja) OVER (ROWS CURRENT ROW) FROM (VALUES (1, ARRAY['1'::json]), (2, ARRAY['2'::json])) v(id, ja)
SELECT min(pa) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM (VALUES (1, ARRAY[point '(1,1)']), (2, NULL), (3, ARRAY[point '(2,2)'])) v(id, pa)
SELECT j IN ('1', 'x'::text) FROM (VALUES ('1'::json)) v(j)
SELECT j NOT IN ('1', 'x'::text, 'y') FROM (VALUES ('1'::json)) v(j)
SELECT j IN ('1'::json, 'x'::text) FROM (VALUES ('1'::json)) v(j)
SELECT j IN ('1', 2) FROM (VALUES ('1'::json)) v(j)
SELECT x IN ('<a/>', 'x'::text) FROM (VALUES ('<a/>'::xml)) v(x)
