-- Array subscripts, slices and ARRAY[...] (issue 7): a[i] is the element in the element's
-- type (an enum array's element is the enum), NULL outside the bounds or for the wrong
-- number of subscripts; slices keep the array type, cut to the bounds, lower bound 1.
-- (The enum's OID differs between the two servers: its values are compared, not shown.)
CREATE TYPE hue AS ENUM ('red', 'green', 'blue')
CREATE TABLE arr (id int PRIMARY KEY, ia int4[], ha hue[], ta timestamptz[], ba bool[], na numeric[], xa text[], da date[], ma int4[])
INSERT INTO arr VALUES (1, '{1,2,3}', '{red,green,blue}', '{"2020-01-01 00:00:00+00","2024-02-29 06:45:30.5-05"}', '{t,f,NULL}', '{1.50,NaN,-0.0}', '{a,"b c",NULL,""}', '{2024-02-29,0044-03-15 BC}', '{{1,2,3},{4,5,6}}')
INSERT INTO arr VALUES (2, '[0:2]={7,8,9}', '{blue}', '{}', '{}', '{}', '{}', '{infinity}', '[2:3][0:1]={{1,2},{3,4}}')
INSERT INTO arr VALUES (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)
SELECT id, ia[1], ia[0], ia[3], ia[4], ha[1] = 'red', ha[3] IS NULL, ta[2], ba[1], ba[2], na[1], na[2], xa[2], xa[3], da[1], da[2] FROM arr ORDER BY id
SELECT id, ma[1][2], ma[2][3], ma[3][0], ma[1], ia[1][1] FROM arr ORDER BY id
SELECT id, ia[2:3], ia[:2], ia[2:], ia[:], ia[3:2], ia[-5:1], ha[2:3] = '{green,blue}', ha[:1] = '{red}', ha[2:] = '{}', xa[2:] FROM arr ORDER BY id
SELECT id, ma[1:1], ma[2:2][2:3], ma[:][1], ma[2][1:2], ma[1:2][5:6] FROM arr ORDER BY id
SELECT id FROM arr WHERE ha[1] = 'blue' ORDER BY id
SELECT id FROM arr WHERE ha[1] < 'blue' ORDER BY id
SELECT id, ia[1] + 1, ia[NULL], ia[id], na[1] * 2 FROM arr ORDER BY id
SELECT id FROM arr ORDER BY ha[1], id
SELECT ia['1'] FROM arr WHERE id = 1
SELECT ia['x'] FROM arr WHERE id = 1
SELECT ARRAY[1, 2, 3], ARRAY['a', 'b c', NULL], ARRAY[1.5, 2], ARRAY[1, 2.5], ARRAY[true, NULL]
SELECT ARRAY['red'::hue, 'blue'] = '{red,blue}', ARRAY['red'::hue, 'blue'] < ARRAY['green'::hue], ARRAY[id, id * 10] FROM arr ORDER BY id
SELECT (ARRAY[10, 20, 30])[2], (ARRAY['x', 'y'])[1:1]
SELECT id, ARRAY[ia[1], ia[2]] = ia[1:2] FROM arr WHERE id = 1
SELECT id, array_length(ia, 1), array_length(ia, 2), array_lower(ia, 1), array_upper(ia, 1), array_ndims(ia), array_dims(ia), cardinality(ia) FROM arr ORDER BY id
SELECT id, array_length(ma, 2), array_lower(ma, 2), array_upper(ma, 1), array_ndims(ma), array_dims(ma), cardinality(ma), array_length(ha, 1), cardinality(xa) FROM arr ORDER BY id
SELECT array_length(ia, 0), array_length(ia, NULL), array_dims(ta), array_ndims(ta), cardinality(ta) FROM arr WHERE id = 2
-- More ARRAY[...] constructors (the elements' common type; nested for several
-- dimensions), = ANY / <> ALL over arrays, and arrays as JSON (issue 11).
SELECT ARRAY[1, 2], ARRAY['a', NULL, 'b c'], ARRAY[1.5, 2], ARRAY[true, false]
SELECT ARRAY[id, qty] FROM items ORDER BY id
SELECT ARRAY[name, category], ARRAY[code] FROM items ORDER BY id
SELECT ARRAY[[1, 2], [3, 4]], ARRAY[price, 1], ARRAY[created] FROM items ORDER BY id
SELECT ARRAY[1, 2, 3][2], (ARRAY['x', 'y'])[1], ARRAY[id, 10][1] FROM items ORDER BY id
SELECT ARRAY[placed], ARRAY[amount] FROM orders ORDER BY id
SELECT id FROM items WHERE id = ANY (ARRAY[1, 2]) ORDER BY id
SELECT id FROM items WHERE name = ANY (ARRAY['apple', 'fig', NULL]) ORDER BY id
SELECT id FROM items WHERE id = ANY ('{3,4}') ORDER BY id
SELECT id FROM items WHERE id <> ALL (ARRAY[1, 2]) ORDER BY id
SELECT id, id <> ALL (ARRAY[1, NULL]), id = ANY (ARRAY[1, NULL]) FROM items ORDER BY id
SELECT id FROM items WHERE category <> ALL ('{fruit}') ORDER BY id
SELECT active = ANY (ARRAY[true]) FROM items ORDER BY id
SELECT ARRAY['a', 1]
SELECT ARRAY[1, 'x']
SELECT to_json(ARRAY[1, 2]), to_jsonb(ARRAY['a', NULL]), to_json(ARRAY[[1, 2], [3, 4]])
SELECT to_json(ARRAY[price, weight::numeric]), to_json(ARRAY[active]), to_jsonb(ARRAY[created]) FROM items WHERE id < 4 ORDER BY id
SELECT json_build_object('ids', ARRAY[id, qty]), jsonb_build_array(ARRAY[name]) FROM items ORDER BY id
SELECT to_json(ARRAY[placed]) FROM orders ORDER BY id
SELECT array_to_json(ARRAY[1, 2]), array_to_json(ARRAY[[true], [false]]), array_to_json(ARRAY['a b'])
-- op ANY / ALL (ARRAY[...]) for every operator: each element compared as PostgreSQL types it
SELECT id FROM items WHERE name LIKE ANY (ARRAY['a%', 'b%']) ORDER BY id
SELECT id FROM items WHERE name NOT LIKE ALL (ARRAY['a%', '%e%']) ORDER BY id
SELECT id FROM items WHERE name ILIKE ANY (ARRAY['C%', 'F%']) ORDER BY id
SELECT id, price = ANY (ARRAY[1.5, 3.1]), price > ALL (ARRAY[1, 2]), qty < ANY (ARRAY[5, NULL]) FROM items ORDER BY id
SELECT id FROM items WHERE id = ANY (ARRAY[1, 'x']) ORDER BY id
SELECT id FROM items WHERE category = ANY (ARRAY['fruit', 'exotic']) AND id <> ALL (ARRAY[1, 2]) ORDER BY id
SELECT id FROM items WHERE name ~ ANY (ARRAY['^a', 'e$']) ORDER BY id
-- ARRAY[...] stored into an array column of another element type: the elements'
-- assignment cast (int4[] into numeric[]); into an array of a domain, each element is
-- tested by the domain's CHECK (23514); no assignment cast (text[] into numeric[]): 42804.
CREATE DOMAIN positive_amount AS numeric(10,2) CHECK (VALUE > 0)
CREATE TABLE arr_assign (id int PRIMARY KEY, p positive_amount[], q numeric[], r int8[])
INSERT INTO arr_assign VALUES (1, ARRAY[-1], NULL, NULL)
INSERT INTO arr_assign VALUES (2, ARRAY[1, 2.555], ARRAY[1, 2], ARRAY[1, 2])
INSERT INTO arr_assign (id, p) VALUES (3, ARRAY['x'])
INSERT INTO arr_assign (id, q) VALUES (4, ARRAY['1'])
UPDATE arr_assign SET p = ARRAY[0] WHERE id = 2
UPDATE arr_assign SET p = ARRAY[3, NULL], q = ARRAY[id] WHERE id = 2
SELECT id, p::text, q, r FROM arr_assign ORDER BY id
-- An array cast to another element type casts each element (issue 7): numeric to an
-- integer rounds half away from zero, float8 half to even; their range and NaN errors.
SELECT ARRAY[1.5, -2.5, NULL]::int8[], ARRAY[2.5e0, 3.5e0]::int4[], ARRAY[[0.5], [1.49]]::int2[]
SELECT id, na::int8[] FROM arr WHERE id = 2
SELECT ARRAY[9223372036854775808.0]::int8[]
SELECT ARRAY['NaN'::numeric]::int4[]
CREATE TABLE arr8 (id int, x int8[], y int2[])
INSERT INTO arr8 VALUES (1, ARRAY[1.5, -2.5], ARRAY[0.5e0])
INSERT INTO arr8 (id, x) VALUES (2, ARRAY[[1.5], [2.5]])
INSERT INTO arr8 (id, x) SELECT 3, ARRAY[7.5]
INSERT INTO arr8 (id, y) VALUES (4, ARRAY[32768.0])
SELECT * FROM arr8 ORDER BY id
