-- Rounding and arithmetic functions, GREATEST / LEAST (issue 11): PostgreSQL's
-- result types (an integer argument takes the float8 version), values and errors.
SELECT round(2.5), round(-2.5), round(2.567, 2), round(1234.5, -2), round(0.5::float8), round(1.5::float8), round(2.5::float8), round(5)
SELECT round(price), round(price, 1), round(price, -1), round(weight), round(amount, 3) FROM items LEFT JOIN orders ON orders.id = items.id ORDER BY items.id
SELECT trunc(2.567, 2), trunc(-2.567), trunc(-2.5::float8), trunc(1234.5, -2), trunc(7)
SELECT ceil(2.1), ceil(-2.1), ceiling(2.0), floor(2.9), floor(-2.1), ceil(-0.5::float8), floor(7), ceil(price), floor(weight) FROM items ORDER BY id
SELECT sign(-2.5), sign(0.0), sign(3::float8), sign(-7), sign(price), sign(weight) FROM items ORDER BY id
SELECT sqrt(16), sqrt(2), sqrt(2::float8), sqrt(weight) FROM items WHERE id <> 5 ORDER BY id
SELECT sqrt(-1::float8)
SELECT power(2, 10), pow(2.5::float8, 2), power(qty, 2) FROM items ORDER BY id
SELECT power(0, -1)
SELECT mod(10, 3), mod(-10, 3), mod(10.5, 3), mod(big, 7), mod(small, 3::smallint), mod(qty, 4) FROM items ORDER BY id
SELECT mod(5, 0)
SELECT greatest(1, 2, 3), least(1, 2, 3), greatest(1, NULL, 3), least(NULL, NULL), greatest(1, 2.5), least('b', 'a', 'c')
SELECT greatest(qty, small), least(price, qty), greatest(name, category), least(weight, 1) FROM items ORDER BY id
SELECT random() >= 0 AND random() < 1, random() = random()
SELECT abs(round(-2.5)), round(abs(-2.5)), ceil(sqrt(10))
SELECT greatest(1, 2, NULL), least(price, 2) FROM items ORDER BY id
-- sqrt of numeric (at least 16 significant digits, exactly rounded), and the statistical
-- aggregates computed as PostgreSQL 15 computes them (numeric exact, float8 by Youngs-Cramer).
SELECT sqrt(2::numeric), sqrt(0::numeric), sqrt(100::numeric), sqrt(0.0001), sqrt(1e20::numeric), sqrt(2.00000000000000000000001), sqrt(12345678.9), sqrt(0.5), sqrt('NaN'::numeric), sqrt('Infinity'::numeric), sqrt(price) FROM items ORDER BY id
SELECT sqrt(-1::numeric)
SELECT stddev(price), variance(price), stddev_pop(price), var_pop(price), stddev_samp(qty), var_samp(big), stddev(weight), variance(weight), stddev_pop(weight), var_pop(weight) FROM items
SELECT stddev(DISTINCT qty), variance(price) FILTER (WHERE active), stddev(x), variance(x) FROM items, (VALUES (1.5), (2.25), (3)) v(x)
SELECT stddev(x), stddev_pop(x), var_pop(x) FROM (VALUES ('NaN'::numeric)) v(x)
SELECT stddev(x), variance(x) FROM (VALUES (1), (1)) v(x)
SELECT stddev(x), var_pop(x) FROM (VALUES ('Infinity'::float8), (1)) v(x)
SELECT var_samp(x), stddev(x) FROM (VALUES (10000000000.123::numeric), (3), (7.5)) v(x)
SELECT corr(y, x), covar_pop(y, x), covar_samp(y, x), regr_slope(y, x), regr_intercept(y, x), regr_r2(y, x), regr_count(y, x), regr_avgx(y, x), regr_avgy(y, x), regr_sxx(y, x), regr_syy(y, x), regr_sxy(y, x) FROM (VALUES (1::float8, 2::float8), (2, 3), (4, 7), (NULL, 1)) v(y, x)
SELECT corr(qty, price), covar_samp(id, qty), regr_slope(weight, big) FROM items
SELECT corr(y, x) FROM (VALUES (1, 1), (1, 2)) v(y, x)
SELECT category, stddev(price), corr(qty, weight) FROM items GROUP BY category ORDER BY 1
SELECT cbrt(27), cbrt(-8::float8), cbrt(2.5), cbrt(price), cbrt(weight) FROM items ORDER BY id
SELECT power(2::numeric, 0.5::float8), pg_typeof(power(2::numeric, 0.5::float8)), power(2.5, 2::float8), pow(2::float4, 3::numeric), 2.5 ^ 2::float8, pg_typeof(2.5 ^ 2::float8)
SELECT 5 / 2, 5 % 3, -5 / 2, 5.0 / 2, 2 ^ 10, |/ 16, @ -5, 10::numeric / 3, round(10::numeric / 3, 2), 1e10::int8 * 1000
SELECT mod(-7, 3), div(-7, 3), gcd(12, 18), lcm(4, 6), factorial(5), trim_scale(1.500), scale(1.500), min_scale(1.500)
SELECT |/ 16.0, ||/ 27, @ -5.5, @ -3::int2, pg_typeof(@ -3::int2), |/ '2', @ -1.5::float4, pg_typeof(|/ 16.0)
SELECT |/ -1
SELECT div(7.5, 2), div(-7.5, 2), div(9, 3), div(1, 3), div('NaN', 1), div('Infinity', -2), div(5, 'Infinity'), pg_typeof(div(7, 2))
SELECT div(1, 0)
SELECT div(1.5::float8, 1)
SELECT gcd(0, 0), gcd(-12, 18), gcd(12::int8, 18), lcm(-4, 6), lcm(0, 5), pg_typeof(gcd(1::int2, 2::int2)), pg_typeof(lcm(1, 2::int8))
SELECT gcd(-2147483648, 0)
SELECT lcm(2147483647, 2)
SELECT lcm(-9223372036854775808, 1)
SELECT factorial(0), factorial(20), factorial(25), pg_typeof(factorial(3))
SELECT factorial(-1)
SELECT scale(1.500), scale(0), scale(12e-5), min_scale(1.500), min_scale(100), min_scale(0.00), trim_scale(1.500), trim_scale(0.000), trim_scale(120.0), scale('NaN'::numeric), trim_scale('Infinity'::numeric), scale(5)
