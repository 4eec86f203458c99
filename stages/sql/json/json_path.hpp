// json_path: the common subset of PostgreSQL 15's SQL/JSON path language, for
// jsonb_path_query / _query_array / _query_first / _exists / _match and the
// operators @? and @@ (storage/sql_functions_json.cpp).
//
// Covered, in lax mode (the default; PostgreSQL's automatic unwrapping of arrays
// and suppression of structural errors):
//   $  @  $name (a member of the `vars` object)  literals: numbers, "strings",
//   true, false, null
//   .key  ."key"  .*  [n]  [n to m]  [last]  [last - n]  [*]  ? (filter)
//   predicates  == != <> < <= > >=  &&  ||  !  exists (...)  (... ) is unknown
//   a predicate at the top (jsonb_path_match's form) gives one true/false/null
// Comparisons as PostgreSQL's compareItems: numbers by value, strings by code
// point, booleans, null equal only to null; other pairs are unknown.
// Not covered (0A000 naming it): strict mode, item methods (.size(), .type(),
// ...), arithmetic, like_regex, starts with, .** and the datetime methods.
// Errors: 42601 for a path that cannot be read, 42704 for a variable vars lacks,
// 22038 when jsonb_path_match's result is not a single boolean. Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary::json_values {

// The items the path selects, each as jsonb_out's text. `vars` is a jsonb object
// (empty: none).
result<std::vector<std::string>, pg_error> json_path_query(std::string_view doc, std::string_view path,
                                                           std::string_view vars);
// Whether the path selects any item.
result<bool, pg_error> json_path_exists(std::string_view doc, std::string_view path, std::string_view vars);
// A predicate's result: nullopt for unknown (SQL NULL).
result<std::optional<bool>, pg_error> json_path_match(std::string_view doc, std::string_view path,
                                                      std::string_view vars);

}  // namespace tributary::json_values
