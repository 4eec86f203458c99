-- Geometric operators Tributary does not compute yet (issue 7): the ?# (intersects)
-- operators between two types (lseg ?# box, lseg ?# line, line ?# box) are 0A000.
SELECT lseg '[(0,0),(2,2)]' ?# box '(1,1),(0,0)'
SELECT lseg '[(0,0),(2,2)]' ?# line '{1,1,-2}'
