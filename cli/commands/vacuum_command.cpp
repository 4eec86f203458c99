#include "cli/commands/vacuum_command.hpp"

#include "stages/core/local_relation_name.hpp"
#include "stages/sql/parse_tree.hpp"
#include "storage/text_query.hpp"

namespace tributary {

namespace pt = parse_tree;

result<command_outcome, pg_error> vacuum_command(const nlohmann::json& stmt, command_context& context) {
  sqlite_connection& db = context.database();
  for (const nlohmann::json& node : pt::list(stmt, "rels")) {
    const nlohmann::json& relation = pt::fields(node).value("relation", nlohmann::json::object());
    const std::string name = pt::text(relation, "relname");
    const std::string table = local_relation_name(pt::text(relation, "schemaname"), name);
    auto kind = query_texts(db, "SELECT type FROM sqlite_schema WHERE name = ?1 COLLATE NOCASE", table);
    if (!kind)
      return fail(make_pg_error("XX000", kind.error().message));
    if (kind->empty() || kind->front() != "table")
      return fail(make_pg_error("42P01", "relation \"" + table + "\" does not exist"));
  }
  return command_outcome::tag_only(pt::flag(stmt, "is_vacuumcmd") ? "VACUUM" : "ANALYZE");
}

}  // namespace tributary
