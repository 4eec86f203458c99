// table_privilege_records: see the header.
#include "cli/commands/table_privilege_records.hpp"

#include <cctype>
#include <string_view>

#include "cli/commands/table_command_support.hpp"
#include "stages/core/local_relation_name.hpp"
#include "storage/column_acl_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/table_rebuild.hpp"

namespace tributary {
namespace {

// The replication catalog and Tributary's own tables.
bool is_system_catalog(const std::string& table) {
  auto starts = [&](std::string_view prefix) {
    if (table.size() < prefix.size())
      return false;
    for (size_t i = 0; i < prefix.size(); ++i)
      if (std::tolower(static_cast<unsigned char>(table[i])) != prefix[i])
        return false;
    return true;
  };
  return starts("pg_") || starts("tributary_") || starts("sqlite_");
}

}  // namespace

result<ok_t, pg_error> check_droppable(const std::string& schema, const std::string& name, const std::string& table,
                                       size_t parts) {
  if (parts > 2 || (!schema.empty() && !is_public_schema(schema) &&
                    (schema == "pg_catalog" || schema == "information_schema")))
    return fail(make_pg_error("42501", "permission denied: \"" + name + "\" is a system catalog"));
  if (is_system_catalog(table))
    return fail(make_pg_error("42501", "permission denied: \"" + table + "\" is a system catalog"));
  return ok_v;
}

result<ok_t, pg_error> record_created_table(sqlite_connection& db, const std::string& table, int64_t owner,
                                            const std::vector<std::string>& owned_sequences) {
  if (auto r = store_relation_acl(db, relation_acl_row{table, owner, std::nullopt}); !r)
    return fail(table_storage_error(r.error()));
  for (const auto& sequence : owned_sequences)
    if (auto r = forget_relation_acl(db, sequence); !r)  // belongs to the table's owner
      return fail(table_storage_error(r.error()));
  return ok_v;
}

result<ok_t, pg_error> forget_dropped_table(sqlite_connection& db, const std::string& table) {
  if (auto r = forget_relation_acl(db, table); !r)
    return fail(table_storage_error(r.error()));
  if (auto r = forget_column_acls(db, table); !r)
    return fail(table_storage_error(r.error()));
  if (auto r = forget_relation_order(db, table); !r)
    return fail(table_storage_error(r.error()));
  return ok_v;
}

result<ok_t, pg_error> carry_altered_table(sqlite_connection& db, const std::string& before, const std::string& after,
                                           const std::vector<std::string>& dropped_columns,
                                           const std::string& renamed_from, const std::string& renamed_to) {
  if (after != before) {
    if (auto r = rename_relation_acl(db, before, after); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = rename_column_acls(db, before, after); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = rename_relation_order(db, before, after); !r)
      return fail(table_storage_error(r.error()));
  }
  for (const auto& column : dropped_columns)
    if (auto r = move_column_acl(db, after, column, ""); !r)
      return fail(table_storage_error(r.error()));
  if (!renamed_from.empty())
    if (auto r = move_column_acl(db, after, renamed_from, renamed_to); !r)
      return fail(table_storage_error(r.error()));
  return ok_v;
}

}  // namespace tributary
