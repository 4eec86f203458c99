// sql_functions: the header's SQLite functions. Each reads its arguments' stored
// forms, computes with the type layer's exact code and returns a stored form.
#include "storage/sql_functions.hpp"
#include "storage/sql_function_notices.hpp"
#include "storage/sql_function_support.hpp"

#include <sqlite3.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "stages/types/numeric/numeric_arithmetic.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/input_notices.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

using namespace sql_function_support;

constexpr size_t max_kept_notices = 1000;  // sql_function_notices.hpp

std::mutex states_mutex;
std::map<sqlite3*, connection_state*>& states() {
  static std::map<sqlite3*, connection_state*> all;
  return all;
}

connection_state* state_of_connection(sqlite3* db) {
  std::lock_guard lock(states_mutex);
  auto it = states().find(db);
  return it == states().end() ? nullptr : it->second;
}

pg_error out_of_range(const char* type) {
  return make_pg_error("22003", std::string(type) + " out of range");
}
pg_error division_by_zero() { return make_pg_error("22012", "division by zero"); }

sql_value value_of(sqlite3_value* v) {
  switch (sqlite3_value_type(v)) {
    case SQLITE_NULL: return sql_null{};
    case SQLITE_INTEGER: return static_cast<int64_t>(sqlite3_value_int64(v));
    case SQLITE_FLOAT: return sqlite3_value_double(v);
    case SQLITE_BLOB: {
      const auto* p = static_cast<const char*>(sqlite3_value_blob(v));
      return sql_blob{std::string(p, p + sqlite3_value_bytes(v))};
    }
    default: return text_of(v);
  }
}

void return_value(sqlite3_context* context, const sql_value& value) {
  if (std::holds_alternative<sql_null>(value))
    sqlite3_result_null(context);
  else if (const auto* i = std::get_if<int64_t>(&value))
    sqlite3_result_int64(context, *i);
  else if (const auto* d = std::get_if<double>(&value))
    sqlite3_result_double(context, *d);
  else if (const auto* s = std::get_if<std::string>(&value))
    sqlite3_result_text(context, s->data(), static_cast<int>(s->size()), SQLITE_TRANSIENT);
  else {
    const auto& b = std::get<sql_blob>(value);
    sqlite3_result_blob(context, b.bytes.data(), static_cast<int>(b.bytes.size()),
                        SQLITE_TRANSIENT);
  }
}

// ---- numbers as the functions read them ----------------------------------

result<numeric_value, pg_error> numeric_of(sqlite3_value* v) {
  if (sqlite3_value_type(v) == SQLITE_INTEGER)
    return numeric_from_integer(sqlite3_value_int64(v));
  if (sqlite3_value_type(v) == SQLITE_FLOAT) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.15g", sqlite3_value_double(v));
    return parse_numeric_text(buffer);
  }
  return parse_numeric_text(text_of(v));
}

double float_of(sqlite3_value* v) {
  if (sqlite3_value_type(v) == SQLITE_INTEGER || sqlite3_value_type(v) == SQLITE_FLOAT)
    return sqlite3_value_double(v);
  const std::string text = text_of(v);
  return std::strtod(text.c_str(), nullptr);
}

// A float8 (double) or float4 (float) as its type's stored form (the canonical output text).
template <class F>
std::string stored_float_text(F value) {
  if (std::isnan(value))
    return "NaN";
  if (std::isinf(value))
    return value > 0 ? "Infinity" : "-Infinity";
  char buffer[64];
  auto written = std::to_chars(buffer, buffer + sizeof buffer, value);
  const oid_t type = std::is_same_v<F, float> ? pg_type_oid::float4 : pg_type_oid::float8;
  auto stored = parse_text_value(builtin_column_type(type),
                                 std::string_view(buffer, static_cast<size_t>(written.ptr - buffer)),
                                 type_settings{});
  return stored && std::holds_alternative<std::string>(*stored) ? std::get<std::string>(*stored)
                                                               : std::string(buffer, written.ptr);
}

std::string float_stored(double value) { return stored_float_text(value); }
std::string float4_stored(float value) { return stored_float_text(value); }

// A float4's stored text (or a number another tool wrote) as the float it is.
float float4_of(sqlite3_value* v) {
  if (sqlite3_value_type(v) == SQLITE_INTEGER || sqlite3_value_type(v) == SQLITE_FLOAT)
    return static_cast<float>(sqlite3_value_double(v));
  const std::string text = text_of(v);
  return std::strtof(text.c_str(), nullptr);
}

