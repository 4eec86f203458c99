// composite_type_ddl: PostgreSQL's CREATE TYPE name AS (attribute type, ...), a
// composite type of its own, read from its parse tree (CompositeTypeStmt) into the
// request cli/commands/type_commands.cpp carries out.
//
//   CREATE TYPE [schema.]pair AS (a int, b text, c numeric(5,2)[], m mood)
//     -> composite_type_request{pair, attributes a, b, c, m}
// Each attribute's type is read as a table column's is (create_table.hpp: built-in
// types with their typmods, arrays, a user's enum or domain, a table's row type or
// another composite type by its name). Errors as PostgreSQL's DefineCompositeType
// gives them, without a position: 42701 column "a" specified more than once, 42704
// type "x" does not exist (`names_a_row_type` tells whether a name that is neither
// built in nor a user's enum or domain names a table or a composite type), 42601
// improper qualified name; 0A000 for COLLATE on an attribute. No attributes at all
// (`AS ()`) is a composite type too. Pure: reads the tree, returns data.
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

struct composite_type_request {
  qualified_type_name name;
  std::vector<column_definition> attributes;
};

// One attribute (a ColumnDef's fields) read as CREATE TYPE reads it (also ALTER TYPE
// ... ADD ATTRIBUTE, ALTER ATTRIBUTE ... TYPE): its name and type, 42704 for a type
// that is neither built in, a user's enum or domain, nor a row type.
result<column_definition, pg_error> read_composite_attribute(
    const nlohmann::json& column_def, std::string_view source, const type_settings& settings,
    const user_type_set& user_types, const std::function<bool(const std::string&)>& names_a_row_type);

// `names_a_row_type(local)`: a table's or composite type's local name ("t", "s.t").
result<composite_type_request, pg_error> read_create_composite(
    const nlohmann::json& fields, std::string_view source, const type_settings& settings,
    const user_type_set& user_types, const std::function<bool(const std::string&)>& names_a_row_type);

}  // namespace tributary
