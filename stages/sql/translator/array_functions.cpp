// array_functions: PostgreSQL's array functions and operators that build a new array
// or search one, typed as PostgreSQL's polymorphic resolution types them
// (anycompatiblearray / anycompatible: an untyped literal or NULL takes the other
// side's type; a value of another type than the elements' is widened when the
// elements' type is the common one). storage/sql_functions_array_edits.cpp computes
// them on arrays' stored form, by the element type's equality (1.0 = 1.00 in a
// numeric[]):
//
//   array_append(a, x), a || x         a's type   pg_array_append
//   array_prepend(x, a), x || a        a's type   pg_array_prepend
//   array_cat(a, b), a || b            a's type   pg_array_cat (an untyped side, NULL
//                                                 included, is read as the array type)
//   array_replace(a, from, to)         a's type   pg_array_replace
//   array_remove(a, x)                 a's type   pg_array_remove_element
//   array_positions(a, x)              int4[]     pg_array_positions
//   array_position(a, x [, start])     int4       pg_array_position_from
//   array_fill(x, dims [, lbs])        x's array  pg_array_fill (x must be typed)
//   trim_array(a, n)                   a's type   pg_trim_array
//   a @> b, a <@ b, a && b             boolean    pg_array_contains_all, pg_array_overlap
// Operands of two different array types (int4[] @> text[]) are PostgreSQL's 42883
// operator does not exist. Arrays of element types without a value codec (the
// catalogs' aclitem[]...) are not translated.
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/operator_classes.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_codec.hpp"

