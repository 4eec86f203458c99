// array_expressions: subscripts, slices and the ARRAY[...] constructor, typed as
// PostgreSQL types them; storage/sql_functions_arrays.cpp computes them on the
// arrays' stored form (array_out's text).
//
//   a[i], a[i][j]        the element type (an enum array's element: the enum): the
//                        element in its stored form; NULL outside the bounds (the
//                        array's own lower bounds count) or when the number of
//                        subscripts is not the array's number of dimensions
//   a[i:j], a[:j], a[i:] the array type; once one subscript is a slice every
//   a[i:j][k]            plain one [k] means [1:k], as PostgreSQL's parser does
//   ARRAY[e1, e2, ...]   the elements' common type's array (untyped literals:
//                        text[]); ARRAY[[1, 2], [3, 4]] one dimension more than
//                        its inner arrays; ARRAY[] is not translated
//   name[i]              its byte i (from 0), a "char"
//   int2vector[i], oidvector[i]   subscripts from 0 (the catalogs' vectors, stored
//                        as "1 2")
//   array_length(a, d), array_lower(a, d), array_upper(a, d)   int4, NULL for an
//                        empty array or a dimension it does not have
//   array_ndims(a) int4, array_dims(a) text ("[1:3][0:1]"), cardinality(a) int4
//   ARRAY(SELECT a ...) of arrays   one dimension more, as accumArrayResultArr builds
//                        it: 22004 "cannot accumulate null arrays", 2202E "cannot
//                        accumulate empty arrays" / "... arrays of different
//                        dimensionality" (dimensions and lower bounds not all equal)
// Subscripts are int4 (22P02/42804 as for any int4 operand); a subscript of a value
// that is not an array, and field selection mixed with subscripts, are not translated.
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/user/domain_over_array.hpp"
#include "stages/types/user/enum_type.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

bool untyped(const typed_expression& e) { return e.literal.has_value() || e.parameter != 0 || e.is_null_constant; }

}  // namespace

std::optional<column_type> array_element_type(const column_type& array) {
  if (array.is_enum_array()) {
    std::string name = array.name;
    if (name.ends_with("[]"))
      name.resize(name.size() - 2);
    return column_type{array.enum_labels->oid, -1, name, array.enum_labels, nullptr};
  }
  if (const column_type* base_array = domain_over_array_element(array))
    return *base_array;  // il[]: an element is an int4[] (PostgreSQL types it il)
  const type_descriptor* type = find_builtin_type(array.oid);
  if (type == nullptr || type->element == 0)
    return std::nullopt;
  return builtin_column_type(type->element, array.typmod);
}

std::optional<column_type> array_type_of(const column_type& element) {
  if (element.is_enum() && !element.is_enum_array())
    return column_type{element.enum_labels->array_oid, -1, element.name + "[]", element.enum_labels, nullptr};
  const type_descriptor* type = find_builtin_type(element.oid);
  if (type == nullptr || type->array == 0 || element.enum_labels != nullptr)
    return std::nullopt;
  return builtin_column_type(type->array, element.typmod);
}

typed_expression array_of_arrays(const std::string& rows_sql, const column_type& array, const column_type& element) {
  const std::string dims = "pg_array_shape(c1, " + std::to_string(element.oid) + ", 'dims')";
  return expression_helpers::typed(
      "(SELECT CASE WHEN count(*) > count(c1) THEN pg_raise('22004', 'cannot accumulate null arrays') "
      "WHEN count(c1) > count(" + dims + ") THEN pg_raise('2202E', 'cannot accumulate empty arrays') "
      "WHEN min(" + dims + ") <> max(" + dims + ") THEN pg_raise('2202E', 'cannot accumulate arrays of "
      "different dimensionality') ELSE '{' || coalesce(group_concat(c1, ','), '') || '}' END FROM (" + rows_sql + "))",
      array);
}

namespace {

std::string subscript_sql(query_translator& t, const json& node, const scope& where) {
  typed_expression index = t.expression(node, where);
  return t.coerce(std::move(index), builtin_column_type(pg_type_oid::int4)).sql;
}

}  // namespace

