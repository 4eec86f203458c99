// sql_functions_interval: interval arithmetic on interval's stored form
// ("months days micros", stages/types/datetime/interval_value.hpp), as PostgreSQL
// 15 computes it (utils/adt/timestamp.c):
//
//   pg_interval_add(a, b, sign)    interval + interval (sign 1) / - interval (sign -1):
//                                  field by field; 22008 interval out of range on overflow
//   pg_interval_negate(a)          - interval; 22008 interval out of range
//   pg_interval_scale(a, f, div)   interval * float8 (div 0) / interval / float8 (div 1):
//                                  whole months and days scaled, their fractions cascaded
//                                  down (a month is 30 days, a day 86400 s) rounded to
//                                  the microsecond, as interval_mul / interval_div;
//                                  22008 interval out of range, 22012 division by zero
//   pg_interval_sum(a)             sum(interval): interval_pl over the rows (NULL for none)
//   pg_interval_avg(a)             avg(interval): the sum divided by the count, as
//                                  interval_avg (NULL for none); both also as window
//                                  aggregates over any frame (rows leaving it subtracted)
//   pg_interval_justify(a, kind)   justify_days ('d') / justify_hours ('h') /
//                                  justify_interval ('i'), as interval_justify_*; 22008
//                                  interval out of range
//   pg_make_interval(y, m, w, d, h, mi, s)  make_interval (integers, s float8):
//                                  22008 interval out of range for an infinite or NaN s
//   pg_extract_interval(field, a, numeric)  extract / date_part of an interval
// The translator (stages/sql/translator/datetime_functions.cpp) reads the factor as
// float8 first, as PostgreSQL's operator resolution casts an integer or numeric.
#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/numeric/numeric_arithmetic.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

pg_error interval_out_of_range() { return make_pg_error("22008", "interval out of range"); }

bool read_interval(sqlite3_context* context, sqlite3_value* value, interval_value& out) {
  auto decoded = decode_stored_interval(text_of(value));
  if (!decoded) {
    report(context, make_pg_error("XX000", "invalid stored interval"));
    return false;
  }
  out = *decoded;
  return true;
}

void return_interval(sqlite3_context* context, const interval_value& value) {
  return_text(context, encode_stored_interval(value));
}

// interval_pl / interval_mi.
bool add_intervals(const interval_value& a, const interval_value& b, int sign, interval_value& out) {
  if (sign < 0)
    return !__builtin_sub_overflow(a.months, b.months, &out.months) &&
           !__builtin_sub_overflow(a.days, b.days, &out.days) &&
           !__builtin_sub_overflow(a.micros, b.micros, &out.micros);
  return !__builtin_add_overflow(a.months, b.months, &out.months) &&
         !__builtin_add_overflow(a.days, b.days, &out.days) &&
         !__builtin_add_overflow(a.micros, b.micros, &out.micros);
}

void interval_add(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  interval_value a, b, out;
  if (!read_interval(context, argv[0], a) || !read_interval(context, argv[1], b))
    return;
  if (!add_intervals(a, b, sqlite3_value_int(argv[2]) < 0 ? -1 : 1, out))
    return report(context, interval_out_of_range());
  return_interval(context, out);
}

void interval_negate(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  interval_value a;
  if (!read_interval(context, argv[0], a))
    return;
  if (a.months == std::numeric_limits<int32_t>::min() || a.days == std::numeric_limits<int32_t>::min() ||
      a.micros == std::numeric_limits<int64_t>::min())
    return report(context, interval_out_of_range());
  return_interval(context, interval_value{-a.micros, -a.days, -a.months});
}

// TSROUND: to the microsecond (of a value in seconds or days).
double ts_round(double value) { return std::rint(value * 1000000.0) / 1000000.0; }

constexpr double days_per_month = 30;
constexpr double seconds_per_day = 86400;

// interval_mul (divide false) / interval_div (divide true), PostgreSQL 15's.
result<interval_value, pg_error> scale_interval(const interval_value& span, double factor, bool divide) {
  if (divide && factor == 0.0)
    return fail(make_pg_error("22012", "division by zero"));
  const auto apply = [&](double v) { return divide ? v / factor : v * factor; };
  interval_value out;
  double months = apply(span.months);
  double days = apply(span.days);
  if (!divide) {  // interval_div has no such checks in PostgreSQL 15
    for (double v : {months, days})
      if (std::isnan(v) || v > std::numeric_limits<int32_t>::max() || v < std::numeric_limits<int32_t>::min())
        return fail(interval_out_of_range());
  } else if (std::isnan(months) || std::isnan(days) || std::fabs(months) > 2147483647.0 ||
             std::fabs(days) > 2147483647.0) {
    return fail(interval_out_of_range());  // PostgreSQL 15 leaves this undefined
  }
  out.months = static_cast<int32_t>(months);
  out.days = static_cast<int32_t>(days);
  double month_remainder_days = ts_round((apply(span.months) - out.months) * days_per_month);
  double sec_remainder = ts_round(
      (apply(span.days) - out.days + month_remainder_days - static_cast<int>(month_remainder_days)) *
      seconds_per_day);
  if (std::fabs(sec_remainder) >= seconds_per_day) {
    out.days += static_cast<int>(sec_remainder / seconds_per_day);
    sec_remainder -= static_cast<int>(sec_remainder / seconds_per_day) * seconds_per_day;
  }
  out.days += static_cast<int32_t>(month_remainder_days);
  const double micros = std::rint(apply(static_cast<double>(span.micros)) + sec_remainder * 1000000.0);
  // FLOAT8_FITS_IN_INT64
  if (std::isnan(micros) || !(micros >= -9223372036854775808.0 && micros < 9223372036854775808.0))
    return fail(interval_out_of_range());
  out.micros = static_cast<int64_t>(micros);
  return out;
}