const char* integer_type_name(int bits) {
  return bits == 16 ? "smallint" : (bits == 32 ? "integer" : "bigint");
}

bool fits(int64_t value, int bits) {
  if (bits >= 64)
    return true;
  const int64_t high = (int64_t{1} << (bits - 1)) - 1;
  return value >= -high - 1 && value <= high;
}

// ---- pg_int_op(op, a, b, bits) -------------------------------------------

void int_op(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL || sqlite3_value_type(argv[2]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string op = text_of(argv[0]);
  const int64_t a = sqlite3_value_int64(argv[1]);
  const int64_t b = sqlite3_value_int64(argv[2]);
  const int bits = sqlite3_value_int(argv[3]);
  int64_t r = 0;
  bool overflow = false;
  if (op == "+")
    overflow = __builtin_add_overflow(a, b, &r);
  else if (op == "-")
    overflow = __builtin_sub_overflow(a, b, &r);
  else if (op == "*")
    overflow = __builtin_mul_overflow(a, b, &r);
  else if (op == "/" || op == "%") {
    if (b == 0)
      return report(context, division_by_zero());
    if (b == -1)  // INT64_MIN / -1 overflows; x % -1 is 0
      overflow = op == "/" && __builtin_sub_overflow(int64_t{0}, a, &r);
    else
      r = op == "/" ? a / b : a % b;
  }
  if (overflow || !fits(r, bits))
    return report(context, out_of_range(integer_type_name(bits)));
  sqlite3_result_int64(context, static_cast<int64_t>(r));
}

// ---- pg_numeric_op(op, a, b) ---------------------------------------------

void numeric_op(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL || sqlite3_value_type(argv[2]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string op = text_of(argv[0]);
  auto a = numeric_of(argv[1]);
  if (!a)
    return report(context, a.error());
  auto b = numeric_of(argv[2]);
  if (!b)
    return report(context, b.error());
  result<numeric_value, pg_error> r = numeric_value{};
  if (op == "+")
    r = numeric_add(*a, *b);
  else if (op == "-")
    r = numeric_subtract(*a, *b);
  else if (op == "*")
    r = numeric_multiply(*a, *b);
  else if (op == "/")
    r = numeric_divide(*a, *b);
  else
    r = numeric_modulo(*a, *b);
  if (!r)
    return report(context, r.error());
  const std::string text = format_numeric_text(*r);
  sqlite3_result_text(context, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

// ---- pg_float_op(op, a, b) / pg_float4_op(op, a, b) ------------------------

// float8 / float4 arithmetic as PostgreSQL's float8pl ... float4div: computed in the
// type's precision; an infinite result of finite operands is 22003 overflow, a zero
// product or quotient of a non-zero dividend (and a finite divisor) 22003 underflow.
template <class F>
result<F, pg_error> float_arithmetic(const std::string& op, F a, F b, const char* type_name) {
  F r = 0;
  if (op == "+")
    r = a + b;
  else if (op == "-")
    r = a - b;
  else if (op == "*")
    r = a * b;
  else if (op == "/") {
    if (b == 0)
      return fail(division_by_zero());
    r = a / b;
  } else {
    return fail(make_pg_error("42883", std::string("operator does not exist: ") + type_name + " % " + type_name));
  }
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    return fail(make_pg_error("22003", "value out of range: overflow"));
  if (r == 0 && (op == "*" || op == "/") && a != 0 && !std::isinf(b) && (op == "/" || b != 0))
    return fail(make_pg_error("22003", "value out of range: underflow"));
  return r;
}

// pg_float_op on doubles, pg_float4_op on floats.
template <class F>
void float_op(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[1]) == SQLITE_NULL || sqlite3_value_type(argv[2]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  constexpr bool real = std::is_same_v<F, float>;
  const auto operand = [](sqlite3_value* v) -> F { return real ? float4_of(v) : float_of(v); };
  auto r = float_arithmetic<F>(text_of(argv[0]), operand(argv[1]), operand(argv[2]),
                               real ? "real" : "double precision");
  if (!r)
    return report(context, r.error());
  const std::string text = stored_float_text(*r);
  sqlite3_result_text(context, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

// ---- pg_negate(a, oid) -----------------------------------------------------

void negate(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto type = static_cast<oid_t>(sqlite3_value_int64(argv[1]));
  if (type == pg_type_oid::int2 || type == pg_type_oid::int4 || type == pg_type_oid::int8) {
    const int bits = type == pg_type_oid::int2 ? 16 : (type == pg_type_oid::int4 ? 32 : 64);
    int64_t r = 0;
    if (__builtin_sub_overflow(int64_t{0}, sqlite3_value_int64(argv[0]), &r) || !fits(r, bits))
      return report(context, out_of_range(integer_type_name(bits)));
    return sqlite3_result_int64(context, static_cast<int64_t>(r));
  }
  if (type == pg_type_oid::numeric) {
    auto a = numeric_of(argv[0]);
    if (!a)
      return report(context, a.error());
    const std::string text = format_numeric_text(numeric_negate(*a));
    return sqlite3_result_text(context, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
  }
  const std::string text =
      type == pg_type_oid::float4 ? float4_stored(-float4_of(argv[0])) : float_stored(-float_of(argv[0]));
  sqlite3_result_text(context, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

// ---- pg_cast(x, from_oid, from_typmod, to_oid, to_typmod) ------------------

// The cast rules and value conversions are ALTER COLUMN TYPE's (type_casts.hpp);
// a pair PostgreSQL has no rule for here is converted through text, as before.
void cast(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const column_type from = builtin_column_type(static_cast<oid_t>(sqlite3_value_int64(argv[1])),
                                               sqlite3_value_int(argv[2]));
  const column_type to = builtin_column_type(static_cast<oid_t>(sqlite3_value_int64(argv[3])),
                                             sqlite3_value_int(argv[4]));
  const bool assignment = argc > 5 && sqlite3_value_int(argv[5]) != 0;
  const auto rule = find_cast(from, to);
  const stored_cast method =
      rule && rule->method != stored_cast::not_supported ? rule->method : stored_cast::via_text;
  auto r = cast_stored_value(value_of(argv[0]), from, to, method, /*explicit_cast=*/!assignment,
                             state_of(context).settings);
  if (!r)
    return report(context, r.error());
  const oid_t f = from.oid;  // text, varchar, bpchar, name, unknown: the target's input reads it
  if (method == stored_cast::via_text && (f == 25 || f == 1043 || f == 1042 || f == 19 || f == 705)) {
    // tsquery_in's NOTICE for a text without lexemes (input_notices.hpp).
    std::vector<pg_error>& notices = state_of(context).notices;
    for (pg_error& notice : text_input_notices(to, text_of(argv[0])))
      if (notices.size() < max_kept_notices)
        notices.push_back(std::move(notice));
  }
  return_value(context, *r);
}

// ---- pg_power(a, b) --------------------------------------------------------

void power(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const double a = float_of(argv[0]);
  const double b = float_of(argv[1]);
  if (a == 0 && b < 0)
    return report(context, make_pg_error("2201F", "zero raised to a negative power is undefined"));
  if (a < 0 && std::floor(b) != b)
    return report(context, make_pg_error("2201F",
                                         "a negative number raised to a non-integer power yields a complex result"));
  const double r = std::pow(a, b);
  if (std::isinf(r) && !std::isinf(a) && !std::isinf(b))
    return report(context, make_pg_error("22003", "value out of range: overflow"));
  const std::string text = float_stored(r);
  sqlite3_result_text(context, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

// ---- pg_raise(sqlstate, message) ----------------------------------------------

void raise(sqlite3_context* context, int, sqlite3_value** argv) {
  report(context, make_pg_error(text_of(argv[0]), text_of(argv[1])));
}

void forget_state(void* p) {
  auto* state = static_cast<connection_state*>(p);
  {
    std::lock_guard lock(states_mutex);
    for (auto it = states().begin(); it != states().end(); ++it)
      if (it->second == state) {
        states().erase(it);
        break;
      }
  }
  delete state;
}

}  // namespace

namespace sql_function_support {

bool any_null(int argc, sqlite3_value** argv, int from) {
  for (int i = from; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return true;
  return false;
}

connection_state& state_of(sqlite3_context* context) {
  return *static_cast<connection_state*>(sqlite3_user_data(context));
}

void report(sqlite3_context* context, pg_error error) {
  sqlite3_result_error(context, error.message.c_str(), -1);
  state_of(context).error = std::move(error);
}

std::string text_of(sqlite3_value* v) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(v));
  return p ? std::string(p, static_cast<size_t>(sqlite3_value_bytes(v))) : std::string();
}

result<numeric_value, pg_error> numeric_argument(sqlite3_value* value) { return numeric_of(value); }
double float_argument(sqlite3_value* value) { return float_of(value); }
sql_value stored_value(sqlite3_value* value) { return value_of(value); }
std::string stored_float(double value) { return float_stored(value); }
std::string stored_real(float value) { return float4_stored(value); }
void return_stored(sqlite3_context* context, const sql_value& value) { return_value(context, value); }

void return_text(sqlite3_context* context, const std::string& text) {
  sqlite3_result_text(context, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

}  // namespace sql_function_support

void register_sql_functions(sqlite3* db) {
  auto* state = new connection_state;
  {
    std::lock_guard lock(states_mutex);
    states()[db] = state;
  }
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  struct scalar {
    const char* name;
    int arguments;
    void (*function)(sqlite3_context*, int, sqlite3_value**);
  };
  const scalar scalars[] = {{"pg_int_op", 4, int_op},     {"pg_numeric_op", 3, numeric_op},
                            {"pg_float_op", 3, float_op<double>}, {"pg_float4_op", 3, float_op<float>},
                            {"pg_negate", 2, negate},
                            {"pg_power", 2, power}};
  for (const scalar& s : scalars)
    sqlite3_create_function_v2(db, s.name, s.arguments, flags, state, s.function, nullptr,
                               nullptr, nullptr);
  // Not deterministic: SQLite would evaluate it once up front, outside its CASE.
  sqlite3_create_function_v2(db, "pg_raise", 2, SQLITE_UTF8, state, raise, nullptr, nullptr, nullptr);
  // pg_cast reads the session's settings (TimeZone, DateStyle): not deterministic.
  // Its destructor runs when the connection closes and frees the state.
  sqlite3_create_function_v2(db, "pg_cast", 5, SQLITE_UTF8, state, cast, nullptr, nullptr,
                             forget_state);
  sqlite3_create_function_v2(db, "pg_cast", 6, SQLITE_UTF8, state, cast, nullptr, nullptr, nullptr);
  // The casts that read no setting, in index expressions (index_casts.hpp): deterministic.
  sqlite3_create_function_v2(db, "pg_cast_fixed", 5, flags, state, cast, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_cast_fixed", 6, flags, state, cast, nullptr, nullptr, nullptr);
  register_sum_functions(db, state);
  register_statistics_functions(db, state);
  register_text_functions(db, state);
  register_session_functions(db, state);
  register_math_functions(db, state);
  register_datetime_functions(db, state);
  register_aggregate_functions(db, state);
  register_to_char_function(db, state);
  register_check_functions(db, state);
  register_regex_functions(db, state);
  register_json_functions(db, state);
  register_array_functions(db, state);
  register_array_edit_functions(db, state);
  register_interval_functions(db, state);
  register_series_functions(db, state);
  register_time_zone_functions(db, state);
  register_bytes_functions(db, state);
  register_date_bin_functions(db, state);
  register_bucket_functions(db, state);
  register_numeric_power_functions(db, state);
  register_geometric_functions(db, state);
}

void set_sql_function_settings(sqlite3* db, const type_settings& settings) {
  if (connection_state* state = state_of_connection(db))
    state->settings = settings;
}

void set_recording_failing_row(sqlite3* db, bool recording) {
  if (connection_state* state = state_of_connection(db)) {
    state->recording_failing_row = recording;
    state->failing_row_passed = false;
  }
}

void note_statement_start(sqlite3* db, bool starts_transaction) {
  connection_state* state = state_of_connection(db);
  if (state == nullptr)
    return;
  state->statement_start = clock_now();
  if (starts_transaction || state->transaction_start == 0)
    state->transaction_start = state->statement_start;
}

std::optional<int64_t> session_transaction_start(sqlite3* db) {
  connection_state* state = state_of_connection(db);
  if (state == nullptr || state->transaction_start == 0)
    return std::nullopt;
  return state->transaction_start;
}

std::optional<type_settings> sql_function_settings(sqlite3* db) {
  if (connection_state* state = state_of_connection(db))
    return state->settings;
  return std::nullopt;
}

void keep_sql_function_error(sqlite3* db, pg_error error) {
  if (connection_state* state = state_of_connection(db))
    state->error = std::move(error);
}

std::vector<pg_error> take_sql_function_notices(sqlite3* db) {
  connection_state* state = state_of_connection(db);
  if (state == nullptr)
    return {};
  return std::exchange(state->notices, {});
}

std::optional<pg_error> take_sql_function_error(sqlite3* db) {
  connection_state* state = state_of_connection(db);
  if (state == nullptr || !state->error)
    return std::nullopt;
  std::optional<pg_error> error = std::move(state->error);
  state->error.reset();
  return error;
}

}  // namespace tributary
