// namespace_catalog: the schemas of a database besides public (table
// tributary_namespaces, catalog migration 3) and the tables each holds.
//
// Role: CREATE SCHEMA records a row, DROP SCHEMA removes it; CREATE TABLE in a
// schema checks it is recorded. A schema's tables are the SQLite tables named
// "<schema>.<table>" (stages/core/local_relation_name.hpp). public,
// pg_catalog and information_schema always exist and are not rows here.
// A schema's ACL (GRANT / REVOKE ON SCHEMA) is a row of tributary_namespace_acl
// (migration 10) in stages/auth/table_acl's stored form; without one the
// schema has its default: owner=UC/owner, and for public PostgreSQL 15's
// {pg_database_owner=UC/pg_database_owner,=U/pg_database_owner}.
// public's owner is pg_database_owner until ALTER SCHEMA public OWNER TO
// names a role: then a row "public" of tributary_namespaces holds it (no other
// call lists that row).
// All calls run inside the caller's transaction.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// The owner of `schema`, or nullopt when it does not exist (the built-in
// schemas have the owner "").
result<std::optional<std::string>, sqlite_error> find_schema(sqlite_connection& db,
                                                           const std::string& schema);

result<ok_t, sqlite_error> record_schema(sqlite_connection& db, const std::string& schema,
                                         const std::string& owner);
result<ok_t, sqlite_error> forget_schema(sqlite_connection& db, const std::string& schema);
result<ok_t, sqlite_error> change_schema_owner(sqlite_connection& db, const std::string& schema,
                                               const std::string& owner);

// The role ALTER SCHEMA public OWNER TO made public's owner; nullopt:
// pg_database_owner, as a new database has it.
result<std::optional<std::string>, sqlite_error> public_schema_owner(sqlite_connection& db);
// Records it (nullopt: back to pg_database_owner).
result<ok_t, sqlite_error> set_public_schema_owner(sqlite_connection& db, const std::optional<std::string>& owner);

// Every schema besides the built-in ones with its owner's name.
result<std::vector<std::pair<std::string, std::string>>, sqlite_error> list_schemas(sqlite_connection& db);
// The stored ACL text of every schema whose ACL was changed, by name.
result<std::map<std::string, std::string>, sqlite_error> schema_acl_texts(sqlite_connection& db);
result<ok_t, sqlite_error> store_schema_acl(sqlite_connection& db, const std::string& schema,
                                            const std::string& stored_acl);

// The tables of `schema` by their names within it ("orders" for the SQLite
// table "sales.orders"), sorted.
result<std::vector<std::string>, sqlite_error> schema_tables(sqlite_connection& db,
                                                            const std::string& schema);

}  // namespace tributary
