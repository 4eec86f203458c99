// json_text: PostgreSQL 15's input rules for json and jsonb text (the lexer and
// recursive-descent grammar of src/common/jsonapi.c, json_in, jsonb_in) and
// jsonb_out's canonical text, for values typed locally (INSERT literals, COPY
// text, Bind parameters). Replicated values are already valid / canonical:
// validate_json_text accepts them and canonical_jsonb_text returns jsonb_out's
// text unchanged, byte for byte.
//
//   validate_json_text    json_in: checks the syntax only (no de-escaping, so
//                         "\u0000" and lone surrogates are accepted, as json
//                         keeps them); json's stored form is the input as is
//   parse_jsonb_text      jsonb_in: the value as a tree; strings de-escaped
//                         ("\u" to UTF-8, surrogate pairs combined), numbers
//                         through numeric_in, object keys sorted by length then
//                         bytes with the last of duplicate keys kept
//   format_jsonb_text     jsonb_out: ", " and ": " separators, numbers as
//                         numeric_out prints them, strings as escape_json
//   canonical_jsonb_text  both: jsonb_out(jsonb_in(text))
//   append_escaped_json_string  escape_json
//
// Errors, PostgreSQL's words (json_ereport_error):
//   22P02 invalid input syntax for type json (for jsonb too), DETAIL one of
//         Token "x" is invalid. / The input string ended unexpectedly. /
//         Expected ":", but found "1". / Expected "," or "}", but found "x". /
//         Expected "," or "]", but found "x". / Expected string, but found "x". /
//         Expected string or "}", but found "x". / Expected JSON value, but
//         found "x". / Expected end of input, but found "x". / Escape sequence
//         "\q" is invalid. / Character with value 0x09 must be escaped. /
//         "\u" must be followed by four hexadecimal digits. / Unicode high
//         surrogate must not follow a high surrogate. / Unicode low surrogate
//         must follow a high surrogate.
//   22P05 unsupported Unicode escape sequence, DETAIL \u0000 cannot be
//         converted to text. (jsonb only)
//   22003 value overflows numeric format (jsonb, a number numeric cannot hold;
//         no CONTEXT)
// pg_error has no CONTEXT field: when `context` is given, it receives
// PostgreSQL's CONTEXT line for a syntax error ("JSON data, line 1: {"a":x..."),
// or is cleared.
//
// Not done: PostgreSQL's stack depth limit (54001, at a depth that depends on
// max_stack_depth; here nesting is unlimited, parsing and printing are
// iterative) and jsonb's size limits (strings over 256 MB, object/array counts).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct jsonb_node {
  enum class kind : uint8_t { null, boolean_true, boolean_false, number, string, array, object };

  kind what = kind::null;
  std::string scalar;                                     // number: numeric_out's text;
                                                          // string: the decoded UTF-8
  std::vector<uint32_t> elements;                         // array: node indexes
  std::vector<std::pair<std::string, uint32_t>> members;  // object: key, node index;
                                                          // sorted, keys unique
};

// nodes[0] is the root.
struct jsonb_tree {
  std::vector<jsonb_node> nodes;
};

result<ok_t, pg_error> validate_json_text(std::string_view text, std::string* context = nullptr);
result<jsonb_tree, pg_error> parse_jsonb_text(std::string_view text,
                                              std::string* context = nullptr);
std::string format_jsonb_text(const jsonb_tree& tree);
result<std::string, pg_error> canonical_jsonb_text(std::string_view text,
                                                   std::string* context = nullptr);

void append_escaped_json_string(std::string& out, std::string_view value);

}  // namespace tributary
