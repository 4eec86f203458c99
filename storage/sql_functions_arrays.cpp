// sql_functions_arrays: subscripts, slices, ARRAY[...] and the dimension functions of
// translated queries
// (stages/sql/translator/array_expressions.cpp), on arrays' stored form (array_out's
// text under the publisher's settings, stages/types/verbatim/type_array.cpp):
//
//   pg_array_get(a, element_oid, typmod, i1 [, i2 ...])
//       a[i1][i2]...: the element in its type's stored form (read from its text
//       with the publisher's settings; a type that is not built in, such as a
//       user's enum, as its text). NULL when a subscript is NULL, when their
//       number differs from the array's dimensions, or when one is outside its
//       dimension's bounds (PostgreSQL's array_get_element).
//   pg_array_nth(a, element_oid, typmod, k)
//       the k-th element (from 1) in storage order, as pg_array_get gives it; NULL past
//       the last (x op ANY (array) reads the elements so).
//   pg_array_slice(a, element_oid, given, lo1, hi1 [, lo2, hi2 ...])
//       a[lo1:hi1][lo2:hi2]...: `given` has bit 2k set when the k-th bound (lo1,
//       hi1, lo2, ...) is written, else it is omitted (the dimension's own). Each range is cut to the dimension's bounds; dimensions past the last
//       subscript are kept whole; more subscripts than dimensions, or an empty
//       range, give '{}'; the result's lower bounds are 1 (array_get_slice).
//       NULL when a given bound is NULL.
//   pg_array_build(element_oid, typmod, e1 [, e2 ...])
//       ARRAY[e1, e2, ...] of elements in their type's stored form (NULL elements
//       included): array_out's text with the publisher's settings.
//   pg_array_dimension(a, element_oid, kind, d)
//       array_length / array_lower / array_upper (kind 'length', 'lower', 'upper') of
//       dimension d; NULL for an empty array or a dimension it does not have.
//   pg_array_shape(a, element_oid, kind)
//       array_ndims ('ndims'; NULL for an empty array), array_dims ('dims', the text
//       "[1:3][0:1]"; NULL for an empty array), cardinality ('cardinality', every
//       element; 0 for an empty array).
//   pg_domain_elements(a, element_oid, typmod, test)
//       a domain's constraint on each element of a column of the domain's array
//       type (stages/sql/domain_checks.hpp): `test` is a SELECT run once per
//       element, ?1 the element in its type's stored form (NULL for a NULL
//       element), which fails the statement with the domain's error
//       (pg_domain_check, pg_raise). 1 when every element passes, and for NULL.
//   pg_domain_elements(a, element_oid, typmod, test, position)
//       the same for a literal: its error carries `position` (the literal's
//       1-based character position in the statement).
//   pg_nested_array_out(a, base_array_oid, typmod)
//       array_out of an array of a domain over an array (il[]: domain_over_array.hpp)
//       under the session's settings, each element printed by its array type's
//       output (a domain over timestamptz[]: in the session's TimeZone); x::text of it.
//   pg_record_out(r, description)
//       record_out of a named composite type's value (or array_out of an array of
//       one) under the session's settings, its field types given by
//       record_type_description.hpp's text: x::text of a composite column.
//   pg_record_in(r, description)
//       the same type's value as record_in reads it under the session's settings,
//       in its stored form (record_out's text with the publisher's settings): a value
//       assigned to a column of a composite type (a ROW(...) printed in the session).
// An array whose text does not read (another tool's) fails with array_in's error.
#include <sqlite3.h>

#include <algorithm>

#include "stages/types/builtin_types.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/user/domain_over_array.hpp"
#include "stages/types/value_io.hpp"
#include "stages/types/verbatim/array_text.hpp"
#include "stages/types/verbatim/record_type_description.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {

std::optional<array_literal> array_argument(sqlite3_context* context, sqlite3_value* value,
                                            oid_t element) {
  auto array = read_array_literal(text_of(value), array_delimiter(element));
  if (!array) {
    report(context, array.error());
    return std::nullopt;
  }
  return std::move(*array);
}

std::optional<std::string> element_text(oid_t element, int32_t typmod, sqlite3_value* value) {
  if (find_builtin_type(element) == nullptr)
    return text_of(value);
  return format_text_value(builtin_column_type(element, typmod), stored_value(value), publisher_type_settings());
}

