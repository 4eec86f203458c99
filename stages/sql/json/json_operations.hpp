// json_operations: PostgreSQL 15's jsonb operators that compare or rebuild
// values, and the building of json / jsonb from SQL values (to_json,
// json_build_object, json_agg, ...), on stored texts (json_document.hpp).
//
//   jsonb_contains     @> (JsonbDeepContains): objects by key, arrays by
//                      element (order and duplicates ignored), numbers by
//                      value (1.0 = 1); a top-level scalar is a one-element
//                      "raw" array: '[1,2]' @> '1', not '1' @> '[1]'
//   jsonb_exists       ? ?| ?&: an object's key, a string element of an array,
//                      or a top-level string
//   jsonb_concat       ||: two objects merge (the right one's keys win);
//                      otherwise the elements of both (a non-array counts as
//                      one element)
//   jsonb_delete_*     - text / - text[] / - int; 22023 cannot delete from
//                      scalar / cannot delete from object using integer index
//   jsonb_set_path     jsonb_set(target, path, new, create_missing)
//   jsonb_insert_path  jsonb_insert(target, path, new, insert_after)
//   strip_nulls        json[b]_strip_nulls (object members whose value is null)
//   jsonb_pretty       jsonb_pretty's indented text
//   json_fragment      to_json of one value, from its output text and kind
//   array_json         to_json of an array, from its text form and its elements' kind
//   build_object / build_array   json_build_* / jsonb_build_*
//   json_object_of_array[s]      json_object(text[]) / json_object(text[], text[])
// jsonb results are jsonb_out's canonical text. Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary::json_values {

using text_list = std::vector<std::optional<std::string>>;  // a text[]'s elements

result<bool, pg_error> jsonb_contains(std::string_view container, std::string_view contained);
// any = false: ?& (every key); any = true: ?| (some key); ? is one key.
result<bool, pg_error> jsonb_exists(std::string_view doc, const text_list& keys, bool any);
result<std::string, pg_error> jsonb_concat(std::string_view left, std::string_view right);
result<std::string, pg_error> jsonb_delete_keys(std::string_view doc, const text_list& keys);
result<std::string, pg_error> jsonb_delete_index(std::string_view doc, int64_t index);
// #- text[]: the key or element at the path removed (unchanged when it is not there);
// 22023 cannot delete path in scalar; a step that is no integer in an array 22P02.
result<std::string, pg_error> jsonb_delete_path(std::string_view doc, const text_list& path);
result<std::string, pg_error> jsonb_set_path(std::string_view doc, const text_list& path,
                                             std::string_view value, bool create_missing);
// jsonb_insert(target, path, new, insert_after): 22023 cannot replace existing key.
result<std::string, pg_error> jsonb_insert_path(std::string_view doc, const text_list& path,
                                                std::string_view value, bool after);
// json[b]_strip_nulls: json's text compact, jsonb's canonical.
result<std::string, pg_error> strip_nulls(std::string_view doc, bool jsonb);
result<std::string, pg_error> jsonb_pretty(std::string_view doc);

// How a SQL value becomes JSON (to_json's categories).
enum class fragment_kind : char {
  number = 'n',     // numbers: as printed; NaN and infinities as strings
  boolean = 'b',    // true / false (from boolean's output text t / f)
  json = 'j',       // json / jsonb: the text itself
  string = 's',     // anything else: its output text as a JSON string
  timestamp = 't',  // timestamp[tz]: ISO 8601 with T ("2024-02-29T06:45:30-05:00")
};
std::string json_fragment(std::string_view output_text, fragment_kind kind);
// to_json / array_to_json of an array from its text form (array_out's): nested
// JSON arrays by dimension, each element's fragment of `kind`, NULL as null
// ("[[1,2],[3,null]]"); malformed text is array_in's 22P02.
result<std::string, pg_error> array_json(std::string_view array_text, fragment_kind kind);

// `items` are (key, fragment) pairs for objects; a NULL key is 22023
// "argument N: key must not be null" (N the argument's 1-based position).
// json: {"a" : 1, "b" : 2} and [1, 2]; jsonb: canonical.
result<std::string, pg_error> build_object(const std::vector<std::optional<std::string>>& items, bool jsonb);
result<std::string, pg_error> build_array(const std::vector<std::string>& fragments, bool jsonb);

// json_object(text[]) and json_object(keys, values) from their arrays' texts
// (json_object_function.cpp).
result<std::string, pg_error> json_object_of_array(std::string_view array_text);
result<std::string, pg_error> json_object_of_arrays(std::string_view keys_text, std::string_view values_text);

// jsonb_in then jsonb_out.
result<std::string, pg_error> canonical_jsonb(std::string_view text);

}  // namespace tributary::json_values
