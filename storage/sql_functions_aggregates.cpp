// sql_functions_aggregates: PostgreSQL aggregates SQLite lacks.
//
//   pg_string_agg(value, separator [, key, collation, flags]...)
//       string_agg(value, separator [ORDER BY key [ASC|DESC] [NULLS FIRST|LAST], ...]):
//       NULL values are skipped; each value after the first is preceded by its own
//       row's separator (NULL: none); NULL over no values. Rows are ordered by the
//       keys: `collation` names the stored-order collation of the key's type ("" =
//       SQLite's own order), flags = 1 (DESC) + 2 (NULLS FIRST) + 4 (DISTINCT: of rows
//       whose keys all compare equal only the first is kept, as an aggregate's
//       DISTINCT sorts its arguments). SQLite 3.40 has no
//       ORDER BY inside an aggregate, so the rows are kept and sorted at the end.
//       A collation "!<type>" names a key of a type PostgreSQL cannot compare (a row's
//       json field: record_cmp): two rows that reach it in a comparison — their
//       earlier keys all equal — fail with 42883 could not identify a comparison
//       function for type <type>, whatever the key's values (NULLs too), as
//       PostgreSQL's sort of the rows does.
//   pg_distinct_count(value, separator [, key, collation, flags]...)
//       count(DISTINCT row): the number of rows pg_string_agg would keep (0 for none).
//   pg_bit_and(x), pg_bit_or(x), pg_bit_xor(x)   bit_and / bit_or / bit_xor of integers
//   pg_ordered_set(kind, fraction, value, collation, flags)
//       WITHIN GROUP (ORDER BY value [DESC]) aggregates, NULL values skipped: kind
//       'disc' percentile_disc(fraction) (the first value at or past the fraction of
//       the rows), 'cont' percentile_cont(fraction) of float8 stored forms (between
//       the two nearest values), 'mode' mode() (the most frequent, the first on a
//       tie); 22003 percentile value x is not between 0 and 1; NULL over no values.
#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <variant>
#include <vector>

#include "stages/types/stored_order.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

using sort_value = std::variant<std::monostate, int64_t, double, std::string>;

struct sort_key {
  sort_value value;
  int (*compare)(std::string_view, std::string_view) = nullptr;  // nullptr: binary
  std::string uncomparable;  // a type without a comparison function: its name
  bool descending = false;
  bool nulls_first = false;
};

struct aggregated_row {
  std::string value;
  std::optional<std::string> separator;
  std::vector<sort_key> keys;
  bool distinct = false;
};

struct string_agg_state {
  std::vector<aggregated_row>* rows;
};

int (*collation_named(const std::string& name))(std::string_view, std::string_view) {
  for (const stored_collation& c : stored_collations())
    if (c.name == name)
      return c.compare;
  return nullptr;
}

sort_value value_for_sort(sqlite3_value* v) {
  switch (sqlite3_value_type(v)) {
    case SQLITE_NULL: return std::monostate{};
    case SQLITE_INTEGER: return static_cast<int64_t>(sqlite3_value_int64(v));
    case SQLITE_FLOAT: return sqlite3_value_double(v);
    default: return text_of(v);
  }
}

// <0, 0, >0 as a sorts before, with, after b in the key's order.
int compare_keys(const sort_key& a, const sort_key& b) {
  if (!a.uncomparable.empty())
    throw make_pg_error("42883", "could not identify a comparison function for type " + a.uncomparable);
  const bool a_null = std::holds_alternative<std::monostate>(a.value);
  const bool b_null = std::holds_alternative<std::monostate>(b.value);
  if (a_null || b_null) {
    if (a_null && b_null)
      return 0;
    return (a_null ? -1 : 1) * (a.nulls_first ? 1 : -1);
  }
  int c = 0;
  const auto* as = std::get_if<std::string>(&a.value);
  const auto* bs = std::get_if<std::string>(&b.value);
  if (as && bs) {
    c = a.compare ? a.compare(*as, *bs) : as->compare(*bs);
  } else if (!as && !bs) {
    const double ad = std::holds_alternative<int64_t>(a.value) ? static_cast<double>(std::get<int64_t>(a.value))
                                                               : std::get<double>(a.value);
    const double bd = std::holds_alternative<int64_t>(b.value) ? static_cast<double>(std::get<int64_t>(b.value))
                                                               : std::get<double>(b.value);
    if (std::holds_alternative<int64_t>(a.value) && std::holds_alternative<int64_t>(b.value))
      c = std::get<int64_t>(a.value) < std::get<int64_t>(b.value) ? -1 : std::get<int64_t>(a.value) > std::get<int64_t>(b.value);
    else
      c = ad < bd ? -1 : ad > bd;
  } else {
    c = as ? 1 : -1;  // SQLite's order: numbers before text
  }
  c = c < 0 ? -1 : (c > 0 ? 1 : 0);
  return a.descending ? -c : c;
}

