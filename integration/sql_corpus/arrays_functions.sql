-- Array functions and operators that build or search arrays (issue 11): the elements
-- compared by their type's equality (numeric 1.0 = 1.00), lower bounds kept as
-- PostgreSQL keeps them, || resolved as PostgreSQL resolves it (an untyped side is an
-- array), and PostgreSQL's errors for incompatible shapes and types.
SELECT array_append(ARRAY[1, 2], 3), array_prepend(0, ARRAY[1, 2]), array_cat(ARRAY[1, 2], ARRAY[3]), array_append(NULL::int[], 3), array_prepend(NULL, NULL::int[])
SELECT ARRAY[1, 2] || 3, 3 || ARRAY[1, 2], ARRAY[1, 2] || NULL, NULL || ARRAY[1, 2], ARRAY[1, 2] || '{7}', ARRAY['a'] || 'b'::text, 'b'::text || ARRAY['a']
SELECT ARRAY[1] || 2.5, 1.5 || ARRAY[2], array_append(ARRAY[1::int2], 100000), pg_typeof(ARRAY[1::int2] || 2), pg_typeof(ARRAY['a'::varchar] || 'b'::text)
SELECT array_cat('[0:1]={1,2}'::int[], '[5:6]={3,4}'::int[]), array_cat('{{1,2}}'::int[], '{3,4}'::int[]), array_cat('{3,4}'::int[], '{{1,2}}'::int[]), array_cat('{}'::int[], '[3:4]={1,2}'::int[])
SELECT array_append('[0:1]={1,2}'::int[], 3), array_prepend(3, '[0:1]={1,2}'::int[])
SELECT array_cat('{3,4,5}'::int[], '{{1,2}}'::int[])
SELECT array_cat('{{1,2}}'::int[], '{{1}}'::int[])
SELECT array_cat('{{{1}}}'::int[], '{1}'::int[])
SELECT array_append('{{1}}'::int[], 3)
SELECT array_prepend(1, '[-2147483648:-2147483648]={1}'::int[])
SELECT ARRAY[1, 2] || '7'
SELECT array_append(ARRAY[1], 'x'::text)
SELECT ARRAY[1] || 'x'::text
SELECT ARRAY[1, NULL] @> ARRAY[NULL::int], ARRAY[1, NULL] @> '{}'::int[], ARRAY[1] && ARRAY[NULL::int], ARRAY[[1, 2], [3, 4]] @> ARRAY[4, 1], ARRAY[1, 2] <@ ARRAY[1, 2, 3], ARRAY[1, 2] && ARRAY[5]
SELECT ARRAY[1.0]::numeric[] @> ARRAY[1.00], ARRAY[1.0] && ARRAY[1.000], ARRAY[1, 2] @> NULL, ARRAY[1] @> '{1}', '{1,3}' <@ ARRAY[1, 2, 3]
SELECT ARRAY[1] @> ARRAY['1'::text]
SELECT ARRAY[1] @> 1
SELECT array_positions(ARRAY[1, NULL, 1, 2], NULL), array_positions('[0:2]={1,2,1}'::int[], 1), array_positions(NULL::int[], 1), array_positions(ARRAY[1, 2], 2.0)
SELECT array_positions(ARRAY[[1, 2]], 1)
SELECT array_position(ARRAY[1.0, 2]::numeric[], 2.00), array_position(ARRAY['a', 'b', 'a'], 'a', 2), array_position(ARRAY['a'], 'z'), array_position('[0:2]={1,2,1}'::int[], 1, -5), array_position(ARRAY[1, NULL], NULL)
SELECT array_position(ARRAY[1], 1, NULL)
SELECT array_replace(ARRAY[1, NULL, 1], NULL, 5), array_replace(ARRAY[1.0, 1.00, 2]::numeric[], 1, 7), array_replace('[0:1]={1,2}'::int[], 1, NULL), array_replace(ARRAY[[1, 2], [1, 3]], 1, 0), array_replace(ARRAY[1, 2], 1, 2.5)
SELECT array_remove('[0:2]={1,2,3}'::int[], 2), array_remove(ARRAY[1.0, 1.00, 2]::numeric[], 1), array_remove(ARRAY['x', 'y', NULL], NULL), array_remove('{}'::int[], 1)
SELECT array_remove(ARRAY[[1, 2]], 1)
SELECT array_fill(7, ARRAY[2, 3]), array_fill(7, ARRAY[2], ARRAY[0]), array_fill(NULL::int, ARRAY[2]), array_fill('x'::text, ARRAY[0]), array_fill('2024-01-01'::date, ARRAY[2]), array_fill(1.50, ARRAY[1, 2])
SELECT array_fill(7, ARRAY[2], ARRAY[1, 2])
SELECT array_fill(7, NULL)
SELECT array_fill(7, ARRAY[NULL::int])
SELECT array_fill(7, ARRAY[100000, 100000])
SELECT trim_array(ARRAY[1, 2, 3], 0), trim_array(ARRAY[[1, 2], [3, 4]], 1), trim_array('[0:2]={1,2,3}'::int[], 2), trim_array(ARRAY[1], 1), trim_array(NULL::int[], 1)
SELECT trim_array(ARRAY[1, 2], 3)
SELECT id, ia || 0, 0 || ia, ia @> ARRAY[2], ARRAY[8] <@ ia, ia && ARRAY[9, 3], array_positions(ia, 7), array_remove(ia, 8), array_replace(na, 'NaN', 0) FROM arr ORDER BY id
SELECT id FROM arr WHERE xa @> ARRAY['b c'] OR ha && ARRAY['blue'::hue] ORDER BY id
-- ARRAY(sub-select) of any built-in scalar type: the rows' values in their order, NULLs kept.
SELECT ARRAY(SELECT generate_series(1, 3)), ARRAY(SELECT price FROM items ORDER BY id DESC), ARRAY(SELECT 1 WHERE false), ARRAY(SELECT 'a'), ARRAY(SELECT NULL::int)
SELECT ARRAY(SELECT created FROM items ORDER BY id), ARRAY(SELECT active FROM items ORDER BY id), ARRAY(SELECT code FROM items ORDER BY id), ARRAY(SELECT weight FROM items ORDER BY id)
SELECT id, ARRAY(SELECT o.id FROM orders o WHERE o.item_id = i.id ORDER BY o.id) FROM items i ORDER BY id
-- Polymorphic results carry no typmod: an element longer than varchar(3) is appended as PostgreSQL appends it.
SELECT array_append('{ab}'::varchar(3)[], 'abcdef'::varchar), array_append('{ab}'::varchar(3)[], 'abcdef'), '{ab}'::varchar(3)[] || 'abcdefg'::text, array_replace('{ab}'::varchar(2)[], 'ab', 'xyz'), array_positions('{1.50}'::numeric(3,2)[], 1.5), array_append('{1.50}'::numeric(12,2)[], 1.555)
