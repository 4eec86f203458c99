// composite_type_alter: PostgreSQL's ALTER TYPE of a composite type's attributes,
// read from its parse tree into the request cli/commands/composite_type_alter.cpp
// carries out.
//
//   ALTER TYPE pair ADD ATTRIBUTE c int, DROP ATTRIBUTE [IF EXISTS] a [CASCADE],
//                   ALTER ATTRIBUTE b [SET DATA] TYPE numeric(5,2) [CASCADE | RESTRICT]
//     (AlterTableStmt, objtype OBJECT_TYPE) -> one composite_alter_step per command
//   ALTER TYPE pair RENAME ATTRIBUTE a TO b [CASCADE | RESTRICT]
//     (RenameStmt, renameType OBJECT_ATTRIBUTE) -> one rename step
// An attribute's type is read as CREATE TYPE reads it (composite_type_ddl.hpp; a type
// that does not exist is 42704, at the type name for ADD ATTRIBUTE as PostgreSQL
// points at it). Other subcommands of ALTER TYPE on a composite type (OWNER TO, SET
// SCHEMA, ...) are 0A000. Pure: reads the tree, returns data.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/type_ddl.hpp"
#include "stages/types/column_definition.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/user/user_types.hpp"

namespace tributary {

struct composite_alter_step {
  enum class kind { add, drop, alter_type, rename } what = kind::add;
  std::string attribute;       // the attribute named (drop, alter_type, rename)
  std::string new_name;        // rename
  column_definition definition;  // add: the new attribute; alter_type: its new type
  bool missing_ok = false;     // DROP ATTRIBUTE IF EXISTS
};

struct composite_alter_request {
  qualified_type_name name;
  std::vector<composite_alter_step> steps;  // in the statement's order
};

// `node_type`: AlterTableStmt or RenameStmt; `names_a_row_type` as read_create_composite's.
result<composite_alter_request, pg_error> read_alter_composite(
    const std::string& node_type, const nlohmann::json& fields, std::string_view source,
    const type_settings& settings, const user_type_set& user_types,
    const std::function<bool(const std::string&)>& names_a_row_type);

}  // namespace tributary
