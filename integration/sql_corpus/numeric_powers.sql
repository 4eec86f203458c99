-- numeric ^ numeric, power, exp, ln, log and log10 of numeric (issue 11): PostgreSQL 15's
-- values to the digit, its result scales, and its errors (2201F, 2201E, 22003, 22012).
SELECT 2.0 ^ 0.5, 2 ^ 0.5, 2.0 ^ 3, 2.0 ^ -2, 2 ^ 3
SELECT power(2.0, 0.5), power(10::numeric, 20), pow(1.5, 3), power(2::numeric, -1), power(0.5, 100), power(3.000000000000000001, 2), power(1.1, 1000)
SELECT 4.0 ^ 0.5, 100.0 ^ 0.5, 0.0625 ^ 0.25, 10.0 ^ -3, 1.0000001 ^ 10000000, 9.99 ^ 9.99, 0.001 ^ 0.001, 123456789.123 ^ 1.5
SELECT (-2.0) ^ 3, (-2.0) ^ 2, (-8.0) ^ 3.0, (-1.5) ^ -3, 0.0 ^ 0, 0.0 ^ 0.5, 0.0 ^ 2, 1.0 ^ 123456789012.5, 5.0 ^ 0, 2.5 ^ 1
SELECT 'NaN'::numeric ^ 0, 'NaN'::numeric ^ 1, 1::numeric ^ 'NaN', 2::numeric ^ 'NaN', 'Infinity'::numeric ^ 2, 'Infinity'::numeric ^ -2, '-Infinity'::numeric ^ 3, '-Infinity'::numeric ^ 2, '-Infinity'::numeric ^ -3
SELECT 2::numeric ^ 'Infinity', 0.5 ^ 'Infinity'::numeric, 2::numeric ^ '-Infinity', 0.5 ^ '-Infinity'::numeric, (-1)::numeric ^ 'Infinity', 0::numeric ^ 'Infinity'
SELECT id, price ^ 2, price ^ 0.5, amount ^ 3 FROM items LEFT JOIN orders USING (id) WHERE price > 0 ORDER BY id
SELECT 0.0 ^ -1
SELECT 0::numeric ^ '-Infinity'
SELECT (-2.0) ^ 0.5
SELECT '-Infinity'::numeric ^ 0.5
SELECT 10.0 ^ 200000
SELECT 10.0 ^ 131072
SELECT 0.1 ^ 1e5, 0.5 ^ 12345.5
SELECT exp(1.0), exp(0.0), exp(-1.0), exp(10::numeric), exp(100::numeric), exp(0.5), exp(1.00000000000000000000), exp(-50::numeric)
SELECT exp(5999::numeric) > 0, exp(-5999::numeric) = 0, exp(-6000::numeric), exp('NaN'::numeric), exp('Infinity'::numeric), exp('-Infinity'::numeric)
SELECT exp(6000::numeric)
SELECT ln(2.0), ln(10::numeric), ln(1.0), ln(0.5), ln(1.0000001), ln(0.99), ln(1e100), ln(1e-100), ln(123456789.987654321), ln(1.10), ln(0.90)
SELECT ln('Infinity'::numeric), ln('NaN'::numeric), ln(2.00000000000000000000000)
SELECT ln(0::numeric)
SELECT ln(-1.5)
SELECT ln('-Infinity'::numeric)
SELECT log(100.0), log10(1000::numeric), log(2.0, 64.0), log(10, 2.5), log(2, 10), log(0.5, 8), log(3.0, 1.0), log(1e50, 1e-50)
SELECT log(price), log10(amount), log(2, qty) FROM items JOIN orders USING (id) WHERE price > 0 AND amount > 0 AND qty > 0 ORDER BY id
SELECT log('Infinity'::numeric, 2), log(2, 'Infinity'::numeric), log('Infinity'::numeric, 'Infinity'), log('NaN'::numeric, 2)
SELECT log(1, 10.0)
SELECT log(0, 10.0)
SELECT log(10.0, 0)
SELECT log(-2, 10.0)
SELECT log(2, 'Infinity'::numeric * -1)
SELECT log(2.0::float8, 10)
SELECT ln(2), exp(1), log(100), power(2, 0.5::float8)
