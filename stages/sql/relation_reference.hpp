// relation_reference: where a statement names a relation, read from libpg_query's
// parse tree, for the errors PostgreSQL reports at that place (42P01 relation "x"
// does not exist points at the first reference to x). Pure.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace tributary {

// The byte offset of the leftmost RangeVar of the tree that names `relation`
// ("t", or "s.t" for a schema-qualified reference), nullopt when none does.
// Names compare as written after folding (the tree holds them folded already).
std::optional<int> relation_reference_location(const nlohmann::json& tree, const std::string& relation);

}  // namespace tributary
