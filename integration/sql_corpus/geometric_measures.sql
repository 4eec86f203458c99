-- Intersections and measures of the geometric types (geo_ops.c's lseg_interpt, line_interpt,
-- box_intersect, lseg_length, path_length, path_npoints, poly_npoints; issue 11, were 0A000).
SELECT lseg '[(0,0),(2,2)]' # lseg '[(0,2),(2,0)]', lseg '[(0,0),(1,1)]' # lseg '[(2,0),(3,1)]'
SELECT lseg '[(0,0),(2,2)]' # lseg '[(2,2),(3,0)]', lseg '[(0,0),(0.3,0.1)]' # lseg '[(0,0.1),(0.3,0)]'
SELECT lseg '[(0,0),(1,1)]' # '[(0,1),(1,0)]', pg_typeof(lseg '[(0,0),(1,1)]' # lseg '[(0,1),(1,0)]')
SELECT line '{1,-1,0}' # line '{1,1,-2}', line '{1,-1,0}' # line '{1,-1,5}', line '{0,1,-3}' # line '{1,0,-0.5}'
SELECT box '(2,2),(0,0)' # box '(3,3),(1,1)', box '(1,1),(0,0)' # box '(3,3),(2,2)', box '(2,2),(0,0)' # box '(2,2),(2,2)'
SELECT pg_typeof(box '(2,2),(0,0)' # box '(3,3),(1,1)'), box '(2,2),(0,0)' # NULL::box
SELECT @-@ lseg '[(0,0),(3,4)]', @-@ lseg '[(1,1),(1,1)]', pg_typeof(@-@ lseg '[(0,0),(3,4)]')
SELECT @-@ path '((0,0),(3,4),(3,0))', @-@ path '[(0,0),(3,4),(3,0)]', @-@ path '[(0.1,0.2),(0.3,0.4)]'
SELECT # path '((0,0),(1,1),(2,0))', # path '[(0,0),(1,1)]', # polygon '((0,0),(1,1),(2,0),(3,3))', pg_typeof(# polygon '((0,0),(1,1))')
SELECT @-@ NULL::lseg, # NULL::path
SELECT @-@ path '[(1e300,0),(-1e300,0)]'
SELECT @-@ path '[(1e308,0),(-1e308,0)]'
SELECT point '(1,1)' # point '(2,2)'
SELECT @-@ box '(1,1),(0,0)'