typed_expression array_subscript(query_translator& t, const json& indirection, const scope& where) {
  const json& steps = pt::list(indirection, "indirection");
  if (steps.size() == 1 && pt::node_type(steps[0]) == "String")
    return record_field_selection(t, indirection, where);
  bool slice = false;
  for (const json& step : steps) {
    if (pt::node_type(step) != "A_Indices")
      throw not_translatable{"indirection form"};
    slice = slice || pt::flag(pt::fields(step), "is_slice");
  }
  typed_expression array = t.expression(indirection.value("arg", json()), where);
  if (array.type.oid == 22 || array.type.oid == 30) {
    // int2vector / oidvector: "1 2" (text form), subscripts from 0 as PostgreSQL's
    // lower bound of these types; out of range: NULL.
    if (steps.size() != 1 || slice)
      throw not_translatable{"a slice of a vector"};
    const std::string index = subscript_sql(t, pt::fields(steps[0]).value("uidx", json()), where);
    return typed_result("CAST(pg_array_subscript('{' || replace(" + array.sql + ", ' ', ',') || '}', " +
                            index + " + 1) AS INTEGER)",
                        array.type.oid == 22 ? pg_type_oid::int2 : pg_type_oid::oid);
  }
  if (array.type.oid == pg_type_oid::name && !untyped(array)) {
    // name is a fixed array of characters: name[i] is its byte i (from 0), a "char"
    // (pg_dump reads typname[0]).
    if (steps.size() != 1 || slice)
      throw not_translatable{"a slice of a name"};
    const std::string index = subscript_sql(t, pt::fields(steps[0]).value("uidx", json()), where);
    // Back to text: a blob never equals a text ('_').
    return typed_result("CAST(substr(CAST(" + array.sql + " AS BLOB), " + index + " + 1, 1) AS TEXT)", 18);
  }
  const auto element = untyped(array) ? std::nullopt : array_element_type(array.type);
  if (!element)
    throw not_translatable{"subscript of a value that is not an array"};
  const std::string element_oid = std::to_string(element->oid);
  if (!slice) {
    std::string sql = "pg_array_get(" + array.sql + ", " + element_oid + ", " +
                      std::to_string(element->typmod);
    for (const json& step : steps)
      sql += ", " + subscript_sql(t, pt::fields(step).value("uidx", json()), where);
    typed_expression out = typed_result(sql + ")", element->oid);
    out.type = *element;
    if (array.type.domain_array && steps.size() == 1)  // an element of il[] / price[]: of domain il / price
      out.domain = array.type.domain_array->domain_name;
    return out;
  }
  // Bound k (lower of dimension k/2, upper of it) written: bit k of `given`.
  int64_t given = 0;
  std::string bounds;
  for (size_t d = 0; d < steps.size(); ++d) {
    const json& f = pt::fields(steps[d]);
    const bool is_slice = pt::flag(f, "is_slice");
    const bool has_lower = f.contains("lidx"), has_upper = f.contains("uidx");
    if (!is_slice) {  // [k] among slices: [1:k]
      bounds += ", 1, " + subscript_sql(t, f.value("uidx", json()), where);
      given |= int64_t{3} << (2 * d);
      continue;
    }
    bounds += has_lower ? ", " + subscript_sql(t, f.value("lidx", json()), where) : std::string(", NULL");
    bounds += has_upper ? ", " + subscript_sql(t, f.value("uidx", json()), where) : std::string(", NULL");
    given |= (has_lower ? int64_t{1} : 0) << (2 * d);
    given |= (has_upper ? int64_t{1} : 0) << (2 * d + 1);
  }
  typed_expression out = typed_result(
      "pg_array_slice(" + array.sql + ", " + element_oid + ", " + std::to_string(given) + bounds + ")",
      array.type.oid);
  out.type = array.type;
  return out;
}

