// sql_functions_series: generate_series with a step, of integers, numerics and
// timestamps, as PostgreSQL 15 generates them; the translator expands a series
// over pg_ordinals (stages/sql/translator/set_returning_functions.cpp):
//
//   pg_series_count(kind, start, stop, step)        the number of values
//   pg_series_value(kind, start, stop, step, n)     the n-th value (1-based); NULL past
//                                                   the last
// kind: 'int' (int8 arithmetic), 'numeric' (exact: start + (n-1) * step, whose
// scale, past the first value, is the larger of start's and step's, as PostgreSQL's
// repeated addition),
// 'timestamp', 'timestamptz' (the step added again and again — so month steps
// clamp the day for good, as in PostgreSQL — the timestamptz's days in the session's
// TimeZone). A NULL argument: no values.
// Errors (22023): step size cannot equal zero; numeric: start value / stop value
// cannot be NaN / infinity, step size cannot be NaN / infinity. An infinite start or
// stop timestamp is 22008 timestamp out of range (PostgreSQL 15 never ends such a
// series, or ends it with that error); a step that brings a value back to or before
// itself is 54000 (PostgreSQL 15 returns rows forever).
// The n-th timestamp of a series continues from the (n-1)-th when that was the
// last one asked (so reading a series in order is linear).
#include <sqlite3.h>

#include <limits>
#include <optional>
#include <string>

#include "stages/types/numeric/numeric_arithmetic.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

__extension__ typedef __int128 int128_t;

pg_error parameter_error(const std::string& message) { return make_pg_error("22023", message); }
pg_error zero_step() { return parameter_error("step size cannot equal zero"); }

// ---- integers ---------------------------------------------------------------

struct integer_series {
  int64_t start, stop, step;
};

result<integer_series, pg_error> integers(sqlite3_value** argv) {
  integer_series s{sqlite3_value_int64(argv[1]), sqlite3_value_int64(argv[2]), sqlite3_value_int64(argv[3])};
  if (s.step == 0)
    return fail(zero_step());
  return s;
}

int64_t integer_count(const integer_series& s) {
  if ((s.step > 0 && s.stop < s.start) || (s.step < 0 && s.stop > s.start))
    return 0;
  const int128_t span = static_cast<int128_t>(s.stop) - s.start;
  return static_cast<int64_t>(span / s.step + 1);
}

// ---- numerics ---------------------------------------------------------------

struct numeric_series {
  numeric_value start, stop, step;
};

result<numeric_series, pg_error> numerics(sqlite3_value** argv) {
  numeric_series s;
  const char* names[] = {"start value", "stop value", "step size"};
  numeric_value* targets[] = {&s.start, &s.stop, &s.step};
  for (int i = 0; i < 3; ++i) {
    auto v = numeric_argument(argv[i + 1]);
    if (!v)
      return fail(v.error());
    if (v->what == numeric_value::kind::nan)
      return fail(parameter_error(std::string(names[i]) + " cannot be NaN"));
    if (v->what != numeric_value::kind::finite)
      return fail(parameter_error(std::string(names[i]) + " cannot be infinity"));
    *targets[i] = std::move(*v);
  }
  if (s.step.is_zero())
    return fail(zero_step());
  return s;
}

numeric_value numeric_nth(const numeric_series& s, int64_t n) {
  if (n == 1)
    return s.start;  // as given (its own scale); then start + step and on
  return numeric_add(s.start, numeric_multiply(numeric_from_integer(n - 1), s.step));
}

// Whether the value is still within the series (step > 0: value <= stop).
bool numeric_within(const numeric_series& s, const numeric_value& value) {
  const int sign = numeric_compare(s.step, numeric_from_integer(0));
  const int c = numeric_compare(value, s.stop);
  return sign > 0 ? c <= 0 : c >= 0;
}

int64_t numeric_count(const numeric_series& s) {
  if (!numeric_within(s, s.start))
    return 0;
  // (stop - start) / step, rounded, then corrected to the last value within.
  numeric_value quotient = numeric_divide_to_scale(numeric_subtract(s.stop, s.start), s.step, 0);
  int64_t n = numeric_to_integer(quotient).value_or(std::numeric_limits<int32_t>::max()) + 1;
  while (n > 1 && !numeric_within(s, numeric_nth(s, n)))
    --n;
  while (numeric_within(s, numeric_nth(s, n + 1)))
    ++n;
  return n;
}

// ---- timestamps -------------------------------------------------------------

constexpr int64_t infinite_low = std::numeric_limits<int64_t>::min();
constexpr int64_t infinite_high = std::numeric_limits<int64_t>::max();

struct timestamp_series {
  int64_t start, stop;
  interval_value step;
  bool with_zone;
  int sign;  // interval_cmp of the step with zero
};

result<timestamp_series, pg_error> timestamps(sqlite3_value** argv, bool with_zone) {
  timestamp_series s{sqlite3_value_int64(argv[1]), sqlite3_value_int64(argv[2]), {}, with_zone, 0};
  auto step = decode_stored_interval(text_of(argv[3]));
  if (!step)
    return fail(make_pg_error("XX000", "invalid stored interval"));
  s.step = *step;
  // interval_cmp_value: months as 30 days, days as 24 hours.
  const int128_t span = (static_cast<int128_t>(step->months) * 30 + step->days) * interval_usecs_per_day + step->micros;
  s.sign = span > 0 ? 1 : span < 0 ? -1 : 0;
  if (s.sign == 0)
    return fail(zero_step());
  if (s.start == infinite_low || s.start == infinite_high || s.stop == infinite_low || s.stop == infinite_high)
    return fail(make_pg_error("22008", "timestamp out of range"));
  return s;
}

