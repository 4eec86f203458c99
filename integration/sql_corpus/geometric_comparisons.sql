-- The comparison operators PostgreSQL has for its geometric types, as geo_ops.c computes
-- them: coordinates within 1e-6 are equal, boxes and circles compare by area, lsegs by
-- length, paths by point count; widths and areas overflow as float8 does.
-- error positions are compared
SELECT point '(1,1)' ~= point '(1.0000001,1)', point '(1,1)' ~= point '(1.00001,1)', point '(1,1)' <> point '(1,1.0000005)', point 'NaN,1' ~= point 'NaN,1', point 'NaN,1' <> point '(1,1)'
SELECT point '(1,1)' << point '(1.000001,0)', point '(1,1)' << point '(1.0000011,0)', point '(2,1)' >> point '(1,1)', point '(0,1)' <^ point '(0,2)', point '(0,2)' >^ point '(0,1)', point '(0,1)' <<| point '(0,2)', point '(0,2)' |>> point '(0,1)', point '(1,5)' ?| point '(1,7)', point '(3,5)' ?- point '(1,5.0000001)'
SELECT box '(2,2),(0,0)' = box '(4,1),(0,0)', box '(2,2),(0,0)' < box '(3,3),(0,0)', box '(2,2),(0,0)' <= box '(4,1),(0,0)', box '(2,2),(0,0)' > box '(1,1),(0,0)', box '(2,2),(0,0)' >= box '(3,3),(0,0)', box '(2,2),(0,0)' ~= box '(2,2),(0,0.0000001)', box '(2,2),(0,0)' ~= box '(4,1),(0,0)'
SELECT box '(2,2),(0,0)' && box '(3,3),(2,2)', box '(2,2),(0,0)' && box '(3,3),(2.1,2)', box '(1,1),(0,0)' << box '(3,3),(2,2)', box '(3,3),(2,2)' >> box '(1,1),(0,0)', box '(1,1),(0,0)' &< box '(3,3),(2,2)', box '(3,3),(2,2)' &> box '(1,1),(0,0)', box '(1,1),(0,0)' <<| box '(3,3),(2,2)', box '(3,3),(2,2)' |>> box '(1,1),(0,0)', box '(1,1),(0,0)' &<| box '(3,3),(2,2)', box '(3,3),(2,2)' |&> box '(1,1),(0,0)'
SELECT box '(1e308,1e308),(-1e308,-1e308)' = box '(1,1),(0,0)'
SELECT lseg '[(0,0),(1,1)]' = lseg '[(0,0),(1,1.0000001)]', lseg '[(0,0),(1,1)]' = lseg '[(1,1),(0,0)]', lseg '[(0,0),(1,1)]' <> lseg '[(1,1),(0,0)]', lseg '[(0,0),(3,4)]' < lseg '[(0,0),(0,6)]', lseg '[(0,0),(3,4)]' <= lseg '[(1,1),(1,6)]', lseg '[(0,0),(3,4)]' > lseg '[(0,0),(0,6)]', lseg '[(0,0),(3,4)]' >= lseg '[(0,0),(0,5)]'
SELECT lseg '[(0,0),(1,1)]' ?|| lseg '[(1,0),(2,1)]', lseg '[(0,0),(1,1)]' ?-| lseg '[(0,1),(1,0)]', lseg '[(0,0),(0,1)]' ?-| lseg '[(0,0),(1,0)]', lseg '[(0,0),(0,1)]' ?|| lseg '[(1,0),(1,3)]'
SELECT line '{1,2,3}' = line '{2,4,6}', line '{1,2,3}' = line '{2,4,6.1}', line '{1,-1,0}' ?|| line '{2,-2,5}', line '{1,-1,0}' ?-| line '{1,1,0}', line '{1,-1,0}' ?# line '{1,1,0}', line '{0,1,0}' ?-| line '{1,0,0}', line '{NaN,1,0}' = line '{NaN,1,0}'
SELECT path '[(0,0),(1,1)]' = path '((5,5),(7,7))', path '[(0,0),(1,1)]' < path '[(0,0),(1,1),(2,2)]', path '[(0,0),(1,1)]' <= path '[(0,0)]', path '[(0,0),(1,1)]' > path '[(0,0)]', path '[(0,0),(1,1)]' >= path '[(0,0),(3,3)]'
SELECT polygon '((0,0),(1,1),(2,0))' ~= polygon '((1,1),(2,0),(0,0))', polygon '((0,0),(1,1),(2,0))' ~= polygon '((2,0),(1,1),(0,0))', polygon '((0,0),(1,1),(2,0))' ~= polygon '((0,0),(1,1),(2,1))', polygon '((0,0),(1,1))' << polygon '((2,0),(3,3))', polygon '((0,0),(1,1))' << polygon '((1,0),(3,3))', polygon '((0,0),(1,1))' &< polygon '((1,0),(3,3))', polygon '((5,0),(6,1))' >> polygon '((2,0),(3,3))', polygon '((5,0),(6,1))' &> polygon '((2,0),(3,3))', polygon '((0,0),(1,1))' <<| polygon '((0,2),(3,3))', polygon '((0,5),(1,6))' |>> polygon '((0,2),(3,3))', polygon '((0,0),(1,1))' &<| polygon '((0,2),(3,3))', polygon '((0,5),(1,6))' |&> polygon '((0,2),(3,3))'
SELECT circle '<(0,0),2>' = circle '<(5,5),2>', circle '<(0,0),2>' <> circle '<(5,5),2.0000001>', circle '<(0,0),1>' < circle '<(0,0),2>', circle '<(0,0),1>' <= circle '<(0,0),1>', circle '<(0,0),3>' > circle '<(0,0),2>', circle '<(0,0),3>' >= circle '<(0,0),4>', circle '<(0,0),2>' ~= circle '<(0,0),2>', circle '<(0,0),NaN>' ~= circle '<(0,0),NaN>'
SELECT circle '<(0,0),1>' && circle '<(2,0),1>', circle '<(0,0),1>' && circle '<(2.1,0),1>', circle '<(0,0),3>' @> circle '<(1,0),1>', circle '<(1,0),1>' <@ circle '<(0,0),3>', circle '<(0,0),1>' << circle '<(3,0),1>', circle '<(3,0),1>' >> circle '<(0,0),1>', circle '<(0,0),1>' &< circle '<(3,0),1>', circle '<(3,0),1>' &> circle '<(0,0),1>', circle '<(0,0),1>' <<| circle '<(0,3),1>', circle '<(0,3),1>' |>> circle '<(0,0),1>', circle '<(0,0),1>' &<| circle '<(0,3),1>', circle '<(0,3),1>' |&> circle '<(0,0),1>'
SELECT box '(1,1),(0,0)' IS DISTINCT FROM box '(1,1),(0,0)', box '(1,1),(0,0)' IS DISTINCT FROM box '(0.5,2),(0,0)', box '(1,1),(0,0)' IS NOT DISTINCT FROM NULL, NULL::box IS NOT DISTINCT FROM NULL::box, NULLIF(box '(1,1),(0,0)', box '(0.5,2),(0,0)'), CASE circle '<(0,0),1>' WHEN '<(9,9),1>' THEN 'same area' END, lseg '[(0,0),(1,1)]' IN ('[(1,1),(0,0)]', '[(0,0),(1,1)]')
SELECT box '(1,1),(0,0)' = '(2,0.5),(0,0)', '(2,0.5),(0,0)' < box '(1,1),(0,0)', box '(1,1),(0,0)' = NULL, point '(1,1)' ~= NULL
SELECT point '(1,1)' < point '(2,2)'
SELECT point '(1,1)' = point '(1,1)'
SELECT line '{1,2,3}' < line '{1,2,3}'
SELECT box '(1,1),(0,0)' <> box '(1,1),(0,0)'
SELECT path '[(0,0),(1,1)]' <> path '[(0,0),(1,1)]'
SELECT polygon '((0,0),(1,1))' = polygon '((0,0),(1,1))'
SELECT lseg '[(0,0),(1,1)]' ?# lseg '[(0,1),(1,0)]'
SELECT point '(1e308,0)' ~= point '(-1e308,0)', lseg '[(1e308,0),(-1e308,0)]' < lseg '[(0,0),(1,1)]'
SELECT circle '<(0,0),1e200>' = circle '<(0,0),1e200>'
SELECT box '(1e-200,1e-200),(0,0)' = box '(1e-200,1e-200),(0,0)'
SELECT lseg '[(0,0),(1e-320,1)]' ?|| lseg '[(0,0),(1,1)]'
SELECT lseg '[(0,0),(2,2)]' ?# lseg '[(0,2),(2,0)]', lseg '[(0,0),(1,1)]' ?# lseg '[(2,0),(3,1)]', lseg '[(0,0),(1,1)]' ?# lseg '[(1,1),(2,0)]', lseg '[(0,0),(0,2)]' ?# lseg '[(-1,1),(1,1)]', lseg '[(0,0),(2,0)]' ?# lseg '[(1,0),(3,0)]'
SELECT path '[(0,0),(2,2)]' ?# path '[(0,2),(2,0)]', path '[(0,0),(1,0),(1,1)]' ?# path '[(2,2),(3,3)]', path '((0,0),(2,0),(2,2),(0,2))' ?# path '[(-1,1),(0.5,1)]', path '[(0,0),(2,0),(2,2),(0,2)]' ?# path '[(-1,1),(0.5,1)]', path '[(0,0)]' ?# path '[(0,0)]', path '((0,0))' ?# path '((0,0))'
SELECT p <> '(1,2)', p ~= '(1.0000001,2)' FROM (VALUES (point '(1,2)'), (NULL)) v(p)
SELECT l = '{1,2,3}', l = '{2,4,6}' FROM (VALUES (line '{1,2,3}')) v(l)
SELECT count(*) FROM (VALUES (box '(2,2),(0,0)'), (box '(4,1),(0,0)'), (box '(1,1),(0,0)')) v(b) WHERE b = '(4,1),(0,0)'
SELECT c < c, c <= c FROM (VALUES (circle '<(1,1),1>')) v(c)
SELECT polygon '((0,0),(1,1),(2,0))' && polygon '((1,0),(3,3))', polygon '((0,0),(3,0),(3,3),(0,3))' @> polygon '((1,1),(2,1),(2,2))', polygon '((1,1),(2,1),(2,2))' <@ polygon '((0,0),(3,0),(3,3),(0,3))'
SELECT polygon '((0,0),(3,0),(3,3),(0,3))' @> polygon '((0,0),(3,0),(3,3),(0,3))', polygon '((0,0),(3,0),(3,3),(0,3))' @> polygon '((1,1),(4,1),(2,2))', polygon '((0,0),(4,0),(4,4),(2,1),(0,4))' @> polygon '((1,3),(3,3),(2,2))'
SELECT polygon '((0,0),(4,0),(4,4),(2,1),(0,4))' @> polygon '((0,0),(4,0),(2,0.5))', polygon '((0,0),(2,0),(2,2),(0,2))' && polygon '((2,2),(3,3),(3,2))', polygon '((0,0),(2,0),(2,2),(0,2))' && polygon '((2.1,2.1),(3,3),(3,2.1))'
SELECT polygon '((0,0),(10,0),(10,10),(0,10))' && polygon '((2,2),(3,3),(3,2))', polygon '((2,2),(3,3),(3,2))' && polygon '((0,0),(10,0),(10,10),(0,10))', polygon '((0,0),(4,0),(4,4),(0,4))' @> polygon '((1,1),(3,3),(1,3),(3,1))'
SELECT polygon '((0,0),(4,0),(4,4),(0,4))' @> polygon '((0,0),(2,2),(4,0),(4,4),(0,4))', polygon '((0,0),(4,0),(2,2),(4,4),(0,4))' @> polygon '((1,1),(3,1),(3,3),(1,3))', polygon '((0,0))' @> polygon '((0,0))', polygon '((0,0))' && polygon '((0,0))'
SELECT polygon '((0,0),(6,0),(6,6),(0,6))' @> polygon '((1,1),(5,1),(3,3))', polygon '((0,0),(6,0),(3,3),(6,6),(0,6))' @> polygon '((1,1),(5,1),(5,5),(1,5))', polygon '((0,0),(6,0),(3,3),(6,6),(0,6))' @> polygon '((0,6),(0,0),(3,3))'
SELECT point '(1,1)' <@ box '(2,2),(0,0)', point '(2,2)' <@ box '(2,2),(0,0)', point '(2.0000001,2)' <@ box '(2,2),(0,0)', box '(2,2),(0,0)' @> point '(1,3)'
SELECT point '(1,1)' <@ circle '<(0,0),1.5>', point '(1,1)' <@ circle '<(0,0),1.4142135>', circle '<(0,0),2>' @> point '(2,0)', circle '<(0,0),2>' @> point '(2.0000001,0)'
SELECT point '(1,1)' <@ polygon '((0,0),(2,0),(2,2),(0,2))', point '(2,1)' <@ polygon '((0,0),(2,0),(2,2),(0,2))', polygon '((0,0),(4,0),(4,4),(2,1),(0,4))' @> point '(2,3)', polygon '((0,0),(4,0),(4,4),(2,1),(0,4))' @> point '(3,1)'
SELECT point '(1,1)' <@ lseg '[(0,0),(2,2)]', point '(1,1.0000001)' <@ lseg '[(0,0),(2,2)]', point '(3,3)' <@ lseg '[(0,0),(2,2)]', point '(3,3)' <@ line '{1,-1,0}', point '(3,3.1)' <@ line '{1,-1,0}'
SELECT lseg '[(0,0),(1,1)]' <@ box '(2,2),(0,0)', lseg '[(0,0),(3,1)]' <@ box '(2,2),(0,0)', p <@ b FROM (VALUES (point '(1,1)', box '(2,2),(0,0)'), (NULL, box '(1,1),(0,0)')) v(p, b)
SELECT path '((0,0),(2,0),(2,2))' @> point '(1,0.5)', path '[(0,0),(2,0),(2,2)]' @> point '(1,0.5)', path '[(0,0),(2,0),(2,2)]' @> point '(2,1)', point '(1,0)' <@ path '[(0,0),(2,0)]', point '(3,0)' <@ path '((0,0),(2,0),(2,2))'
SELECT lseg '[(0,0),(1,1)]' <@ line '{1,-1,0}', lseg '[(0,0),(1,2)]' <@ line '{1,-1,0}'
SELECT point '(1e308,1e308)' <@ line '{2,2,0}'
