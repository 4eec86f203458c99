-- Date/time arithmetic and date_trunc (issue 11): PostgreSQL's result types, the
-- session's TimeZone (America/New_York: DST steps) and errors.
SELECT '2024-02-29'::date + 1, 1 + '2024-02-28'::date, '2024-03-01'::date - 1, '2024-03-01'::date - '2024-02-01'::date
SELECT placed + 30, placed - 1, placed - '2024-01-01'::date FROM orders ORDER BY id
SELECT 'infinity'::date + 1, '-infinity'::date - 1
SELECT '2024-01-31'::date + 2147483647
SELECT 'infinity'::date - '2024-01-01'::date
SELECT created + interval '1 hour', created - interval '1 day', created + interval '1 month', created - interval '1 year 2 mons 3 days 04:05:06.789' FROM items ORDER BY id
SELECT timestamptz '2024-03-09 12:00-05' + interval '1 day', timestamptz '2024-03-09 12:00-05' + interval '24 hours', timestamptz '2024-11-02 01:30-04' + interval '1 day'
SELECT timestamp '2024-01-31 10:00' + interval '1 month', timestamp '2024-03-31 10:00' - interval '1 month', interval '2 days' + timestamp '2024-02-28 00:00'
SELECT date '2024-01-31' + interval '1 month', date '2024-03-10' - interval '1 hour', interval '1 day' + date '2024-12-31'
SELECT created - timestamptz '2024-01-01 00:00+00', now() - now() FROM items WHERE id <> 4 ORDER BY id
SELECT timestamp '2024-03-01 00:00' - timestamp '2024-02-28 12:30:15.5', timestamp '2024-01-01' - timestamp '2024-03-01'
SELECT 'infinity'::timestamptz - now()
SELECT timestamptz '294270-01-01' + interval '100 years'
SELECT date_trunc('month', created), date_trunc('day', created), date_trunc('hour', created), date_trunc('year', created) FROM items ORDER BY id
SELECT date_trunc('week', created), date_trunc('quarter', created), date_trunc('minute', created), date_trunc('second', created), date_trunc('milliseconds', created) FROM items ORDER BY id
SELECT date_trunc('decade', created), date_trunc('century', created), date_trunc('millennium', created), date_trunc('microseconds', created) FROM items ORDER BY id
SELECT date_trunc('month', timestamp '2024-02-29 10:11:12'), date_trunc('DAY', timestamp '2024-02-29 10:11:12'), date_trunc('week', timestamp '2024-03-03 10:00')
SELECT date_trunc('day', timestamptz '2024-03-10 12:00-04'), date_trunc('day', timestamptz '2024-11-03 12:00-05'), date_trunc('hour', timestamptz '2024-11-03 01:30-05')
SELECT date_trunc('foo', created) FROM items
SELECT date_trunc('foo', timestamp '2024-01-01')
SELECT count(*) FROM items WHERE created > now() - interval '100 years'
SELECT date_trunc('month', created) FROM items ORDER BY id
SELECT '2024-02-29'::date + 1, created - interval '1 hour' FROM items ORDER BY id
SELECT extract(year from created), extract(month from created), extract(day from created), extract(hour from created), extract(minute from created), extract(second from created) FROM items ORDER BY id
SELECT extract(epoch from created), extract(milliseconds from created), extract(microseconds from created), extract(dow from created), extract(isodow from created), extract(doy from created) FROM items ORDER BY id
SELECT extract(week from created), extract(quarter from created), extract(decade from created), extract(century from created), extract(millennium from created) FROM items ORDER BY id
SELECT date_part('year', created), date_part('second', created), date_part('epoch', created), date_part('dow', created) FROM items ORDER BY id
SELECT extract(year from placed), extract(doy from placed), extract(epoch from placed), extract(week from placed), date_part('day', placed), date_part('epoch', placed) FROM orders ORDER BY id
SELECT extract(hour from placed) FROM orders
SELECT extract(year from timestamp '0001-06-01 BC'), extract(century from timestamp '0001-06-01 BC'), extract(decade from timestamp '0005-06-01 BC'), extract(week from date '2021-01-01'), extract(week from date '2020-12-31'), extract(week from date '2024-12-30')
SELECT extract(YEAR from 'infinity'::date), extract(epoch from '-infinity'::timestamptz), extract(day from 'infinity'::timestamp), date_part('year', 'infinity'::timestamp)
SELECT make_date(2024, 2, 29), make_date(-44, 3, 15), make_date(qty, 1, 1) FROM items WHERE qty > 0 ORDER BY id
SELECT make_date(2023, 2, 29)
SELECT make_date(0, 1, 1)
SELECT make_date(6000000, 1, 1)
SELECT age(timestamp '2024-03-31 10:00', timestamp '2024-02-29 12:30'), age(timestamp '2024-01-01', timestamp '2024-03-15 01:02:03.5'), age(timestamp '2024-03-01', timestamp '2023-01-31')
SELECT age(created, timestamptz '2020-01-15 08:00+00'), age(timestamptz '2020-01-15 08:00+00', created) FROM items WHERE id <> 4 ORDER BY id
SELECT age(created) > interval '0', age(current_date::timestamp) FROM items WHERE id <> 4 ORDER BY id
SELECT age(placed::timestamp, '2020-01-01'), age('2030-06-15 12:00', placed::timestamp), age(created, '2020-01-15 08:00+00') FROM orders, items WHERE orders.item_id = items.id AND items.id <> 4 ORDER BY orders.id
SELECT to_char(created, 'YYYY-MM-DD HH24:MI:SS'), to_char(created, 'DD Mon YYYY HH12:MI AM'), to_char(created, 'Day, FMDay FMMonth DD YY'), to_char(created, 'MONTH month DY dy D DDD Q') FROM items ORDER BY id
SELECT to_char(created, 'YYYY-MM-DD"T"HH24:MI:SS.US'), to_char(created, 'HH:MI:SS.MS pm'), to_char(created::timestamp, 'FMMM/FMDD/YYYY FMHH12 PM') FROM items ORDER BY id
SELECT to_char(timestamp '0044-03-15 12:00 BC', 'YYYY-MM-DD'), to_char(timestamp '2024-01-07 00:05', 'Dy D HH12 AM "quoted: YYYY"')
-- date_trunc, age and to_char of dates read them as timestamptz (midnight in the session's TimeZone)
SELECT date_trunc('month', placed) FROM orders ORDER BY id
SELECT date_trunc('week', placed), date_trunc('year', placed), date_trunc('hour', placed) FROM orders ORDER BY id
SELECT date_trunc('month', date '2024-05-17'), date_trunc('quarter', current_date) <= now()
SELECT to_char(placed, 'YYYY-MM-DD') FROM orders ORDER BY id
SELECT to_char(placed, 'Day DD Mon YYYY HH24:MI:SS'), to_char(date '2024-05-17', 'FMMonth FMDD, YYYY') FROM orders ORDER BY id
SELECT age(date '2024-06-15', placed) FROM orders WHERE placed IS NOT NULL ORDER BY id
SELECT age(timestamp '2024-06-15 12:00', placed), age(placed, timestamptz '2020-02-29 12:00+00') FROM orders ORDER BY id
SELECT age(placed) > interval '1 day', age(placed, placed) FROM orders ORDER BY id
-- justify_days / justify_hours / justify_interval and make_interval
SELECT justify_days(interval '35 days'), justify_days(interval '-35 days'), justify_days(interval '1 mon -5 days'), justify_days(interval '-1 mon 5 days')
SELECT justify_hours(interval '27 hours'), justify_hours(interval '-27 hours'), justify_hours(interval '1 day -1 hour'), justify_hours(interval '-1 day 1 hour')
SELECT justify_interval(interval '1 mon -1 hour'), justify_interval(interval '-1 mon 1 hour'), justify_interval(interval '65 days 30 hours'), justify_interval(interval '-65 days -30 hours')
SELECT justify_days(NULL::interval), justify_interval('36 hours'), justify_hours(age(timestamp '2024-06-15 12:00', timestamp '2024-01-01 23:00'))
SELECT justify_interval(make_interval(hours => qty * 7)), justify_days(make_interval(days => qty)) FROM items ORDER BY id
SELECT make_interval(1, 2, 3, 4, 5, 6, 7.5), make_interval(), make_interval(days => 3), make_interval(hours => -1, secs => 0.000001)
SELECT make_interval(years => qty), make_interval(mins => 90, days => small) FROM items ORDER BY id
SELECT make_interval(0, 0, 0, 0, 0, 0, weight) FROM items WHERE id < 4 ORDER BY id
SELECT make_interval(secs => 'NaN')
SELECT make_interval(0, 0, 0, 0, 0, 0, 'Infinity')
SELECT make_interval(1, 2, 3, 4, 5, 6, 7, 8)
SELECT make_interval(days => 1, nope => 2)
-- make_timestamp (22008: date field / time field / timestamp out of range)
SELECT make_timestamp(2024, 1, 2, 3, 4, 5.5), make_timestamp(-1, 1, 1, 0, 0, 0), make_timestamp(2024, 1, 1, 24, 0, 0), make_timestamp(2024, 1, 1, 23, 59, 60)
SELECT make_timestamp(2024, 2, 29, qty % 24, small % 60, weight) FROM items WHERE id IN (1, 2, 3) ORDER BY id
SELECT make_timestamp(2024, 1, 1, 1, 2, 3.0000005), make_timestamp(1999, 12, 31, 24, 0, 0), make_timestamp(NULL, 1, 1, 0, 0, 0)
SELECT make_timestamp(0, 1, 1, 0, 0, 0)
SELECT make_timestamp(2024, 2, 30, 0, 0, 0)
SELECT make_timestamp(2024, 13, 1, 1, 2, 3)
SELECT make_timestamp(2024, 1, 1, 24, 0, 0.5)
SELECT make_timestamp(2024, 1, 1, 1, 60, 0)
SELECT make_timestamp(2024, 1, 1, 1, 2, 61.5)
SELECT make_timestamp(2024, 1, 1, 1, 2, 'NaN')
SELECT make_timestamp(300000, 1, 1, 1, 2, 3)
SELECT make_timestamp(2024, 1, 1, -1, 2, 3)
SELECT isfinite(date 'infinity'), isfinite(date '2024-01-01'), isfinite(now()), isfinite(timestamp '-infinity'), isfinite(interval '1 day'), isfinite(NULL::date), isfinite(created), isfinite(placed) FROM items, orders ORDER BY items.id, orders.id LIMIT 3
-- time +/- interval, date + time, date_trunc in a time zone (issue 11).
SELECT '10:00'::time + interval '3 hours', '23:30'::time + interval '1 day 45 minutes', '00:10'::time - interval '20 minutes', interval '90 minutes' + '22:00'::time
SELECT '2024-02-29'::date + '13:45:10'::time, '09:00'::time + '2024-01-01'::date, 'infinity'::date + '01:00'::time, pg_typeof('2024-02-29'::date + '13:45'::time)
SELECT placed + '12:00'::time FROM orders ORDER BY id
SELECT date_trunc('day', created, 'Asia/Tokyo'), date_trunc('month', created, 'UTC'), date_trunc('hour', created, '+05') FROM items ORDER BY id
SELECT date_trunc('day', '2024-03-10 12:00+00'::timestamptz, 'America/Los_Angeles'), date_trunc('day', '2024-03-10', 'Europe/Paris')
SELECT date_trunc('day', now(), 'Nowhere/Bogus')
SELECT '10:00+02'::timetz + interval '1 hour', '10:00+02'::timetz - interval '25 hours', interval '1 day 1 month 3 hours' + '23:00-05:30'::timetz, '00:00+00'::timetz - interval '1 microsecond', pg_typeof('10:00+02'::timetz + interval '1 hour')
SELECT '10:00+02'::timetz + NULL::interval, '24:00+01'::timetz + interval '0'
SELECT timeofday() ~ '^[A-Z][a-z]{2} [A-Z][a-z]{2} \d\d \d\d:\d\d:\d\d\.\d{6} \d{4} [A-Z]+$', pg_typeof(timeofday())
