// composite_type_alter: ALTER TYPE of a composite type's attributes, as PostgreSQL 15
// does it (stages/sql/composite_type_alter.hpp reads the statement).
//
//   ADD ATTRIBUTE a t      42701 column "a" of relation "pair" already exists;
//                          42P16 composite type pair cannot be made a member of itself
//   DROP ATTRIBUTE [IF EXISTS] a
//                          42703 column "a" of relation "pair" does not exist (IF
//                          EXISTS: that NOTICE, ", skipping")
//   ALTER ATTRIBUTE a [SET DATA] TYPE t
//                          42703 as DROP; 0A000 cannot alter type "pair" because
//                          column "t.c" uses it when a table's column holds values of
//                          the type (directly, in an array, in another composite type)
//   RENAME ATTRIBUTE a TO b
//                          42703 column "a" does not exist; 42701 as ADD
// The type must be a composite type of its own: 42P01 relation "x" does not exist
// (no such type, an enum, a domain), 42809 "t" is not a composite type (a table's
// row type), but RENAME ATTRIBUTE of a table's row type renames the table's column
// (ALTER TABLE ... RENAME COLUMN), as PostgreSQL's. The column named by 0A000 is the
// one PostgreSQL's find_composite_type_dependencies finds first: through the type's
// array type, then the type; a composite type's attribute leads on to its own uses. Several commands run as PostgreSQL's passes run them: the DROPs, then
// the ALTER ATTRIBUTE ... TYPEs, then the ADDs. ADD and DROP over a type that columns
// use rewrite their stored values (record_rewrite.hpp): a dropped attribute's field
// is gone, an added one NULL, in every table column, array element and nested
// record that holds the type, as PostgreSQL's values read after the change. CASCADE
// and RESTRICT change nothing (they are for typed tables, which Tributary has not).
// Runs inside the statement's transaction.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// Whether `local` ("t", "s.t") names a table (or view) or a composite type with
// recorded attributes: a row type an attribute or column may be of.
result<bool, sqlite_error> names_row_type(sqlite_connection& db, const std::string& local);

// `node_type`: AlterTableStmt (objtype OBJECT_TYPE) or RenameStmt (OBJECT_ATTRIBUTE).
result<command_outcome, pg_error> alter_composite_type(const std::string& node_type, const nlohmann::json& fields,
                                                       std::string_view source, command_context& context,
                                                       const type_settings& settings);

}  // namespace tributary
