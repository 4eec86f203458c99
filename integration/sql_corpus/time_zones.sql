-- AT TIME ZONE (issue 11): timestamptz -> the wall clock in a zone (timestamp), timestamp
-- -> the instant a zone's wall clock names (timestamptz); zone names, abbreviations
-- (fixed and dynamic), POSIX strings ('+05' and 'UTC+3' are WEST of UTC), intervals;
-- and make_timestamptz, whose numeric zones are ISO ('+05' is EAST). The session's
-- TimeZone is America/New_York.
SELECT timestamp '2024-03-10 12:00' AT TIME ZONE 'UTC' AS a, timestamptz '2024-03-10 12:00Z' AT TIME ZONE 'Asia/Tokyo' AS b
SELECT timestamp '2024-03-10 12:00' AT TIME ZONE '+05', timestamptz '2024-03-10 12:00Z' AT TIME ZONE '+05', timestamptz '2024-03-10 12:00Z' AT TIME ZONE 'EST', timestamptz '2024-03-10 12:00Z' AT TIME ZONE 'UTC+3'
SELECT timestamptz '2024-03-10 12:00Z' AT TIME ZONE interval '+05:30', timestamp '2024-03-10 12:00' AT TIME ZONE interval '-02:00', timestamptz '2024-03-10 12:00Z' AT TIME ZONE interval '90 minutes 30.7 seconds'
SELECT timestamp '2024-03-10 02:30' AT TIME ZONE 'America/New_York', timestamp '2024-11-03 01:30' AT TIME ZONE 'America/New_York', timestamp '2014-06-01 12:00' AT TIME ZONE 'MSK', timestamp '2024-06-01 12:00' AT TIME ZONE 'msk'
SELECT id, created AT TIME ZONE 'UTC', created AT TIME ZONE 'pst', created AT TIME ZONE 'europe/paris', timezone('Asia/Kolkata', created) FROM items ORDER BY id
SELECT id, (created AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' = created FROM items ORDER BY id
SELECT date '2024-01-01' AT TIME ZONE 'UTC', '2024-01-01 10:00' AT TIME ZONE 'UTC', 'infinity'::timestamp AT TIME ZONE 'UTC', '-infinity'::timestamptz AT TIME ZONE 'Asia/Tokyo'
SELECT placed, placed AT TIME ZONE 'Asia/Tokyo' FROM orders ORDER BY id
SELECT NULL::timestamptz AT TIME ZONE 'UTC', timestamptz '2024-01-01' AT TIME ZONE NULL
SELECT timestamptz '2024-03-10 12:00Z' AT TIME ZONE 'Nowhere'
SELECT timestamp '2024-03-10 12:00' AT TIME ZONE 'Mars/Olympus'
SELECT timestamptz '2024-03-10 12:00Z' AT TIME ZONE interval '1 day'
SELECT timestamp '2024-03-10 12:00' AT TIME ZONE interval '1 mon 2 hours'
SELECT timestamp '294276-12-31 23:00' AT TIME ZONE '-05'
SELECT make_timestamptz(2024, 3, 10, 2, 30, 0), make_timestamptz(2024, 3, 10, 2, 30, 0, 'UTC'), make_timestamptz(2024, 1, 1, 0, 0, 1.5, '+05'), make_timestamptz(2024, 1, 1, 0, 0, 1.5, 'Europe/Paris')
SELECT make_timestamptz(2024, 1, 10, 2, 30, 0, 'EST'), make_timestamptz(2024, 7, 10, 2, 30, 0, '-03:30'), make_timestamptz(2024, 7, 10, 2, 30, 0, 'UTC+3'), make_timestamptz(-44, 3, 15, 12, 0, 0, 'UTC')
SELECT make_timestamptz(qty, 1, 1, 0, 0, 0, 'UTC') FROM items WHERE qty > 0 ORDER BY id
SELECT make_timestamptz(2024, 13, 10, 2, 30, 0)
SELECT make_timestamptz(2024, 1, 10, 25, 30, 0, 'UTC')
SELECT make_timestamptz(2024, 1, 10, 2, 30, 0, 'Bogus')
SELECT make_timestamptz(2024, 1, 10, 2, 30, 0, '5')
SELECT make_timestamptz(2024, 1, 10, 2, 30, 0, '+16')
