-- format() (issue 11): %s, %I, %L with positions, widths and PostgreSQL's errors.
SELECT format('Hello %s, %I, %L', 'world', 'My Col', 'it''s'), format('%s-%s', 1, NULL), format('%3$s %1$s', 'a', 'b', 'c')
SELECT format('%I.%I', 'public', 'select'), format('%L', NULL), format('%L', 'a\b'), format('100%%'), format(NULL, 1)
SELECT format('|%10s|%-10s|%*s|%-*s|', 'right', 'left', 6, 'w', 6, 'w'), format('|%*s|', -4, 'x'), format('%2$s %s %1$s', 'a', 'b')
SELECT format('%s', id), format('%s %L %s', price, created, active), format('[%5s]', name) FROM items ORDER BY id
SELECT format('%s')
SELECT format('%x', 1)
SELECT format('%I', NULL)
SELECT format('%0$s', 'a')
SELECT format('abc %')
