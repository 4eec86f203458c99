-- sum and avg of intervals as window functions, over every frame kind, and as plain
-- aggregates (issue 11): PostgreSQL 15's values (interval_accum / interval_accum_inv).
SELECT id, sum(age(timestamptz '2024-12-31', created)) OVER (ORDER BY id) FROM items WHERE id <> 4 ORDER BY id
SELECT id, avg(make_interval(days => id, hours => qty)) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM items ORDER BY id
SELECT id, sum(interval '1 month 1 day 1 hour' * id) OVER w, avg(interval '1 month 1 day 1 hour' * id) OVER w FROM items WINDOW w AS (ORDER BY id ROWS 2 PRECEDING) ORDER BY id
SELECT id, category, sum(make_interval(mins => qty)) OVER (PARTITION BY category), avg(make_interval(secs => small)) OVER (PARTITION BY category ORDER BY id) FROM items ORDER BY id
SELECT id, sum(make_interval(days => qty)) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING EXCLUDE CURRENT ROW) FROM items ORDER BY id
SELECT id, avg((placed - date '2024-01-01') * interval '1 day') OVER (ORDER BY id RANGE BETWEEN 2 PRECEDING AND CURRENT ROW) FROM orders ORDER BY id
SELECT id, sum(CASE WHEN id % 2 = 0 THEN interval '1 day' END) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM items ORDER BY id
SELECT id, avg(interval '1 month' / id) OVER (ORDER BY id GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM items ORDER BY id
SELECT sum(make_interval(days => qty)), avg(make_interval(days => qty)), sum(interval '1 day') FILTER (WHERE active), avg(DISTINCT make_interval(hours => small)) FROM items
SELECT category, sum(make_interval(mins => qty)), avg(make_interval(months => small)) FROM items GROUP BY category ORDER BY category
SELECT sum(x), avg(x) FROM (SELECT make_interval(days => 1) WHERE false) AS t(x)
SELECT id, sum(make_interval(years => 100000000)) OVER (ORDER BY id) FROM items WHERE id <> 4 ORDER BY id
SELECT sum(DISTINCT x), avg(DISTINCT x), count(DISTINCT x) FROM (SELECT make_interval(days => id % 2) FROM items UNION ALL SELECT make_interval(hours => 24)) v(x)
SELECT id, sum(DISTINCT make_interval(days => qty)) OVER () FROM items
SELECT string_agg(name, ',' ORDER BY name) OVER () FROM items