namespace {

// One element's stored form from its text (a type that is not built in: the text).
result<sql_value, pg_error> element_value(oid_t element, int32_t typmod, const std::string& text) {
  if (find_builtin_type(element) == nullptr)
    return sql_value{text};
  return parse_text_value(builtin_column_type(element, typmod), text, publisher_type_settings());
}

void return_element(sqlite3_context* context, oid_t element, int32_t typmod, const std::string& text) {
  auto stored = element_value(element, typmod, text);
  if (!stored)
    return report(context, stored.error());
  return_stored(context, *stored);
}

void array_get(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (argc < 4 || sqlite3_value_type(argv[0]) == SQLITE_NULL || any_null(argc, argv, 3))
    return sqlite3_result_null(context);
  const auto element = static_cast<oid_t>(sqlite3_value_int64(argv[1]));
  auto array = array_argument(context, argv[0], element);
  if (!array)
    return;
  const size_t subscripts = static_cast<size_t>(argc - 3);
  if (subscripts != array->lengths.size())
    return sqlite3_result_null(context);
  int64_t offset = 0;
  for (size_t d = 0; d < subscripts; ++d) {
    const int64_t index = sqlite3_value_int64(argv[3 + d]) - array->lower_bounds[d];
    if (index < 0 || index >= array->lengths[d])
      return sqlite3_result_null(context);
    offset = offset * array->lengths[d] + index;
  }
  const auto& value = array->elements[static_cast<size_t>(offset)];
  if (!value)
    return sqlite3_result_null(context);
  return_element(context, element, static_cast<int32_t>(sqlite3_value_int64(argv[2])), *value);
}

// pg_array_nth(a, element_oid, typmod, k): the k-th element (from 1) in storage order,
// whatever the dimensions and bounds; NULL past the last.
void array_nth(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[3]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto element = static_cast<oid_t>(sqlite3_value_int64(argv[1]));
  auto array = array_argument(context, argv[0], element);
  if (!array)
    return;
  const int64_t k = sqlite3_value_int64(argv[3]);
  if (k < 1 || k > static_cast<int64_t>(array->elements.size()))
    return sqlite3_result_null(context);
  const auto& value = array->elements[static_cast<size_t>(k - 1)];
  if (!value)
    return sqlite3_result_null(context);
  return_element(context, element, static_cast<int32_t>(sqlite3_value_int64(argv[2])), *value);
}

void array_slice(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (argc < 5 || argc % 2 != 1 || sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto element = static_cast<oid_t>(sqlite3_value_int64(argv[1]));
  const int64_t given = sqlite3_value_int64(argv[2]);
  sqlite3_value** bounds = argv + 3;
  const size_t subscripts = static_cast<size_t>(argc - 3) / 2;
  const auto is_given = [&](size_t k) { return ((given >> k) & 1) != 0; };
  // A written bound that is NULL: NULL (PostgreSQL's slice with a NULL subscript).
  for (size_t k = 0; k < 2 * subscripts; ++k)
    if (is_given(k) && sqlite3_value_type(bounds[k]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  auto array = array_argument(context, argv[0], element);
  if (!array)
    return;
  const size_t dimensions = array->lengths.size();
  if (dimensions == 0 || subscripts > dimensions)
    return return_text(context, "{}");
  std::vector<int64_t> first(dimensions), count(dimensions);  // per dimension, from 0
  for (size_t d = 0; d < dimensions; ++d) {
    const int64_t lower = array->lower_bounds[d], upper = lower + array->lengths[d] - 1;
    int64_t from = lower, to = upper;
    if (d < subscripts) {
      if (is_given(2 * d))
        from = std::max(lower, static_cast<int64_t>(sqlite3_value_int64(bounds[2 * d])));
      if (is_given(2 * d + 1))
        to = std::min(upper, static_cast<int64_t>(sqlite3_value_int64(bounds[2 * d + 1])));
    }
    if (from > to)
      return return_text(context, "{}");
    first[d] = from - lower;
    count[d] = to - from + 1;
  }
  array_literal out;
  for (size_t d = 0; d < dimensions; ++d) {
    out.lengths.push_back(static_cast<int32_t>(count[d]));
    out.lower_bounds.push_back(1);
  }
  std::vector<int64_t> at(dimensions, 0);  // the position in the slice, row-major
  for (;;) {
    int64_t offset = 0;
    for (size_t d = 0; d < dimensions; ++d)
      offset = offset * array->lengths[d] + first[d] + at[d];
    out.elements.push_back(array->elements[static_cast<size_t>(offset)]);
    size_t d = dimensions;
    while (d > 0 && ++at[d - 1] == count[d - 1])
      at[--d] = 0;
    if (d == 0)
      break;
  }
  return_text(context, write_array_literal(out, array_delimiter(element)));
}

void array_build(sqlite3_context* context, int argc, sqlite3_value** argv) {
  const auto element = static_cast<oid_t>(sqlite3_value_int64(argv[0]));
  const auto typmod = static_cast<int32_t>(sqlite3_value_int64(argv[1]));
  array_literal out;
  for (int i = 2; i < argc; ++i) {
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) {
      out.elements.emplace_back(std::nullopt);
      continue;
    }
    auto text = element_text(element, typmod, argv[i]);
    if (!text)
      return report(context, make_pg_error("XX000", "could not print an array element of type " +
                                                        std::to_string(element)));
    out.elements.emplace_back(std::move(*text));
  }
  if (!out.elements.empty()) {
    out.lengths.push_back(static_cast<int32_t>(out.elements.size()));
    out.lower_bounds.push_back(1);
  }
  return_text(context, write_array_literal(out, array_delimiter(element)));
}

void nested_array_out(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  // The array types' OIDs do not change how it prints.
  const column_type type = domain_over_array_column_type(
      0, 0, "", builtin_column_type(static_cast<oid_t>(sqlite3_value_int64(argv[1])), sqlite3_value_int(argv[2])));
  return_text(context, *format_text_value(type, stored_value(argv[0]), state_of(context).settings));
}

void record_out(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto type = read_record_type_description(text_of(argv[1]));
  if (!type)
    return return_text(context, text_of(argv[0]));
  return_text(context, *format_text_value(*type, stored_value(argv[0]), state_of(context).settings));
}

void record_in(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto type = read_record_type_description(text_of(argv[1]));
  if (!type)
    return return_text(context, text_of(argv[0]));
  auto stored = parse_text_value(*type, text_of(argv[0]), state_of(context).settings);
  if (!stored)
    return report(context, stored.error());
  const auto* text = std::get_if<std::string>(&*stored);
  return_text(context, text ? *text : text_of(argv[0]));
}

void array_dimension(sqlite3_context* context, int, sqlite3_value** argv) {
  if (any_null(4, argv, 0))
    return sqlite3_result_null(context);
  const auto element = static_cast<oid_t>(sqlite3_value_int64(argv[1]));
  auto array = array_argument(context, argv[0], element);
  if (!array)
    return;
  const std::string kind = text_of(argv[2]);
  const int64_t d = sqlite3_value_int64(argv[3]);
  if (d < 1 || d > static_cast<int64_t>(array->lengths.size()))
    return sqlite3_result_null(context);
  const int64_t length = array->lengths[static_cast<size_t>(d - 1)];
  const int64_t lower = array->lower_bounds[static_cast<size_t>(d - 1)];
  sqlite3_result_int64(context, kind == "length" ? length : kind == "lower" ? lower : lower + length - 1);
}

void array_shape(sqlite3_context* context, int, sqlite3_value** argv) {
  if (any_null(3, argv, 0))
    return sqlite3_result_null(context);
  const auto element = static_cast<oid_t>(sqlite3_value_int64(argv[1]));
  auto array = array_argument(context, argv[0], element);
  if (!array)
    return;
  const std::string kind = text_of(argv[2]);
  if (kind == "cardinality")
    return sqlite3_result_int64(context, static_cast<int64_t>(array->elements.size()));
  if (array->lengths.empty())
    return sqlite3_result_null(context);
  if (kind == "ndims")
    return sqlite3_result_int64(context, static_cast<int64_t>(array->lengths.size()));
  std::string dims;
  for (size_t d = 0; d < array->lengths.size(); ++d)
    dims += "[" + std::to_string(array->lower_bounds[d]) + ":" +
            std::to_string(int64_t{array->lower_bounds[d]} + array->lengths[d] - 1) + "]";
  return_text(context, dims);
}

void finalize_statement(void* statement) { sqlite3_finalize(static_cast<sqlite3_stmt*>(statement)); }

void bind_stored(sqlite3_stmt* statement, const sql_value& value) {
  struct binder {
    sqlite3_stmt* s;
    void operator()(sql_null) const { sqlite3_bind_null(s, 1); }
    void operator()(int64_t v) const { sqlite3_bind_int64(s, 1, v); }
    void operator()(double v) const { sqlite3_bind_double(s, 1, v); }
    void operator()(const std::string& v) const {
      sqlite3_bind_text(s, 1, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    }
    void operator()(const sql_blob& v) const {
      sqlite3_bind_blob(s, 1, v.bytes.data(), static_cast<int>(v.bytes.size()), SQLITE_TRANSIENT);
    }
  };
  std::visit(binder{statement}, value);
}

// Runs `test` for one element; false after reporting its failure.
bool element_passes(sqlite3_context* context, sqlite3_stmt* test, const sql_value& element) {
  bind_stored(test, element);
  const int rc = sqlite3_step(test);
  sqlite3_reset(test);
  if (rc == SQLITE_ROW || rc == SQLITE_DONE)
    return true;
  connection_state& state = state_of(context);
  if (state.error)  // the domain's error, raised by the test: kept whole
    sqlite3_result_error(context, state.error->message.c_str(), -1);
  else
    report(context, make_pg_error("XX000", sqlite3_errmsg(sqlite3_context_db_handle(context))));
  return false;
}

void domain_elements(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_int(context, 1);
  const auto element = static_cast<oid_t>(sqlite3_value_int64(argv[1]));
  const auto typmod = static_cast<int32_t>(sqlite3_value_int64(argv[2]));
  auto array = array_argument(context, argv[0], element);
  if (!array)
    return;
  // The test's statement, prepared once per statement that runs the check.
  auto* test = static_cast<sqlite3_stmt*>(sqlite3_get_auxdata(context, 3));
  const bool prepared_here = test == nullptr;
  if (prepared_here) {
    const std::string sql = text_of(argv[3]);
    if (sqlite3_prepare_v2(sqlite3_context_db_handle(context), sql.c_str(), -1, &test, nullptr) != SQLITE_OK)
      return report(context, make_pg_error("XX000", "cannot prepare a domain's element test: " +
                                                        std::string(sqlite3_errmsg(sqlite3_context_db_handle(context)))));
  }
  bool passed = true;
  for (const auto& e : array->elements) {
    sql_value value = sql_null{};
    if (e) {
      auto stored = element_value(element, typmod, *e);
      if (!stored) {
        report(context, stored.error());
        passed = false;
        break;
      }
      value = std::move(*stored);
    }
    if (!(passed = element_passes(context, test, value))) {
      // A literal's elements: the error at the literal, as PostgreSQL's array_in reports it.
      if (connection_state& state = state_of(context); argc > 4 && state.error)
        state.error->position = static_cast<int>(sqlite3_value_int64(argv[4]));
      break;
    }
  }
  sqlite3_clear_bindings(test);
  if (prepared_here)  // kept for the next row (finalized at once when `test` is not a constant)
    sqlite3_set_auxdata(context, 3, test, finalize_statement);
  if (passed)
    sqlite3_result_int(context, 1);
}

}  // namespace

void register_array_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3_create_function_v2(db, "pg_array_get", -1, flags, state, array_get, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_array_nth", 4, flags, state, array_nth, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_array_slice", -1, flags, state, array_slice, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_array_build", -1, flags, state, array_build, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_array_dimension", 4, flags, state, array_dimension, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_array_shape", 3, flags, state, array_shape, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_nested_array_out", 3, flags, state, nested_array_out, nullptr, nullptr,
                             nullptr);
  sqlite3_create_function_v2(db, "pg_record_in", 2, flags, state, record_in, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_record_out", 2, flags, state, record_out, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_domain_elements", 5, SQLITE_UTF8, state, domain_elements, nullptr,
                             nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_domain_elements", 4, SQLITE_UTF8, state, domain_elements, nullptr,
                             nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
