// from_items: a FROM clause's items -> SQLite (query_translator::from_item): a table
// or a common table of the WITH clause, a sub-select (LATERAL ones written in place or
// as a nested loop, lateral_rows.cpp), a function in FROM (set_returning_functions.cpp)
// and a join (USING / NATURAL in join_using.cpp, an aliased join in aliased_join.cpp).
// Each item joins the scope with its columns as PostgreSQL names them.
#include <string>
#include <vector>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {
namespace translator {
namespace {

namespace pt = parse_tree;
using expression_helpers::select_fields;

// A sub-select that returns exactly one row: aggregates without GROUP BY, HAVING,
// LIMIT / OFFSET, set operations, DISTINCT or set-returning functions.
bool one_row_aggregate(const json& s, const query_translator& t) {
  for (const char* field : {"groupClause", "havingClause", "limitCount", "limitOffset", "distinctClause",
                            "valuesLists", "windowClause"})
    if (s.contains(field))
      return false;
  const std::string op = pt::text(s, "op");
  if ((!op.empty() && op != "SETOP_NONE") || !s.contains("fromClause") ||
      has_set_returning_call(pt::list(s, "targetList")))
    return false;
  for (const json& target : pt::list(s, "targetList")) {
    const json& value = pt::fields(target).value("val", json());
    if (pt::node_type(value) != "FuncCall" || pt::fields(value).contains("over"))
      return false;
    const std::vector<std::string> names = pt::strings(pt::list(pt::fields(value), "funcname"));
    if (names.empty() || !t.is_aggregate_name(names.back()))
      return false;
  }
  return true;
}

// A sub-select of expressions alone (no FROM, clauses, set operation or set-returning
// function): one row computed from the row on its left when LATERAL.
bool one_row_expressions(const json& s) {
  for (const char* field : {"fromClause", "whereClause", "groupClause", "havingClause", "sortClause",
                            "limitCount", "limitOffset", "distinctClause", "withClause", "valuesLists"})
    if (s.contains(field))
      return false;
  const std::string op = pt::text(s, "op");
  return (op.empty() || op == "SETOP_NONE") && !has_set_returning_call(pt::list(s, "targetList"));
}

}  // namespace

std::string query_translator::from_item(const json& node, scope& where) {
  const std::string type = pt::node_type(node);
  const json& f = pt::fields(node);
  // Alias is a typed field: {"alias": {"aliasname": "i"}} (or wrapped in {"Alias": ...}).
  const json& alias_node = f.value("alias", json::object());
  const json& alias_fields = alias_node.contains("aliasname") || alias_node.contains("colnames")
                                 ? alias_node
                                 : pt::fields(alias_node);
  const std::string alias_name = pt::text(alias_fields, "aliasname");
  const std::vector<std::string> column_aliases = pt::strings(pt::list(alias_fields, "colnames"));
  if (!column_aliases.empty() && type != "RangeSubselect" && type != "RangeFunction" &&
      type != "JoinExpr")
    throw not_translatable{"column aliases in FROM"};
  if (type == "RangeVar") {
    const std::string relation = pt::text(f, "relname");
    if (f.contains("catalogname"))
      throw not_translatable{"table reference form"};
    // schema.name: pg_catalog's relations are SQLite's tables of their own
    // names; another schema's table is the SQLite table "schema.name".
    const std::string schema = pt::text(f, "schemaname");
    const std::string table = schema == "pg_catalog" ? relation : local_relation_name(schema, relation);
    scope_item item;
    item.name = alias_name.empty() ? relation : alias_name;
    for (auto cte = common_tables_.rbegin(); !f.contains("schemaname") && cte != common_tables_.rend(); ++cte) {
      if (cte->name != table)
        continue;
      refuse_taken_name(where, item.name);
      if (cte->no_returning)
        fail_at(make_pg_error("0A000", "WITH query \"" + cte->name + "\" does not have a RETURNING clause"),
                static_cast<int>(pt::integer(f, "location")));
      for (size_t i = 0; i < cte->columns.size(); ++i)
      {
        item.columns.push_back({cte->columns[i].name, positional_alias(i), cte->columns[i].type});
        item.columns.back().domain = cte->columns[i].domain;
      }
      where.items.push_back(std::move(item));
      return (cte->sql_table.empty() ? quote_identifier(table) : cte->sql_table) + " AS " +
             quote_identifier(where.items.back().name);
    }
    const std::vector<column_definition>* columns = input_.lookup(table);
    if (columns == nullptr)
      throw not_translatable{"table without recorded types"};
    refuse_taken_name(where, item.name);
    for (const column_definition& c : *columns)
    {
      item.columns.push_back({c.name, c.name, c.type, c.primary_key});
      item.columns.back().domain = c.domain;
    }
    if (schema != "pg_catalog" && !(schema.empty() && relation.starts_with("pg_")))
      item.relation = table;  // its whole row has the table's row type
    // tableoid: the relation's OID as pg_class gives it (pg_dump reads it from every
    // catalog; tableoid::regclass names a user's table).
    const bool catalog = schema == "pg_catalog" || (schema.empty() && relation.starts_with("pg_"));
    item.columns.push_back(table_oid_column(catalog ? "pg_catalog." + relation : table));
    if (!catalog)
      item.columns.push_back(merge_row_scope_column(item.name));
    where.items.push_back(std::move(item));
    return quote_identifier(table) + " AS " + quote_identifier(where.items.back().name);
  }
  if (type == "RangeSubselect") {
    if (alias_name.empty())
      fail_at(make_pg_error("42601", "subquery in FROM must have an alias"), -1);
    static const json no_subquery = json::object();
    const json& subquery = select_fields(f.contains("subquery") ? f.at("subquery") : no_subquery);
    const auto rename = [&](scope_item& item) {
      if (column_aliases.size() > item.columns.size())
        fail_at(make_pg_error("42P10", "table \"" + alias_name + "\" has " + std::to_string(item.columns.size()) +
                                           " columns available but " + std::to_string(column_aliases.size()) +
                                           " columns specified"),
                static_cast<int>(pt::integer(f, "location")));
      for (size_t i = 0; i < column_aliases.size(); ++i)
        item.columns[i].name = column_aliases[i];
    };
    // A LATERAL item's columns are written in place: the item joins the scope under its
    // alias (renamed by the alias's column list) and FROM gets a one-row placeholder.
    const auto place_lateral = [&](scope_item item) {
      rename(item);
      refuse_taken_name(where, item.name);
      where.items.push_back(std::move(item));
      return "(SELECT 1) AS " + quote_identifier(alias_name);
    };
    if (pt::flag(f, "lateral") && one_row_aggregate(subquery, *this)) {
      // LATERAL (SELECT aggregates FROM ... WHERE ...): exactly one row per row on its
      // left; each column is a scalar sub-select reading that row (SQLite has no LATERAL).
      translated_query inner = select(subquery, &where);
      scope_item item;
      item.name = alias_name;
      for (size_t i = 0; i < inner.columns.size(); ++i) {
        scope_column column{inner.columns[i].name, "", inner.columns[i].type};
        column.expression = "SELECT " + quote_identifier(positional_alias(i)) + " FROM (" + inner.sql + ")";
        item.columns.push_back(std::move(column));
      }
      return place_lateral(std::move(item));
    }
    if (pt::flag(f, "lateral") && !one_row_expressions(subquery))
      return lateral_rows(subquery, alias_name, column_aliases, static_cast<int>(pt::integer(f, "location")),
                          where);
    if (pt::flag(f, "lateral")) {
      // LATERAL (SELECT expressions): one row computed from the row on its left;
      // its columns are written in place (pgbench's array_position(current_schemas(true), ...)).
      scope_item item;
      item.name = alias_name;
      for (const json& target : pt::list(subquery, "targetList")) {
        const json& t = pt::fields(target);
        const json& value = t.value("val", json());
        std::string name = pt::text(t, "name");
        if (name.empty())
          name = output_column_name(value);
        grouping_frame* frame = current_frame();
        const bool had_aggregate = frame != nullptr && frame->has_aggregate;
        typed_expression e = expression(value, where);
        if (e.type.oid == pg_type_oid::unknown)
          e = coerce(std::move(e), builtin_column_type(pg_type_oid::text));
        if (frame != nullptr && frame->has_aggregate && !had_aggregate)
          throw not_translatable{"aggregate in a LATERAL sub-select"};
        scope_column column{name, "", e.type};
        column.expression = e.sql;
        item.columns.push_back(std::move(column));
      }
      return place_lateral(std::move(item));
    }
    translated_query inner = select(subquery, where.outer);
    scope_item item;
    item.name = alias_name;
    for (size_t i = 0; i < inner.columns.size(); ++i)
    {
      item.columns.push_back({inner.columns[i].name, positional_alias(i), inner.columns[i].type});
      item.columns.back().domain = inner.columns[i].domain;
    }
    rename(item);
    refuse_taken_name(where, alias_name);
    where.items.push_back(std::move(item));
    return "(" + inner.sql + ") AS " + quote_identifier(alias_name);
  }
  if (type == "RangeFunction") {
    return function_from_item(*this, f, alias_name, column_aliases, where);
  }
  if (type == "JoinExpr") {
    if (!alias_name.empty())
      return aliased_join(f, alias_name, column_aliases, where);
    const std::string kind = pt::text(f, "jointype");
    const std::string word = kind == "JOIN_LEFT"    ? " LEFT JOIN "
                             : kind == "JOIN_RIGHT" ? " RIGHT JOIN "
                             : kind == "JOIN_FULL"  ? " FULL JOIN "
                                                    : " JOIN ";
    if (!kind.empty() && kind != "JOIN_INNER" && kind != "JOIN_LEFT" && kind != "JOIN_RIGHT" &&
        kind != "JOIN_FULL")
      throw not_translatable{kind};
    const size_t left_start = where.items.size();
    std::string sql = from_item(f.value("larg", json()), where);
    const size_t right_start = where.items.size();
    const json& right = f.value("rarg", json());
    const bool outer_lateral = (kind == "JOIN_RIGHT" || kind == "JOIN_FULL") && pt::flag(pt::fields(right), "lateral");
    const std::string right_sql =
        outer_lateral ? lateral_beside_outer_join(right, where, left_start) : from_item(right, where);
    // A nested join is parenthesized; an aliased one is already a sub-select.
    const bool nested_join = pt::node_type(right) == "JoinExpr" && !pt::fields(right).contains("alias");
    sql += word + (nested_join ? "(" + right_sql + ")" : right_sql);
    if (pt::flag(f, "isNatural") || f.contains("usingClause"))
      sql += " ON " + join_using(f, kind, where, left_start, right_start);
    else if (f.contains("quals"))
      sql += " ON " + as_boolean(expression(f["quals"], where)).sql;
    else if (word != " JOIN ")
      throw not_translatable{"outer join without ON"};
    return sql;
  }
  throw not_translatable{type};
}

}  // namespace translator
}  // namespace tributary
