// object_privilege_commands: GRANT / REVOKE on databases, schemas and sequences, and
// ALTER DATABASE / SCHEMA ... OWNER TO, as PostgreSQL 15 runs them; GRANT on
// tables goes to table_privilege_commands.
//
//   GRANT { CREATE | CONNECT | TEMPORARY | TEMP } [, ...] | ALL [PRIVILEGES]
//         ON DATABASE d [, ...] TO ... [WITH GRANT OPTION]
//   GRANT { USAGE | CREATE } [, ...] | ALL ON SCHEMA s [, ...] TO ...
//   GRANT { USAGE | SELECT | UPDATE } [, ...] | ALL ON SEQUENCE s [, ...]
//         | ON ALL SEQUENCES IN SCHEMA s [, ...] TO ...
//   REVOKE [GRANT OPTION FOR] ... FROM ...
//     42P01 relation "s" does not exist (sequences),
//     3D000 database "d" does not exist / 3F000 schema "s" does not exist,
//     42704 a missing role, 0LP01 "invalid privilege type SELECT for database",
//     then object_grant.hpp's rules (grantor, 01007 WARNINGs, 42501).
//   ALTER DATABASE d OWNER TO r    owner (or superuser), member of r, CREATEDB
//                                  ("permission denied to change owner of database")
//   ALTER SCHEMA s OWNER TO r      owner, member of r, CREATE on the database
//                                  (public too, to a role or back to
//                                  pg_database_owner; its ACL follows the owner)
// Nothing happens when the new owner is the owner already (no check either).
// The ACL's items of the old owner become the new owner's (aclnewowner).
// Stored: a database's owner and ACL in global.db's pg_database (datdba,
// datacl), a schema's in the database file (namespace_catalog.hpp), a
// sequence's as a table's (relation_acl_catalog.hpp).
// Objects of other kinds: 0A000 "GRANT on FUNCTION objects is not supported".
#pragma once

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

// A GrantStmt (any object kind) or an AlterOwnerStmt of a database or schema.
result<command_outcome, pg_error> run_privilege_statement(const std::string& node_type, const nlohmann::json& fields,
                                                          command_context& context, data_directory& directory);

// True for an AlterOwnerStmt this file runs.
bool is_database_or_schema_owner_change(const std::string& node_type, const nlohmann::json& fields);

}  // namespace tributary
