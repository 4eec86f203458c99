// sql_functions_sums: sum and avg of numeric and float8 for translated queries
// (stages/sql/translator/function_translator.cpp), both as aggregates and as window
// aggregates over any frame (sqlite3_create_window_function: a row entering the frame
// is a step, a row leaving it an inverse step):
//
//   pg_numeric_sum(x), pg_numeric_avg(x)   numeric (x numeric or an integer): exact; the
//       sum's dscale is the largest dscale of the frame's values, as PostgreSQL's
//       numeric_accum / numeric_accum_inv keep it; NaN when the frame holds a NaN or
//       both infinities, else an infinity it holds; avg = sum / count with numeric
//       division's scale
//   pg_float_sum(x), pg_float_avg(x)       float8: the values added in the frame's order.
//       PostgreSQL has no inverse for float8 sums: when rows leave a frame it sums the
//       frame again from its first row, so its rounding is that of an in-order sum; the
//       same happens here (the frame's values are kept, summed again after a row left).
//       An infinite sum of finite values is 22003 value out of range: overflow.
//   pg_real_sum(x), pg_real_avg(x)         of real (float4) values, as float4pl /
//       float4_accum: the sum a real added in float precision, the average a float8 of
//       the values widened to float8.
// NULL values are skipped; a frame without values gives NULL. What is durable: nothing.
#include <sqlite3.h>

#include <cmath>
#include <deque>
#include <map>
#include <memory>

#include "stages/types/numeric/numeric_arithmetic.hpp"
#include "storage/aggregate_state.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

// The state of one aggregate or window, on the heap; its pointer lives in SQLite's
// aggregate context until xFinal deletes it.
struct numeric_sums {
  numeric_value finite = numeric_from_integer(0);
  std::map<int32_t, int64_t> scales;  // dscale -> finite values in the frame with it
  int64_t count = 0;                  // non-NULL values in the frame
  int64_t nan = 0, positive_infinities = 0, negative_infinities = 0;
  bool failed = false;
};

// Adds (direction 1) or removes (-1) one value.
void numeric_change(sqlite3_context* context, sqlite3_value* value, int direction) {
  if (sqlite3_value_type(value) == SQLITE_NULL)
    return;
  numeric_sums* s = aggregate_state<numeric_sums>(context, true);
  if (s == nullptr)
    return sqlite3_result_error_nomem(context);
  if (s->failed)
    return;
  auto v = numeric_argument(value);
  if (!v) {
    s->failed = true;
    return report(context, v.error());
  }
  s->count += direction;
  switch (v->what) {
    case numeric_value::kind::nan:
      s->nan += direction;
      return;
    case numeric_value::kind::positive_infinity:
      s->positive_infinities += direction;
      return;
    case numeric_value::kind::negative_infinity:
      s->negative_infinities += direction;
      return;
    case numeric_value::kind::finite:
      break;
  }
  s->finite = direction > 0 ? numeric_add(s->finite, *v) : numeric_subtract(s->finite, *v);
  if ((s->scales[v->dscale] += direction) == 0)
    s->scales.erase(v->dscale);
}

void numeric_step(sqlite3_context* context, int, sqlite3_value** argv) { numeric_change(context, argv[0], 1); }
void numeric_inverse(sqlite3_context* context, int, sqlite3_value** argv) { numeric_change(context, argv[0], -1); }

void numeric_result(sqlite3_context* context, const numeric_sums* s, bool average) {
  if (s == nullptr || s->failed || s->count == 0)
    return sqlite3_result_null(context);
  numeric_value out;
  if (s->nan > 0 || (s->positive_infinities > 0 && s->negative_infinities > 0)) {
    out.what = numeric_value::kind::nan;
  } else if (s->positive_infinities > 0) {
    out.what = numeric_value::kind::positive_infinity;
  } else if (s->negative_infinities > 0) {
    out.what = numeric_value::kind::negative_infinity;
  } else {
    out = s->finite;
    out.dscale = s->scales.empty() ? 0 : s->scales.rbegin()->first;
    if (average) {
      auto quotient = numeric_divide(out, numeric_from_integer(s->count));
      if (!quotient)
        return report(context, quotient.error());
      out = *quotient;
    }
  }
  return_text(context, format_numeric_text(out));
}