void string_agg_step(sqlite3_context* context, int argc, sqlite3_value** argv) {
  auto* state = static_cast<string_agg_state*>(sqlite3_aggregate_context(context, sizeof(string_agg_state)));
  if (state == nullptr)
    return sqlite3_result_error_nomem(context);
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return;
  if (state->rows == nullptr)
    state->rows = new std::vector<aggregated_row>;
  aggregated_row row;
  row.value = text_of(argv[0]);
  if (sqlite3_value_type(argv[1]) != SQLITE_NULL)
    row.separator = text_of(argv[1]);
  for (int i = 2; i + 2 < argc; i += 3) {
    sort_key key;
    key.value = value_for_sort(argv[i]);
    if (const std::string collation = text_of(argv[i + 1]); collation.starts_with("!"))
      key.uncomparable = collation.substr(1);
    else
      key.compare = collation_named(collation);
    const int flags = sqlite3_value_int(argv[i + 2]);
    key.descending = (flags & 1) != 0;
    key.nulls_first = (flags & 2) != 0;
    row.distinct = row.distinct || (flags & 4) != 0;
    row.keys.push_back(std::move(key));
  }
  state->rows->push_back(std::move(row));
}

// The aggregated rows in their keys' order, each DISTINCT row once; nullptr (after
// reporting the error) when two rows reach a key PostgreSQL cannot compare.
std::unique_ptr<std::vector<aggregated_row>> sorted_rows(sqlite3_context* context, string_agg_state& state) {
  std::unique_ptr<std::vector<aggregated_row>> rows(state.rows);
  state.rows = nullptr;
  const auto same_keys = [](const aggregated_row& a, const aggregated_row& b) {
    for (size_t i = 0; i < a.keys.size() && i < b.keys.size(); ++i)
      if (compare_keys(a.keys[i], b.keys[i]) != 0)
        return false;
    return true;
  };
  try {
    std::stable_sort(rows->begin(), rows->end(), [](const aggregated_row& a, const aggregated_row& b) {
      for (size_t i = 0; i < a.keys.size() && i < b.keys.size(); ++i)
        if (int c = compare_keys(a.keys[i], b.keys[i]); c != 0)
          return c < 0;
      return false;
    });
    std::vector<aggregated_row> kept;
    for (aggregated_row& row : *rows)
      if (kept.empty() || !row.distinct || !same_keys(kept.back(), row))
        kept.push_back(std::move(row));
    *rows = std::move(kept);
  } catch (const pg_error& error) {
    report(context, error);
    return nullptr;
  }
  return rows;
}

void string_agg_final(sqlite3_context* context) {
  auto* state = static_cast<string_agg_state*>(sqlite3_aggregate_context(context, 0));
  if (state == nullptr || state->rows == nullptr)
    return sqlite3_result_null(context);
  const auto rows = sorted_rows(context, *state);
  if (!rows)
    return;
  std::string out;
  for (size_t i = 0; i < rows->size(); ++i) {
    const aggregated_row& row = (*rows)[i];
    if (i > 0 && row.separator)
      out += *row.separator;
    out += row.value;
  }
  return_text(context, out);
}

void distinct_count_final(sqlite3_context* context) {
  auto* state = static_cast<string_agg_state*>(sqlite3_aggregate_context(context, 0));
  if (state == nullptr || state->rows == nullptr)
    return sqlite3_result_int64(context, 0);
  if (const auto rows = sorted_rows(context, *state))
    sqlite3_result_int64(context, static_cast<int64_t>(rows->size()));
}

// pg_ordered_set(kind, fraction, value, collation, flags): the values (NULLs skipped)
// and the first row's fraction, sorted at the end.
struct ordered_set_state {
  std::vector<sort_key>* values;
  std::optional<double>* fraction;
  std::string* kind;
};

void ordered_set_step(sqlite3_context* context, int, sqlite3_value** argv) {
  auto* state = static_cast<ordered_set_state*>(sqlite3_aggregate_context(context, sizeof(ordered_set_state)));
  if (state == nullptr)
    return sqlite3_result_error_nomem(context);
  if (state->values == nullptr) {
    state->values = new std::vector<sort_key>;
    state->kind = new std::string(text_of(argv[0]));
    state->fraction = new std::optional<double>;
    if (sqlite3_value_type(argv[1]) != SQLITE_NULL)
      *state->fraction = float_argument(argv[1]);
  }
  if (sqlite3_value_type(argv[2]) == SQLITE_NULL)
    return;
  sort_key key;
  key.value = value_for_sort(argv[2]);
  key.compare = collation_named(text_of(argv[3]));
  key.descending = (sqlite3_value_int(argv[4]) & 1) != 0;
  state->values->push_back(std::move(key));
}

void return_sort_value(sqlite3_context* context, const sort_value& v) {
  if (const auto* i = std::get_if<int64_t>(&v))
    return sqlite3_result_int64(context, *i);
  if (const auto* d = std::get_if<double>(&v))
    return sqlite3_result_double(context, *d);
  if (const auto* t = std::get_if<std::string>(&v))
    return return_text(context, *t);
  sqlite3_result_null(context);
}

