// table_privilege_records: the privilege side of CREATE / DROP / ALTER TABLE
// (split from table_commands.cpp): who may drop what, and what the statements
// do to the table's owner and ACL (storage/relation_acl_catalog.hpp) and its
// columns' ACLs (storage/column_acl_catalog.hpp), in the statement's
// transaction. Ownership and the other privileges a statement needs are
// checked before it runs (cli/server/privilege_checks.hpp).
//
//   DROP TABLE of a system catalog (pg_*, tributary_*, sqlite_*, or a name in
//   pg_catalog / information_schema)    42501 permission denied: "t" is a system catalog
//   CREATE TABLE    the table belongs to the creating role (acldefault); its
//                   serial columns' sequences to the table's owner
//   DROP TABLE      the table's and its columns' ACLs go
//   ALTER TABLE     RENAME moves them; DROP COLUMN drops, RENAME COLUMN moves
//                   the column's
#pragma once

#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// `schema` as written ("" when none), `name` the relation's, `table` the local
// name; `parts` how many names the DROP gave ([catalog.]schema.name).
result<ok_t, pg_error> check_droppable(const std::string& schema, const std::string& name, const std::string& table,
                                       size_t parts);

result<ok_t, pg_error> record_created_table(sqlite_connection& db, const std::string& table, int64_t owner,
                                            const std::vector<std::string>& owned_sequences);
result<ok_t, pg_error> forget_dropped_table(sqlite_connection& db, const std::string& table);
// `renamed_column` {from, to}, or empty strings.
result<ok_t, pg_error> carry_altered_table(sqlite_connection& db, const std::string& before, const std::string& after,
                                           const std::vector<std::string>& dropped_columns,
                                           const std::string& renamed_from, const std::string& renamed_to);

}  // namespace tributary
