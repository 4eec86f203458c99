// whole_row: a FROM item's name used as a value, PostgreSQL's whole-row reference:
//
//   SELECT t FROM t             "(1,apple,1.50,...)"  record_out's text (pg_record)
//   row_to_json(t), to_json(t), to_jsonb(t), row_to_json(t.*)   json_functions.cpp
//
// The value is a record of the item's visible columns (not a join's merged-away
// copies, not system columns), in order; each field is its output text as record_out
// writes it (bool t / f, bpchar with its padding, NULL empty). The translated value
// keeps the fields themselves (typed_expression::row_values) for the JSON functions.
// A table's row that an outer join did not find (its primary key NULL) is NULL, as
// PostgreSQL's; without a primary key (or for a sub-select) it is a record of NULLs.
// Its type is record (2249) with the fields' names and types; a user table's row
// also carries the table's row type OID (stages/core/row_type_oid.hpp), which the
// client sees in RowDescription and pg_typeof names, as PostgreSQL's.
#include "stages/core/row_type_oid.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

constexpr oid_t record_oid = 2249;

// A field's text in record_out's form (NULL stays NULL: pg_record leaves it empty).
std::string field_text_sql(const typed_expression& value) {
  if (value.type.oid == pg_type_oid::boolean)
    return "CASE WHEN " + value.sql + " IS NULL THEN NULL WHEN " + value.sql + " THEN 't' ELSE 'f' END";
  if (value.type.oid == pg_type_oid::bpchar || value.type.oid == record_oid || is_text_like(value.type.oid))
    return value.sql;
  return cast_sql(value.sql, value.type, builtin_column_type(pg_type_oid::text));
}

}  // namespace

typed_expression query_translator::whole_row(const scope* level, const scope_item& item, int location) {
  auto values = std::make_shared<std::vector<typed_expression>>();
  auto fields = std::make_shared<std::vector<record_field>>();
  std::string texts;
  for (const scope_column& c : item.columns) {
    if (c.hidden || c.merged)
      continue;
    note_column(level, item.name, c.name, location);
    typed_expression value = expression_helpers::typed(column_reference_sql(item, c), c.type, location);
    texts += (texts.empty() ? "" : ", ") + field_text_sql(value);
    fields->push_back({c.name, c.type.oid, c.type.typmod});
    values->push_back(std::move(value));
  }
  if (values->empty())
    throw not_translatable{"a whole-row reference without columns"};
  // A table's row missing from an outer join has a NULL primary key: the row is NULL.
  std::string absent;
  for (size_t i = 0, v = 0; i < item.columns.size(); ++i) {
    const scope_column& c = item.columns[i];
    if (c.hidden || c.merged)
      continue;
    if (c.primary_key && absent.empty())
      absent = (*values)[v].sql + " IS NULL";
    ++v;
  }
  std::string record = "pg_record(" + texts + ")";
  if (!absent.empty())
    record = "CASE WHEN " + absent + " THEN NULL ELSE " + record + " END";
  typed_expression out = expression_helpers::typed(record, builtin_column_type(record_oid), location);
  out.type.record_fields = std::move(fields);
  out.row_values = std::move(values);
  out.row_absent = std::move(absent);
  if (!item.relation.empty())  // a user table's row: clients see its row type
    out.row_type_oid = static_cast<oid_t>(table_row_type_oid(item.relation));
    out.row_array_type_oid = static_cast<oid_t>(table_row_type_oid(item.relation, true));
  return out;
}

}  // namespace tributary::translator
