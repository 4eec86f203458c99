// json_document: a stored json or jsonb text read as a tree of spans, for the
// JSON operators and functions of translated queries (storage/sql_functions_json.cpp).
//
// The stored forms are already valid (the type layer checked json on input and
// keeps it verbatim; jsonb is kept as jsonb_out's canonical text), so reading is
// a plain recursive descent that records where each value starts and ends. A
// value's span is what PostgreSQL returns for it:
//   json   json's operators return the sub-value's text verbatim
//          ('{"a": [1,  2]}'::json -> 'a' is `[1,  2]`)
//   jsonb  a span of jsonb_out's text is jsonb_out's text of that sub-value
// Objects keep their members in text order (jsonb's stored order is its key
// order; json keeps duplicates, and a lookup takes the last, as PostgreSQL).
// Strings are decoded on demand (->>, keys): escapes to UTF-8, surrogate pairs
// combined; \u0000 is 22P05 unsupported Unicode escape sequence (as text
// cannot hold it), a lone surrogate 22P02 as json's input reports it.
// A text that is not valid JSON is 22P02 invalid input syntax for type json.
// Pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary::json_values {

enum class json_kind : uint8_t { null, boolean_true, boolean_false, number, string, array, object };

struct json_node {
  json_kind what = json_kind::null;
  uint32_t begin = 0, end = 0;          // the value's span in the text
  std::vector<uint32_t> children;       // array: elements; object: member values
  std::vector<std::string> keys;        // object: decoded keys, parallel to children
};

struct json_document {
  std::string_view text;
  std::vector<json_node> nodes;  // nodes[0] is the root

  std::string_view span(uint32_t node) const {
    return text.substr(nodes[node].begin, nodes[node].end - nodes[node].begin);
  }
  const json_node& operator[](uint32_t node) const { return nodes[node]; }
};

result<json_document, pg_error> read_json_document(std::string_view text);

// A string value's (or key's) text decoded; `quoted` is the string token with its quotes.
result<std::string, pg_error> decode_json_string(std::string_view quoted);

// ->>'s text of a value: nullopt for null, the decoded text of a string, the
// span of anything else.
result<std::optional<std::string>, pg_error> value_text(const json_document& doc, uint32_t node);

// The member `key` of an object (the last of equal keys), nullopt when absent
// or `node` is no object.
std::optional<uint32_t> object_member(const json_document& doc, uint32_t node, std::string_view key);
// The element `index` of an array (negative: from the end), nullopt when out of
// range or `node` is no array.
std::optional<uint32_t> array_element(const json_document& doc, uint32_t node, int64_t index);
// #>'s walk: each step a key of an object or an integer index of an array;
// nullopt when a step finds nothing (or is no integer on an array). A NULL step
// is nullopt too.
std::optional<uint32_t> follow_path(const json_document& doc, const std::vector<std::optional<std::string>>& path);

// json_typeof / jsonb_typeof.
const char* type_name(json_kind what);

}  // namespace tributary::json_values
