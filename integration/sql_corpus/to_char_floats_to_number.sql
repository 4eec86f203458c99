-- to_char of double precision and real, EEEE, TH, RN, V, and to_number (issue 11), as
-- PostgreSQL 15 under the C locale.
SELECT id, to_char(weight, '9.999'), to_char(weight, 'FM9990.00'), to_char(weight, '9.99EEEE'), to_char(weight, 'S9G999D9') FROM items ORDER BY id
SELECT to_char(1234.5::float8, 'FM9,999.00'), to_char(-0.1::float8, '0.9'), to_char(12.5::float4, '99.9'), to_char(0.5::float8, 'FM9.99'), to_char(-12.5::float8, '99.99PR')
SELECT to_char(123456789.123456789::float8, '999999999.999999999'), to_char(1.0/3, '0.99999999999999999999'), to_char((1.0/3)::float8, '0.99999999999999999999'), to_char((1.0/3)::float4, '0.9999999999')
SELECT to_char(123456, '999'), to_char(123.456::float8, '99.9'), to_char('NaN'::float8, '999.9'), to_char('Infinity'::float8, '999'), to_char('-Infinity'::float8, 'S999.9')
SELECT to_char(2.5::float8, '9'), to_char(3.5::float8, '9'), to_char(-2.5::float8, '9'), to_char(0.125::float8, '0.99'), to_char(1e-7::float8, '0.9999999999')
SELECT to_char(12345.678, '9.99EEEE'), to_char(0.00012, '9.9EEEE'), to_char(1e300::float8, '9.99EEEE'), to_char(-5::numeric, '9.99EEEE'), to_char(0, '9.99EEEE'), to_char(0::numeric, '9.99EEEE')
SELECT to_char(9.999, '9.99EEEE'), to_char(125, '9.9EEEE'), to_char(125::numeric, '9.9EEEE'), to_char(125::bigint, '9.9EEEE'), to_char(12345, '9EEEE'), to_char('NaN'::numeric, '99.99EEEE'), to_char('Infinity'::float8, '9.9EEEE')
SELECT to_char(amount, '9.999EEEE') FROM orders ORDER BY id
SELECT to_char(1, '9.99EEEE9')
SELECT to_char(1, 'FM9.99EEEE')
SELECT to_char(1, '9.9EEEEEEEE')
SELECT to_char(1, '9th'), to_char(2, '99TH'), to_char(3, 'FM9th'), to_char(11, '99th'), to_char(22, 'FM99TH'), to_char(103, '999th'), to_char(-1, '9th'), to_char(12, '99.9th'), to_char(1000, '99th')
SELECT to_char(qty, 'FM999th'), to_char(small, '99999TH'), to_char(big, 'FM9999999999th') FROM items ORDER BY id
SELECT to_char(2.5::float8, 'FM9th'), to_char(21::numeric, 'FM99th'), to_char(112::numeric, '999TH')
SELECT to_char('NaN'::float8, '999th')
SELECT to_char(485, 'RN'), to_char(3, 'FMRN'), to_char(1999, 'rn'), to_char(4000, 'RN'), to_char(0, 'RN'), to_char(2.5::float8, 'RN'), to_char(3.5::numeric, 'FMRN'), to_char(49::bigint, 'FMrn')
SELECT to_char(3000000000::numeric, 'RN')
SELECT to_char(qty, 'FMRN') FROM items ORDER BY id
SELECT to_char(12, '99V9'), to_char(12.45::numeric, '99V99'), to_char(-12.4::float8, '99V9'), to_char(5, 'FM9V999'), to_char(1.5, '9V9')
SELECT to_char(1, '9V9.9')
SELECT to_char(12, 'B99'), to_char(12, 'C99'), to_char(12, 'SP99'), to_char(12, '99 "abc"'), to_char(12, 'x9y9z'), to_char(12, 'E99'), to_char(12, 'T9')
SELECT to_char(weight, 'FMRN'), to_char(weight, '99th') FROM items WHERE id IN (1, 7) ORDER BY id
SELECT to_number('12,454.8-', '99G999D9S'), to_number('-34,338,492', '99G999G999'), to_number('$1,234.56', 'L9,999.99'), to_number('5.01', 'FM9.99')
SELECT to_number('<12>', '99PR'), to_number('12-', '99MI'), to_number('+5', 'S9'), to_number('1,000', '9G999'), to_number('  42', '9999'), to_number('3rd', '9th')
SELECT to_number('12345', '99'), to_number('1.2345', '9.99'), to_number('.5', '.9'), to_number('007', '000'), to_number('1 2 3', '9 9 9')
SELECT to_number('abc', '999')
SELECT to_number('', '999')
SELECT to_number('5', '')
SELECT to_number('1', '9.9EEEE')
SELECT to_number('1', 'RN')
SELECT to_number(name, '999'), to_number(code, '9999') FROM items WHERE id = 6
SELECT to_number(note, '9') FROM orders WHERE id = 7
SELECT pg_typeof(to_number('1', '9')), pg_typeof(to_char(1.5::float4, '9'))
