// command_tags: the CommandComplete tag of a statement, as PostgreSQL writes it.
//
// Base tags come from the libpg_query statement node (its type, plus the object
// type for CREATE/DROP/ALTER), or, for text PostgreSQL's grammar rejected, from the
// statement's first words. complete_tag() adds the counts PostgreSQL appends:
//   SELECT n / INSERT 0 n / UPDATE n / DELETE n / MERGE n / FETCH n / MOVE n / COPY n
// Pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tributary {

// node: {"NodeType": {...fields}} as libpg_query's JSON has it.
std::string command_tag_for_node(const nlohmann::json& node);

// For statements PostgreSQL cannot parse: "INSERT" for INSERT/REPLACE, "SELECT" for
// SELECT/VALUES/WITH, "CREATE TABLE" for CREATE [TEMP] TABLE ..., else the first word.
std::string command_tag_for_text(std::string_view sql);

// The tag with its count: rows returned for SELECT, rows changed for INSERT/UPDATE/DELETE.
std::string complete_tag(const std::string& base_tag, int64_t rows);

}  // namespace tributary
