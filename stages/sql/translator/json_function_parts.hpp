// json_function_parts: what json_functions.cpp (operators, functions, aggregates)
// and json_from_items.cpp (JSON functions in FROM) share: an argument read as json,
// jsonb or another type, a function's JSON family from its name, and a
// jsonb_path_* call as pg_jsonb_path.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/sql/translator/query_translator.hpp"

namespace tributary::translator {

// `e` as type `oid` (an untyped literal or parameter read by the type's input).
typed_expression json_argument_as(query_translator& t, typed_expression e, oid_t oid);
// json_* takes json, jsonb_* jsonb.
oid_t json_family_of(const std::string& name);
// pg_jsonb_path(code, target, path, vars, silent) of jsonb_path_*(target, path [, vars
// [, silent]]); `what` is pg_jsonb_path's code ('e' exists, 'm' match, 'a' query_array,
// 'f' query_first).
std::string jsonb_path_call(query_translator& t, std::optional<char> what, std::vector<typed_expression>& args);

}  // namespace tributary::translator