namespace tributary::translator {
namespace {

using namespace expression_helpers;

constexpr oid_t int4_array_oid = 1007;

// The element type of a typed array, or nullopt (a value that is not an array, an
// untyped one, an array whose elements have no codec).
std::optional<column_type> typed_element(const typed_expression& array) {
  if (untyped(array))
    return std::nullopt;
  auto element = array_element_type(array.type);
  if (!element || (!element->is_enum() && find_type_codec(element->oid) == nullptr))
    return std::nullopt;
  return element;
}

// anycompatiblearray with anycompatible: `value` made an element of `array` (its element
// type `element`): an untyped value takes the element type; values of two number types or
// two text types meet in their common type, the array widened to its array when the
// value's type is the wider (int4[] with 2.5: numeric[]). False when they do not meet.
bool unify(query_translator& t, typed_expression& array, column_type& element, typed_expression& value,
           const std::string& what) {
  element.typmod = -1;  // polymorphic resolution drops it: '{ab}'::varchar(3)[] || 'abcdef' is fine
  if (untyped(value) || value.type.oid == element.oid) {
    value = t.coerce(std::move(value), element);
    return true;
  }
  const bool numbers = is_number_type(element.oid) && is_number_type(value.type.oid);
  const bool texts = is_text_like(element.oid) && is_text_like(value.type.oid);
  if (element.is_enum() || value.type.is_enum() || (!numbers && !texts))
    return false;
  const column_type common = t.common_type({typed("NULL", element), value}, what.c_str());
  if (common.oid != element.oid) {
    const auto widened = array_type_of(common);
    if (!widened || find_type_codec(common.oid) == nullptr)
      return false;
    array = typed(cast_sql(array.sql, array.type, *widened), *widened, array.location);
    element = common;
  }
  value = t.coerce(std::move(value), element);
  return true;
}

[[noreturn]] void no_function(query_translator& t, const std::string& name, const std::vector<typed_expression>& args,
                              int location) {
  std::string types;
  for (const auto& a : args)
    types += (types.empty() ? "" : ", ") + message_type_name(a.type);
  t.fail_at(make_pg_error("42883", "function " + name + "(" + types + ") does not exist", "",
                          "No function matches the given name and argument types. You might need to add explicit type casts."),
            location);
}

std::string element_arguments(const column_type& element) {
  return std::to_string(element.oid) + ", " + std::to_string(element.typmod);
}

// A function's result of the array's type; a function result has no typmod.
typed_expression typed_like(std::string sql, const typed_expression& array) {
  column_type type = array.type;
  type.typmod = -1;
  return typed(std::move(sql), type);
}

// An untyped side of a two-array function given the other's type; nullopt when
// neither side is a typed array.
std::optional<column_type> pair_element(query_translator& t, typed_expression& a, typed_expression& b) {
  auto element = typed_element(a);
  if (element && untyped(b))
    b = t.coerce(std::move(b), a.type);
  else if (!element && (element = typed_element(b)) && untyped(a))
    a = t.coerce(std::move(a), b.type);
  return element;
}

[[noreturn]] void no_operator(query_translator& t, const std::string& op, const typed_expression& left,
                              const typed_expression& right, int location) {
  t.fail_at(make_pg_error("42883",
                          "operator does not exist: " + message_type_name(left.type) + " " + op + " " +
                              message_type_name(right.type),
                          "", "No operator matches the given name and argument types. You might need to add explicit type casts."),
            location);
}

typed_expression concatenation(query_translator& t, typed_expression left, typed_expression right, int location) {
  auto left_element = typed_element(left);
  auto right_element = typed_element(right);
  const auto cat = [](const typed_expression& a, const typed_expression& b, const column_type& element) {
    return typed_like("pg_array_cat(" + a.sql + ", " + b.sql + ", " + std::to_string(element.oid) + ")", a);
  };
  if (left_element && right_element) {
    if (left.type.oid != right.type.oid)
      throw not_translatable{"|| of arrays of different types"};
    return cat(left, right, *left_element);
  }
  if (left_element && untyped(right))  // array || '{...}' (and NULL): array_cat, as PostgreSQL resolves it
    return cat(left, t.coerce(std::move(right), left.type), *left_element);
  if (right_element && untyped(left))
    return cat(t.coerce(std::move(left), right.type), right, *right_element);
  const typed_expression original_left = left, original_right = right;
  if (left_element) {
    if (!unify(t, left, *left_element, right, "||"))
      no_operator(t, "||", original_left, original_right, location);
    return typed_like("pg_array_append(" + left.sql + ", " + element_arguments(*left_element) + ", " + right.sql + ")",
                      left);
  }
  if (!unify(t, right, *right_element, left, "||"))
    no_operator(t, "||", original_left, original_right, location);
  return typed_like("pg_array_prepend(" + left.sql + ", " + right.sql + ", " + element_arguments(*right_element) + ")",
                    right);
}

}  // namespace

std::optional<typed_expression> array_operator(query_translator& t, const std::string& op, typed_expression& left,
                                               typed_expression& right, int location) {
  const bool membership = op == "@>" || op == "<@" || op == "&&";
  if (!membership && op != "||")
    return std::nullopt;
  const bool left_array = !untyped(left) && array_element_type(left.type).has_value();
  const bool right_array = !untyped(right) && array_element_type(right.type).has_value();
  if (!left_array && !right_array)
    return std::nullopt;
  if (op == "||") {
    if ((left_array && !typed_element(left)) || (right_array && !typed_element(right)))
      throw not_translatable{"|| on an array of this element type"};
    return concatenation(t, std::move(left), std::move(right), location);
  }
  const auto element = pair_element(t, left, right);
  if (left.type.oid != right.type.oid)
    no_operator(t, op, left, right, location);
  if (!element)
    throw not_translatable{"operator " + op + " on arrays of this element type"};
  if (!has_btree_operator_class(element->oid))  // PostgreSQL's array_contain_compare, as it runs
    return typed_result("(CASE WHEN " + left.sql + " IS NULL OR " + right.sql + " IS NULL THEN NULL ELSE pg_raise('42883', "
                        "'could not identify an equality operator for type " + format_type(*element) + "') END)",
                        pg_type_oid::boolean);
  const std::string e = std::to_string(element->oid);
  if (op == "&&")
    return typed_result("pg_array_overlap(" + left.sql + ", " + right.sql + ", " + e + ")", pg_type_oid::boolean);
  const std::string& container = op == "@>" ? left.sql : right.sql;
  const std::string& contained = op == "@>" ? right.sql : left.sql;
  return typed_result("pg_array_contains_all(" + container + ", " + contained + ", " + e + ")", pg_type_oid::boolean);
}

std::optional<typed_expression> array_edit_function(query_translator& t, const std::string& name,
                                                    std::vector<typed_expression>& args, int location) {
  const auto arity = [&](size_t n) { return args.size() == n; };
  const std::vector<typed_expression> given = args;  // as written, for 42883's message
  // The array at `a` with the value at `x` as its element (nullopt: not an array here).
  const auto element_pair = [&](size_t a, size_t x) -> std::optional<column_type> {
    if (untyped(args[a]) && !untyped(args[x]))
      if (auto array = array_type_of(args[x].type))
        args[a] = t.coerce(std::move(args[a]), *array);
    auto element = typed_element(args[a]);
    if (!element)
      throw not_translatable{name + " of this array"};
    if (!unify(t, args[a], *element, args[x], name))
      no_function(t, name, given, location);
    return element;
  };
  if (name == "array_append" && arity(2)) {
    const auto element = element_pair(0, 1);
    return typed_like("pg_array_append(" + args[0].sql + ", " + element_arguments(*element) + ", " + args[1].sql + ")",
                      args[0]);
  }
  if (name == "array_prepend" && arity(2)) {
    const auto element = element_pair(1, 0);
    return typed_like("pg_array_prepend(" + args[0].sql + ", " + args[1].sql + ", " + element_arguments(*element) + ")",
                      args[1]);
  }
  if (name == "array_cat" && arity(2)) {
    const auto element = pair_element(t, args[0], args[1]);
    if (!element || args[0].type.oid != args[1].type.oid)
      throw not_translatable{"array_cat of these arrays"};
    return typed_like("pg_array_cat(" + args[0].sql + ", " + args[1].sql + ", " + std::to_string(element->oid) + ")",
                      args[0]);
  }
  const bool replace = name == "array_replace" && arity(3);
  const bool remove = name == "array_remove" && arity(2);
  const bool positions = name == "array_positions" && arity(2);
  const bool position = name == "array_position" && (arity(2) || arity(3));
  if (replace || remove || positions || position) {
    auto element = element_pair(0, 1);
    if (replace && !unify(t, args[0], *element, args[2], name))
      no_function(t, name, given, location);
    if (replace)  // the array may have been widened by the replacement
      args[1] = t.coerce(std::move(args[1]), *element);
    std::string sql = args[0].sql + ", " + element_arguments(*element) + ", " + args[1].sql;
    if (position)
      return typed_result("pg_array_position_from(" + sql +
                              (arity(3) ? ", " + t.coerce(std::move(args[2]), builtin_column_type(pg_type_oid::int4)).sql
                                        : std::string()) + ")",
                          pg_type_oid::int4);
    if (replace)
      return typed_like("pg_array_replace(" + sql + ", " + args[2].sql + ")", args[0]);
    if (positions)
      return typed_result("pg_array_positions(" + sql + ")", int4_array_oid);
    return typed_like("pg_array_remove_element(" + sql + ")", args[0]);
  }
  if (name == "array_fill" && (arity(2) || arity(3))) {
    if (untyped(args[0]))
      throw not_translatable{"array_fill of an untyped value"};
    const auto array = array_type_of(args[0].type);
    if (!array || (!args[0].type.is_enum() && find_type_codec(args[0].type.oid) == nullptr))
      throw not_translatable{"array_fill of this type"};
    std::string sql = "pg_array_fill(" + args[0].sql + ", " + element_arguments(args[0].type);
    for (size_t i = 1; i < args.size(); ++i)
      sql += ", " + t.coerce(std::move(args[i]), builtin_column_type(int4_array_oid)).sql;
    return typed(sql + ")", *array);
  }
  if (name == "trim_array" && arity(2)) {
    const auto element = typed_element(args[0]);
    if (!element)
      throw not_translatable{"trim_array of this array"};
    const std::string n = t.coerce(std::move(args[1]), builtin_column_type(pg_type_oid::int4)).sql;
    return typed_like("pg_trim_array(" + args[0].sql + ", " + std::to_string(element->oid) + ", " + n + ")", args[0]);
  }
  return std::nullopt;
}

}  // namespace tributary::translator
