-- 42703 for a column no FROM item has, with PostgreSQL's HINT naming the closest column(s) (errorMissingColumn; issue 11).
SELECT nmae FROM items
SELECT items.nmae FROM items
SELECT i.nam FROM items i
SELECT naem, id FROM items i
SELECT x FROM items
SELECT idd FROM items, orders
SELECT i.idd FROM items i, orders o
SELECT o.nam FROM items i, orders o
SELECT amuont FROM items JOIN orders ON orders.item_id = items.id
SELECT id FROM items WHERE nmae = 'apple'
SELECT id FROM items ORDER BY pirce
SELECT id FROM items GROUP BY categry
SELECT count(*) FROM items HAVING max(qtty) > 1
SELECT (SELECT nmae FROM orders LIMIT 1) FROM items
SELECT id FROM items WHERE EXISTS (SELECT 1 FROM orders WHERE item_idd = items.id)
SELECT name FROM items i JOIN orders o ON o.note = (SELECT nmae FROM orders x LIMIT 1)
SELECT s.nmae FROM (SELECT name FROM items) s
SELECT nmae FROM (SELECT name AS nm, id AS nmea FROM items) s
WITH c AS (SELECT id, name FROM items) SELECT nme FROM c
SELECT item FROM orders
SELECT ide FROM items JOIN orders USING (id)
SELECT note2 FROM orders
SELECT na FROM items
SELECT abcdefgh FROM items
SELECT i.nam FROM items i JOIN orders o ON o.item_id = i.id
SELECT * FROM items i LEFT JOIN orders o ON o.id = i.id, LATERAL (SELECT amountt) x
SELECT id FROM items i WHERE i.pricee > 1
SELECT "Name" FROM items
SELECT tableoi FROM items
-- The table's own name where FROM gave it an alias: 42P01 with the alias in the HINT (errorMissingRTE).
SELECT items.name FROM items i
SELECT items.name FROM items i JOIN orders o ON o.item_id = i.id
SELECT o.x FROM items i
