#include "cli/commands/view_dependents.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <functional>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/dependency_rows.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/view_text.hpp"
#include "storage/text_query.hpp"

#include <pg_query.h>

namespace tributary {

namespace pt = parse_tree;

std::string described_table(const catalog_relation& r) {
  return r.schema == "public" ? r.name : r.schema + "." + r.name;
}

std::vector<dependent_view> dependent_views(sqlite_connection& db, const catalog_model& model,
                                            const std::vector<std::string>& dropped) {
  std::vector<const catalog_relation*> originals;
  for (const auto& name : dropped)
    for (const auto& r : model.relations)
      if ((r.kind == 'r' || r.kind == 'v') && sqlite3_stricmp(r.local_name.c_str(), name.c_str()) == 0)
        originals.push_back(&r);
  // The views in the order they were created (sqlite_schema's rowid), each with what it reads.
  std::vector<std::pair<const catalog_relation*, std::vector<int64_t>>> views;
  if (auto created = query_rows(db, "SELECT name FROM main.sqlite_schema WHERE type = 'view' ORDER BY rowid"))
    for (const auto& row : *created)
      for (const auto& r : model.relations)
        if (r.kind == 'v' && r.local_name == row[0])
          views.emplace_back(&r, relations_read_by_view(db, model, r));
  // PostgreSQL's order: depth first from each dropped relation in turn, a relation's
  // readers in creation order; a dropped relation reached on the way is walked
  // through but not reported.
  std::vector<const catalog_relation*> visited;
  std::vector<dependent_view> out;
  const auto seen = [&](const catalog_relation* r) {
    return std::find(visited.begin(), visited.end(), r) != visited.end();
  };
  std::function<void(const catalog_relation*)> walk = [&](const catalog_relation* from) {
    for (const auto& [view, reads] : views) {
      if (seen(view) || std::find(reads.begin(), reads.end(), from->oid) == reads.end())
        continue;
      visited.push_back(view);
      if (std::find(originals.begin(), originals.end(), view) == originals.end())
        out.push_back({view, from});
      walk(view);
    }
  };
  for (const auto* original : originals)
    if (!seen(original)) {
      visited.push_back(original);
      walk(original);
    }
  return out;
}

result<ok_t, pg_error> refuse_retyping_viewed_columns(sqlite_connection& db, const nlohmann::json& stmt,
                                                      const std::string& table) {
  std::vector<std::string> retyped;
  for (const auto& command : pt::list(stmt, "cmds")) {
    const auto& cmd = pt::fields(command);
    if (pt::text(cmd, "subtype") == "AT_AlterColumnType")
      retyped.push_back(pt::text(cmd, "name"));
  }
  if (retyped.empty())
    return ok_v;
  auto model = read_catalog_model(db);
  if (!model)
    return fail(make_pg_error("XX000", model.error().message));
  const catalog_relation* altered = nullptr;
  for (const auto& r : model->relations)
    if (r.kind == 'r' && sqlite3_stricmp(r.local_name.c_str(), table.c_str()) == 0)
      altered = &r;
  if (altered == nullptr)
    return ok_v;
  for (const auto& column : retyped)
    for (const auto& view : model->relations)
      if (view.kind == 'v' && view_reads_column(db, *model, view, *altered, column))
        return fail(make_pg_error("0A000", "cannot alter type of a column used by a view or rule",
                                  "rule _RETURN on view " + view.name + " depends on column \"" + column + "\""));
  return ok_v;
}

namespace {

// The RangeVars naming `from` without a schema: their locations.
void table_references(const nlohmann::json& node, const std::string& from, std::vector<size_t>& out) {
  if (node.is_array()) {
    for (const auto& item : node)
      table_references(item, from, out);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "RangeVar" && value.is_object()) {
      if (!value.contains("schemaname") && value.value("relname", "") == from)
        out.push_back(static_cast<size_t>(value.value("location", 0)));
      continue;
    }
    table_references(value, from, out);
  }
}

// The identifier at `at` in `text` ("t" or "\"T\""): its length.
size_t identifier_length(const std::string& text, size_t at) {
  size_t end = at;
  if (end < text.size() && text[end] == '"') {
    ++end;
    while (end < text.size() && !(text[end] == '"' && (end + 1 >= text.size() || text[end + 1] != '"')))
      end += text[end] == '"' ? 2 : 1;
    return end + 1 - at;
  }
  while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_' ||
                               text[end] == '$' || static_cast<unsigned char>(text[end]) >= 0x80))
    ++end;
  return end - at;
}

}  // namespace

result<ok_t, pg_error> rename_table_in_view_texts(sqlite_connection& db, const std::string& from,
                                                  const std::string& to) {
  if (from.find('.') != std::string::npos || to.find('.') != std::string::npos)
    return ok_v;
  auto views = query_rows(db, "SELECT name, sql FROM sqlite_schema WHERE type = 'view'");
  if (!views)
    return fail(make_pg_error("XX000", views.error().message));
  for (const auto& row : *views) {
    auto stored = read_stored_view(row[1]);
    if (!stored)
      continue;
    PgQueryParseResult parsed = pg_query_parse(stored->postgres.c_str());
    std::vector<size_t> at;
    if (parsed.error == nullptr) {
      const auto tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
      if (!tree.is_discarded() && tree.contains("stmts") && !tree["stmts"].empty())
        table_references(tree["stmts"][0]["stmt"].value("ViewStmt", nlohmann::json::object()).value(
                             "query", nlohmann::json::object()),
                         from, at);
    }
    pg_query_free_parse_result(parsed);
    if (at.empty())
      continue;
    std::sort(at.rbegin(), at.rend());
    for (size_t location : at)
      stored->postgres.replace(location, identifier_length(stored->postgres, location), quote_identifier_if_needed(to));
    // The translated SELECT (SQLite's, already naming the new table) follows the comment.
    const std::string& sql = row[1];
    const size_t end = sql.find("*/ ");
    if (end == std::string::npos)
      continue;
    const std::string rewritten = translated_view_sql(row[0], false, *stored, sql.substr(end + 3));
    if (auto r = db.exec("DROP VIEW " + quote_identifier(row[0])); !r)
      return fail(make_pg_error("XX000", r.error().message));
    if (auto r = db.exec(rewritten); !r)
      return fail(make_pg_error("XX000", r.error().message));
  }
  return ok_v;
}

}  // namespace tributary
