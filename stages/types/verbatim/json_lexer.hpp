// json_lexer: PostgreSQL 15's JSON lexer (src/common/jsonapi.c's json_lex,
// json_lex_string, json_lex_number) and its error reporting (json_errdetail,
// report_parse_error, json_ereport_error, report_json_context), for
// json_text.cpp's grammar. Internal to json_text.
//
// One token of lookahead: next() makes the following token current, or returns
// the failure that stops the input (token_end then marks where PostgreSQL's
// CONTEXT line ends). With decode_strings (jsonb) a string token's value is
// de-escaped into string_value(), and the Unicode checks jsonb makes (surrogate
// pairs, \u0000) apply; json only checks the escapes' form.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"

namespace tributary {

enum class json_token : uint8_t {
  none,  // before the first token (jsonapi.c's JSON_TOKEN_INVALID)
  object_start, object_end, array_start, array_end, comma, colon,
  string, number, literal_true, literal_false, literal_null, end
};

// jsonapi.c's JsonParseErrorType.
enum class json_failure : uint8_t {
  none, escaping_invalid, escaping_required, expected_end, expected_array_first,
  expected_array_next, expected_colon, expected_json, expected_more, expected_object_first,
  expected_object_next, expected_string, invalid_token, code_point_zero, escape_format,
  high_surrogate, low_surrogate
};

class json_lexer {
public:
  // decode_strings: jsonb's de-escaping (and its Unicode checks); json only
  // checks the escapes' form.
  json_lexer(std::string_view input, bool decode_strings)
      : input_(input), decode_strings_(decode_strings) {}

  // json_lex: the next token becomes current.
  json_failure next();

  json_token current() const { return current_; }
  std::string_view lexeme() const { return input_.substr(token_start_, token_end_ - token_start_); }
  std::string& string_value() { return string_value_; }

  // report_parse_error: what a token the grammar does not expect here means.
  json_failure unexpected(json_failure in_context) const {
    return has_token_start_ ? in_context : json_failure::expected_more;
  }

  pg_error error(json_failure failure) const;

  // report_json_context: the current line up to the end of the offending token,
  // at most ~50 bytes of it.
  std::string context() const;

private:
  json_failure single(json_token kind) {
    token_end_ = token_start_ + 1;
    current_ = kind;
    return json_failure::none;
  }

  // End of the (UTF-8) character starting at `at` (pg_mblen), within the input.
  size_t char_end(size_t at) const;

  json_failure fail_at_char_end(size_t at, json_failure failure) {
    token_end_ = char_end(at);
    return failure;
  }

  json_failure lex_string();
  json_failure lex_number(size_t at);
  std::string detail(json_failure failure) const;

  std::string_view input_;
  bool decode_strings_;
  json_token current_ = json_token::none;
  bool has_token_start_ = false;
  size_t token_start_ = 0;
  size_t token_end_ = 0;  // jsonapi.c's token_terminator
  size_t line_start_ = 0;
  int line_number_ = 1;
  std::string string_value_;
};

}  // namespace tributary
