// dependency_rows: see the header.
#include "cli/catalog/dependency_rows.hpp"

#include <sqlite3.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "cli/catalog/catalog_relation_oids.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/sql/view_text.hpp"
#include "storage/text_query.hpp"

namespace tributary {

namespace {


const sql_value null_value = sql_null{};
sql_value character(char c) { return std::string(1, c); }

const catalog_relation* local_relation(const catalog_model& model, const std::string& local_name) {
  for (const auto& r : model.relations)
    if (sqlite3_stricmp(r.local_name.c_str(), local_name.c_str()) == 0)
      return &r;
  return nullptr;
}

int attnum_of(const catalog_relation& r, const std::string& column) {
  for (size_t i = 0; i < r.columns.size(); ++i)
    if (r.columns[i].name == column)
      return static_cast<int>(i) + 1;
  return 0;
}

int64_t rule_oid(const catalog_relation& view) { return catalog_object_oid("rw", view.local_name); }

// The relations a parse tree's RangeVars name (CTE names that are no relation are skipped).
void named_relations(const nlohmann::json& node, const catalog_model& model, std::vector<int64_t>& out) {
  if (node.is_array()) {
    for (const auto& item : node)
      named_relations(item, model, out);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "RangeVar" && value.is_object()) {
      const std::string table = local_relation_name(value.value("schemaname", ""), value.value("relname", ""));
      if (const catalog_relation* r = local_relation(model, table))
        if (std::find(out.begin(), out.end(), r->oid) == out.end())
          out.push_back(r->oid);
      continue;
    }
    named_relations(value, model, out);
  }
}

}  // namespace

std::vector<snapshot_row> pg_depend_rows(sqlite_connection& db, const catalog_model& model) {
  std::vector<snapshot_row> out;
  // Sequences owned by a column, and the defaults that call nextval on them.
  auto owned = query_rows(db, "SELECT seqname, owned_table, owned_column FROM tributary_sequences");
  for (const auto& row : owned ? *owned : std::vector<std::vector<std::string>>{}) {
    const catalog_relation* sequence = local_relation(model, row[0]);
    if (sequence == nullptr)
      continue;
    if (const catalog_relation* table = row[1].empty() ? nullptr : local_relation(model, row[1]))
      if (const int attnum = attnum_of(*table, row[2]); attnum > 0) {
        const bool identity = !table->columns[static_cast<size_t>(attnum - 1)].identity.empty();
        out.push_back({pg_class_class, sequence->oid, int64_t{0}, pg_class_class, table->oid, int64_t{attnum},
                       character(identity ? 'i' : 'a')});
      }
    // nextval('s'), or nextval('app.s') for a sequence of schema app (its local name).
    const std::string call = "nextval('" + sequence->name + "'";
    const std::string local_call = "nextval('" + sequence->local_name + "'";
    for (const auto& r : model.relations)
      for (const auto& c : r.columns)
        if (c.default_expression && (c.default_expression->find(call) != std::string::npos ||
                                     c.default_expression->find(local_call) != std::string::npos))
          out.push_back({pg_attrdef_class, catalog_object_oid("d", r.local_name + "." + c.name), int64_t{0},
                         pg_class_class, sequence->oid, int64_t{0}, character('n')});
  }
  // Views: their rule depends on the view and on what its SELECT reads.
  for (const auto& view : model.relations) {
    if (view.kind != 'v')
      continue;
    out.push_back({pg_rewrite_class, rule_oid(view), int64_t{0}, pg_class_class, view.oid, int64_t{0}, character('i')});
    for (int64_t oid : relations_read_by_view(db, model, view))
      out.push_back({pg_rewrite_class, rule_oid(view), int64_t{0}, pg_class_class, oid, int64_t{0}, character('n')});
  }
  return out;
}

namespace {

// A column reference named `column` (its last field), or a * (every column).
bool names_column(const nlohmann::json& node, const std::string& column) {
  if (node.is_array()) {
    for (const auto& item : node)
      if (names_column(item, column))
        return true;
    return false;
  }
  if (!node.is_object())
    return false;
  for (const auto& [key, value] : node.items()) {
    if (key == "ColumnRef" && value.is_object()) {
      const auto& fields = value.value("fields", nlohmann::json::array());
      if (!fields.empty() && (fields.back().contains("A_Star") ||
                              fields.back().value("String", nlohmann::json::object()).value("sval", "") == column))
        return true;
      continue;
    }
    if (names_column(value, column))
      return true;
  }
  return false;
}

}  // namespace

bool view_reads_column(sqlite_connection& db, const catalog_model& model, const catalog_relation& view,
                       const catalog_relation& table, const std::string& column) {
  const auto read = relations_read_by_view(db, model, view);
  if (std::find(read.begin(), read.end(), table.oid) == read.end())
    return false;
  auto text = query_rows(db, "SELECT sql FROM " + sqlite_schema_of(view) + " WHERE type = 'view' AND name = ?",
                         view.local_name);
  if (!text || text->empty())
    return false;
  PgQueryParseResult parsed = pg_query_parse(postgres_view_text(text->front()[0]).c_str());
  bool found = false;
  if (parsed.error == nullptr) {
    const auto tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
    found = !tree.is_discarded() && names_column(tree, column);
  }
  pg_query_free_parse_result(parsed);
  return found;
}

std::vector<int64_t> relations_read_by_view(sqlite_connection& db, const catalog_model& model,
                                            const catalog_relation& view) {
  std::vector<int64_t> read;
  auto text = query_rows(db, "SELECT sql FROM " + sqlite_schema_of(view) + " WHERE type = 'view' AND name = ?",
                         view.local_name);
  if (!text || text->empty())
    return read;
  PgQueryParseResult parsed = pg_query_parse(postgres_view_text(text->front()[0]).c_str());
  if (parsed.error == nullptr) {
    const auto tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
    if (!tree.is_discarded() && tree.contains("stmts") && !tree["stmts"].empty())
      named_relations(tree["stmts"][0]["stmt"].value("ViewStmt", nlohmann::json::object()).value(
                          "query", nlohmann::json::object()),
                      model, read);
  }
  pg_query_free_parse_result(parsed);
  read.erase(std::remove(read.begin(), read.end(), view.oid), read.end());
  return read;
}

std::vector<snapshot_row> pg_rewrite_rows(const catalog_model& model) {
  std::vector<snapshot_row> out;
  for (const auto& view : model.relations)
    if (view.kind == 'v')
      out.push_back({rule_oid(view), std::string("_RETURN"), view.oid, character('1'), character('O'),
                     int64_t{1}, null_value, null_value});
  return out;
}

}  // namespace tributary
