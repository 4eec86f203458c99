// row_constructor: PostgreSQL's row constructors and the row comparisons its
// parser makes of them (parse_expr.c, make_row_comparison_op):
//
//   ROW(1, 'a'), (1, 'a'), ROW()      record (2249), fields f1, f2, ...; the value is
//                                     record_out's text "(1,a)" (pg_record), as whole_row.cpp's
//   ROW(a, b) = ROW(1, 2)             AND of the fields' =;  <> : OR of the fields' <>
//   (a, b) < (c, d), <=, >, >=        the first pair that is not equal decides (NULL when
//                                     either is NULL); all equal: true for <= and >=
//   (a, b) IN ((1, 2), (3, 4))        OR of the rows' =, NOT IN: AND of <>
//   ROW(...) IS [NOT] DISTINCT FROM ROW(...)   OR of the fields' IS DISTINCT FROM
//   ROW(...) IS NULL / IS NOT NULL    every field NULL / every field not NULL (also for a
//                                     whole-row reference)
//   (a, b) IN (SELECT x, y ...)       SQLite's row value IN, each pair of one type
//
// Each pair is compared by query_translator::comparison, so a field compares by its
// type's rules (an untyped literal takes the other side's type). Rows of unequal
// length are 42601 "unequal number of entries in row expressions" and rows of no
// fields 0A000, at the operator, as PostgreSQL reports them.
//
//   ROW(1, 'x', ...)::t, NULL::t, CAST(... AS t)   a table t's row type (parse_coerce.c's
//       coerce_record_to_complex): each field cast to its column's type as an explicit
//       cast does (an untyped literal read by the column type's input); 42846 "cannot
//       cast type record to t" when the number of fields differs (DETAIL Input has too
//       few / too many columns.) or a field's type has no cast to its column's (DETAIL
//       Cannot cast type integer to date in column 5.), at the cast.
//   '(1,x)'::t                       a literal: record_in (record_text.hpp), each field read
//       by its column type's input with the column's typmod as it is read (an unquoted
//       empty field is NULL); 22P02 malformed record literal / the field's input error,
//       at the literal. So is a literal that takes type t otherwise (a value for a
//       column of type t: query_translator::coerce), kept as record_out prints the row.
#include "stages/core/local_relation_name.hpp"
#include "stages/core/row_type_oid.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/row_type_values.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/value_io.hpp"
#include "stages/types/verbatim/record_text.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;
using namespace expression_helpers;

constexpr oid_t record_oid = 2249;

}  // namespace

typed_expression query_translator::row_constructor(const json& row, const scope& where) {
  auto values = std::make_shared<std::vector<typed_expression>>();
  auto fields = std::make_shared<std::vector<record_field>>();
  std::string texts;
  for (const json& arg : pt::list(row, "args")) {
    // An untyped literal or NULL stays untyped for a row comparison (the other side's
    // field gives its type); as the row's value it is a text field.
    typed_expression value = expression(arg, where);
    const typed_expression field = untyped(value) ? coerce(value, builtin(pg_type_oid::text)) : value;
    fields->push_back({"f" + std::to_string(values->size() + 1), field.type.oid, field.type.typmod});
    texts += (texts.empty() ? "" : ", ") + record_field_text_sql(field);
    values->push_back(std::move(value));
  }
  typed_expression out = typed("pg_record(" + texts + ")", builtin(record_oid), location_of(row));
  out.type.record_fields = std::move(fields);
  out.row_values = std::move(values);
  out.row_constructor = true;
  return out;
}

