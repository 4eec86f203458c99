-- EXECUTE's arguments are assigned to the parameters' types: an expression whose type
-- has no implicit or assignment cast to the parameter's is 42804 at the argument; a
-- sub-select in one is 0A000 at the sub-select.
PREPARE eat_int (int) AS SELECT $1
EXECUTE eat_int(now())
EXECUTE eat_int(current_date)
EXECUTE eat_int(true)
EXECUTE eat_int(1.5)
EXECUTE eat_int(2 + 3)
EXECUTE eat_int('7')
EXECUTE eat_int(length('abc'))
EXECUTE eat_int( interval '1 day' )
EXECUTE eat_int('x' || 'y')
EXECUTE eat_int((SELECT max(id) FROM items))
EXECUTE eat_int(1 + (SELECT 1))
EXECUTE eat_int(CASE WHEN EXISTS (SELECT 1 FROM items) THEN 1 END)
PREPARE eat_date (date) AS SELECT $1
EXECUTE eat_date(now())
EXECUTE eat_date(1)
EXECUTE eat_date(timestamp '2024-01-02 03:04')
EXECUTE eat_date(now() - now())
PREPARE eat_text (text) AS SELECT $1
EXECUTE eat_text(now() - timestamptz '2024-01-01 00:00+00' > interval '1 day')
EXECUTE eat_text(42)
PREPARE eat_bool (bool) AS SELECT $1
EXECUTE eat_bool(1)
EXECUTE eat_bool(1 > 0)
DEALLOCATE eat_int
DEALLOCATE eat_date
DEALLOCATE eat_text
DEALLOCATE eat_bool
