-- Ordered-set aggregates WITHIN GROUP (issue 11): percentile_cont (float8), percentile_disc and mode()
-- (the key's type), NULLs skipped, DESC, FILTER, 22003 for a fraction outside [0, 1].
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY price) FROM items
SELECT percentile_cont(0.25) WITHIN GROUP (ORDER BY qty), percentile_disc(0.25) WITHIN GROUP (ORDER BY qty), percentile_disc(0.5) WITHIN GROUP (ORDER BY price), mode() WITHIN GROUP (ORDER BY category) FROM items
SELECT category, percentile_cont(0.5) WITHIN GROUP (ORDER BY weight), percentile_disc(1) WITHIN GROUP (ORDER BY name DESC), count(*) FROM items GROUP BY category ORDER BY 1
SELECT percentile_disc(0) WITHIN GROUP (ORDER BY created), percentile_disc(0.9) WITHIN GROUP (ORDER BY created), mode() WITHIN GROUP (ORDER BY active) FROM items
SELECT percentile_cont(0.3) WITHIN GROUP (ORDER BY amount) FROM orders
SELECT percentile_cont(1.5) WITHIN GROUP (ORDER BY qty) FROM items
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY qty) FROM items WHERE false
SELECT mode() WITHIN GROUP (ORDER BY code), percentile_disc(0.5) WITHIN GROUP (ORDER BY code) FROM items
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY qty) FILTER (WHERE active) FROM items
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY qty DESC), percentile_disc(0.1) WITHIN GROUP (ORDER BY big DESC) FROM items
