// array_constructor: ARRAY[e1, e2, ...] -> the array's text form (arrays are kept
// as array_out's text), typed as the array of the elements' common type.
//
//   ARRAY[1, 2]              '{' || pg_array_element(e1) || ',' || ... || '}'
//                            each element converted to its output text, quoted
//                            as array_out quotes it, NULL bare
//   ARRAY[[1, 2], [3, 4]]    sub-arrays' texts joined the same way (a
//                            multidimensional array of the inner arrays' type)
// Elements resolve to one type as PostgreSQL's (untyped literals take the others'
// type, text when all are untyped). Not translated (the statement runs untranslated):
// ARRAY[] without elements, elements of types without a built-in array type
// (records, enums, arrays of arrays' other forms).
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {

namespace pt = parse_tree;
using namespace expression_helpers;

typed_expression query_translator::array_constructor(const json& fields, const scope& where) {
  const json& items = pt::list(fields, "elements");
  if (items.empty())
    throw not_translatable{"ARRAY[] without elements"};
  bool nested = true;
  for (const json& item : items)
    nested = nested && pt::node_type(item) == "A_ArrayExpr";
  std::vector<typed_expression> values;
  for (const json& item : items)
    values.push_back(expression(item, where));
  column_type type = common_type(values, "ARRAY");
  if (type.oid == pg_type_oid::unknown)
    type = builtin(pg_type_oid::text);
  if (type.is_enum())
    throw not_translatable{"ARRAY of an enum"};
  const type_descriptor* d = find_builtin_type(type.oid);
  if (d == nullptr)
    throw not_translatable{"ARRAY of this type"};
  if (nested != (d->element != 0))
    throw not_translatable{"ARRAY mixing arrays and scalars"};
  const oid_t array_type = nested ? type.oid : d->array;
  if (array_type == 0)
    throw not_translatable{"ARRAY of a type without an array type"};
  std::string sql = "('{' || ";
  for (size_t i = 0; i < values.size(); ++i) {
    typed_expression value = coerce(std::move(values[i]), type);
    if (i > 0)
      sql += " || ',' || ";
    sql += nested ? value.sql : array_element_sql(value);
  }
  column_type out = builtin(array_type);
  return typed(sql + " || '}')", out);
}

}  // namespace tributary::translator
