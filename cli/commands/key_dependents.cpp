// key_dependents: see the header.
#include "cli/commands/key_dependents.hpp"

#include <sqlite3.h>

#include "cli/catalog/catalog_model.hpp"
#include "cli/commands/table_commands.hpp"
#include "cli/commands/view_dependents.hpp"

namespace tributary {
namespace {

struct dependent_key {
  std::string table;        // as PostgreSQL names it in messages (schema.name outside public)
  std::string local_table;  // the SQLite table
  std::string name;
};

// The foreign keys depending on the key constraint `constraint` of `table`.
std::vector<dependent_key> dependents_of(const catalog_model& model, const std::string& table,
                                         const std::string& constraint) {
  std::vector<dependent_key> out;
  for (const auto& r : model.relations) {
    if (r.kind != 'r' || sqlite3_stricmp(r.local_name.c_str(), table.c_str()) != 0)
      continue;
    for (const auto& index : r.indexes) {
      if (!index.constraint || index.name != constraint)
        continue;
      for (const auto& child : model.relations)
        for (const auto& key : child.foreign_keys)
          if (key.referenced_oid == r.oid && foreign_key_index_oid(model, key) == index.oid)
            out.push_back({described_table(child), child.local_name, key.name});
    }
  }
  return out;
}

std::string dependency_lines(const std::vector<dependent_key>& keys, const std::string& prefix,
                             const std::string& suffix) {
  std::string out;
  for (const auto& k : keys)
    out += (out.empty() ? "" : "\n") + prefix + "constraint " + k.name + " on table " + k.table + suffix;
  return out;
}

}  // namespace

result<ok_t, pg_error> drop_foreign_key(const std::string& table, const std::string& name, command_context& context,
                                        const type_settings& settings) {
  const nlohmann::json drop = {
      {"relation", {{"relname", table}}},
      {"objtype", "OBJECT_TABLE"},
      {"cmds", nlohmann::json::array({{{"AlterTableCmd",
                                        {{"subtype", "AT_DropConstraint"}, {"name", name},
                                         {"behavior", "DROP_RESTRICT"}}}}})}};
  auto dropped = alter_table("AlterTableStmt", drop, "", context, settings);
  if (!dropped)
    return fail(dropped.error());
  return ok_v;
}

result<ok_t, pg_error> drop_foreign_keys_depending_on_dropped_keys(const nlohmann::json& stmt,
                                                                   const std::string& table,
                                                                   command_context& context,
                                                                   const type_settings& settings) {
  for (const auto& node : stmt.value("cmds", nlohmann::json::array())) {
    const auto& command = node.value("AlterTableCmd", nlohmann::json::object());
    if (command.value("subtype", std::string()) != "AT_DropConstraint")
      continue;
    auto model = read_catalog_model(context.database());
    if (!model)
      return fail(make_pg_error("XX000", model.error().message));
    const std::string constraint = command.value("name", std::string());
    const auto keys = dependents_of(*model, table, constraint);
    if (keys.empty())
      continue;
    if (command.value("behavior", std::string()) != "DROP_CASCADE")
      return fail(make_pg_error("2BP01",
                                "cannot drop constraint " + constraint + " on table " + table +
                                    " because other objects depend on it",
                                dependency_lines(keys, "", " depends on index " + constraint),
                                "Use DROP ... CASCADE to drop the dependent objects too."));
    pg_error notice = keys.size() == 1
                          ? make_pg_error("00000", dependency_lines(keys, "drop cascades to ", ""))
                          : make_pg_error("00000",
                                          "drop cascades to " + std::to_string(keys.size()) + " other objects",
                                          dependency_lines(keys, "drop cascades to ", ""));
    notice.severity = "NOTICE";
    context.emit_notice(std::move(notice));
    for (const auto& key : keys)
      if (auto dropped = drop_foreign_key(key.local_table, key.name, context, settings); !dropped)
        return dropped;
  }
  return ok_v;
}

}  // namespace tributary