bool timestamp_within(const timestamp_series& s, int64_t value) {
  return s.sign > 0 ? value <= s.stop : value >= s.stop;
}

// A step like 1 mon -29 days may bring a value back to itself (Jan 31 + 1 mon = Feb 29,
// - 29 days = Jan 31): PostgreSQL then returns rows forever; here 54000.
bool advances(const timestamp_series& s, int64_t from, int64_t to) { return s.sign > 0 ? to > from : to < from; }
pg_error stalled() { return make_pg_error("54000", "generate_series step does not advance the series"); }

// A step of µs only (or days on timestamp without zone): each value is start + (n-1) * step.
std::optional<int128_t> fixed_step(const timestamp_series& s) {
  if (s.step.months != 0 || (s.step.days != 0 && s.with_zone))
    return std::nullopt;
  return static_cast<int128_t>(s.step.days) * interval_usecs_per_day + s.step.micros;
}

// The last value computed, to continue from (one per thread: SQLite calls a
// connection's functions on the thread that steps the statement).
struct last_timestamp {
  std::string key;
  int64_t n = 0;
  int64_t value = 0;
};
thread_local last_timestamp last;

std::string series_key(sqlite3_context* context, sqlite3_value** argv, bool with_zone) {
  return text_of(argv[1]) + "|" + text_of(argv[3]) + "|" +
         (with_zone ? state_of(context).settings.time_zone : std::string());
}

// The n-th value (n >= 1); nullopt past stop.
result<std::optional<int64_t>, pg_error> timestamp_nth(sqlite3_context* context, const timestamp_series& s,
                                                       const std::string& key, int64_t n) {
  int64_t i = 1;
  int64_t value = s.start;
  if (last.key == key && last.n >= 1 && last.n <= n) {
    i = last.n;
    value = last.value;
  }
  if (!timestamp_within(s, value))
    return std::optional<int64_t>{};
  while (i < n) {
    auto next = add_interval_to_timestamp(context, value, s.step, s.with_zone, 1);
    if (!next)
      return fail(next.error());
    if (!advances(s, value, *next))
      return fail(stalled());
    value = *next;
    ++i;
    if (!timestamp_within(s, value))
      return std::optional<int64_t>{};
  }
  last = {key, n, value};
  return std::optional<int64_t>{value};
}

void series_count(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv, 1))
    return sqlite3_result_int64(context, 0);
  const std::string kind = text_of(argv[0]);
  if (kind == "int") {
    auto s = integers(argv);
    if (!s)
      return report(context, s.error());
    return sqlite3_result_int64(context, integer_count(*s));
  }
  if (kind == "numeric") {
    auto s = numerics(argv);
    if (!s)
      return report(context, s.error());
    return sqlite3_result_int64(context, numeric_count(*s));
  }
  const bool with_zone = kind == "timestamptz";
  auto s = timestamps(argv, with_zone);
  if (!s)
    return report(context, s.error());
  if (!timestamp_within(*s, s->start))
    return sqlite3_result_int64(context, 0);
  if (const auto step = fixed_step(*s)) {  // counted
    const int128_t span = static_cast<int128_t>(s->stop) - s->start;
    return sqlite3_result_int64(context, static_cast<int64_t>(span / *step + 1));
  }
  int64_t n = 0;
  int64_t value = s->start;
  while (timestamp_within(*s, value)) {
    ++n;
    auto next = add_interval_to_timestamp(context, value, s->step, with_zone, 1);
    if (!next)
      return report(context, next.error());
    if (!advances(*s, value, *next))
      return report(context, stalled());
    value = *next;
  }
  sqlite3_result_int64(context, n);
}

void series_value(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc - 1, argv, 1))
    return sqlite3_result_null(context);
  const int64_t n = sqlite3_value_int64(argv[4]);
  if (n < 1)
    return sqlite3_result_null(context);
  const std::string kind = text_of(argv[0]);
  if (kind == "int") {
    auto s = integers(argv);
    if (!s)
      return report(context, s.error());
    if (n > integer_count(*s))
      return sqlite3_result_null(context);
    return sqlite3_result_int64(context, s->start + (n - 1) * s->step);
  }
  if (kind == "numeric") {
    auto s = numerics(argv);
    if (!s)
      return report(context, s.error());
    const numeric_value value = numeric_nth(*s, n);
    if (!numeric_within(*s, value))
      return sqlite3_result_null(context);
    return return_text(context, format_numeric_text(value));
  }
  const bool with_zone = kind == "timestamptz";
  auto s = timestamps(argv, with_zone);
  if (!s)
    return report(context, s.error());
  if (const auto step = fixed_step(*s)) {  // computed
    const int128_t value = static_cast<int128_t>(s->start) + static_cast<int128_t>(n - 1) * *step;
    const bool within = s->sign > 0 ? value <= s->stop : value >= s->stop;
    if (!within)
      return sqlite3_result_null(context);
    return sqlite3_result_int64(context, static_cast<int64_t>(value));
  }
  auto value = timestamp_nth(context, *s, series_key(context, argv, with_zone), n);
  if (!value)
    return report(context, value.error());
  if (!*value)
    return sqlite3_result_null(context);
  sqlite3_result_int64(context, **value);
}

}  // namespace

void register_series_functions(sqlite3* db, connection_state* state) {
  // timestamptz series read the session's TimeZone: not deterministic.
  sqlite3_create_function_v2(db, "pg_series_count", 4, SQLITE_UTF8, state, series_count, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_series_value", 5, SQLITE_UTF8, state, series_value, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
