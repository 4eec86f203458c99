// tsearch_word_scanner: PostgreSQL 15's gettoken_tsvector (tsvector_parser.c),
// which reads one word of a tsvector (with its positions) or one operand of a
// tsquery. Internal to tsvector_text.cpp and tsquery_text.cpp.
//
// A word is either unquoted (ends at whitespace, or in a tsquery at one of
// ! & | ( ) < or ':') or quoted with '...' ('' inside is one quote); a
// backslash takes the next character as it is, anywhere. A tsvector word may be
// followed by :positions, each digits then an optional weight letter (A or *,
// B, C, D, either case), separated by commas; positions above 16383 are
// clamped, as atoi then LIMITPOS do.
//
// Errors (SQLSTATE 42601, `input` being the whole text):
//   syntax error in tsvector: "input"  /  syntax error in tsquery: "input"
//   there is no escaped character: "input"
//   wrong position info in tsvector: "input"  (a position that becomes 0)
// Whitespace is ASCII's (isspace in the C locale); the input ends at its end
// or at a NUL byte.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/verbatim/tsearch_values.hpp"

namespace tributary {

struct tsearch_word {
  bool found = false;              // false: only whitespace was left
  std::string word;
  std::vector<uint16_t> positions;  // tsvector only
  size_t end = 0;                   // where reading resumes
};

enum class tsearch_word_context : uint8_t { tsvector, tsquery };

inline bool tsearch_is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
inline bool tsearch_is_digit(char c) { return c >= '0' && c <= '9'; }

result<tsearch_word, pg_error> scan_tsearch_word(std::string_view input, size_t at,
                                                 tsearch_word_context context,
                                                 tsearch_reading reading);

pg_error tsearch_syntax_error(std::string_view input, tsearch_word_context context);

}  // namespace tributary
