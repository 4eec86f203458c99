-- A function neither PostgreSQL nor SQLite has (a typo): 42883 function name(argument types) does not
-- exist at the call, with PostgreSQL's HINT (issue 11; was "function x does not exist" without them).
SELECT uuid_generate_v4()
SELECT lenght('x')
SELECT lenght(name), id FROM items
SELECT nosuch(1, 2.5, NULL, now())
SELECT id FROM items WHERE foo(id) > 1
SELECT pg_nosuch()
SELECT count(*) FROM items WHERE upper(name) = 'APPLE'
UPDATE items SET qty = qty WHERE nosuch(id)
DELETE FROM orders WHERE nosuch(note) = 1
