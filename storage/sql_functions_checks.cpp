// sql_functions_checks: the SQLite functions CHECK constraints call
// (stages/sql/check_constraints.hpp writes them into a table's definition).
//
//   pg_check_row(ok, relation, constraint, types, v1, ..., vn)
//       1 when ok (the translated expression: boolean's stored form) is true or
//       NULL; otherwise fails the statement with PostgreSQL's
//       23514 new row for relation "t" violates check constraint "c"
//       DETAIL:  Failing row contains (v1, ..., vn).
//       each value printed by its type's output function under the session's
//       settings ("oid/typmod" in `types`; 0/-1: the stored text itself), NULL as
//       null, a value longer than 64 bytes cut there and followed by "...", as
//       PostgreSQL's ExecBuildSlotValueDescription does.
//   pg_rowid_not_null(value, relation, column)
//       the value stored into a table's rowid column (its INTEGER PRIMARY KEY), which
//       SQLite would turn from NULL into a new rowid; NULL fails the statement with
//       PostgreSQL's 23502 null value in column "c" of relation "t" violates not-null
//       constraint (its DETAIL is found by running the statement again, when the NULL
//       goes through as the smallest integer, the next row stops the statement, and the
//       row is reported with null there).
//   pg_domain_check(ok, domain, constraint)
//       the same for a domain's constraint on a column of it:
//       23514 value for domain d violates check constraint "c" (no DETAIL).
// Not deterministic: they read the session's settings, and fail.
#include "storage/sql_function_support.hpp"

#include <sqlite3.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "stages/types/value_io.hpp"

namespace tributary::sql_function_support {
namespace {

constexpr size_t max_field_bytes = 64;

bool passes(sqlite3_value* ok) {
  if (sqlite3_value_type(ok) == SQLITE_NULL)
    return true;
  return sqlite3_value_int64(ok) != 0;
}

// "23/-1,25/-1" -> the column types.
std::vector<column_type> types_of(const std::string& text) {
  std::vector<column_type> out;
  size_t start = 0;
  while (start <= text.size() && !text.empty()) {
    size_t end = text.find(',', start);
    if (end == std::string::npos)
      end = text.size();
    const std::string item = text.substr(start, end - start);
    const size_t slash = item.find('/');
    const auto oid = static_cast<oid_t>(std::strtoul(item.c_str(), nullptr, 10));
    const auto typmod = slash == std::string::npos
                            ? -1
                            : static_cast<int32_t>(std::strtol(item.c_str() + slash + 1, nullptr, 10));
    out.push_back(builtin_column_type(oid, typmod));
    start = end + 1;
  }
  return out;
}

// A value cut to 64 bytes, not inside a UTF-8 character, as pg_mbcliplen cuts.
std::string shortened(std::string text) {
  if (text.size() <= max_field_bytes)
    return text;
  size_t end = max_field_bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
    --end;
  return text.substr(0, end) + "...";
}

void check_row(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (passes(argv[0]))
    return sqlite3_result_int(context, 1);
  const std::vector<column_type> types = types_of(text_of(argv[3]));
  std::string row;
  for (int i = 4; i < argc; ++i) {
    const size_t column = static_cast<size_t>(i - 4);
    const column_type type = column < types.size() ? types[column] : column_type{};
    std::optional<std::string> text;
    if (sqlite3_value_type(argv[i]) != SQLITE_NULL)
      text = type.known() ? format_text_value(type, stored_value(argv[i]), state_of(context).settings)
                          : std::optional<std::string>(text_of(argv[i]));
    row += (i > 4 ? ", " : "") + (text ? shortened(*text) : std::string("null"));
  }
  report(context, make_pg_error("23514",
                                "new row for relation \"" + text_of(argv[1]) +
                                    "\" violates check constraint \"" + text_of(argv[2]) + "\"",
                                "Failing row contains (" + row + ")."));
}

void rowid_not_null(sqlite3_context* context, int, sqlite3_value** argv) {
  connection_state& state = state_of(context);
  if (state.recording_failing_row && state.failing_row_passed)  // the row after it: stop here
    return report(context, make_pg_error("23502", "stopped after the failing row"));
  if (sqlite3_value_type(argv[0]) != SQLITE_NULL)
    return sqlite3_result_value(context, argv[0]);
  if (state.recording_failing_row) {
    state.failing_row_passed = true;
    return sqlite3_result_int64(context, INT64_MIN);
  }
  report(context, make_pg_error("23502", "null value in column \"" + text_of(argv[2]) + "\" of relation \"" +
                                             text_of(argv[1]) + "\" violates not-null constraint"));
}

void domain_check(sqlite3_context* context, int, sqlite3_value** argv) {
  if (passes(argv[0]))
    return sqlite3_result_int(context, 1);
  report(context, make_pg_error("23514", "value for domain " + text_of(argv[1]) +
                                             " violates check constraint \"" + text_of(argv[2]) +
                                             "\""));
}

}  // namespace

void register_check_functions(sqlite3* db, connection_state* state) {
  sqlite3_create_function_v2(db, "pg_check_row", -1, SQLITE_UTF8, state, check_row, nullptr,
                             nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_rowid_not_null", 3, SQLITE_UTF8, state, rowid_not_null, nullptr,
                             nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_domain_check", 3, SQLITE_UTF8, state, domain_check, nullptr,
                             nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
