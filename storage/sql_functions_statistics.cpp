// sql_functions_statistics: PostgreSQL's statistical aggregates for translated queries
// (stages/sql/translator/statistics_aggregates.cpp), computed as PostgreSQL 15 computes
// them so the last digits agree:
//
//   pg_numeric_<kind>(x)   numeric (x numeric or an integer), kind var_samp, var_pop,
//       stddev_samp, stddev_pop: numeric_stddev_internal's exact N, sum(x)
//       and sum(x*x); (N * sumX2 - sumX^2) / (N * (N - 1)) (or N * N) at numeric
//       division's scale, its square root at the same scale; a numerator <= 0 gives 0;
//       NULL without enough rows (one for a sample, none), then NaN when a NaN or an
//       infinity was seen
//   pg_float_<kind>(x)     float8: float8_accum's Youngs-Cramer N, Sx, Sxx (one argument
//       each, so that DISTINCT works)
//   pg_float_regression(y, x, kind)   float8: float8_regr_accum's N, Sx, Sxx, Sy, Syy,
//       Sxy; kind 'covar_pop', 'covar_samp', 'corr', 'regr_sxx', 'regr_syy', 'regr_sxy',
//       'regr_avgx', 'regr_avgy', 'regr_r2', 'regr_slope', 'regr_intercept'; rows with a
//       NULL y or x are skipped
// An infinite accumulation of finite values is 22003 value out of range: overflow.
#include <sqlite3.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

#include "stages/types/numeric/numeric_arithmetic.hpp"
#include "storage/aggregate_state.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

pg_error overflow() { return make_pg_error("22003", "value out of range: overflow"); }
constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();

// ---- numeric variance and standard deviation --------------------------------------

struct numeric_moments {
  int64_t n = 0;
  numeric_value sum = numeric_from_integer(0);
  numeric_value sum_of_squares = numeric_from_integer(0);
  bool special = false;  // a NaN or an infinity was seen
  bool failed = false;
  const char* kind = "";
};

template <const char* Kind>
void numeric_variance_step(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return;
  numeric_moments* m = aggregate_state<numeric_moments>(context, true);
  if (m == nullptr)
    return sqlite3_result_error_nomem(context);
  if (m->failed)
    return;
  auto x = numeric_argument(argv[0]);
  if (!x) {
    m->failed = true;
    return report(context, x.error());
  }
  m->kind = Kind;
  ++m->n;
  if (x->what != numeric_value::kind::finite) {
    m->special = true;
    return;
  }
  m->sum = numeric_add(m->sum, *x);
  m->sum_of_squares = numeric_add(m->sum_of_squares, numeric_multiply(*x, *x));
}

void numeric_variance_final(sqlite3_context* context) {
  const auto m = release_aggregate_state<numeric_moments>(context);
  if (m == nullptr || m->failed)
    return sqlite3_result_null(context);
  const std::string_view kind = m->kind;
  const bool sample = kind.ends_with("samp");
  if (m->n <= (sample ? 1 : 0))
    return sqlite3_result_null(context);
  if (m->special) {
    numeric_value nan;
    nan.what = numeric_value::kind::nan;
    return return_text(context, format_numeric_text(nan));
  }
  const numeric_value n = numeric_from_integer(m->n);
  const numeric_value numerator = numeric_subtract(numeric_multiply(n, m->sum_of_squares),
                                                   numeric_multiply(m->sum, m->sum));
  if (numerator.negative || numerator.is_zero())
    return return_text(context, "0");
  const numeric_value denominator = numeric_multiply(n, sample ? numeric_from_integer(m->n - 1) : n);
  const int32_t scale = numeric_division_scale(numerator, denominator);
  const numeric_value variance = numeric_divide_to_scale(numerator, denominator, scale);
  if (kind.starts_with("var"))
    return return_text(context, format_numeric_text(variance));
  auto deviation = numeric_sqrt_to_scale(variance, scale);
  if (!deviation)
    return report(context, deviation.error());
  return_text(context, format_numeric_text(*deviation));
}

// ---- float8 variance and standard deviation (float8_accum) ------------------------

struct float_moments {
  double n = 0, sx = 0, sxx = 0;
  const char* kind = "";
};

template <const char* Kind>
void float_variance_step(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return;
  float_moments* m = aggregate_state<float_moments>(context, true);
  if (m == nullptr)
    return sqlite3_result_error_nomem(context);
  m->kind = Kind;
  const double x = float_argument(argv[0]);
  const double previous_n = m->n, previous_sx = m->sx;
  m->n += 1.0;
  m->sx += x;
  if (previous_n > 0.0) {
    const double tmp = x * m->n - m->sx;
    m->sxx += tmp * tmp / (m->n * previous_n);
    if (std::isinf(m->sx) || std::isinf(m->sxx)) {
      if (!std::isinf(previous_sx) && !std::isinf(x))
        return report(context, overflow());
      m->sxx = nan_value;
    }
  } else if (std::isinf(x) || std::isnan(x)) {
    m->sxx = nan_value;
  }
}

void float_variance_final(sqlite3_context* context) {
  const auto m = release_aggregate_state<float_moments>(context);
  if (m == nullptr)
    return sqlite3_result_null(context);
  const std::string_view kind = m->kind;
  const bool sample = kind.ends_with("samp");
  if (m->n <= (sample ? 1.0 : 0.0))
    return sqlite3_result_null(context);
  double variance = m->sxx;
  if (!std::isnan(variance))
    variance = variance <= 0.0 ? 0.0 : variance / (sample ? m->n - 1.0 : m->n);
  return_text(context, stored_float(kind.starts_with("var") ? variance : std::sqrt(variance)));
}

