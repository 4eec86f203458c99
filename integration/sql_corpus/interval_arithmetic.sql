-- Interval arithmetic (issue 11): interval * / a number (fractions cascade down), interval +/- interval,
-- - interval, sum / avg of intervals, date / timestamp / timestamptz mixed in - and comparisons.
SELECT interval '1 day 2 hours' * 2, interval '1 month' * 1.5, 2 * interval '3 hours', interval '1 mon' / 3, interval '10 days' / 4
SELECT interval '1 day' + interval '3 hours', interval '1 day' - interval '3 hours', -interval '1 day 2 mons', - (interval '-3 years 1 second')
SELECT created + interval '1 day' * qty, interval '1 hour' * qty / 7 FROM items ORDER BY id
SELECT interval '1 day' / 0
SELECT interval '2 days' * 'NaN'::float8
SELECT interval '1 mon 1 day' * 0.3, interval '1 mon 1 day' / 7, interval '25 hours 1.5 seconds' * 2.5, interval '1 year' * weight FROM items WHERE id < 4 ORDER BY id
SELECT interval '1 year' * 1e10
SELECT interval '2147483647 days' + interval '1 day'
SELECT interval '-2147483648 days' - interval '1 day', -interval '-2147483648 days'
SELECT sum(created - timestamptz '2024-01-01'), avg(created - timestamptz '2024-01-01'), sum(interval '1 hour' * qty) FROM items WHERE id <> 4
SELECT avg(interval '1 day') FROM items WHERE false
SELECT now() - placed > interval '1 day', created - placed FROM items, orders WHERE items.id = orders.id AND items.id <> 4 ORDER BY items.id
SELECT timestamp '2024-03-10 12:00' - date '2024-03-09', timestamptz '2024-03-10 12:00' - timestamp '2024-03-09 00:00'
SELECT count(*) FROM orders WHERE placed < timestamptz '2024-02-01 00:00+00'
SELECT count(*) FROM items WHERE created >= date '2024-03-01'
SELECT interval '1 day' > interval '23 hours', interval '1 mon' = interval '30 days', (interval '1 day' * 3) - interval '72 hours'
