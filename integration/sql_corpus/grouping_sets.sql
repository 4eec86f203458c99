-- GROUP BY ROLLUP / CUBE / GROUPING SETS and grouping() (issue 11): a UNION ALL of plain GROUP BY
-- queries, the left-out grouping expressions NULL; ORDER BY keys make the ties' order certain.
SELECT category, count(*) FROM items GROUP BY ROLLUP(category) ORDER BY 1, 2
SELECT category, active, count(*), sum(qty) FROM items GROUP BY ROLLUP(category, active) ORDER BY 1, 2
SELECT category, active, count(*), grouping(category, active), grouping(active) FROM items GROUP BY CUBE(category, active) ORDER BY 4, 1, 2
SELECT category, active, count(*) FROM items GROUP BY GROUPING SETS ((category), (active), ()) ORDER BY 1, 2, 3
SELECT category, active, max(price) AS top FROM items GROUP BY GROUPING SETS ((category, active), category) HAVING count(*) > 1 ORDER BY 1, 2
SELECT category, count(*) FROM items WHERE id < 7 GROUP BY ROLLUP(category) ORDER BY count(*) DESC, 1
SELECT coalesce(category, 'all') AS c, count(*) FROM items GROUP BY ROLLUP(category) ORDER BY 1, 2
SELECT category, active, count(*) FROM items GROUP BY category, ROLLUP(active) ORDER BY 1, 2
SELECT category, grouping(category) FROM items GROUP BY category ORDER BY 1
SELECT placed, item_id, sum(amount) FROM orders GROUP BY ROLLUP(placed, item_id) ORDER BY 1, 2 LIMIT 5
SELECT category, count(*) FROM items GROUP BY ROLLUP(category) ORDER BY 1 LIMIT 2 OFFSET 1
SELECT category, count(*) FROM items GROUP BY ROLLUP(category) ORDER BY 1, 2 LIMIT 2 OFFSET 3
WITH f AS (SELECT * FROM items WHERE active) SELECT category, sum(qty) FROM f GROUP BY ROLLUP(category) ORDER BY 1, 2
SELECT category, active, count(*) FROM items GROUP BY GROUPING SETS (category, ROLLUP(active)) ORDER BY 1, 2, 3
SELECT category, count(*) FROM items GROUP BY ROLLUP(category, nosuch)
SELECT category, name, count(*) FROM items GROUP BY ROLLUP(category) ORDER BY 1
