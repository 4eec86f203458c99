// missing_type: PostgreSQL's 42704 `type "x" does not exist` for a type name that
// names nothing (typenameType): no built-in type, no user type, no table's row type.
// A name the translator only does not know yet (a user's composite or domain, a
// table's row type) is not missing. Private to stages/sql/translator/.
#pragma once

#include <optional>
#include <string>

#include "stages/sql/translator/query_translation.hpp"
#include "stages/types/type_names.hpp"

namespace tributary::translator {

// The error for `parts` (already known not to be a built-in type), or nullopt when
// the name may name a type this translation cannot see into.
inline std::optional<pg_error> missing_type_error(const translation_input& input, const type_name_parts& parts) {
  if (parts.names.empty() || parts.names.size() > 2 || !input.find_user_type || !input.lookup)
    return std::nullopt;
  const std::string schema = parts.names.size() == 2 ? parts.names[0] : "";
  const std::string& name = parts.names.back();
  if (schema == "pg_catalog" || input.find_user_type(schema, name) != nullptr ||
      input.lookup(schema.empty() || schema == "public" ? name : schema + "." + name) != nullptr)
    return std::nullopt;
  std::string written = schema.empty() ? name : schema + "." + name;  // TypeNameToString
  if (parts.array_dimensions > 0)
    written += "[]";
  return make_pg_error("42704", "type \"" + written + "\" does not exist");
}

}  // namespace tributary::translator
