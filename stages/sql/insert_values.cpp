// insert_values: see the header.
#include "stages/sql/insert_values.hpp"

#include "stages/core/sql_quote.hpp"
#include "stages/sql/constant_assignment.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error not_supported(const std::string& what) {
  return make_pg_error("0A000", what + " is not supported yet");
}


result<std::vector<size_t>, pg_error> target_columns(const json& stmt, const insert_target& target) {
  std::vector<size_t> out;
  const json& cols = pt::list(stmt, "cols");
  if (cols.empty()) {
    for (size_t i = 0; i < target.columns.size(); ++i)
      out.push_back(i);
    return out;
  }
  for (const auto& col : cols) {
    const json& res = pt::fields(col);
    if (!pt::list(res, "indirection").empty())
      return fail(not_supported("INSERT into a subfield or array element"));
    const std::string name = pt::text(res, "name");
    size_t i = 0;
    while (i < target.columns.size() && !same_identifier(target.columns[i].name, name))
      ++i;
    if (i == target.columns.size())
      return fail(make_pg_error("42703", "column \"" + name + "\" of relation \"" + target.table +
                                             "\" does not exist"));
    out.push_back(i);
  }
  return out;
}

struct value_writer {
  std::string_view source;
  const insert_target& target;
  const type_settings& settings;
  translated_insert& out;

  result<std::string, pg_error> value(const json& node, size_t column_index) {
    const column_definition& column = target.columns[column_index];
    const std::string type = pt::node_type(node);
    if (type == "SetToDefault")
      return target.sqlite_defaults[column_index].empty() ? std::string("NULL")
                                                          : target.sqlite_defaults[column_index];
    if (type == "ParamRef") {
      const int number = static_cast<int>(pt::integer(pt::fields(node), "number"));
      out.parameter_types[number] = column.type;
      return "$" + std::to_string(number);
    }
    const json* constant_node = &node;
    if (type == "TypeCast")
      constant_node = &pt::fields(node)["arg"];
    if (auto c = pt::constant_value(*constant_node, source)) {
      // A typed constant ('x'::text) is read by the column's type like an untyped one.
      if (type == "TypeCast")
        c->is_string = true;
      auto stored = assign_constant(*c, column, settings);
      if (!stored)
        return fail(stored.error());
      return sql_literal(*stored);
    }
    return fail(not_supported("an expression (" + type + ") as a value for column \"" +
                              column.name + "\" of type " + format_type(column.type)));
  }
};

result<std::string, pg_error> returning_clause(const json& stmt) {
  const json& items = pt::list(stmt, "returningList");
  if (items.empty())
    return std::string();
  std::string sql = " RETURNING ";
  for (size_t i = 0; i < items.size(); ++i) {
    const json& res = pt::fields(items[i]);
    const json& val = res.value("val", json::object());
    if (pt::node_type(val) != "ColumnRef")
      return fail(not_supported("RETURNING an expression"));
    const json& fields = pt::list(pt::fields(val), "fields");
    const json& last = fields.empty() ? json::object() : fields.back();
    std::string item = pt::node_type(last) == "A_Star" ? "*" : quote_identifier(pt::text(pt::fields(last), "sval"));
    if (!pt::text(res, "name").empty())
      item += " AS " + quote_identifier(pt::text(res, "name"));
    sql += (i ? ", " : "") + item;
  }
  return sql;
}

result<std::string, pg_error> conflict_clause(const json& stmt) {
  auto it = stmt.find("onConflictClause");
  if (it == stmt.end())
    return std::string();
  if (pt::text(*it, "action") != "ONCONFLICT_NOTHING")
    return fail(not_supported("ON CONFLICT DO UPDATE"));
  std::string sql = " ON CONFLICT";
  const json& infer = it->value("infer", json::object());
  const json& elems = pt::list(infer, "indexElems");
  if (!elems.empty()) {
    sql += " (";
    for (size_t i = 0; i < elems.size(); ++i)
      sql += (i ? ", " : "") + quote_identifier(pt::text(pt::fields(elems[i]), "name"));
    sql += ")";
  }
  return sql + " DO NOTHING";
}

}  // namespace

std::string insert_table_name(const json& stmt) {
  return pt::text(stmt.value("relation", json::object()), "relname");
}

result<translated_insert, pg_error> translate_insert(const json& stmt, std::string_view source,
                                                     const insert_target& target,
                                                     const type_settings& settings) {
  if (stmt.contains("withClause"))
    return fail(not_supported("WITH in INSERT"));
  const json select_node = stmt.value("selectStmt", json::object());
  const json& select = pt::fields(select_node);
  const json& rows = pt::list(select, "valuesLists");
  if (rows.empty())
    return fail(not_supported("INSERT ... SELECT into a table with PostgreSQL column types"));
  auto columns = target_columns(stmt, target);
  if (!columns)
    return fail(columns.error());
  translated_insert out;
  value_writer writer{source, target, settings, out};
  std::string sql = "INSERT INTO " + quote_identifier(target.table) + " (";
  for (size_t i = 0; i < columns->size(); ++i)
    sql += (i ? ", " : "") + quote_identifier(target.columns[(*columns)[i]].name);
  sql += ") VALUES ";
  for (size_t r = 0; r < rows.size(); ++r) {
    const json& items = pt::list(pt::fields(rows[r]), "items");
    if (items.size() > columns->size())
      return fail(make_pg_error("42601", "INSERT has more expressions than target columns"));
    sql += r ? ", (" : "(";
    for (size_t i = 0; i < columns->size(); ++i) {
      if (i >= items.size()) {
        if (!pt::list(stmt, "cols").empty())
          return fail(make_pg_error("42601", "INSERT has more target columns than expressions"));
        // Fewer values than columns without a column list: the rest take defaults.
        const std::string& d = target.sqlite_defaults[(*columns)[i]];
        sql += ", " + (d.empty() ? std::string("NULL") : d);
        continue;
      }
      auto v = writer.value(items[i], (*columns)[i]);
      if (!v)
        return fail(v.error());
      sql += (i ? ", " : "") + *v;
    }
    sql += ")";
  }
  auto conflict = conflict_clause(stmt);
  if (!conflict)
    return fail(conflict.error());
  auto returning = returning_clause(stmt);
  if (!returning)
    return fail(returning.error());
  out.sql = sql + *conflict + *returning;
  return out;
}

}  // namespace tributary
