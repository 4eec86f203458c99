// sql_functions_numeric_powers: numeric's exp, ln, log and power for translated queries
// (stages/sql/translator/numeric_functions.cpp), computed by
// stages/types/numeric/numeric_transcendental.hpp:
//
//   pg_numeric_exp(x), pg_numeric_ln(x)   exp(numeric), ln(numeric)
//   pg_numeric_log(b, x)                  log(b, x); log(x) and log10(x) are log(10, x)
//   pg_numeric_power(a, b)                a ^ b, power(a, b) of numerics
// The arguments are numeric's stored text or integers; NULL in, NULL out.
#include <sqlite3.h>

#include "stages/types/numeric/numeric_transcendental.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

template <class Compute>
void numeric_call(sqlite3_context* context, int argc, sqlite3_value** argv, Compute compute) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  numeric_value values[2];
  for (int i = 0; i < argc && i < 2; ++i) {
    auto v = numeric_argument(argv[i]);
    if (!v)
      return report(context, v.error());
    values[i] = *v;
  }
  auto out = compute(values[0], values[1]);
  if (!out)
    return report(context, out.error());
  return_text(context, format_numeric_text(*out));
}

void exp_function(sqlite3_context* c, int argc, sqlite3_value** argv) {
  numeric_call(c, argc, argv, [](const numeric_value& x, const numeric_value&) { return numeric_exp(x); });
}
void ln_function(sqlite3_context* c, int argc, sqlite3_value** argv) {
  numeric_call(c, argc, argv, [](const numeric_value& x, const numeric_value&) { return numeric_ln(x); });
}
void log_function(sqlite3_context* c, int argc, sqlite3_value** argv) {
  numeric_call(c, argc, argv, [](const numeric_value& b, const numeric_value& x) { return numeric_log(b, x); });
}
void power_function(sqlite3_context* c, int argc, sqlite3_value** argv) {
  numeric_call(c, argc, argv, [](const numeric_value& a, const numeric_value& b) { return numeric_power(a, b); });
}

}  // namespace

void register_numeric_power_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_numeric_exp", 1, flags, state, exp_function, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_numeric_ln", 1, flags, state, ln_function, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_numeric_log", 2, flags, state, log_function, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_numeric_power", 2, flags, state, power_function, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
