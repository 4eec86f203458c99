// parse_tree: small readers of libpg_query's JSON parse tree (PostgreSQL 15).
//
// The JSON leaves out fields at their default (0, false, "", empty list): an
// A_Const 0 is {"A_Const": {"ival": {}}}. These readers give the default for a
// missing field, so callers never test for presence.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/types/type_names.hpp"

namespace tributary::parse_tree {

using json = nlohmann::json;

// node["field"] as a string / integer / bool / list, or the default when absent.
std::string text(const json& node, const char* field);
int64_t integer(const json& node, const char* field);
bool flag(const json& node, const char* field);
const json& list(const json& node, const char* field);

// The single key of a {"NodeType": {...}} object ("" when not such an object).
std::string node_type(const json& node);
// The fields of a {"NodeType": {...}} object.
const json& fields(const json& node);

// The strings of a list of {"String": {"sval": ...}} nodes ("names" fields).
std::vector<std::string> strings(const json& list);

// The node without its "location" fields: two spellings of one expression
// (`a+1` and `a + 1`) compare equal.
json without_locations(const json& node);

// A constant's text as PostgreSQL would read it: {"A_Const": {"ival": {"ival": 5}}}
// -> "5", fval -> its digits, sval -> the string, boolval -> "true"/"false".
// nullopt for a node that is not a constant.
//
// libpg_query 15-4.0.0 writes every integer constant that is not positive as
// {"ival": {}} (-3 and 0 alike). `source` — the text the tree was parsed from —
// resolves it: the digits at the constant's location are read again. Without a
// source such a constant reads as 0.
struct constant {
  bool is_null = false;
  bool is_string = false;  // a quoted literal (type unknown until context decides)
  std::string text;
};
std::optional<constant> constant_value(const json& node, std::string_view source = {});

// A TypeName's fields -> type_name_parts (integer typmod arguments only).
type_name_parts type_name(const json& type_name_fields, std::string_view source = {});

}  // namespace tributary::parse_tree
