-- FETCH FIRST n ROWS WITH TIES (issue 11), with OFFSET, GROUP BY; ties' order is PostgreSQL's sort's own,
-- so queries with ties in the result sort them again outside.
SELECT id FROM (SELECT id FROM items ORDER BY active FETCH FIRST 2 ROWS WITH TIES) s ORDER BY id
SELECT id, category FROM items ORDER BY category FETCH FIRST 1 ROW WITH TIES
SELECT * FROM (SELECT id, category FROM items ORDER BY category NULLS FIRST OFFSET 1 ROWS FETCH FIRST 2 ROWS WITH TIES) s ORDER BY 2, 1
SELECT category, count(*) FROM items GROUP BY category ORDER BY count(*) DESC FETCH FIRST 1 ROWS WITH TIES
SELECT id, qty FROM items ORDER BY qty DESC NULLS LAST, id FETCH FIRST 3 ROWS WITH TIES
SELECT id FROM items ORDER BY active FETCH FIRST 0 ROWS WITH TIES
SELECT id FROM items ORDER BY active FETCH FIRST -1 ROWS WITH TIES
SELECT item_id, amount FROM orders ORDER BY item_id OFFSET 2 FETCH NEXT 1 ROWS WITH TIES
