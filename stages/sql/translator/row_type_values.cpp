// row_type_values: see the header.
#include "stages/sql/translator/row_type_values.hpp"

#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/core/row_type_oid.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/value_io.hpp"
#include "stages/types/verbatim/array_text.hpp"
#include "stages/types/verbatim/record_text.hpp"

namespace tributary::translator {
const std::vector<column_definition>* row_type_columns(query_translator& t, const column_type& type) {
  if (type.known() || type.name.empty() || type.is_enum() || !t.input().lookup)
    return nullptr;
  return t.input().lookup(row_type_local_name(type.name));
}

void mark_row_type_column(query_translator& t, typed_expression& e, const std::string& relation,
                          const std::string& column) {
  if (relation.empty() || e.type.known() || e.type.name.empty() || e.type.is_enum() || !t.input().lookup ||
      row_type_columns(t, e.type) == nullptr)
    return;
  const std::vector<column_definition>* columns = t.input().lookup(relation);
  if (columns == nullptr)
    return;
  for (const column_definition& c : *columns)
    if (c.name == column) {
      const std::string local = row_type_local_name(e.type.name);
      e.row_type_oid = static_cast<oid_t>(table_row_type_oid(local, c.dimensions > 0));
      if (c.dimensions == 0)
        e.row_array_type_oid = static_cast<oid_t>(table_row_type_oid(local, true));
      return;
    }
}

std::optional<typed_expression> named_row_comparison(const std::string& op, const typed_expression& left,
                                                     const typed_expression& right) {
  static const char* const operators[] = {"=", "<>", "!=", "<", "<=", ">", ">="};
  if (std::find(std::begin(operators), std::end(operators), op) == std::end(operators) || left.row_type_oid == 0 ||
      left.row_type_oid != right.row_type_oid || left.row_array_type_oid == 0 || right.row_array_type_oid == 0)
    return std::nullopt;
  const column_type& named = !left.type.known() && !left.type.name.empty() ? left.type : right.type;
  if (named.known() || named.name.empty())
    return std::nullopt;
  const std::string collation = quote_identifier(row_type_collation_name(row_type_local_name(named.name)));
  return expression_helpers::typed("(" + left.sql + " COLLATE " + collation + " " + (op == "!=" ? "<>" : op) + " " +
                                       right.sql + ")",
                                   builtin_column_type(pg_type_oid::boolean));
}

std::optional<pg_error> missing_row_type_min_max(const std::string& name, const typed_expression& value) {
  if (value.row_type_oid == 0 || value.row_array_type_oid == 0 || value.type.known() || value.type.name.empty())
    return std::nullopt;  // (an array of one has min(anyarray))
  return make_pg_error("42883", "function " + name + "(" + value.type.name + ") does not exist",
                       {}, "No function matches the given name and argument types. You might need to add explicit type casts.");
}

std::shared_ptr<const std::vector<record_field>> named_row_fields(query_translator& t, const column_type& type) {
  const std::vector<column_definition>* columns = row_type_columns(t, type);
  if (columns == nullptr)
    return nullptr;
  auto fields = std::make_shared<std::vector<record_field>>();
  for (const column_definition& c : *columns)
    fields->push_back({c.name, c.dimensions > 0 && !c.type.known() ? 0 : c.type.oid, c.type.typmod});
  return fields;
}

std::optional<typed_expression> named_record_field(const std::string& record_sql, const record_field& field,
                                                   size_t index) {
  std::string sql = "pg_record_field(" + record_sql + ", " + std::to_string(index + 1) + ")";
  const column_type type = builtin_column_type(field.oid, field.typmod);
  if (find_builtin_type(field.oid) == nullptr)
    return std::nullopt;
  if (!is_text_like(field.oid))
    sql = cast_sql(sql, builtin_column_type(pg_type_oid::text), type);  // the field type's input
  return expression_helpers::typed(std::move(sql), type);
}

bool expand_named_row(query_translator& t, typed_expression& e) {
  if (e.row_values || e.row_array_type_oid == 0)
    return false;
  const auto fields = named_row_fields(t, e.type);
  if (!fields)
    return false;
  auto values = std::make_shared<std::vector<typed_expression>>();
  for (size_t i = 0; i < fields->size(); ++i) {
    auto value = named_record_field(e.sql, (*fields)[i], i);
    if (!value)
      throw not_translatable{"a row type with a field of this type as JSON"};
    values->push_back(std::move(*value));
  }
  e.row_values = std::move(values);
  e.type.record_fields = fields;
  e.row_absent = "(" + e.sql + " IS NULL)";
  return true;
}

std::string record_field_text_sql(const typed_expression& value) {
  constexpr oid_t record_oid = 2249;
  if (value.type.oid == pg_type_oid::boolean)
    return "CASE WHEN " + value.sql + " IS NULL THEN NULL WHEN " + value.sql + " THEN 't' ELSE 'f' END";
  if (value.type.oid == pg_type_oid::bpchar || value.type.oid == record_oid || is_text_like(value.type.oid))
    return value.sql;
  return cast_sql(value.sql, value.type, builtin_column_type(pg_type_oid::text));
}

std::optional<typed_expression> row_value_assignment(query_translator& t, const typed_expression& value,
                                                     const column_definition& column) {
  if (!value.row_constructor || !value.row_values || column.dimensions > 0)
    return std::nullopt;
  const std::vector<column_definition>* fields = row_type_columns(t, column.type);
  if (fields == nullptr)
    return std::nullopt;
  const auto refuse = [&](const std::string& detail, int location) {
    t.fail_at(make_pg_error("42846", "cannot cast type record to " + column.type.name, detail), location);
  };
  if (value.row_values->size() < fields->size())
    refuse("Input has too few columns.", value.location);
  if (value.row_values->size() > fields->size())
    refuse("Input has too many columns.", value.location);
  std::string texts;
  for (size_t i = 0; i < fields->size(); ++i) {
    const column_definition& field = (*fields)[i];
    typed_expression v = (*value.row_values)[i];
    if (!field.type.known() || field.type.is_enum())
      throw not_translatable{"a row assigned to a row type with a field of this type"};
    if (!expression_helpers::untyped(v) && v.type.oid != field.type.oid && !find_cast(v.type, field.type))
      refuse("Cannot cast type " + expression_helpers::message_type_name(v.type) + " to " +
                 expression_helpers::message_type_name(field.type) + " in column " + std::to_string(i + 1) + ".",
             v.location);
    if (v.is_null_constant)
      v = expression_helpers::typed("NULL", field.type, v.location);
    else
      v = t.assign(std::move(v), field);
    texts += (texts.empty() ? "" : ", ") + record_field_text_sql(v);
  }
  return expression_helpers::typed("pg_record(" + texts + ")", column.type, value.location);
}

std::optional<typed_expression> row_array_literal(query_translator& t, const typed_expression& literal,
                                                  const column_definition& column) {
  const column_type& type = column.type;
  if (!literal.literal || column.dimensions == 0 || type.known() || type.name.empty() || type.is_enum() ||
      !t.input().lookup)
    return std::nullopt;
  const std::vector<column_definition>* fields = row_type_columns(t, type);
  if (fields == nullptr)
    return std::nullopt;
  auto array = read_array_literal(*literal.literal);
  if (!array)
    t.fail_at(array.error(), literal.location);
  if (array->lengths.size() > 1)
    throw not_translatable{"a multidimensional array of a row type"};
  for (std::optional<std::string>& element : array->elements) {
    if (!element)
      continue;
    const record_literal_read read = read_record_literal(*element, fields->size());
    std::vector<std::optional<std::string>> texts;
    for (size_t i = 0; i < read.fields.size(); ++i) {
      const column_type& field = (*fields)[i].type;
      if (!field.known() && !field.is_enum())
        throw not_translatable{"an array of a row type with a field of another row type"};
      if (!read.fields[i]) {
        texts.push_back(std::nullopt);
        continue;
      }
      auto stored = parse_text_value(field, *read.fields[i], t.input().settings);
      if (!stored)
        t.fail_at(stored.error(), literal.location);
      texts.push_back(format_text_value(field, *stored, t.input().settings));
    }
    if (read.error)
      t.fail_at(*read.error, literal.location);
    element = write_record_text(texts);
  }
  return expression_helpers::typed(sql_literal(sql_value{write_array_literal(*array)}), type, literal.location);
}

}  // namespace tributary::translator
