// view_columns: see the header.
#include "cli/catalog/view_columns.hpp"

#include <sqlite3.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "cli/catalog/catalog_relations.hpp"
#include "stages/sql/translator/query_translation.hpp"
#include "stages/sql/view_options.hpp"
#include "stages/types/builtin_types.hpp"

namespace tributary {

std::vector<std::string> view_options_of_text(const std::string& create_view) {
  PgQueryParseResult parsed = pg_query_parse(create_view.c_str());
  const bool failed = parsed.error != nullptr;
  const auto tree = failed ? nlohmann::json() : nlohmann::json::parse(parsed.parse_tree, nullptr, false);
  pg_query_free_parse_result(parsed);
  if (failed || tree.is_discarded() || !tree.contains("stmts") || tree["stmts"].size() != 1)
    return {};
  const auto& stmt = tree["stmts"][0].value("stmt", nlohmann::json::object());
  if (!stmt.contains("ViewStmt"))
    return {};
  auto options = view_reloptions(stmt["ViewStmt"]);
  return options ? std::move(*options) : std::vector<std::string>{};
}

std::optional<std::vector<column_definition>> typed_view_columns(const std::string& create_view_sql,
                                                                 const catalog_model& model) {
  PgQueryParseResult parsed = pg_query_parse(create_view_sql.c_str());
  const bool failed = parsed.error != nullptr;
  const auto tree = failed ? nlohmann::json() : nlohmann::json::parse(parsed.parse_tree, nullptr, false);
  pg_query_free_parse_result(parsed);
  if (failed || tree.is_discarded() || !tree.contains("stmts") || tree["stmts"].empty())
    return std::nullopt;
  const auto& view = tree["stmts"][0].value("stmt", nlohmann::json::object()).value("ViewStmt", nlohmann::json::object());
  const auto& query = view.value("query", nlohmann::json::object());
  if (!query.contains("SelectStmt"))
    return std::nullopt;
  translation_input input;
  input.lookup = [&](const std::string& table) -> const std::vector<column_definition>* {
    if (const auto* system = catalog_relation_columns(table))
      return system;
    for (const auto& r : model.relations)
      if ((r.kind == 'r' || r.kind == 'v') && sqlite3_stricmp(r.local_name.c_str(), table.c_str()) == 0)
        return r.columns.empty() ? nullptr : &r.columns;
    return nullptr;
  };
  input.source = create_view_sql;
  std::optional<translated_query> translated;
  try {
    auto result = translate_select(query["SelectStmt"], input);
    if (!result || !*result)
      return std::nullopt;
    translated = std::move(**result);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  std::vector<std::string> aliases;  // CREATE VIEW v (a, b): the first columns' names
  for (const auto& alias : view.value("aliases", nlohmann::json::array()))
    aliases.push_back(alias.value("String", nlohmann::json::object()).value("sval", std::string()));
  std::vector<column_definition> out;
  for (const auto& c : translated->columns) {
    if (!c.type.known())
      return std::nullopt;
    column_definition column;
    column.name = out.size() < aliases.size() ? aliases[out.size()] : c.name;
    column.type = c.untyped ? builtin_column_type(25) : c.type;  // an untyped literal is text
    // attndims stays 0: PostgreSQL records no dimensions for a view's array column.
    out.push_back(std::move(column));
  }
  return out;
}

}  // namespace tributary
