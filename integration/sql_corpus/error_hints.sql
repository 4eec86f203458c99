-- Errors whose HINT PostgreSQL gives (the corpus compares HINTs since issue 11's session 17).
SELECT id, sum(qty) OVER (w ORDER BY id) FROM items WINDOW w AS (PARTITION BY category ROWS UNBOUNDED PRECEDING)
SELECT ROW(1, 2) = 'x'::text
SELECT ROW(1, 2) < 5
CREATE TABLE error_hints_arrays (nums int[])
SELECT * FROM json_populate_record(NULL::error_hints_arrays, '{"nums": [[[1]], [2]]}')
SELECT * FROM json_populate_record(NULL::error_hints_arrays, '{"nums": [[[1],[2]], [[3], 4]]}')
SELECT * FROM jsonb_populate_record(NULL::error_hints_arrays, '{"nums": [[[1],[2]], [[3],[4]], [5, [6]]]}')
SELECT * FROM json_populate_record(NULL::error_hints_arrays, '{"nums": "x"}')
DROP TABLE error_hints_arrays
SELECT id, sum(qty) OVER (w ROWS UNBOUNDED PRECEDING) FROM items WINDOW w AS (ROWS UNBOUNDED PRECEDING)
SELECT id, sum(qty) OVER w2 FROM items WINDOW w AS (ROWS UNBOUNDED PRECEDING), w2 AS (w)
SELECT id, sum(qty) OVER (w) FROM items WINDOW w AS (ORDER BY id ROWS UNBOUNDED PRECEDING)