void numeric_sum_value(sqlite3_context* context) { numeric_result(context, aggregate_state<numeric_sums>(context, false), false); }
void numeric_avg_value(sqlite3_context* context) { numeric_result(context, aggregate_state<numeric_sums>(context, false), true); }
void numeric_sum_final(sqlite3_context* context) { numeric_result(context, release_aggregate_state<numeric_sums>(context).get(), false); }
void numeric_avg_final(sqlite3_context* context) { numeric_result(context, release_aggregate_state<numeric_sums>(context).get(), true); }

// sum + v as float8pl (float4pl when the sum is a real's, in float precision): an
// infinite result of finite operands is 22003.
template <class F>
bool add_float(double& sum, double v) {
  const F next = static_cast<F>(sum) + static_cast<F>(v);
  if (std::isinf(next) && !std::isinf(static_cast<F>(sum)) && !std::isinf(static_cast<F>(v)))
    return false;
  sum = next;
  return true;
}

pg_error float_overflow() { return make_pg_error("22003", "value out of range: overflow"); }

struct float_sums {
  std::deque<double> values;  // the frame's values, in order
  double sum = 0;
  bool stale = false;  // a value left the frame: sum again from the first
  bool real_sum = false;  // sum(real): added as floats, a real
  bool add(double v) { return real_sum ? add_float<float>(sum, v) : add_float<double>(sum, v); }
};

// A float8 value; for the real aggregates (`real_argument`) the float it stores.
template <bool real_argument, bool real_sum>
void float_step(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return;
  float_sums* s = aggregate_state<float_sums>(context, true);
  if (s == nullptr)
    return sqlite3_result_error_nomem(context);
  s->real_sum = real_sum;
  const double v = real_argument ? static_cast<float>(float_argument(argv[0])) : float_argument(argv[0]);
  s->values.push_back(v);
  if (!s->stale && !s->add(v))
    report(context, float_overflow());
}

void float_inverse(sqlite3_context* context, int, sqlite3_value** argv) {
  float_sums* s = aggregate_state<float_sums>(context, false);
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || s == nullptr || s->values.empty())
    return;
  s->values.pop_front();
  s->stale = true;
}

void float_result(sqlite3_context* context, float_sums* s, bool average) {
  if (s == nullptr || s->values.empty())
    return sqlite3_result_null(context);
  if (s->stale) {
    s->sum = 0;
    for (double v : s->values)
      if (!s->add(v))
        return report(context, float_overflow());
    s->stale = false;
  }
  if (s->real_sum)
    return return_text(context, stored_real(static_cast<float>(s->sum)));
  return_text(context, stored_float(average ? s->sum / static_cast<double>(s->values.size()) : s->sum));
}

void float_sum_value(sqlite3_context* context) { float_result(context, aggregate_state<float_sums>(context, false), false); }
void float_avg_value(sqlite3_context* context) { float_result(context, aggregate_state<float_sums>(context, false), true); }
void float_sum_final(sqlite3_context* context) { float_result(context, release_aggregate_state<float_sums>(context).get(), false); }
void float_avg_final(sqlite3_context* context) { float_result(context, release_aggregate_state<float_sums>(context).get(), true); }

}  // namespace

void register_sum_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  const struct {
    const char* name;
    void (*step)(sqlite3_context*, int, sqlite3_value**);
    void (*final)(sqlite3_context*);
    void (*value)(sqlite3_context*);
    void (*inverse)(sqlite3_context*, int, sqlite3_value**);
  } sums[] = {
      {"pg_numeric_sum", numeric_step, numeric_sum_final, numeric_sum_value, numeric_inverse},
      {"pg_numeric_avg", numeric_step, numeric_avg_final, numeric_avg_value, numeric_inverse},
      {"pg_float_sum", float_step<false, false>, float_sum_final, float_sum_value, float_inverse},
      {"pg_float_avg", float_step<false, false>, float_avg_final, float_avg_value, float_inverse},
      {"pg_real_sum", float_step<true, true>, float_sum_final, float_sum_value, float_inverse},
      {"pg_real_avg", float_step<true, false>, float_avg_final, float_avg_value, float_inverse},
  };
  for (const auto& s : sums)
    sqlite3_create_window_function(db, s.name, 1, flags, state, s.step, s.final, s.value, s.inverse, nullptr);
}

}  // namespace tributary::sql_function_support
