-- Geometric operators Tributary does not compute yet (issue 7): polygon overlap and
-- containment (poly_overlap, poly_contain: segment-in-polygon tests) and the operators
-- between two geometric types (point <@ box, lseg ?# box, ...) are 0A000.
SELECT polygon '((0,0),(1,1),(2,0))' && polygon '((1,0),(3,3))'
SELECT polygon '((0,0),(3,0),(3,3),(0,3))' @> polygon '((1,1),(2,1),(2,2))'
SELECT point '(1,1)' <@ box '(2,2),(0,0)'
