-- Geometric operators between two types Tributary does not compute yet (issue 7):
-- path @> point, point <@ path, lseg <@ line and the ?# of two types are 0A000.
SELECT path '((0,0),(2,0),(2,2))' @> point '(1,0.5)'
SELECT lseg '[(0,0),(2,2)]' ?# box '(1,1),(0,0)'
