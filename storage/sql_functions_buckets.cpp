// sql_functions_buckets: width_bucket for translated queries
// (stages/sql/translator/numeric_functions.cpp), as PostgreSQL 15 computes it:
//
//   pg_width_bucket_float8(x, low, high, count)   width_bucket_float8: count * (x - low)
//                      / (high - low) + 1 in float8, truncated to int4 as the C cast
//                      does on x86-64 (NaN and values out of int4's range give
//                      -2147483648, as PostgreSQL 15 answers when high - low overflows)
//   pg_width_bucket_numeric(x, low, high, count)  width_bucket_numeric: exact
//   pg_width_bucket_array(x, thresholds, element_oid)   width_bucket_array: the binary
//                      search's count of thresholds <= x (by the element type's order)
// Below the bounds: 0; at or past the upper: count + 1 (22003 integer out of range for
// count 2147483647); a reversed range counts downward. Errors 2201G: count must be
// greater than zero, operand, lower bound, and upper bound cannot be NaN, lower and
// upper bounds must be finite, lower bound cannot equal upper bound; 2202E thresholds
// must be one-dimensional array; 22004 thresholds array must not contain NULLs.
// NULL in, NULL out.
#include <sqlite3.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "stages/types/numeric/numeric_arithmetic.hpp"
#include "stages/types/verbatim/array_element_order.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

pg_error bucket_error(const char* message) { return make_pg_error("2201G", message); }
pg_error integer_out_of_range() { return make_pg_error("22003", "integer out of range"); }

// (int32) of a double as x86-64's cvttsd2si: truncation, INT32_MIN when it does not fit.
int32_t truncated_int32(double value) {
  if (std::isnan(value) || value >= 2147483648.0 || value <= -2147483649.0)
    return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(value);
}

result<int32_t, pg_error> float_bucket(double x, double low, double high, int32_t count) {
  if (count <= 0)
    return fail(bucket_error("count must be greater than zero"));
  if (std::isnan(x) || std::isnan(low) || std::isnan(high))
    return fail(bucket_error("operand, lower bound, and upper bound cannot be NaN"));
  if (std::isinf(low) || std::isinf(high))
    return fail(bucket_error("lower and upper bounds must be finite"));
  if (low == high)
    return fail(bucket_error("lower bound cannot equal upper bound"));
  const bool ascending = low < high;
  if (ascending ? x < low : x > low)
    return 0;
  if (ascending ? x >= high : x <= high) {
    if (count == std::numeric_limits<int32_t>::max())
      return fail(integer_out_of_range());
    return count + 1;
  }
  const double position = ascending ? x - low : low - x;
  const double width = ascending ? high - low : low - high;
  return truncated_int32(static_cast<double>(count) * position / width + 1);
}

result<int32_t, pg_error> numeric_bucket(const numeric_value& x, const numeric_value& low, const numeric_value& high,
                                         int32_t count) {
  using kind = numeric_value::kind;
  if (count <= 0)
    return fail(bucket_error("count must be greater than zero"));
  if (x.what == kind::nan || low.what == kind::nan || high.what == kind::nan)
    return fail(bucket_error("operand, lower bound, and upper bound cannot be NaN"));
  if (low.what != kind::finite || high.what != kind::finite)
    return fail(bucket_error("lower and upper bounds must be finite"));
  const int order = numeric_compare(low, high);
  if (order == 0)
    return fail(bucket_error("lower bound cannot equal upper bound"));
  const bool ascending = order < 0;
  const int from_low = numeric_compare(x, low);
  if (ascending ? from_low < 0 : from_low > 0)
    return 0;
  const int from_high = numeric_compare(x, high);
  if (ascending ? from_high >= 0 : from_high <= 0) {
    if (count == std::numeric_limits<int32_t>::max())
      return fail(integer_out_of_range());
    return count + 1;
  }
  // compute_bucket: trunc((x - low) * count / (high - low)) + 1, exactly (the quotient
  // is in [0, count)).
  const numeric_value position = ascending ? numeric_subtract(x, low) : numeric_subtract(low, x);
  const numeric_value width = ascending ? numeric_subtract(high, low) : numeric_subtract(low, high);
  const numeric_value scaled = numeric_multiply(position, numeric_from_integer(count));
  numeric_value quotient = numeric_divide_to_scale(scaled, width, 0);
  if (numeric_compare(numeric_multiply(quotient, width), scaled) > 0)  // rounded up: truncate
    quotient = numeric_subtract(quotient, numeric_from_integer(1));
  const auto bucket = numeric_to_integer(quotient);
  return static_cast<int32_t>(bucket.value_or(0) + 1);
}

void answer(sqlite3_context* context, const result<int32_t, pg_error>& bucket) {
  if (!bucket)
    return report(context, bucket.error());
  sqlite3_result_int(context, *bucket);
}

void width_bucket_float8(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  answer(context, float_bucket(float_argument(argv[0]), float_argument(argv[1]), float_argument(argv[2]),
                               sqlite3_value_int(argv[3])));
}

void width_bucket_numeric(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  numeric_value values[3];
  for (int i = 0; i < 3; ++i) {
    auto v = numeric_argument(argv[i]);
    if (!v)
      return report(context, v.error());
    values[i] = *v;
  }
  answer(context, numeric_bucket(values[0], values[1], values[2], sqlite3_value_int(argv[3])));
}

void width_bucket_array(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (any_null(argc, argv))
    return sqlite3_result_null(context);
  const array_element_order order(static_cast<oid_t>(sqlite3_value_int64(argv[2])));
  auto thresholds = order.read(text_of(argv[1]));
  if (!thresholds)
    return report(context, thresholds.error());
  if (thresholds->shape.lengths.size() > 1)
    return report(context, make_pg_error("2202E", "thresholds must be one-dimensional array"));
  for (const auto& value : thresholds->values)
    if (!value)
      return report(context, make_pg_error("22004", "thresholds array must not contain NULLs"));
  const sql_value operand = stored_value(argv[0]);
  size_t left = 0, right = thresholds->values.size();
  while (left < right) {
    const size_t middle = (left + right) / 2;
    if (order.compare(operand, *thresholds->values[middle]) < 0)
      right = middle;
    else
      left = middle + 1;
  }
  sqlite3_result_int(context, static_cast<int>(left));
}

}  // namespace

void register_bucket_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_width_bucket_float8", 4, flags, state, width_bucket_float8, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_width_bucket_numeric", 4, flags, state, width_bucket_numeric, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_width_bucket_array", 3, flags, state, width_bucket_array, nullptr, nullptr,
                             nullptr);
}

}  // namespace tributary::sql_function_support
