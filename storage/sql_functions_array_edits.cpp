// sql_functions_array_edits: the array functions and operators that build a new
// array or search one, for translated queries (stages/sql/translator/array_functions.cpp),
// on arrays' stored form (array_out's text); the work is the pure stage
// stages/types/verbatim/array_edits.hpp. `element` is the element type's OID (a user's
// enum: its own OID, compared by label text), `typmod` its typmod; a value argument is in
// the element type's stored form.
//
//   pg_array_cat(a, b, element)                 array_cat, a || b (NULL: the other side)
//   pg_array_append(a, element, typmod, x)      array_append, a || x (NULL a: '{x}')
//   pg_array_prepend(x, a, element, typmod)     array_prepend, x || a
//   pg_array_fill(x, element, typmod, dims [, lower_bounds])   array_fill (dims and
//                                               lower bounds are int4[] texts; NULL: 22004)
//   pg_trim_array(a, element, n)                trim_array
//   pg_array_positions(a, element, typmod, x)   array_positions: an int4[] text
//   pg_array_position_from(a, element, typmod, x [, start])   array_position (22004 for a
//                                               NULL start; NULL when not found)
//   pg_array_replace(a, element, typmod, from, to)   array_replace
//   pg_array_remove_element(a, element, typmod, x)   array_remove
//   pg_array_contains_all(a, b, element)        a @> b (b <@ a)
//   pg_array_overlap(a, b, element)             a && b
// NULL arrays give NULL, as the strict PostgreSQL functions, except where noted.
#include <sqlite3.h>

#include "stages/types/verbatim/array_edits.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

oid_t element_of(sqlite3_value* value) { return static_cast<oid_t>(sqlite3_value_int64(value)); }
int32_t typmod_of(sqlite3_value* value) { return static_cast<int32_t>(sqlite3_value_int64(value)); }

void return_array(sqlite3_context* context, const result<array_literal, pg_error>& array, oid_t element) {
  if (!array)
    return report(context, array.error());
  return_text(context, write_array_literal(*array, array_delimiter(element)));
}

// An element argument's text (NULL: nullopt); false after reporting that it cannot be printed.
bool element_argument(sqlite3_context* context, oid_t element, int32_t typmod, sqlite3_value* value,
                      array_element& out) {
  if (sqlite3_value_type(value) == SQLITE_NULL) {
    out = std::nullopt;
    return true;
  }
  out = element_text(element, typmod, value);
  if (!out)
    report(context, make_pg_error("XX000", "could not print an array element of type " + std::to_string(element)));
  return out.has_value();
}

// An array argument read with its elements' stored values; nullopt after reporting the error.
struct searched_array {
  array_literal texts;
  stored_array values;
};
std::optional<searched_array> searched_argument(sqlite3_context* context, sqlite3_value* value,
                                                const array_element_order& order, oid_t element) {
  auto texts = array_argument(context, value, element);
  if (!texts)
    return std::nullopt;
  auto values = order.read(text_of(value));
  if (!values) {
    report(context, values.error());
    return std::nullopt;
  }
  return searched_array{std::move(*texts), std::move(*values)};
}

std::optional<sql_value> value_argument(sqlite3_value* value) {
  if (sqlite3_value_type(value) == SQLITE_NULL)
    return std::nullopt;
  return stored_value(value);
}

void array_cat(sqlite3_context* context, int, sqlite3_value** argv) {
  const bool a_null = sqlite3_value_type(argv[0]) == SQLITE_NULL;
  const bool b_null = sqlite3_value_type(argv[1]) == SQLITE_NULL;
  if (a_null && b_null)
    return sqlite3_result_null(context);
  if (a_null || b_null)
    return return_text(context, text_of(argv[a_null ? 1 : 0]));
  const oid_t element = element_of(argv[2]);
  auto a = array_argument(context, argv[0], element);
  auto b = a ? array_argument(context, argv[1], element) : std::nullopt;
  if (a && b)
    return_array(context, concatenate_arrays(*a, *b), element);
}

// pg_array_append(a, element, typmod, x) (AtEnd) and pg_array_prepend(x, a, element, typmod).
template <bool AtEnd>
void add_element_function(sqlite3_context* context, int, sqlite3_value** argv) {
  sqlite3_value* const array = argv[AtEnd ? 0 : 1];
  const oid_t element = element_of(argv[AtEnd ? 1 : 2]);
  array_element x;
  if (!element_argument(context, element, typmod_of(argv[AtEnd ? 2 : 3]), argv[AtEnd ? 3 : 0], x))
    return;
  std::optional<array_literal> a = array_literal{};
  if (sqlite3_value_type(array) != SQLITE_NULL && !(a = array_argument(context, array, element)))
    return;
  return_array(context,
               AtEnd ? append_element(std::move(*a), std::move(x)) : prepend_element(std::move(x), std::move(*a)),
               element);
}

