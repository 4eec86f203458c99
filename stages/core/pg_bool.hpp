// pg_bool: PostgreSQL's parse_bool, the spelling of booleans that settings
// accept: true/false, on/off, yes/no, 1/0 and unique prefixes, any case,
// surrounding blanks ignored. nullopt for anything else.
#pragma once

#include <optional>
#include <string_view>

namespace tributary {

std::optional<bool> parse_pg_bool(std::string_view text);

}  // namespace tributary
