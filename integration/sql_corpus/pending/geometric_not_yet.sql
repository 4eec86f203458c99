-- Geometric operators Tributary does not compute yet (issue 7): the operators between
-- two geometric types (point <@ box, lseg ?# box, ...) are 0A000.
SELECT point '(1,1)' <@ box '(2,2),(0,0)'
SELECT lseg '[(0,0),(2,2)]' ?# box '(1,1),(0,0)'
