// view_ownership: see the header.
#include "cli/commands/view_ownership.hpp"

#include "stages/core/local_relation_name.hpp"
#include "storage/relation_acl_catalog.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) {
  return make_pg_error("XX000", "could not record the view's owner: " + e.message);
}

// A name list ([schema,] name) of a DropStmt object -> the local name.
std::string dropped_name(const nlohmann::json& object) {
  std::vector<std::string> parts;
  for (const auto& part : object.value("List", nlohmann::json::object()).value("items", nlohmann::json::array()))
    if (part.contains("String"))
      parts.push_back(part["String"].value("sval", std::string()));
  if (parts.empty())
    return {};
  return parts.size() == 1 ? parts[0] : local_relation_name(parts[parts.size() - 2], parts.back());
}

}  // namespace

result<ok_t, pg_error> record_relation_owner(sqlite_connection& db, const std::string& node_type,
                                             const nlohmann::json& fields, int64_t owner) {
  const auto& view = node_type == "ViewStmt"
                         ? fields.value("view", nlohmann::json::object())
                         : fields.value("into", nlohmann::json::object()).value("rel", nlohmann::json::object());
  // A temporary table leaves nothing in the database file (storage/temporary_tables.hpp).
  if (node_type != "ViewStmt" && (view.value("relpersistence", std::string()) == "t" ||
                                  view.value("schemaname", std::string()) == "pg_temp"))
    return ok_v;
  const std::string name =
      local_relation_name(view.value("schemaname", std::string()), view.value("relname", std::string()));
  auto rows = list_relation_acls(db);
  if (!rows)
    return fail(storage_error(rows.error()));
  for (const auto& row : *rows)
    if (row.relname == name)
      return ok_v;  // replaced: the same view, its owner and privileges stay
  if (auto r = store_relation_acl(db, relation_acl_row{name, owner, std::nullopt}); !r)
    return fail(storage_error(r.error()));
  return ok_v;
}

result<ok_t, pg_error> forget_dropped_views(sqlite_connection& db, const nlohmann::json& drop_stmt) {
  for (const auto& object : drop_stmt.value("objects", nlohmann::json::array())) {
    const std::string name = dropped_name(object);
    if (name.empty())
      continue;
    if (auto r = forget_relation_acl(db, name); !r)
      return fail(storage_error(r.error()));
  }
  return ok_v;
}

}  // namespace tributary
