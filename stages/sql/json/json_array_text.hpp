// json_array_text: a JSON value as the array text PostgreSQL's populate_record,
// json_to_record and friends read into an array column (jsonfuncs.c populate_array):
//
//   ["a", "b c", null]      {a,"b c",NULL}     strings decoded, quoted as array_out quotes
//   [[1, 2], [3, 4]]        {{1,2},{3,4}}      dimensions from the first elements
//   [] / [[]]               {}
//   "{x,y}"                 {x,y}              a string is the array's own text form
//   [true, 1.5, {"a": 1}]   {true,1.5,"{\"a\": 1}"}   other values as their JSON text
//
// The element type's input then reads each element (the caller casts the text).
// Errors are PostgreSQL's: 22P02 expected JSON array (a scalar or object, or a
// scalar where a sub-array belongs), 22P02 malformed JSON array (sub-arrays of
// unequal length, with its DETAIL). Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary::json_values {

// `value` is one JSON value's text (a json member verbatim or jsonb's canonical
// text); `key` names it in the errors' HINT. JSON null: nullopt (the column is NULL).
result<std::optional<std::string>, pg_error> json_array_text(std::string_view value, const std::string& key);

}  // namespace tributary::json_values
