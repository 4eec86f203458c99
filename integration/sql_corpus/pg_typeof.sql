-- pg_typeof (issue 11): the argument's type as PostgreSQL's parser types it, as regtype (bpchar prints
-- as character); regtype::text is the type's name.
SELECT pg_typeof(1), pg_typeof(price), pg_typeof('a'), pg_typeof(created), pg_typeof(1.5), pg_typeof(NULL) FROM items WHERE id = 1
SELECT pg_typeof(id), pg_typeof(name), pg_typeof(qty * 2), pg_typeof(big + small), pg_typeof(weight), pg_typeof(active), pg_typeof(category), pg_typeof(code), pg_typeof(small) FROM items WHERE id = 2
SELECT pg_typeof(count(*)), pg_typeof(sum(qty)), pg_typeof(avg(qty)), pg_typeof(sum(weight)) FROM items
SELECT pg_typeof(placed), pg_typeof(placed - 1), pg_typeof(placed - placed), pg_typeof(amount), pg_typeof(now()), pg_typeof(current_date), pg_typeof(interval '1 day' * 2) FROM orders WHERE id = 1
SELECT pg_typeof(ARRAY[1,2]), pg_typeof('{"a":1}'::jsonb), pg_typeof(1::int2), pg_typeof('x'::varchar(3)), pg_typeof(1/0)
SELECT pg_typeof(pg_typeof(1)), pg_typeof(1)::text, pg_typeof(price) = 'numeric'::regtype FROM items WHERE id = 1
SELECT id FROM items WHERE pg_typeof(price)::text = 'numeric' ORDER BY id
