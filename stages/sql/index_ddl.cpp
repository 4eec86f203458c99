// index_ddl: see the header.
#include "stages/sql/index_ddl.hpp"

#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

constexpr size_t max_name_bytes = 63;  // NAMEDATALEN - 1

// PostgreSQL's makeObjectName: "name1_name2_label", the longer of the first two
// parts cut (at a character boundary) until the whole fits in 63 bytes.
std::string object_name(std::string table, std::string columns, const std::string& label) {
  auto cut = [](std::string& s) {
    s.pop_back();
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80)
      s.pop_back();
    if (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0xC0)
      s.pop_back();
  };
  auto total = [&] { return table.size() + (columns.empty() ? 0 : columns.size() + 1) + label.size() + 1; };
  while (total() > max_name_bytes) {
    if (table.size() > columns.size())
      cut(table);
    else
      cut(columns);
  }
  return table + (columns.empty() ? "" : "_" + columns) + "_" + label;
}

pg_error not_supported(const std::string& what) {
  return make_pg_error("0A000", what + " are not supported here");
}

}  // namespace

result<create_index_plan, pg_error> plan_create_index(
    const json& f, const std::vector<std::string>& table_columns,
    const std::function<bool(const std::string&)>& relation_exists) {
  const json& relation = f.at("relation");
  const std::string table = pt::text(relation, "relname");  // the local name ("s.t" in schema s)
  const auto dot = table.find('.');
  const std::string schema_prefix = dot == std::string::npos ? "" : table.substr(0, dot + 1);
  const std::string bare_table = table.substr(schema_prefix.size());
  const std::string method = pt::text(f, "accessMethod");
  if (!method.empty() && method != "btree" && method != "hash")
    return fail(make_pg_error("0A000", "access method \"" + method + "\" is not supported here",
                              "", "Tributary's indexes are SQLite B-trees; use btree."));
  if (f.contains("whereClause"))
    return fail(not_supported("partial indexes (CREATE INDEX ... WHERE)"));
  if (table_columns.empty())
    return fail(make_pg_error("42P01", "relation \"" + bare_table + "\" does not exist"));

  create_index_plan plan;
  plan.unique = pt::flag(f, "unique");
  std::string column_sql;
  for (const json& item : pt::list(f, "indexParams")) {
    const json& elem = pt::fields(item);
    if (!elem.contains("name"))
      return fail(not_supported("expression indexes"));
    const std::string column = pt::text(elem, "name");
    if (std::find(table_columns.begin(), table_columns.end(), column) == table_columns.end())
      return fail(make_pg_error("42703", "column \"" + column + "\" does not exist"));
    plan.columns.push_back(column);
    if (!column_sql.empty())
      column_sql += ", ";
    column_sql += quote_identifier(column);
    if (pt::text(elem, "ordering") == "SORTBY_DESC")
      column_sql += " DESC";
  }
  for (const json& item : pt::list(f, "indexIncludingParams"))
    if (!pt::fields(item).contains("name"))
      return fail(not_supported("expressions in INCLUDE"));

  if (f.contains("idxname")) {
    plan.name = pt::text(f, "idxname");
    plan.sqlite_name = schema_prefix + plan.name;
    if (relation_exists(plan.sqlite_name)) {
      pg_error exists = make_pg_error("42P07", "relation \"" + plan.name + "\" already exists");
      if (!pt::flag(f, "if_not_exists"))
        return fail(std::move(exists));
      exists.message += ", skipping";
      exists.severity = "NOTICE";
      plan.notice = std::move(exists);
      return plan;
    }
  } else {
    std::string joined;
    for (const auto& c : plan.columns)
      joined += (joined.empty() ? "" : "_") + c;
    const std::string base = object_name(bare_table, joined, "idx");
    plan.name = base;
    for (int n = 1; relation_exists(schema_prefix + plan.name); ++n) {
      // ChooseRelationName: the number goes after the label, the name shortened to fit.
      const std::string suffix = std::to_string(n);
      plan.name = object_name(bare_table, joined, "idx" + suffix);
    }
    plan.sqlite_name = schema_prefix + plan.name;
  }
  plan.sql = std::string("CREATE ") + (plan.unique ? "UNIQUE " : "") + "INDEX " +
             quote_identifier(plan.sqlite_name) + " ON " + quote_identifier(table) + " (" + column_sql + ")";
  return plan;
}

result<drop_index_plan, pg_error> plan_drop_index(const json& f,
                                                  const std::function<bool(const std::string&)>& index_exists) {
  drop_index_plan plan;
  const bool if_exists = pt::flag(f, "missing_ok");
  for (const json& object : pt::list(f, "objects")) {
    const std::vector<std::string> parts = pt::strings(pt::list(pt::fields(object), "items"));
    if (parts.empty())
      continue;
    const std::string& shown = parts.back();
    std::string sqlite_name = parts.size() >= 2 && parts[parts.size() - 2] != "public"
                                  ? parts[parts.size() - 2] + "." + shown
                                  : shown;
    if (!index_exists(sqlite_name)) {
      pg_error missing = make_pg_error("42704", "index \"" + shown + "\" does not exist");
      if (!if_exists)
        return fail(std::move(missing));
      missing.sqlstate = "00000";
      missing.message += ", skipping";
      missing.severity = "NOTICE";
      plan.notices.push_back(std::move(missing));
      continue;
    }
    plan.sql.push_back("DROP INDEX " + quote_identifier(sqlite_name));
  }
  return plan;
}

}  // namespace tributary