std::optional<typed_expression> query_translator::table_row_cast(const json& cast, const scope& where,
                                                                const type_name_parts& parts, int location) {
  if (!input_.lookup || parts.names.empty() || parts.names.size() > 2 || parts.array_dimensions > 1 ||
      !parts.typmod_args.empty())
    return std::nullopt;
  const std::string local = local_relation_name(parts.names.size() == 2 ? parts.names[0] : "", parts.names.back());
  const std::vector<column_definition>* columns = input_.lookup(local);
  if (columns == nullptr)
    return std::nullopt;
  if (parts.array_dimensions == 1) {  // '{"(1,x)"}'::pair[], NULL::pair[]: row_type_values.hpp
    typed_expression arg = expression(cast.value("arg", json::object()), where);
    column_definition array;
    array.type.name = local;
    array.dimensions = 1;
    std::optional<typed_expression> out;
    if (arg.is_null_constant)
      out = typed("NULL", array.type, location);
    else
      out = row_array_literal(*this, arg, array);
    if (!out)
      throw not_translatable{"a cast of this value to an array of a row type"};
    out->row_type_oid = static_cast<oid_t>(table_row_type_oid(local, true));
    return out;
  }
  const oid_t row_type = static_cast<oid_t>(table_row_type_oid(local));
  typed_expression arg = expression(cast.value("arg", json::object()), where);
  if (arg.row_type_oid == row_type)
    return arg;
  if (arg.literal)
    arg = record_literal_fields(arg, *columns);
  if (!arg.is_null_constant && !arg.row_constructor)
    throw not_translatable{"a cast of this value to a table's row type"};
  const auto refuse = [&](const std::string& detail) {
    fail_at(make_pg_error("42846", "cannot cast type record to " + local, detail), location);
  };
  if (arg.row_constructor && arg.row_values->size() < columns->size())
    refuse("Input has too few columns.");
  if (arg.row_constructor && arg.row_values->size() > columns->size())
    refuse("Input has too many columns.");
  auto values = std::make_shared<std::vector<typed_expression>>();
  auto fields = std::make_shared<std::vector<record_field>>();
  std::string texts;
  for (size_t i = 0; i < columns->size(); ++i) {
    const column_definition& column = (*columns)[i];
    typed_expression value = arg.row_constructor ? (*arg.row_values)[i] : typed("NULL", column.type);
    if (!untyped(value) && value.type.oid != column.type.oid && !find_cast(value.type, column.type))
      refuse("Cannot cast type " + message_type_name(value.type) + " to " + message_type_name(column.type) +
             " in column " + std::to_string(i + 1) + ".");
    const int at = value.location;
    value = explicit_cast(std::move(value), column.type, at);
    fields->push_back({column.name, column.type.oid, column.type.typmod});
    texts += (texts.empty() ? "" : ", ") + record_field_text_sql(value);
    values->push_back(std::move(value));
  }
  typed_expression out = typed(arg.is_null_constant ? "NULL" : "pg_record(" + texts + ")", builtin(record_oid), location);
  out.type.record_fields = std::move(fields);
  out.row_values = std::move(values);
  if (arg.is_null_constant)
    out.row_absent = "1";
  out.row_type_oid = row_type;
  out.row_array_type_oid = static_cast<oid_t>(table_row_type_oid(local, true));
  return out;
}

typed_expression query_translator::record_literal_fields(const typed_expression& literal,
                                                         const std::vector<column_definition>& columns) {
  const record_literal_read read = read_record_literal(*literal.literal, columns.size());
  auto values = std::make_shared<std::vector<typed_expression>>();
  for (size_t i = 0; i < read.fields.size(); ++i) {
    const column_type& type = columns[i].type;
    if (!read.fields[i]) {
      values->push_back(typed("NULL", type, literal.location));
      values->back().is_null_constant = true;
      continue;
    }
    auto stored = parse_text_value(type, *read.fields[i], input_.settings);
    if (!stored)
      fail_at(stored.error(), literal.location);
    values->push_back(typed(sql_literal(*stored), type, literal.location));
  }
  if (read.error)
    fail_at(*read.error, literal.location);
  std::string texts;
  for (const typed_expression& value : *values)
    texts += (texts.empty() ? "" : ", ") + record_field_text_sql(value);
  typed_expression out = typed("pg_record(" + texts + ")", builtin(record_oid), literal.location);
  out.row_values = std::move(values);
  out.row_constructor = true;
  return out;
}

