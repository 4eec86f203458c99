-- to_timestamp / to_date with the common patterns and to_timestamp(seconds) (issue 11): separators match
-- any separator, fixed widths between numeric fields, PostgreSQL's errors.
SELECT to_date('2024-01-15xyz', 'YYYY-MM-DD'), to_timestamp('2024-1-5 3:4:5', 'YYYY-MM-DD HH24:MI:SS'), to_timestamp('05 Mar 2024 10:30 PM', 'DD Mon YYYY HH:MI AM'), to_timestamp('20240115', 'YYYYMMDD'), to_date('15/01/2024', 'DD/MM/YYYY'), to_timestamp('2024-01-15T10:30:00.123', 'YYYY-MM-DD"T"HH24:MI:SS.MS')
SELECT to_timestamp(1700000000), to_timestamp(0), to_timestamp(1700000000.5), to_timestamp(-1.25), to_timestamp('Infinity'::float8), pg_typeof(to_timestamp(1))
SELECT to_timestamp('NaN'::float8)
SELECT to_timestamp(1e20)
SELECT to_date('2024-02-30', 'YYYY-MM-DD')
SELECT to_date('2024-13-01', 'YYYY-MM-DD')
SELECT to_timestamp('2024-01-01 13:00 PM', 'YYYY-MM-DD HH12:MI PM')
SELECT to_date('2024-xx-01', 'YYYY-MM-DD')
SELECT to_date('20241', 'YYYYMMDD')
SELECT to_date('2024011', 'YYYYMMDD')
SELECT to_timestamp('2024-01-15 25:00', 'YYYY-MM-DD HH24:MI')
SELECT to_date('March 5, 2024', 'Month DD, YYYY'), to_date('5 DECEMBER 24', 'DD Month YY'), to_date('05-jan-1999', 'DD-Mon-YYYY'), to_date('05-jan-71', 'DD-MON-YY')
SELECT to_timestamp('2024/03/10 02:30', 'YYYY/MM/DD HH24:MI'), to_timestamp('2024-11-03 01:30', 'YYYY-MM-DD HH24:MI'), to_timestamp('2024-06-01 12:00:00.5', 'YYYY-MM-DD HH24:MI:SS.US')
SELECT to_timestamp('  2024  -  06 - 01', 'YYYY-MM-DD'), to_date('2024 06 01', 'YYYY-MM-DD'), to_date('2024.06.01', 'YYYY MM DD'), to_date('2024-6-1', 'FMYYYY-FMMM-FMDD')
SELECT to_date('Foo 5 2024', 'Mon DD YYYY')
SELECT to_char(placed, 'YYYY-MM-DD') = to_char(to_date(to_char(placed, 'YYYY-MM-DD'), 'YYYY-MM-DD'), 'YYYY-MM-DD') FROM orders ORDER BY id
SELECT to_date(note, 'YYYY-MM-DD') FROM orders WHERE id = 7
SELECT to_timestamp(extract(epoch from created)::float8) = created FROM items WHERE id < 4 ORDER BY id
SELECT to_date('2024x101', 'YYYYMMDD')
SELECT to_date('202401x1', 'YYYYMMDD')
SELECT to_date('2024011', 'YYYYMMDD')
