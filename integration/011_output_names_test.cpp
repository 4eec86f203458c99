// 011_output_names: a bare name in ORDER BY, GROUP BY or DISTINCT ON that names
// output columns answers as PostgreSQL's findTargetlistEntrySQL92.
//
// Differential against a real PostgreSQL 15 (differential_test.hpp): the same
// statements on both servers, the same rows, or the same SQLSTATE, message and
// position. Several output columns of the name are one column when they are the
// same expression (b and t.b; b + 1 twice; 1 and 1::int), else 42702 ORDER BY "x"
// is ambiguous at the name; GROUP BY looks at the FROM columns first; a name
// inside an expression, a window's ORDER BY, or after COLLATE is a FROM column
// only (42703).
#include "integration/differential_test.hpp"

namespace tributary::integration {
namespace {

class OutputNames : public DifferentialTest {};

TEST_F(OutputNames, AmbiguousNamesAreRefusedAndRepeatedExpressionsAreNot) {
  expect_same_answers({
      "CREATE TABLE t (a int[], b int, c int)",
      "INSERT INTO t VALUES ('{2,1}', 1, 5), ('{1,3}', 2, 6)",
      // Ambiguous: two different expressions under the name.
      "SELECT a, a[1] FROM t ORDER BY a",
      "SELECT a, a[1] AS a FROM t ORDER BY a",
      "SELECT a, a[1] FROM t ORDER BY a NULLS FIRST",
      "SELECT b AS x, c AS x FROM t ORDER BY x",
      "SELECT b AS x, c AS x FROM t ORDER BY x DESC",
      "SELECT b + 1 AS x, 1 + b AS x FROM t ORDER BY x",
      "SELECT c AS b, b FROM t ORDER BY b",
      "SELECT b AS x, c AS X FROM t ORDER BY \"x\"",
      "SELECT DISTINCT b AS x, c AS x FROM t ORDER BY x",
      "SELECT b AS x, sum(c) AS x FROM t GROUP BY b ORDER BY x",
      "SELECT b AS x, c AS x FROM t GROUP BY b, c ORDER BY x",
      "SELECT 1 AS x, 2 AS x FROM t ORDER BY x",
      "SELECT 1 AS x, 1::int8 AS x FROM t ORDER BY x",
      "SELECT b AS x, c AS x FROM t UNION SELECT 1, 2 ORDER BY x",
      "SELECT * FROM (SELECT b AS x, c AS x FROM t) s ORDER BY x",
      "SELECT b AS x, c AS x FROM t GROUP BY x",
      "SELECT b AS x, c AS x FROM t GROUP BY x, c",
      "SELECT DISTINCT ON (x) b AS x, c AS x FROM t",
      // Not ambiguous: the same expression twice.
      "SELECT b AS x, b AS x FROM t ORDER BY x",
      "SELECT b, b FROM t ORDER BY b",
      "SELECT b, t.b FROM t ORDER BY b",
      "SELECT b + 1 AS x, (b + 1) AS x FROM t ORDER BY x",
      "SELECT count(*) AS x, count(*) AS x FROM t ORDER BY x",
      "SELECT 1 AS x, 1 AS x FROM t ORDER BY x",
      "SELECT 1 AS x, 1::int AS x FROM t ORDER BY x",
      "SELECT 'a' AS x, 'a' AS x FROM t ORDER BY x",
      "SELECT *, b FROM t ORDER BY b",
      "SELECT b AS \"X\", c AS x FROM t ORDER BY x",
      "SELECT t.b AS x, b AS x FROM t GROUP BY x ORDER BY 1",
      "SELECT b, b AS b FROM t GROUP BY b ORDER BY 1",
      "SELECT c AS b, b FROM t GROUP BY b, c ORDER BY 1",
      "SELECT DISTINCT ON (x) b AS x, b AS x FROM t ORDER BY x",
      // A USING column is its side's column (the left's in INNER and LEFT joins,
      // the right's in RIGHT joins); FULL JOIN's is another expression.
      "CREATE TABLE l1 (id int, a int)",
      "CREATE TABLE r1 (id int, b int)",
      "INSERT INTO l1 VALUES (1, 10), (2, 20)",
      "INSERT INTO r1 VALUES (2, 200), (3, 300)",
      "SELECT l1.*, id FROM l1 JOIN r1 USING (id) ORDER BY id",
      "SELECT l1.*, id FROM l1 LEFT JOIN r1 USING (id) ORDER BY id",
      "SELECT r1.*, id FROM l1 RIGHT JOIN r1 USING (id) ORDER BY id",
      "SELECT r1.*, id FROM l1 JOIN r1 USING (id) ORDER BY id",
      "SELECT l1.*, id FROM l1 FULL JOIN r1 USING (id) ORDER BY id",
      "SELECT l1.id, r1.id FROM l1 JOIN r1 USING (id) ORDER BY id",
      // A name that is not alone: the FROM columns only.
      "SELECT c AS b FROM t GROUP BY b",
      "SELECT b AS x, c AS x FROM t ORDER BY x + 1",
      "SELECT b AS x, c AS x FROM t ORDER BY x COLLATE \"C\"",
      "SELECT b AS x, c AS x, row_number() OVER (ORDER BY x) FROM t",
      // Positions past the list.
      "SELECT b AS x, c AS x FROM t ORDER BY 5",
      "SELECT b AS x, c AS x FROM t GROUP BY 5",
      "SELECT DISTINCT ON (5) b AS x, c AS x FROM t",
  }, true);
}

}  // namespace
}  // namespace tributary::integration
