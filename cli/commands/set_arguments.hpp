// set_arguments: the text of SET's arguments as PostgreSQL's flatten_set_variable_args
// joins them (SET x = a, b, SET x TO 'v', SET x = -1, SET x = true), read from
// libpg_query's tree. Pure.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace tributary {

// One SET argument node -> its text: A_Const (sval, ival, fval, boolval), TypeCast.
// `source` is the statement's text: libpg_query writes a negative integer as
// {"ival": {}}, and parse_tree::constant_value reads it again from there.
std::string set_argument_text(const nlohmann::json& node, std::string_view source);

// Every argument of a VariableSetStmt's `fields`, joined with ", ".
std::string joined_set_arguments(const nlohmann::json& fields, std::string_view source);

}  // namespace tributary
