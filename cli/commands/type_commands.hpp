// type_commands: a user's enums and domains, as PostgreSQL defines, changes and
// drops them, on a database file (storage/user_type_catalog.hpp records them;
// stages/sql/type_ddl.hpp reads the statements).
//
//   CREATE TYPE name AS ENUM (...)   42710 type "x" already exists (also when a
//                                    table has the name), 3F000 for a missing
//                                    schema, 42602 / 23505 for bad labels
//   CREATE DOMAIN name AS type ...   the same checks; the base type as a column's
//   CREATE TYPE name AS (a type, ...)   a composite type: the same name checks; its
//                                    attributes kept as a table's columns under its
//                                    name (composite_type_ddl.hpp reads them), so it
//                                    is a row type as a table's (row_type_oid.hpp);
//                                    its columns ordered by pg_row_<name>
//                                    (row_type_collations.hpp)
//   other CREATE TYPE forms          0A000
//   ALTER TYPE e ADD VALUE [IF NOT EXISTS] 'x' [BEFORE | AFTER 'y']
//   ALTER TYPE e RENAME VALUE 'a' TO 'b'   (the stored values are renamed too)
//                                    42704 type "x" does not exist; 42809 x is not
//                                    an enum; the label errors of enum_type.hpp
//   DROP TYPE / DROP DOMAIN [IF EXISTS] a [, b] [CASCADE | RESTRICT]
//                                    42704 (IF EXISTS: NOTICE, skipped); 42809
//                                    "x" is not a domain (DROP DOMAIN of an enum);
//                                    2BP01 with dependent columns or domains
//                                    (a composite type: its columns, pair and pair[])
//                                    (DETAIL lists them, as PostgreSQL does);
//                                    CASCADE drops the dependent columns and
//                                    domains, with PostgreSQL's NOTICE.
// A label change reaches the enum's collation at once (enum_collations.hpp).
// All run inside the statement's transaction (the caller opens one if needed).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/user/user_types.hpp"

namespace tributary {

// `node_type`: CreateEnumStmt, CreateDomainStmt, CompositeTypeStmt, CreateRangeStmt
// or DefineStmt.
result<command_outcome, pg_error> create_type(const std::string& node_type,
                                              const nlohmann::json& stmt, std::string_view source,
                                              command_context& context,
                                              const type_settings& settings);

result<command_outcome, pg_error> alter_enum_type(const nlohmann::json& alter_enum_stmt,
                                                  command_context& context);

result<command_outcome, pg_error> drop_types(const nlohmann::json& drop_stmt,
                                             command_context& context);

// DROP SCHEMA: the schema's types, for its DETAIL lines ("type s.e depends on
// schema s") and, with CASCADE, dropped with what depends on them (each line
// "drop cascades to ..." appended to `cascaded`).
result<std::vector<user_type>, pg_error> schema_types(const std::string& schema,
                                                      command_context& context);
result<ok_t, pg_error> drop_type_cascading(const user_type& type, command_context& context,
                                           std::vector<std::string>& cascaded);

}  // namespace tributary