typed_expression query_translator::row_comparison(const std::string& op, const typed_expression& left,
                                                  const typed_expression& right, int location) {
  const std::vector<typed_expression>& l = *left.row_values;
  const std::vector<typed_expression>& r = *right.row_values;
  if (l.size() != r.size())
    fail_at(make_pg_error("42601", "unequal number of entries in row expressions"), location);
  if (l.empty())
    fail_at(make_pg_error("0A000", "cannot compare rows of zero length"), location);
  // Each pair's operator as PostgreSQL's make_row_comparison_op looks it up (json = json:
  // 42883 at the operator); pair by pair, so an untyped literal on one side takes the
  // other side's type.
  for (size_t i = 0; i < l.size(); ++i)
    require_comparison_operator(op == "IS" || op == "IS NOT" ? "=" : op, l[i], r[i], location);
  const auto pair = [&](const std::string& pair_op, size_t i) { return comparison(pair_op, l[i], r[i]).sql; };
  const bool is_distinct = op == "IS NOT";
  if (op == "=" || op == "<>" || op == "IS" || is_distinct) {
    const char* join = op == "=" || op == "IS" ? " AND " : " OR ";
    std::string sql;
    for (size_t i = 0; i < l.size(); ++i)
      sql += (i ? join : "(") + pair(op, i);
    return typed(sql + ")", builtin(pg_type_oid::boolean), location);
  }
  if (op != "<" && op != "<=" && op != ">" && op != ">=")
    throw not_translatable{"row comparison with " + op};
  // The first pair that is not equal decides; a NULL there makes the result NULL.
  std::string sql = "(CASE";
  for (size_t i = 0; i < l.size(); ++i) {
    const std::string equal = pair("=", i);
    sql += " WHEN " + equal + " IS NULL THEN NULL WHEN NOT " + equal + " THEN " + pair(op, i);
  }
  const bool inclusive = op.size() == 2;
  return typed(sql + " ELSE " + (inclusive ? "1" : "0") + " END)", builtin(pg_type_oid::boolean), location);
}

typed_expression query_translator::row_sub_select_comparison(const std::string& op, const typed_expression& left,
                                                              const json& link, const scope& where, int location) {
  // (a, b) = (SELECT x, y): the sub-select's one row (none: NULLs; more: 21000, as an
  // expression sub-select's), compared as a row constructor.
  translated_query inner = select(pt::fields(link.at("subselect")), &where);
  const size_t width = left.row_values->size();
  if (inner.columns.size() != width)
    fail_at(make_pg_error("42601", inner.columns.size() > width ? "subquery has too many columns"
                                                                : "subquery has too few columns"),
            location);
  typed_expression right = typed("", builtin(record_oid));
  auto values = std::make_shared<std::vector<typed_expression>>();
  for (size_t i = 0; i < width; ++i) {
    column_type type = inner.columns[i].type;
    if (type.oid == pg_type_oid::unknown)
      type = builtin(pg_type_oid::text);
    values->push_back(typed("max(c" + std::to_string(i + 1) + ")", type));
  }
  right.row_values = std::move(values);
  const typed_expression test = row_comparison(op, left, right, location);
  return typed("(SELECT CASE WHEN count(*) > 1 THEN pg_raise('21000', 'more than one row returned by a subquery "
               "used as an expression') ELSE " +
                   test.sql + " END FROM (SELECT * FROM (" + inner.sql + ") LIMIT 2))",
               builtin(pg_type_oid::boolean), location);
}

typed_expression query_translator::row_null_test(const typed_expression& row, bool is_null) {
  std::string sql;
  for (const typed_expression& value : *row.row_values)
    sql += (sql.empty() ? "(" : " AND ") + value.sql + (is_null ? " IS NULL" : " IS NOT NULL");
  if (sql.empty())  // ROW(): no field is NULL, and none is not NULL
    return typed(is_null ? "0" : "1", builtin(pg_type_oid::boolean));
  return typed(sql + ")", builtin(pg_type_oid::boolean));
}

}  // namespace tributary::translator
