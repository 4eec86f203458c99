// 011_update_sub_select: UPDATE ... SET (a, b) = (SELECT x, y ...) answers as
// PostgreSQL 15's.
//
// Differential against a real PostgreSQL 15 (differential_test.hpp): the same
// statements on both servers, the same rows, or the same SQLSTATE, message and
// position. The sub-select runs once per row being updated (correlated with it or
// not): its one row's fields go to the columns in order, each by assignment (42804
// at the sub-select's expression); no row sets every column to NULL; more than one
// row is 21000; a sub-select of another width is 42601 at its parenthesis, before an
// unknown column's 42703. SET (a, b) = (x, y) and ROW(x, y) stay as they were
// (006_types_arrays). DEFAULT anywhere but as an assigned value is 42601 at it.
#include "integration/differential_test.hpp"

namespace tributary::integration {
namespace {

class UpdateSubSelect : public DifferentialTest {};

TEST_F(UpdateSubSelect, SeveralColumnsFromOneSubSelectAsPostgres) {
  expect_same_answers({
      "CREATE TABLE u (id int, a int, b text, c numeric)",
      "CREATE TABLE s (k int, x int, y text)",
      "INSERT INTO u VALUES (1, 1, 'x', 1), (2, 2, 'y', 2)",
      "INSERT INTO s VALUES (1, 10, 'ten'), (2, 20, 'twenty'), (2, 21, 'twenty-one')",
      "UPDATE u SET (a, b) = (SELECT x, y FROM s WHERE s.k = u.id AND x < 21) RETURNING *",
      "UPDATE u SET (a, b) = (SELECT x, y FROM s WHERE s.k = 99) RETURNING *",
      "UPDATE u SET c = 3, (a, b) = (SELECT x + 1, y FROM s WHERE s.k = 1), id = id RETURNING *",
      "UPDATE u SET (a) = (SELECT 4) RETURNING *",
      "UPDATE u SET (a, b) = (SELECT 1, 'q'), (c) = (SELECT 9) RETURNING *",
      "UPDATE u SET (a, b) = (SELECT * FROM (VALUES (7, 'v')) v) RETURNING *",
      "UPDATE u SET (a, b) = (SELECT 1::bigint, 2) RETURNING *",
      "UPDATE u SET (a, b) = (SELECT 1, true) RETURNING *",
      "UPDATE u SET (a, b) = (SELECT 1, 'z' WHERE u.id = 1) RETURNING *",
      "UPDATE u SET (b, a) = (SELECT y, x FROM s WHERE k = u.id ORDER BY x DESC LIMIT 1) WHERE id = 2 RETURNING *",
      "UPDATE u SET (a, b) = (SELECT x, y FROM s WHERE s.k = u.id AND x < 21) WHERE false RETURNING *",
      "SELECT * FROM u ORDER BY id",
  }, true);
}

TEST_F(UpdateSubSelect, ErrorsOfARowSubSelectAsPostgres) {
  expect_same_answers({
      "CREATE TABLE u (id int, a int, b text, c numeric)",
      "CREATE TABLE s (k int, x int, y text)",
      "INSERT INTO u VALUES (1, 1, 'x', 1), (2, 2, 'y', 2)",
      "INSERT INTO s VALUES (1, 10, 'ten'), (2, 20, 'twenty'), (2, 21, 'twenty-one')",
      "UPDATE u SET (a, b) = (SELECT x, y FROM s WHERE s.k = u.id)",
      "UPDATE u SET (a, b) = (SELECT 1, 'q' UNION ALL SELECT 2, 'r') WHERE id = 1",
      "UPDATE u SET (a, b) = (SELECT x FROM s WHERE s.k = u.id)",
      "UPDATE u SET (a, b) = (SELECT x, y, 1 FROM s WHERE s.k = u.id)",
      "UPDATE u SET (a, b) = (SELECT 1, 2, 3) WHERE false",
      "UPDATE u SET (a, b, c) = (SELECT 1, 'z')",
      "UPDATE u SET (a, b) = (SELECT y, x FROM s WHERE s.k = 1)",
      "UPDATE u SET (a, b) = (SELECT '5', 7 FROM s WHERE s.k = 1)",
      "UPDATE u SET (a, b) = (SELECT 'abc', 'd')",
      "UPDATE u SET (a, a) = (SELECT 1, 2)",
      "UPDATE u SET (a, nope) = (SELECT 1, 2)",
      "UPDATE u SET (a, nope) = (SELECT 1, 2, 3)",
      "UPDATE u SET (a, b) = (SELECT DEFAULT, 'z')",
      "SELECT 1 + DEFAULT",
      "UPDATE u SET (a, b) = (SELECT 1 / 0, 'z')",
      "SELECT * FROM u ORDER BY id",
  }, true);
}

}  // namespace
}  // namespace tributary::integration
