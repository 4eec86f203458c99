-- point + - * / point and point <-> point (geo_ops.c's point_add ... point_distance; issue 11, were 0A000).
SELECT point '(1,2)' + point '(3,4)', point '(1,2)' <-> point '(4,6)'
SELECT point '(1,2)' - point '(3,4)', point '(1,2)' * point '(3,4)', point '(1,2)' / point '(3,4)'
SELECT point '(1,2)' / point '(0,0)'
SELECT point '(1e300,1)' * point '(1e300,1)'
SELECT point '(0.1,0.2)' + point '(0.2,0.1)', point '(1,1)' <-> point '(2,2)'
SELECT point '(1,2)' + '(1,1)', '(1,1)' <-> point '(1,2)'
SELECT pg_typeof(point '(1,2)' + point '(3,4)'), pg_typeof(point '(1,2)' <-> point '(4,6)')
SELECT point '(1,2)' + NULL::point
SELECT (point '(1,2)' + point '(3,4)') ~= point '(4,6)'
