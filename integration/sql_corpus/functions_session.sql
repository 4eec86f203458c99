-- Session functions (issue 11): the clocks are the transaction's start, the identity
-- and settings the session's. Values that differ between servers (the clock, the
-- user, the pid, version()) are compared, not printed: tests/test_translated_session_functions.cpp
-- and 000_frontend_test check them.
SELECT now() = current_timestamp, now() = now(), current_date = now()::date, now() = transaction_timestamp()
SELECT statement_timestamp() >= now(), clock_timestamp() >= statement_timestamp()
SELECT localtimestamp = now()::timestamp, current_time = now()::timetz, localtime = now()::time
SELECT current_user = session_user, current_user = user, current_role = current_user
SELECT current_database() = current_catalog, current_schema, current_schema()
SELECT current_setting('TimeZone'), current_setting('DateStyle'), current_setting('timezone')
SELECT current_setting('no_such_setting')
SELECT current_setting('no.such_setting', true)
SELECT pg_backend_pid() > 0, pg_backend_pid() = pg_backend_pid()
SELECT count(*) FROM items WHERE created < now()
-- pg_sleep returns void ('' in text; NULL for NULL), typed void (issue 11).
SELECT pg_sleep(0), pg_sleep(0.01::numeric), pg_sleep(NULL) IS NULL, pg_sleep(-1)::text = ''
SELECT format_type(o, NULL) FROM unnest(ARRAY[22, 30, 194, 1034, 2249, 2276, 2278, 2287, 1263]::oid[]) o ORDER BY o
-- pg_sleep_for(interval) and pg_sleep_until(timestamptz): pg_sleep of the seconds from clock_timestamp().
SELECT pg_sleep_for('10 milliseconds'), pg_sleep_until(now() + interval '10 ms'), pg_sleep_for(NULL) IS NULL, pg_sleep_until(NULL) IS NULL
SELECT pg_typeof(pg_sleep_for('1 ms')), pg_typeof(pg_sleep_until('2000-01-01')), pg_sleep_for('-1 day')::text = '', pg_sleep_until(now()::timestamp - interval '1 hour') IS NOT NULL
SELECT pg_sleep_for('x')
SELECT pg_sleep_until('nope')
-- ... cancelled by statement_timeout as any statement (57014).
SET statement_timeout = '100ms'
SELECT pg_sleep_for('1 minute')
SELECT pg_sleep_until(now() + interval '1 hour')
RESET statement_timeout
