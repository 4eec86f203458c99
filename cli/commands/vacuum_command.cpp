#include "cli/commands/vacuum_command.hpp"

#include "cli/catalog/system_catalog_rows.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/sql/parse_tree.hpp"
#include "storage/text_query.hpp"

namespace tributary {

namespace pt = parse_tree;

namespace {

// 42P01 unless `relation` (a RangeVar's fields) names a table (or, `views`, a view).
// A system catalog (vacuumdb lists pg_catalog's tables too) has nothing to do.
result<ok_t, pg_error> check_relation(sqlite_connection& db, const nlohmann::json& relation, bool views) {
  const std::string name = pt::text(relation, "relname");
  const std::string schema = pt::text(relation, "schemaname");
  if ((schema.empty() || schema == "pg_catalog") && system_relation_oid(name) != 0)
    return ok_v;
  const std::string table = local_relation_name(pt::text(relation, "schemaname"), name);
  auto kind = query_texts(db, "SELECT type FROM sqlite_schema WHERE name = ?1 COLLATE NOCASE", table);
  if (!kind)
    return fail(make_pg_error("XX000", kind.error().message));
  if (kind->empty() || (kind->front() != "table" && !(views && kind->front() == "view")))
    return fail(make_pg_error("42P01", "relation \"" + table + "\" does not exist"));
  return ok_v;
}

}  // namespace

result<command_outcome, pg_error> vacuum_command(const nlohmann::json& stmt, command_context& context) {
  for (const nlohmann::json& node : pt::list(stmt, "rels"))
    if (auto r = check_relation(context.database(), pt::fields(node).value("relation", nlohmann::json::object()),
                                false);
        !r)
      return fail(r.error());
  return command_outcome::tag_only(pt::flag(stmt, "is_vacuumcmd") ? "VACUUM" : "ANALYZE");
}

result<command_outcome, pg_error> lock_table_command(const nlohmann::json& stmt, command_context& context) {
  static const char* const modes[] = {"",       "ACCESS SHARE", "ROW SHARE",           "ROW EXCLUSIVE",
                                      "SHARE UPDATE EXCLUSIVE", "SHARE", "SHARE ROW EXCLUSIVE",
                                      "EXCLUSIVE", "ACCESS EXCLUSIVE"};
  const int mode = stmt.value("mode", 8);
  for (const nlohmann::json& node : pt::list(stmt, "relations"))
    if (auto r = check_relation(context.database(), pt::fields(node), true); !r)
      return fail(r.error());
  if (mode > 3)
    return fail(make_pg_error("0A000", std::string("LOCK TABLE IN ") + modes[mode < 1 || mode > 8 ? 8 : mode] +
                                           " MODE is not supported yet"));
  return command_outcome::tag_only("LOCK TABLE");
}

}  // namespace tributary
