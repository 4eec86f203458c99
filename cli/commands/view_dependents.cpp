#include "cli/commands/view_dependents.hpp"

#include "cli/server/statement_router.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/dependency_rows.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/text_edits.hpp"
#include "stages/sql/view_text.hpp"
#include "storage/text_query.hpp"

#include <pg_query.h>

namespace tributary {

namespace pt = parse_tree;

std::string described_table(const catalog_relation& r) {
  // getObjectDescription: each name quoted where it needs it (ds."only").
  return r.schema == "public" ? quote_identifier_if_needed(r.name)
                              : quote_identifier_if_needed(r.schema) + "." + quote_identifier_if_needed(r.name);
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

std::vector<schema_dependent> schema_dependents(sqlite_connection& db, const catalog_model& model,
                                                const std::string& schema) {
  // The tables and views in the order they were created (sqlite_schema's rowid);
  // the views with what they read.
  std::vector<const catalog_relation*> created;
  if (auto rows = query_rows(db, "SELECT name FROM main.sqlite_schema WHERE type IN ('table', 'view') ORDER BY rowid"))
    for (const auto& row : *rows)
      for (const auto& r : model.relations)
        if ((r.kind == 'r' || r.kind == 'v') && r.local_name == row[0])
          created.push_back(&r);
  std::map<const catalog_relation*, std::vector<int64_t>> reads;
  for (const auto* r : created)
    if (r->kind == 'v')
      reads[r] = relations_read_by_view(db, model, *r);
  // PostgreSQL's findDependentObjects: from the last created, each relation after
  // the views reading it (depth first, the last created first); reported reversed.
  std::vector<const catalog_relation*> visited;
  std::vector<schema_dependent> out;
  std::function<void(const catalog_relation*, const catalog_relation*)> visit = [&](const catalog_relation* r,
                                                                                    const catalog_relation* from) {
    if (std::find(visited.begin(), visited.end(), r) != visited.end())
      return;
    visited.push_back(r);
    for (auto view = created.rbegin(); view != created.rend(); ++view)
      if (auto it = reads.find(*view); it != reads.end() &&
                                       std::find(it->second.begin(), it->second.end(), r->oid) != it->second.end())
        visit(*view, r);
    out.push_back({r, from});
  };
  for (auto r = created.rbegin(); r != created.rend(); ++r)
    if ((*r)->schema == schema)
      visit(*r, nullptr);
  std::reverse(out.begin(), out.end());
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
void table_references(const nlohmann::json& node, const std::string& from, std::vector<size_t>& out,
                      std::vector<size_t>* unaliased = nullptr) {
  if (node.is_array()) {
    for (const auto& item : node)
      table_references(item, from, out, unaliased);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "RangeVar" && value.is_object()) {
      if (!value.contains("schemaname") && value.value("relname", "") == from) {
        out.push_back(static_cast<size_t>(value.value("location", 0)));
        if (unaliased != nullptr && !value.contains("alias"))
          unaliased->push_back(out.back());
      }
      continue;
    }
    table_references(value, from, out, unaliased);
  }
}

// The column references qualified by `qualifier` (q.c, q.*): where each starts.
void qualified_column_references(const nlohmann::json& node, const std::string& qualifier, std::vector<size_t>& out) {
  if (node.is_array()) {
    for (const auto& item : node)
      qualified_column_references(item, qualifier, out);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "ColumnRef" && value.is_object()) {
      const auto& fields = value.value("fields", nlohmann::json::array());
      if (fields.size() == 2 && fields[0].contains("String") &&
          fields[0]["String"].value("sval", "") == qualifier)
        out.push_back(static_cast<size_t>(value.value("location", 0)));
      continue;
    }
    qualified_column_references(value, qualifier, out);
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

// Views whose texts changed are made anew; those created after the first of them
// too, so the views keep the order they were created in (sqlite_schema's rowid:
// the order DROP ... CASCADE lists them). `rows`: name, sql in rowid order;
// `changed`: the new SQL of some of them.
result<ok_t, pg_error> remake_views(sqlite_connection& db, const std::vector<std::vector<std::string>>& rows,
                                    const std::map<size_t, std::string>& changed) {
  if (changed.empty())
    return ok_v;
  for (size_t i = changed.begin()->first; i < rows.size(); ++i)
    if (auto r = db.exec("DROP VIEW " + quote_identifier(rows[i][0])); !r)
      return fail(make_pg_error("XX000", r.error().message));
  for (size_t i = changed.begin()->first; i < rows.size(); ++i) {
    auto it = changed.find(i);
    if (auto r = db.exec(it == changed.end() ? rows[i][1] : it->second); !r)
      return fail(make_pg_error("XX000", r.error().message));
  }
  return ok_v;
}

// Every view's PostgreSQL text with the edits `edits_of` finds in its query (locations in
// that text); the views that changed are made anew, with their translated SELECT as it
// stands (SQLite's, already naming the renamed table or column).
using view_query_edits = std::function<std::vector<text_edit>(const nlohmann::json& query, const std::string& text)>;
result<ok_t, pg_error> edit_view_texts(sqlite_connection& db, const view_query_edits& edits_of) {
  auto views = query_rows(db, "SELECT name, sql FROM sqlite_schema WHERE type = 'view' ORDER BY rowid");
  if (!views)
    return fail(make_pg_error("XX000", views.error().message));
  std::map<size_t, std::string> changed;
  for (size_t index = 0; index < views->size(); ++index) {
    const auto& row = (*views)[index];
    auto stored = read_stored_view(row[1]);
    if (!stored)
      continue;
    PgQueryParseResult parsed = pg_query_parse(stored->postgres.c_str());
    std::vector<text_edit> edits;
    if (parsed.error == nullptr) {
      const auto tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
      if (!tree.is_discarded() && tree.contains("stmts") && !tree["stmts"].empty())
        edits = edits_of(tree["stmts"][0]["stmt"].value("ViewStmt", nlohmann::json::object())
                             .value("query", nlohmann::json::object()),
                         stored->postgres);
    }
    pg_query_free_parse_result(parsed);
    if (edits.empty())
      continue;
    stored->postgres = apply_text_edits(stored->postgres, std::move(edits));
    // The translated SELECT follows the comment.
    const std::string& sql = row[1];
    const size_t end = sql.find("*/ ");
    if (end == std::string::npos)
      continue;
    changed[index] = translated_view_sql(row[0], false, *stored, sql.substr(end + 3));
  }
  return remake_views(db, *views, changed);
}

}  // namespace

result<ok_t, pg_error> rename_table_in_view_texts(sqlite_connection& db, const std::string& from,
                                                  const std::string& to) {
  // A table of another schema reads "sales.o" AS "o" in the kept text
  // (qualified_names.hpp): its local name, then its own name as an alias.
  const auto own_name = [](const std::string& local) { return local.substr(local.find('.') + 1); };
  const std::string qualifier = own_name(from);
  return edit_view_texts(db, [&](const nlohmann::json& query, const std::string& text) {
    std::vector<size_t> at, unaliased;
    table_references(query, from, at, &unaliased);
    std::vector<text_edit> edits;
    bool read_by_name = false;  // FROM t (or FROM sales.o): t.c names the table
    for (size_t location : at) {
      const size_t end = location + identifier_length(text, location);
      edits.push_back({location, end, quote_identifier_if_needed(to)});
      const std::string alias = " AS " + quote_identifier(qualifier);
      if (from.find('.') != std::string::npos && text.compare(end, alias.size(), alias) == 0) {
        edits.push_back({end + 4, end + alias.size(), quote_identifier(own_name(to))});
        read_by_name = true;
      }
    }
    read_by_name = read_by_name || (from.find('.') == std::string::npos && !unaliased.empty());
    if (read_by_name) {  // t.c -> u.c, as PostgreSQL then prints the view
      std::vector<size_t> columns;
      qualified_column_references(query, qualifier, columns);
      for (size_t location : columns)
        edits.push_back({location, location + identifier_length(text, location),
                         quote_identifier_if_needed(own_name(to))});
    }
    return edits;
  });
}

namespace {

// The RangeVars of a view's query: those naming `table` (unqualified) give their
// qualifiers; `others` counts the rest.
void table_qualifiers(const nlohmann::json& node, const std::string& table, std::vector<std::string>& qualifiers,
                      int& others) {
  if (node.is_array()) {
    for (const auto& item : node)
      table_qualifiers(item, table, qualifiers, others);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "RangeVar" && value.is_object()) {
      if (!value.contains("schemaname") && value.value("relname", "") == table) {
        const auto& alias = value.value("alias", nlohmann::json::object());
        qualifiers.push_back(alias.value("aliasname", table));
      } else {
        ++others;
      }
      continue;
    }
    table_qualifiers(value, table, qualifiers, others);
  }
}

// The column references to `from` of the table (qualified by one of `qualifiers`,
// or bare when `bare` is allowed): the name replaced, and " AS from" after a
// target that was the bare column.
void column_edits(const nlohmann::json& node, const std::string& postgres, const std::vector<std::string>& qualifiers,
                  bool bare, const std::string& from, const std::string& to, std::vector<text_edit>& out) {
  if (node.is_array()) {
    for (const auto& item : node)
      column_edits(item, postgres, qualifiers, bare, from, to, out);
    return;
  }
  if (!node.is_object())
    return;
  // [qualifier, name] or [name], both strings: where its name starts and ends.
  const auto reference = [&](const nlohmann::json& ref) -> std::optional<std::pair<size_t, size_t>> {
    const auto& fields = ref.value("fields", nlohmann::json::array());
    if (fields.empty() || fields.size() > 2)
      return std::nullopt;
    std::vector<std::string> parts;
    for (const auto& f : fields) {
      if (!f.contains("String"))
        return std::nullopt;
      parts.push_back(f["String"].value("sval", std::string()));
    }
    if (parts.back() != from)
      return std::nullopt;
    if (parts.size() == 1 ? !bare : std::find(qualifiers.begin(), qualifiers.end(), parts[0]) == qualifiers.end())
      return std::nullopt;
    size_t at = static_cast<size_t>(ref.value("location", 0));
    if (parts.size() == 2) {
      at += identifier_length(postgres, at);
      if (at >= postgres.size() || postgres[at] != '.')
        return std::nullopt;
      ++at;
    }
    return std::make_pair(at, identifier_length(postgres, at));
  };
  for (const auto& [key, value] : node.items()) {
    if (key == "ResTarget" && value.is_object() && !value.contains("name") && value.contains("val") &&
        value["val"].contains("ColumnRef"))
      if (auto r = reference(value["val"]["ColumnRef"]))
        out.push_back({r->first + r->second, r->first + r->second, " AS " + quote_identifier_if_needed(from)});
    if (key == "ColumnRef" && value.is_object()) {
      if (auto r = reference(value))
        out.push_back({r->first, r->first + r->second, quote_identifier_if_needed(to)});
      continue;
    }
    column_edits(value, postgres, qualifiers, bare, from, to, out);
  }
}

}  // namespace

result<ok_t, pg_error> rename_column_in_view_texts(sqlite_connection& db, const std::string& table,
                                                   const std::string& from, const std::string& to) {
  if (from == to)
    return ok_v;
  // A table of another schema is read as "sales.o" AS "o" in the kept texts (qualified_names.hpp).
  return edit_view_texts(db, [&](const nlohmann::json& query, const std::string& text) {
    std::vector<std::string> qualifiers;
    int others = 0;
    table_qualifiers(query, table, qualifiers, others);
    std::vector<text_edit> edits;
    if (!qualifiers.empty())
      column_edits(query, text, qualifiers, others == 0, from, to, edits);
    return edits;
  });
}

std::string rename_column_in_expression(const std::string& expression, const std::string& from,
                                       const std::string& to) {
  if (expression.empty() || from == to)
    return expression;
  // The expression as a WHERE (a select list's bare column would be given an alias).
  const std::string prefix = "SELECT 1 WHERE ";
  const std::string statement = prefix + expression;
  const routed_query parsed = route_query(statement);
  if (parsed.statements.size() != 1 || parsed.statements[0].text.rfind(prefix, 0) != 0)
    return expression;
  const std::string& source = parsed.statements[0].text;
  std::vector<text_edit> edits;
  column_edits(parsed.statements[0].node, source, {}, true, from, to, edits);
  return apply_text_edits(source, std::move(edits)).substr(prefix.size());
}

}  // namespace tributary