void ordered_set_final(sqlite3_context* context) {
  auto* state = static_cast<ordered_set_state*>(sqlite3_aggregate_context(context, 0));
  if (state == nullptr || state->values == nullptr)
    return sqlite3_result_null(context);
  std::unique_ptr<std::vector<sort_key>> values(state->values);
  std::unique_ptr<std::optional<double>> fraction(state->fraction);
  std::unique_ptr<std::string> kind(state->kind);
  state->values = nullptr;
  std::stable_sort(values->begin(), values->end(),
                   [](const sort_key& a, const sort_key& b) { return compare_keys(a, b) < 0; });
  const int64_t n = static_cast<int64_t>(values->size());
  if (*kind == "mode") {  // the most frequent value; on a tie the first in order
    int64_t best = -1, best_count = 0;
    for (int64_t i = 0; i < n;) {
      int64_t j = i + 1;
      while (j < n && compare_keys((*values)[i], (*values)[j]) == 0)
        ++j;
      if (j - i > best_count) {
        best = i;
        best_count = j - i;
      }
      i = j;
    }
    if (best < 0)
      return sqlite3_result_null(context);
    return return_sort_value(context, (*values)[best].value);
  }
  if (!*fraction)
    return sqlite3_result_null(context);
  const double p = **fraction;
  if (p < 0 || p > 1 || std::isnan(p)) {
    char shown[64];
    std::snprintf(shown, sizeof shown, "%g", p);
    return report(context, make_pg_error("22003", std::string("percentile value ") + shown + " is not between 0 and 1"));
  }
  if (n == 0)
    return sqlite3_result_null(context);
  if (*kind == "disc") {  // percentile_disc: the first value whose position reaches p
    const int64_t row = static_cast<int64_t>(std::ceil(p * static_cast<double>(n)));
    return return_sort_value(context, (*values)[static_cast<size_t>(std::max<int64_t>(row, 1) - 1)].value);
  }
  // percentile_cont of float8 values: between the two nearest, linearly.
  const auto number = [&](int64_t i) {
    const sort_value& v = (*values)[static_cast<size_t>(i)].value;
    if (const auto* t = std::get_if<std::string>(&v))
      return std::strtod(t->c_str(), nullptr);
    return std::holds_alternative<int64_t>(v) ? static_cast<double>(std::get<int64_t>(v)) : std::get<double>(v);
  };
  const double position = p * static_cast<double>(n - 1);
  const auto first = static_cast<int64_t>(std::floor(position));
  const auto second = static_cast<int64_t>(std::ceil(position));
  const double low = number(first);
  const double result = first == second ? low : low + (number(second) - low) * (position - static_cast<double>(first));
  return_text(context, stored_float(result));
}

}  // namespace

// pg_bit_and / pg_bit_or / pg_bit_xor(x): the integers' bitwise and, or, exclusive or (the
// stored int64 of int2, int4 or int8 alike); NULL values skipped; NULL for no values.
struct bit_accumulator {
  int64_t bits;
  bool seen;
};

template <char Op>
void bit_step(sqlite3_context* context, int, sqlite3_value** argv) {
  auto* acc = static_cast<bit_accumulator*>(sqlite3_aggregate_context(context, sizeof(bit_accumulator)));
  if (acc == nullptr || sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return;
  const int64_t v = sqlite3_value_int64(argv[0]);
  acc->bits = !acc->seen ? v : Op == '&' ? (acc->bits & v) : Op == '|' ? (acc->bits | v) : (acc->bits ^ v);
  acc->seen = true;
}

void bit_final(sqlite3_context* context) {
  auto* acc = static_cast<bit_accumulator*>(sqlite3_aggregate_context(context, 0));
  if (acc == nullptr || !acc->seen)
    return sqlite3_result_null(context);
  sqlite3_result_int64(context, acc->bits);
}

void register_aggregate_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_bit_and", 1, flags, state, nullptr, bit_step<'&'>, bit_final, nullptr);
  sqlite3_create_function_v2(db, "pg_bit_or", 1, flags, state, nullptr, bit_step<'|'>, bit_final, nullptr);
  sqlite3_create_function_v2(db, "pg_bit_xor", 1, flags, state, nullptr, bit_step<'^'>, bit_final, nullptr);
  sqlite3_create_function_v2(db, "pg_string_agg", -1, SQLITE_UTF8, state, nullptr, string_agg_step,
                             string_agg_final, nullptr);
  sqlite3_create_function_v2(db, "pg_distinct_count", -1, SQLITE_UTF8, state, nullptr, string_agg_step,
                             distinct_count_final, nullptr);
  sqlite3_create_function_v2(db, "pg_ordered_set", 5, SQLITE_UTF8, state, nullptr, ordered_set_step,
                             ordered_set_final, nullptr);
}

}  // namespace tributary::sql_function_support