void interval_scale(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  interval_value a;
  if (!read_interval(context, argv[0], a))
    return;
  auto scaled = scale_interval(a, float_argument(argv[1]), sqlite3_value_int(argv[2]) != 0);
  if (!scaled)
    return report(context, scaled.error());
  return_interval(context, *scaled);
}

// sum(interval) / avg(interval): the running sum and the count. As window aggregates a
// row leaving the frame is subtracted (interval_accum_inv), so the sums stay exact.
struct interval_accumulator {
  interval_value sum;
  int64_t count = 0;
  bool failed = false;
};

// Adds (direction 1) or removes (-1) one row's value.
void interval_change(sqlite3_context* context, sqlite3_value* argument, int direction) {
  auto* acc = static_cast<interval_accumulator*>(sqlite3_aggregate_context(context, sizeof(interval_accumulator)));
  if (acc == nullptr)
    return sqlite3_result_error_nomem(context);
  if (acc->failed || sqlite3_value_type(argument) == SQLITE_NULL)
    return;
  interval_value value;
  if (!read_interval(context, argument, value)) {
    acc->failed = true;
    return;
  }
  if (!add_intervals(acc->sum, value, direction, acc->sum)) {
    acc->failed = true;
    return report(context, interval_out_of_range());
  }
  acc->count += direction;
}

void interval_step(sqlite3_context* context, int, sqlite3_value** argv) { interval_change(context, argv[0], 1); }
void interval_inverse(sqlite3_context* context, int, sqlite3_value** argv) { interval_change(context, argv[0], -1); }

void interval_sum_value(sqlite3_context* context) {
  auto* acc = static_cast<interval_accumulator*>(sqlite3_aggregate_context(context, 0));
  if (acc == nullptr || acc->count == 0 || acc->failed)
    return sqlite3_result_null(context);
  return_interval(context, acc->sum);
}

void interval_avg_value(sqlite3_context* context) {
  auto* acc = static_cast<interval_accumulator*>(sqlite3_aggregate_context(context, 0));
  if (acc == nullptr || acc->count == 0 || acc->failed)
    return sqlite3_result_null(context);
  auto average = scale_interval(acc->sum, static_cast<double>(acc->count), true);
  if (!average)
    return report(context, average.error());
  return_interval(context, *average);
}

constexpr int64_t micros_per_day = 86400000000LL;

// interval_justify_interval / _days / _hours of PostgreSQL 15 (timestamp.c).
bool justify(interval_value& v, char kind) {
  if (kind == 'i' && ((v.days > 0 && v.micros > 0) || (v.days < 0 && v.micros < 0))) {
    const int32_t whole_months = v.days / 30;  // first, so that the days cannot overflow
    v.days -= whole_months * 30;
    if (__builtin_add_overflow(v.months, whole_months, &v.months))
      return false;
  }
  if (kind == 'i' || kind == 'h') {
    const int64_t whole_days = v.micros / micros_per_day;
    v.micros -= whole_days * micros_per_day;
    if (whole_days > std::numeric_limits<int32_t>::max() || whole_days < std::numeric_limits<int32_t>::min() ||
        __builtin_add_overflow(v.days, static_cast<int32_t>(whole_days), &v.days))
      return false;
  }
  if (kind == 'i' || kind == 'd') {
    const int32_t whole_months = v.days / 30;
    v.days -= whole_months * 30;
    if (__builtin_add_overflow(v.months, whole_months, &v.months))
      return false;
  }
  if (kind == 'i') {
    if (v.months > 0 && (v.days < 0 || (v.days == 0 && v.micros < 0))) {
      v.days += 30;
      v.months--;
    } else if (v.months < 0 && (v.days > 0 || (v.days == 0 && v.micros > 0))) {
      v.days -= 30;
      v.months++;
    }
  } else if (kind == 'd') {
    if (v.months > 0 && v.days < 0) {
      v.days += 30;
      v.months--;
    } else if (v.months < 0 && v.days > 0) {
      v.days -= 30;
      v.months++;
    }
  }
  if (kind == 'i' || kind == 'h') {
    if (v.days > 0 && v.micros < 0) {
      v.micros += micros_per_day;
      v.days--;
    } else if (v.days < 0 && v.micros > 0) {
      v.micros -= micros_per_day;
      v.days++;
    }
  }
  return true;
}

