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
-- to_char of an interval: its own fields (hours not wrapped into days, negative fields one place wider).
SELECT to_char(interval '1 day 03:04:05.678', 'HH24:MI:SS.MS DD'), to_char(interval '-5 years 2 mons', 'YYYY MM'), to_char(interval '30 hours', 'HH24 HH12 HH DD')
SELECT to_char(interval '1 year 3 mons 4 days', 'YY-MM-DD DDD'), to_char(interval '-1 hour -30 minutes -1.5 seconds', 'HH24:MI:SS.US MS'), to_char(interval '0', 'FMHH24:FMMI "x"')
SELECT to_char(interval '2 mons 40 days 100:00:00', 'FMYYYY FMMM FMDD FMDDD FMHH12'), to_char(interval '-3 days -12:00', 'DD HH12 HH24'), to_char(NULL::interval, 'HH24'), to_char(interval '-14 mons', 'YY MM YYYY')
SELECT id, to_char((placed - date '2023-12-01') * interval '1 day' + interval '90 minutes', 'DDD HH24 MI') FROM orders ORDER BY id
-- extract / date_part of intervals (the time split toward zero; epoch with 365.25-day years).
SELECT extract(epoch FROM interval '1 year 1 month 2 days 03:04:05.678'), date_part('epoch', interval '1 year 1 month 2 days 03:04:05.678'), extract(microseconds FROM interval '-1 min -5.5 s'), extract(milliseconds FROM interval '5.5 s'), extract(second FROM interval '65.25 s'), extract(minute FROM interval '-125 min'), extract(hour FROM interval '-27 hours'), extract(day FROM interval '40 days'), extract(month FROM interval '-14 months'), extract(quarter FROM interval '-14 months'), extract(year FROM interval '-14 months'), extract(decade FROM interval '25 years'), extract(century FROM interval '250 years'), extract(millennium FROM interval '2500 years')
SELECT extract(dow FROM interval '1 day')
SELECT date_part('hour', interval '5 hours'), date_part('second', interval '5.5 s'), extract(epoch FROM (timestamp '2024-01-02' - timestamp '2024-01-01')), extract(epoch FROM created - created) FROM items ORDER BY id
SELECT timestamp '2024-01-01' + '1 day', '1 day' + timestamp '2024-01-01', timestamptz '2024-01-01 00:00+00' + '1 day 2 hours'
SELECT time '10:00' + '1 hour', '1 hour' + time '10:00', now() + '1 day' > now(), interval '1 day' + '2 hours', timestamp '2024-01-01' + NULL
SELECT date '2024-01-01' - '2023-12-01', '2024-01-02' - date '2024-01-01'
SELECT date '2024-01-01' + '10:00'
SELECT '1 day' + date '2024-01-01'
SELECT timetz '10:00+02' + '1 hour'
SELECT NULL + date '2024-01-01'
SELECT timestamptz '2024-01-01' - '1 day'
SELECT 1 + now()
SELECT now() - 1
SELECT 1.5 + interval '1 day'
SELECT time '10:00' + 1
SELECT date '2024-01-01' + 1::bigint
SELECT 1 - date '2024-01-01'
SELECT 2::int2 + date '2024-01-01', date '2024-01-01' - 3, date '2024-01-10' - 3::int2, date '2024-01-01' + 1
SELECT time '10:00' - time '01:00', time '01:00' - time '10:00', time '23:59:59.999999' - time '00:00', time '10:00' - '01:00', pg_typeof(time '10:00' - time '01:00')
SELECT time '10:00' - time '01:00' + interval '1 hour', (time '10:00' - time '01:00') * 2, (time '10:00' - NULL::time) IS NULL
