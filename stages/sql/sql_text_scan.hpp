// sql_text_scan: the little lexical knowledge needed about SQL text that neither
// PostgreSQL's grammar nor SQLite's accepted: where statements end and which
// words it starts with.
//
// Knows quoted strings ('...' with '' and E'...' backslash escapes), quoted
// identifiers ("..."), dollar quoting ($tag$...$tag$), line comments (-- ...) and
// nested block comments (/* ... */). An unterminated quote or comment runs to the
// end of the text. Pure functions; no allocation beyond the results.
#pragma once

#include <optional>

#include <string>
#include <string_view>
#include <vector>

namespace tributary {

struct text_range {
  size_t begin = 0;  // byte offsets into the scanned text
  size_t end = 0;
};

// Pieces of `text` between top-level ';', without the ';'. Pieces that hold only
// whitespace and comments are left out.
std::vector<text_range> split_at_semicolons(std::string_view text);

// Inside the first top-level parentheses of `text` (quotes and comments
// skipped): "COPY (SELECT 1) TO STDOUT" -> "SELECT 1"; nullopt when unbalanced.
std::optional<text_range> first_parenthesized(std::string_view text);

// True when `text` holds something other than whitespace and comments.
bool has_sql_token(std::string_view text);

// The first `count` words of `text` (letters, digits, '_'), upper-cased, skipping
// leading whitespace and comments; fewer when the text has fewer.
std::vector<std::string> leading_words(std::string_view text, size_t count);

}  // namespace tributary