void interval_justify(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  interval_value a;
  if (!read_interval(context, argv[0], a))
    return;
  const std::string kind = text_of(argv[1]);
  if (!justify(a, kind.empty() ? 'i' : kind[0]))
    return report(context, interval_out_of_range());
  return_interval(context, a);
}

// make_interval: PostgreSQL 15 computes the fields in wrapping integer arithmetic.
void make_interval(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  const auto field = [&](int i) { return static_cast<uint32_t>(sqlite3_value_int(argv[i])); };
  const double seconds = float_argument(argv[6]);
  if (std::isinf(seconds) || std::isnan(seconds))
    return report(context, interval_out_of_range());
  interval_value out;
  out.months = static_cast<int32_t>(field(0) * 12u + field(1));
  out.days = static_cast<int32_t>(field(2) * 7u + field(3));
  const auto wide = [&](int i) { return static_cast<uint64_t>(static_cast<int64_t>(sqlite3_value_int(argv[i]))); };
  out.micros = static_cast<int64_t>(wide(4) * 3600000000ULL + wide(5) * 60000000ULL +
                                    static_cast<uint64_t>(static_cast<int64_t>(std::rint(seconds * 1000000.0))));
  return_interval(context, out);
}

}  // namespace

// pg_extract_interval(field, a, as_numeric): extract (numeric, as_numeric 1) and
// date_part (float8) of an interval, as interval_part_common: the time split toward
// zero into hours, minutes, seconds; the months into years and months; epoch counts
// a year as 365.25 days and a month as 30.
void extract_interval(sqlite3_context* context, int, sqlite3_value** argv) {
  if (any_null(3, argv))
    return sqlite3_result_null(context);
  const std::string field = text_of(argv[0]);
  interval_value v;
  if (!read_interval(context, argv[1], v))
    return;
  const bool as_numeric = sqlite3_value_int(argv[2]) != 0;
  const auto give = [&](int64_t value, int scale) { return_extracted(context, value, scale, as_numeric); };
  constexpr int64_t usecs_per_minute = int64_t{60'000'000};
  const int64_t second_usecs = v.micros % usecs_per_minute;
  const int32_t years = v.months / 12, months = v.months % 12;
  if (field == "epoch") {
    constexpr int64_t seconds_per_day = 86'400;
    if (!as_numeric)
      return return_text(context, stored_float(static_cast<double>(v.micros) / 1000000.0 +
                                                 (365.25 * seconds_per_day) * years +
                                                 (30.0 * seconds_per_day) * months +
                                                 static_cast<double>(seconds_per_day) * v.days));
    // Four times the days, so that 365.25 stays an integer (as PostgreSQL computes it);
    // exact in numeric, where PostgreSQL falls back to numeric when int64 overflows.
    const int64_t seconds = (int64_t{1461} * years + int64_t{120} * months + int64_t{4} * v.days) *
                            (seconds_per_day / 4);
    const numeric_value million = numeric_from_integer(1'000'000);
    const numeric_value micros =
        numeric_add(numeric_multiply(numeric_from_integer(seconds), million), numeric_from_integer(v.micros));
    return return_text(context, format_numeric_text(numeric_divide_to_scale(micros, million, 6)));
  }
  if (field == "microseconds")
    return give(second_usecs, 0);
  if (field == "milliseconds")
    return give(second_usecs, 3);
  if (field == "second")
    return give(second_usecs, 6);
  if (field == "minute")
    return give(v.micros / usecs_per_minute % 60, 0);
  if (field == "hour")
    return give(v.micros / (usecs_per_minute * 60), 0);
  if (field == "day")
    return give(v.days, 0);
  if (field == "month")
    return give(months, 0);
  if (field == "quarter")
    return give(months / 3 + 1, 0);
  if (field == "year")
    return give(years, 0);
  if (field == "decade")
    return give(years / 10, 0);
  if (field == "century")
    return give(years / 100, 0);
  if (field == "millennium")
    return give(years / 1000, 0);
  report(context, make_pg_error("0A000", "unit \"" + field + "\" not supported for type interval"));
}

void register_interval_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_interval_add", 3, flags, state, interval_add, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_interval_negate", 1, flags, state, interval_negate, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_interval_scale", 3, flags, state, interval_scale, nullptr, nullptr,
                             nullptr);
  sqlite3_create_window_function(db, "pg_interval_sum", 1, flags, state, interval_step, interval_sum_value,
                                 interval_sum_value, interval_inverse, nullptr);
  sqlite3_create_window_function(db, "pg_interval_avg", 1, flags, state, interval_step, interval_avg_value,
                                 interval_avg_value, interval_inverse, nullptr);
  sqlite3_create_function_v2(db, "pg_interval_justify", 2, flags, state, interval_justify, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_extract_interval", 3, flags, state, extract_interval, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_make_interval", 7, flags, state, make_interval, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