// An int4[] argument of array_fill; nullopt after reporting its error.
std::optional<fill_shape> fill_argument(sqlite3_context* context, sqlite3_value* value) {
  auto array = array_argument(context, value, 23);
  if (!array)
    return std::nullopt;
  fill_shape shape;
  shape.dimensions = array->lengths.size();
  for (const auto& e : array->elements)
    shape.values.push_back(e ? std::optional<int64_t>(std::stoll(*e)) : std::nullopt);
  return shape;
}

void array_fill(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[3]) == SQLITE_NULL || (argc > 4 && sqlite3_value_type(argv[4]) == SQLITE_NULL))
    return report(context, make_pg_error("22004", "dimension array or low bound array cannot be null"));
  const oid_t element = element_of(argv[1]);
  array_element x;
  if (!element_argument(context, element, typmod_of(argv[2]), argv[0], x))
    return;
  auto lengths = fill_argument(context, argv[3]);
  if (!lengths)
    return;
  std::optional<fill_shape> lower_bounds;
  if (argc > 4 && !(lower_bounds = fill_argument(context, argv[4])))
    return;
  return_array(context, fill_array(std::move(x), *lengths, lower_bounds), element);
}

void trim_array_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (any_null(3, argv))
    return sqlite3_result_null(context);
  const oid_t element = element_of(argv[1]);
  auto a = array_argument(context, argv[0], element);
  if (a)
    return_array(context, trim_array(std::move(*a), sqlite3_value_int64(argv[2])), element);
}

void array_positions(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const oid_t element = element_of(argv[1]);
  const array_element_order order(element);
  auto a = searched_argument(context, argv[0], order, element);
  if (!a)
    return;
  auto positions = element_positions(a->texts, a->values, value_argument(argv[3]), order);
  if (!positions)
    return report(context, positions.error());
  array_literal out;
  for (int64_t p : *positions)
    out.elements.emplace_back(std::to_string(p));
  if (!out.elements.empty()) {
    out.lengths = {static_cast<int32_t>(out.elements.size())};
    out.lower_bounds = {1};
  }
  return_text(context, write_array_literal(out));
}

// pg_array_position_from(a, element, typmod, x [, start]): the first position of x at or
// after start (none: from the lower bound); NULL when there is none.
void array_position(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const bool from_start = argc > 4;
  if (from_start && sqlite3_value_type(argv[4]) == SQLITE_NULL)
    return report(context, make_pg_error("22004", "initial position must not be null"));
  const oid_t element = element_of(argv[1]);
  const array_element_order order(element);
  auto a = searched_argument(context, argv[0], order, element);
  if (!a)
    return;
  auto positions = element_positions(a->texts, a->values, value_argument(argv[3]), order);
  if (!positions)
    return report(context, positions.error());
  for (int64_t p : *positions)
    if (!from_start || p >= sqlite3_value_int64(argv[4]))
      return sqlite3_result_int64(context, p);
  sqlite3_result_null(context);
}

// array_replace (argc 5) and array_remove (argc 4).
void array_replace(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const oid_t element = element_of(argv[1]);
  std::optional<array_element> to;
  if (argc > 4 && !element_argument(context, element, typmod_of(argv[2]), argv[4], to.emplace()))
    return;
  const array_element_order order(element);
  auto a = searched_argument(context, argv[0], order, element);
  if (a)
    return_array(context, replace_elements(std::move(a->texts), a->values, value_argument(argv[3]), to, order),
                 element);
}

// pg_array_contains_all (overlap = false) and pg_array_overlap.
template <bool Overlap>
void array_membership(sqlite3_context* context, int, sqlite3_value** argv) {
  if (any_null(2, argv))
    return sqlite3_result_null(context);
  const oid_t element = element_of(argv[2]);
  const array_element_order order(element);
  auto a = order.read(text_of(argv[0]));
  auto b = a ? order.read(text_of(argv[1])) : a;
  if (!a || !b)
    return report(context, (!a ? a : b).error());
  sqlite3_result_int(context, (Overlap ? arrays_overlap(*a, *b, order) : array_contains(*a, *b, order)) ? 1 : 0);
}

}  // namespace

void register_array_edit_functions(sqlite3* db, connection_state* state) {
  constexpr int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  const struct {
    const char* name;
    int arguments;
    void (*function)(sqlite3_context*, int, sqlite3_value**);
  } functions[] = {
      {"pg_array_cat", 3, array_cat},
      {"pg_array_append", 4, add_element_function<true>},
      {"pg_array_prepend", 4, add_element_function<false>},
      {"pg_array_fill", 4, array_fill},
      {"pg_array_fill", 5, array_fill},
      {"pg_trim_array", 3, trim_array_function},
      {"pg_array_positions", 4, array_positions},
      {"pg_array_position_from", 4, array_position},
      {"pg_array_position_from", 5, array_position},
      {"pg_array_replace", 5, array_replace},
      {"pg_array_remove_element", 4, array_replace},
      {"pg_array_contains_all", 3, array_membership<false>},
      {"pg_array_overlap", 3, array_membership<true>},
  };
  for (const auto& f : functions)
    sqlite3_create_function_v2(db, f.name, f.arguments, flags, state, f.function, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
