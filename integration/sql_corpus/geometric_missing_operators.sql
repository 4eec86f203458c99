-- Operators PostgreSQL does not have between two geometric values: 42883 operator does
-- not exist, at the operator (the ones it has are geometric_comparisons.sql's).
SELECT point '(1,1)' && point '(1,1)'
SELECT point '(1,1)' = point '(1,1)'
SELECT point '(1,1)' < point '(2,2)'
SELECT box '(1,1),(0,0)' <> box '(1,1),(0,0)'
SELECT circle '<(0,0),1>' ?# circle '<(0,0),1>'
SELECT lseg '[(0,0),(1,1)]' && lseg '[(0,0),(1,1)]'
SELECT polygon '((0,0),(1,1),(1,0))' = polygon '((0,0),(1,1),(1,0))'
SELECT path '((0,0),(1,1))' ~= path '((0,0),(1,1))'
SELECT line '{1,-1,0}' < line '{1,-1,0}'
SELECT box '(1,1),(0,0)' && circle '<(0,0),1>'
SELECT point '(1,1)' <@ lseg '[(0,0),(2,2)]', box '(2,2),(0,0)' @> point '(1,1)', circle '<(0,0),1>' && circle '<(1,1),1>'
SELECT point '(1,1)' <> point '(1,2)', point '(1,1)' != point '(1,1)', box '(1,1),(0,0)' = box '(2,2),(1,1)'
SELECT p && p FROM (SELECT point '(0,0)' AS p) s
SELECT point '(1,1)' && '(1,1)'
SELECT '(1,1)' = point '(1,1)'
SELECT NULL && circle '<(0,0),1>'
SELECT box '(1,1),(0,0)' && '(2,2),(1,1)'
SELECT point '(1,1)' * 2
SELECT 2.5 * point '(1,1)'
SELECT point '(1,1)' = 'x'::text
SELECT point '(1,1)' || 'x'::text
