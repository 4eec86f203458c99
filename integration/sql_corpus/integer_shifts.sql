-- Integer shifts and bitwise NOT (issue 11): PostgreSQL's int2/int4/int8 shl, shr and not.
SELECT 1 << 4, 256 >> 2, ~5, 7::int8 << 2, -8 >> 1
SELECT 1 << 31, 1 << 30, 3 << 31, 1 << 32, 5 >> 33, -1 >> 40
SELECT 1::int2 << 15, 255::int2 << 8, (-32768)::int2 >> 3, ~(0::int2), ~(-1::int8)
SELECT 1::int8 << 63, 1::int8 << 64, 9223372036854775807 >> 62, ~2147483647
SELECT id, qty << 1, qty >> 1, ~qty, big >> 4, small << 2, ~small FROM items ORDER BY id
SELECT 1 << '3', qty << id FROM items WHERE id = 2
SELECT 1 << 2::int8
SELECT 1.5 << 2
SELECT 1 >> 2.5
SELECT id FROM items WHERE qty << 1.5 > 0
