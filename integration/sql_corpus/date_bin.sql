-- date_bin, date_trunc with a time zone, date + time[tz] and date - date (issue 11):
-- PostgreSQL 15's values, result types and errors (the session's TimeZone is
-- America/New_York).
SELECT date_bin('15 minutes', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01'), date_bin('15 minutes', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01 00:02:30')
SELECT date_bin('15 minutes', timestamp '2020-02-11 15:44:17', timestamp '2020-02-11 15:50:00'), date_bin('1 day 2 hours', timestamp '2020-02-11 15:44:17', timestamp '2030-01-01')
SELECT date_bin('1 day', timestamptz '2020-02-11 12:00', '2001-01-01'), date_bin('1 day', timestamp '2020-02-11 12:00', '2001-01-01'), date_bin('1 day', date '2020-02-11', date '2001-01-01'), date_bin('1 hour', '2020-02-11 12:34', '2001-01-01')
SELECT date_bin('1 microsecond', timestamp '2020-02-11 15:44:17.123456', timestamp '2001-01-01'), date_bin('7 days', timestamp 'infinity', timestamp '2001-01-01'), date_bin('7 days', timestamptz '-infinity', timestamptz '2001-01-01')
SELECT id, date_bin('6 hours', created, timestamptz '2000-01-01 00:00+00') FROM items ORDER BY id
SELECT id, date_bin('1 week', placed, timestamp '2024-01-01') FROM orders ORDER BY id
SELECT date_bin(NULL, timestamp '2020-02-11', timestamp '2001-01-01'), date_bin('1 day', NULL::timestamp, timestamp '2001-01-01'), date_bin('1 day', timestamp '2020-02-11', NULL)
SELECT date_bin('1 month', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01')
SELECT date_bin('1 year 1 day', timestamptz '2020-02-11 15:44:17', timestamptz '2001-01-01')
SELECT date_bin('0 minutes', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01')
SELECT date_bin('-1 minutes', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01')
SELECT date_bin('1 day -24 hours', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01')
SELECT date_bin('1 minute', timestamp '2020-02-11 15:44:17', timestamp 'infinity')
SELECT date_bin('106751991 days', timestamp '2020-02-11 15:44:17', timestamp '2001-01-01')
SELECT date_bin('1 day', timestamp '4000-01-01 BC', timestamp '294000-01-01')
SELECT date_bin('1 day', timestamp '4713-01-01 BC', timestamp '4713-01-01 BC 12:00')
SELECT date_trunc('day', timestamptz '2024-03-10 12:00+00', 'Asia/Tokyo'), date_trunc('hour', timestamptz '2024-03-10 12:34:56+00', 'Asia/Kolkata'), date_trunc('month', timestamptz '2024-03-10 03:00+00', 'UTC')
SELECT date_trunc('day', timestamptz '2024-03-10 12:00+00', 'EST'), date_trunc('day', timestamp '2024-03-10 12:00', 'UTC'), date_trunc('week', date '2024-03-13', 'Europe/Paris'), date_trunc('YEAR', '2024-03-10 12:00+00', 'America/Los_Angeles')
SELECT date_trunc('day', timestamptz '2024-03-10 12:00+00', '+05'), date_trunc('hour', timestamptz '2024-11-03 05:30+00', 'America/New_York'), date_trunc('hour', timestamptz '2024-11-03 06:30+00', 'America/New_York')
SELECT id, date_trunc('day', created, 'Europe/Berlin'), date_trunc('quarter', created, 'Australia/Sydney'), date_trunc('millennium', created, 'UTC') FROM items ORDER BY id
SELECT date_trunc('day', timestamptz 'infinity', 'Nowhere'), date_trunc('nosuchunit', timestamptz '-infinity', 'UTC'), date_trunc(NULL, now(), 'UTC'), date_trunc('day', now(), NULL)
SELECT date_trunc('day', now(), 'Nowhere/Bogus')
SELECT date_trunc('nosuchunit', now(), 'UTC')
SELECT date_trunc('nosuchunit', now(), 'Nowhere/Bogus')
SELECT date_trunc('nosuchunit', timestamp 'infinity'), date_trunc('nosuchunit', timestamptz '-infinity')
SELECT date_trunc('hour', timestamptz '2024-11-03 05:30+00'), date_trunc('minute', timestamptz '2024-11-03 06:30:45+00'), date_trunc('day', timestamptz '2024-11-03 05:30+00'), date_trunc('hour', timestamptz '2024-03-10 07:30+00')
SELECT date '2024-01-01' + time '10:00', time '10:00:01.5' + date '2024-01-01', date '2024-01-01' + timetz '10:00+02', timetz '10:00-03' + date '2024-01-01'
SELECT date 'infinity' + time '10:00', date '-infinity' + timetz '10:00+02', date '4714-11-24 BC' + time '00:00', date '294276-12-31' + time '23:59:59.999999'
SELECT date '294277-01-01' + time '00:00'
SELECT date '294276-12-31' + timetz '23:59:59-05'
SELECT date '4714-11-24 BC' + timetz '00:00+01'
SELECT placed + time '12:30', placed + timetz '12:30+05:30', time '23:59' + placed FROM orders ORDER BY id
SELECT date '2024-01-01' - time '10:00', timestamp '2024-01-01 08:00' + time '01:30', timestamptz '2024-01-01 08:00+00' - time '01:30'
SELECT date '2024-03-01' - date '2024-02-01', date '2024-01-01' - date '2024-12-31', placed - date '2024-01-01' FROM orders ORDER BY id
SELECT date 'infinity' - date '2023-01-01'
SELECT date '2023-01-01' - date '-infinity'