// ---- float8 regression (float8_regr_accum) ------------------------------------------

struct regression_moments {
  double n = 0, sx = 0, sxx = 0, sy = 0, syy = 0, sxy = 0;
  std::string kind;
};

void regression_step(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return;
  regression_moments* m = aggregate_state<regression_moments>(context, true);
  if (m == nullptr)
    return sqlite3_result_error_nomem(context);
  if (m->kind.empty())
    m->kind = text_of(argv[2]);
  const double y = float_argument(argv[0]), x = float_argument(argv[1]);
  const double previous_n = m->n, previous_sx = m->sx, previous_sy = m->sy;
  m->n += 1.0;
  m->sx += x;
  m->sy += y;
  if (previous_n > 0.0) {
    const double tmp_x = x * m->n - m->sx;
    const double tmp_y = y * m->n - m->sy;
    const double scale = 1.0 / (m->n * previous_n);
    m->sxx += tmp_x * tmp_x * scale;
    m->syy += tmp_y * tmp_y * scale;
    m->sxy += tmp_x * tmp_y * scale;
    if (std::isinf(m->sx) || std::isinf(m->sxx)) {
      if (!std::isinf(previous_sx) && !std::isinf(x))
        return report(context, overflow());
      m->sxx = nan_value;
    }
    if (std::isinf(m->sy) || std::isinf(m->syy)) {
      if (!std::isinf(previous_sy) && !std::isinf(y))
        return report(context, overflow());
      m->syy = nan_value;
    }
    if (std::isinf(m->sxy)) {
      if (!std::isinf(previous_sx) && !std::isinf(x) && !std::isinf(previous_sy) && !std::isinf(y))
        return report(context, overflow());
      m->sxy = nan_value;
    }
  } else {
    if (std::isinf(x) || std::isnan(x))
      m->sxx = m->sxy = nan_value;
    if (std::isinf(y) || std::isnan(y))
      m->syy = m->sxy = nan_value;
  }
}

void regression_final(sqlite3_context* context) {
  const auto m = release_aggregate_state<regression_moments>(context);
  if (m == nullptr)
    return sqlite3_result_null(context);
  const std::string& k = m->kind;
  const auto result = [&](double v) { return_text(context, stored_float(v)); };
  if (k == "covar_samp")
    return m->n <= 1.0 ? sqlite3_result_null(context) : result(m->sxy / (m->n - 1.0));
  if (m->n < 1.0)
    return sqlite3_result_null(context);
  if (k == "covar_pop")
    return result(m->sxy / m->n);
  if (k == "regr_sxx")
    return result(m->sxx);
  if (k == "regr_syy")
    return result(m->syy);
  if (k == "regr_sxy")
    return result(m->sxy);
  if (k == "regr_avgx")
    return result(m->sx / m->n);
  if (k == "regr_avgy")
    return result(m->sy / m->n);
  if (k == "corr")  // NULL for horizontal and vertical lines, as the standard says
    return m->sxx == 0 || m->syy == 0 ? sqlite3_result_null(context) : result(m->sxy / std::sqrt(m->sxx * m->syy));
  if (m->sxx == 0)  // regr_r2, regr_slope, regr_intercept: NULL for a vertical line
    return sqlite3_result_null(context);
  if (k == "regr_r2")
    return result(m->syy == 0 ? 1.0 : (m->sxy * m->sxy) / (m->sxx * m->syy));
  if (k == "regr_slope")
    return result(m->sxy / m->sxx);
  return result((m->sy - m->sx * m->sxy / m->sxx) / m->n);  // regr_intercept
}

constexpr char var_samp[] = "var_samp";
constexpr char var_pop[] = "var_pop";
constexpr char stddev_samp[] = "stddev_samp";
constexpr char stddev_pop[] = "stddev_pop";

}  // namespace

void register_statistics_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  const struct {
    const char* name;
    void (*step)(sqlite3_context*, int, sqlite3_value**);
    void (*final)(sqlite3_context*);
  } one_argument[] = {
      {"pg_numeric_var_samp", numeric_variance_step<var_samp>, numeric_variance_final},
      {"pg_numeric_var_pop", numeric_variance_step<var_pop>, numeric_variance_final},
      {"pg_numeric_stddev_samp", numeric_variance_step<stddev_samp>, numeric_variance_final},
      {"pg_numeric_stddev_pop", numeric_variance_step<stddev_pop>, numeric_variance_final},
      {"pg_float_var_samp", float_variance_step<var_samp>, float_variance_final},
      {"pg_float_var_pop", float_variance_step<var_pop>, float_variance_final},
      {"pg_float_stddev_samp", float_variance_step<stddev_samp>, float_variance_final},
      {"pg_float_stddev_pop", float_variance_step<stddev_pop>, float_variance_final},
  };
  for (const auto& f : one_argument)
    sqlite3_create_function_v2(db, f.name, 1, flags, state, nullptr, f.step, f.final, nullptr);
  sqlite3_create_function_v2(db, "pg_float_regression", 3, flags, state, nullptr, regression_step,
                             regression_final, nullptr);
}

}  // namespace tributary::sql_function_support