std::optional<typed_expression> array_function(query_translator& t, const std::string& name,
                                               std::vector<typed_expression>& args, int location) {
  if (auto edited = array_edit_function(t, name, args, location))
    return edited;
  const bool dimension = name == "array_length" || name == "array_lower" || name == "array_upper";
  const bool shape = name == "array_ndims" || name == "array_dims" || name == "cardinality";
  if ((!dimension && !shape) || args.size() != (dimension ? 2u : 1u) || untyped(args[0]))
    return std::nullopt;
  const auto element = array_element_type(args[0].type);
  if (!element)
    return std::nullopt;  // int2vector / oidvector: the catalogs' array_upper
  const std::string head = args[0].sql + ", " + std::to_string(element->oid) + ", '" +
                           (name == "cardinality" ? std::string("cardinality") : name.substr(6)) + "'";
  if (shape)
    return typed_result("pg_array_shape(" + head + ")",
                        name == "array_dims" ? pg_type_oid::text : pg_type_oid::int4);
  const std::string d = t.coerce(std::move(args[1]), builtin_column_type(pg_type_oid::int4)).sql;
  return typed_result("pg_array_dimension(" + head + ", " + d + ")", pg_type_oid::int4);
}

namespace {

// ARRAY[[...], [...]]: the inner arrays' elements meet in their common type, as
// PostgreSQL's transformArrayExpr coerces the leaves (ARRAY[[1.5::float8, 2], [3, 4]]
// is a float8[]); the inner arrays are cast to its array type.
column_type inner_arrays_type(query_translator& t, std::vector<typed_expression>& inner) {
  std::vector<typed_expression> elements;
  for (const typed_expression& array : inner) {
    const auto element = array_element_type(array.type);
    if (!element)
      return t.common_type(inner, "ARRAY");
    elements.push_back(typed_result("NULL", element->oid));
    elements.back().type = *element;
  }
  const auto array = array_type_of(t.common_type(elements, "ARRAY"));
  if (!array)
    return t.common_type(inner, "ARRAY");
  for (typed_expression& value : inner)
    if (value.type.oid != array->oid)
      value = typed_result(cast_sql(value.sql, value.type, *array), array->oid);
  return *array;
}

}  // namespace

typed_expression array_constructor(query_translator& t, const json& constructor, const scope& where) {
  const json& elements = pt::list(constructor, "elements");
  if (elements.empty())
    throw not_translatable{"ARRAY[] without elements"};
  std::size_t nested = 0;
  std::vector<typed_expression> values;
  for (const json& element : elements) {
    nested += pt::node_type(element) == "A_ArrayExpr" ? 1 : 0;
    values.push_back(t.expression(element, where));
  }
  const column_type common = nested == elements.size() ? inner_arrays_type(t, values) : t.common_type(values, "ARRAY");
  if (nested == elements.size() && array_element_type(common)) {
    // ARRAY[[1, 2], [3, 4]]: the inner arrays' texts side by side, one dimension more
    // (PostgreSQL's 2202E for inner arrays of different sizes is not checked).
    std::string sql = "('{'";
    for (std::size_t i = 0; i < values.size(); ++i)
      sql += std::string(i == 0 ? " || " : " || ',' || ") + t.coerce(std::move(values[i]), common).sql;
    typed_expression out = typed_result(sql + " || '}')", common.oid);
    out.type = common;
    out.location = expression_helpers::location_of(constructor);
    return out;
  }
  if (nested != 0)
    throw not_translatable{"ARRAY mixing arrays and scalars"};
  const auto array = array_type_of(common);
  if (!array || array_element_type(common))
    throw not_translatable{"ARRAY[...] of this element type"};
  std::string sql = "pg_array_build(" + std::to_string(common.oid) + ", " + std::to_string(common.typmod);
  for (auto& value : values)
    sql += ", " + t.coerce(std::move(value), common).sql;
  typed_expression out = typed_result(sql + ")", array->oid);
  out.type = *array;
  out.location = expression_helpers::location_of(constructor);
  return out;
}

}  // namespace tributary::translator
