// sql_functions_geometric: PostgreSQL's comparison operators of the geometric types
// for translated queries (stages/types/verbatim/geometric_compare.hpp computes them).
//
//   pg_geometric_compare(op, type_oid, a, b)
//       a op b for two stored values of geometric type `type_oid` (their texts):
//       1 or 0; NULL when either is NULL; PostgreSQL's 22003 / 22012 when a width,
//       area or slope overflows or divides by zero.
//   pg_geometric_compare(op, left_oid, right_oid, a, b)
//       the same between two geometric types (point <@ box, circle @> point, ...).
//   pg_point_op(op, a, b)
//       point + - * / point: the point's stored text; point <-> point: the distance's
//       stored float8 (stages/types/verbatim/point_arithmetic.hpp); NULL for a NULL.
//   pg_geometric_intersection(type_oid, a, b)
//       lseg # lseg, line # line (a point's text), box # box (a box's text); NULL when
//       they do not meet (stages/types/verbatim/geometric_measures.hpp).
//   pg_geometric_measure(op, type_oid, a)
//       @-@ of an lseg or path (a stored float8), # of a path or polygon (an integer).
#include <sqlite3.h>

#include "stages/types/verbatim/geometric_compare.hpp"
#include "stages/types/verbatim/geometric_measures.hpp"
#include "stages/types/verbatim/point_arithmetic.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

void geometric_compare(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const auto answer = compare_geometric(static_cast<oid_t>(sqlite3_value_int64(argv[1])), text_of(argv[0]),
                                        text_of(argv[2]), text_of(argv[3]));
  if (!answer)
    return report(context, answer.error());
  sqlite3_result_int(context, *answer ? 1 : 0);
}

void geometric_compare_mixed(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const auto answer =
      compare_geometric(static_cast<oid_t>(sqlite3_value_int64(argv[1])), text_of(argv[0]), text_of(argv[3]),
                        static_cast<oid_t>(sqlite3_value_int64(argv[2])), text_of(argv[4]));
  if (!answer)
    return report(context, answer.error());
  sqlite3_result_int(context, *answer ? 1 : 0);
}

void point_op(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const std::string op = text_of(argv[0]);
  if (op == "<->") {
    const auto distance = point_distance(text_of(argv[1]), text_of(argv[2]));
    if (!distance)
      return report(context, distance.error());
    return return_text(context, stored_float(*distance));
  }
  const auto point = point_arithmetic(op, text_of(argv[1]), text_of(argv[2]));
  if (!point)
    return report(context, point.error());
  return_text(context, "(" + stored_float(point->first) + "," + stored_float(point->second) + ")");
}

void geometric_intersection_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const auto crossing =
      geometric_intersection(static_cast<oid_t>(sqlite3_value_int64(argv[0])), text_of(argv[1]), text_of(argv[2]));
  if (!crossing)
    return report(context, crossing.error());
  if (!*crossing)
    return sqlite3_result_null(context);
  const std::vector<double>& n = **crossing;
  std::string text = "(" + stored_float(n[0]) + "," + stored_float(n[1]) + ")";
  if (n.size() == 4)
    text += ",(" + stored_float(n[2]) + "," + stored_float(n[3]) + ")";
  return_text(context, text);
}

void geometric_measure_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  if (text_of(argv[0]) == "#")
    return sqlite3_result_int(context, geometric_point_count(text_of(argv[2])));
  const auto length = geometric_length(static_cast<oid_t>(sqlite3_value_int64(argv[1])), text_of(argv[2]));
  if (!length)
    return report(context, length.error());
  return_text(context, stored_float(*length));
}

}  // namespace

void register_geometric_functions(sqlite3* db, connection_state* state) {
  sqlite3_create_function_v2(db, "pg_geometric_compare", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state,
                             geometric_compare, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_geometric_compare", 5, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state,
                             geometric_compare_mixed, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_point_op", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state, point_op, nullptr,
                             nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_geometric_intersection", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state,
                             geometric_intersection_function, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_geometric_measure", 3, SQLITE_UTF8 | SQLITE_DETERMINISTIC, state,
                             geometric_measure_function, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
