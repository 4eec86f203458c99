-- generate_series with a step (issue 11): integers, numeric (scale as PostgreSQL's repeated addition),
-- timestamp / timestamptz by an interval (month steps clamp for good, days step in the session's
-- TimeZone), in FROM (aliases, WITH ORDINALITY, reading the tables on the left) and in a select list.
SELECT * FROM generate_series(1, 10, 3)
SELECT generate_series(10, 1, -4)
SELECT * FROM generate_series(timestamp '2024-01-01', timestamp '2024-01-03', interval '12 hours')
SELECT * FROM generate_series(timestamptz '2024-03-09', timestamptz '2024-03-12', interval '1 day')
SELECT generate_series(1.5, 3, 0.5)
SELECT * FROM generate_series(1, 3, 0)
SELECT generate_series(1, 5), generate_series(1, 3) AS g
SELECT * FROM generate_series(1, 3) g, generate_series(1, g) h ORDER BY 1, 2
SELECT g FROM generate_series(5, 1) g
SELECT x, x * 2 FROM generate_series(1, 9, 2) AS s(x) ORDER BY x DESC
SELECT * FROM generate_series(1, 4, 2) WITH ORDINALITY
SELECT * FROM generate_series(1, 4, 2) WITH ORDINALITY AS t(v, n)
SELECT generate_series(9000000000, 9000000003, 2), generate_series(1, NULL)
SELECT generate_series(0, 1, 0.3), generate_series(1, 0, -0.25)
SELECT generate_series(1.0, 3.0)
SELECT generate_series(1, 10, 'NaN'::numeric)
SELECT generate_series('NaN'::numeric, 10, 1)
SELECT generate_series(1, 'Infinity'::numeric, 1)
SELECT generate_series(0.0, 1.0, 0)
SELECT generate_series(timestamp '2024-01-31', timestamp '2024-12-31', interval '1 month')
SELECT d::date FROM generate_series(date '2024-01-01', date '2024-01-05', interval '1 day') d
SELECT generate_series(timestamptz '2024-11-02 01:30-04', timestamptz '2024-11-05', '1 day')
SELECT generate_series(timestamptz '2024-11-03 00:00-04', timestamptz '2024-11-03 03:00-05', '30 minutes')
SELECT generate_series(timestamp '2024-01-01', timestamp '2023-12-01', interval '-1 week')
SELECT generate_series(timestamp '2024-01-01', timestamp '2024-01-02', interval '0')
SELECT generate_series(timestamp '2024-01-01', timestamp '2024-01-02', interval '1 day -24 hours')
SELECT generate_series(timestamp '2024-01-01', timestamp '2024-02-01', interval '1 mon -28 days')
SELECT generate_series('2024-01-01', '2024-01-03', '1 day'::interval)
SELECT generate_series(date '2024-01-01', timestamp '2024-01-02 12:00', '12 hours')
SELECT count(*), min(g), max(g) FROM generate_series(1, 100000, 7) g
SELECT count(*) FROM generate_series(timestamptz '2020-01-31', timestamptz '2024-01-31', interval '1 month 1 hour') g
SELECT i.id, g FROM items i, generate_series(1, i.small) g WHERE i.id < 3 ORDER BY 1, 2
SELECT id, generate_series(1, qty, 4) FROM items WHERE id IN (1, 7) ORDER BY 1, 2
SELECT date_trunc('day', g) FROM generate_series(now() - interval '2 days', now(), interval '1 day') g
