// json_lexer: see json_lexer.hpp.
#include "stages/types/verbatim/json_lexer.hpp"
#include "stages/core/utf8_encode.hpp"

#include <algorithm>

namespace tributary {
namespace {

bool is_json_whitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// JSON_ALPHANUMERIC_CHAR: the characters an invalid word or number runs over.
bool is_json_alphanumeric(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

int hex_value(char c) {
  if (is_digit(c))
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}


}  // namespace

json_failure json_lexer::next() {
  size_t at = token_end_;
  while (at < input_.size() && is_json_whitespace(input_[at])) {
    if (input_[at++] == '\n') {
      ++line_number_;
      line_start_ = at;
    }
  }
  token_start_ = at;
  if (at >= input_.size()) {
    has_token_start_ = false;
    token_end_ = at;
    current_ = json_token::end;
    return json_failure::none;
  }
  has_token_start_ = true;
  switch (input_[at]) {
    case '{': return single(json_token::object_start);
    case '}': return single(json_token::object_end);
    case '[': return single(json_token::array_start);
    case ']': return single(json_token::array_end);
    case ',': return single(json_token::comma);
    case ':': return single(json_token::colon);
    case '"': return lex_string();
    case '-': return lex_number(at + 1);
    default: break;
  }
  if (is_digit(input_[at]))
    return lex_number(at);
  size_t word_end = at;
  while (word_end < input_.size() && is_json_alphanumeric(input_[word_end]))
    ++word_end;
  if (word_end == at) {  // punctuation or a control character: that one byte
    token_end_ = at + 1;
    return json_failure::invalid_token;
  }
  token_end_ = word_end;
  const std::string_view word = input_.substr(at, word_end - at);
  if (word == "true")
    current_ = json_token::literal_true;
  else if (word == "false")
    current_ = json_token::literal_false;
  else if (word == "null")
    current_ = json_token::literal_null;
  else
    return json_failure::invalid_token;
  return json_failure::none;
}

pg_error json_lexer::error(json_failure failure) const {
  if (failure == json_failure::code_point_zero)
    return make_pg_error("22P05", "unsupported Unicode escape sequence", detail(failure));
  return make_pg_error("22P02", "invalid input syntax for type json", detail(failure));
}

std::string json_lexer::context() const {
  const size_t context_end = token_end_;
  size_t context_start = line_start_;
  while (context_end - context_start >= 50)
    context_start = std::min(char_end(context_start), context_end);
  if (context_start - line_start_ <= 3)
    context_start = line_start_;
  const bool more_on_line = current_ != json_token::end && context_end < input_.size() &&
                            input_[context_end] != '\n' && input_[context_end] != '\r';
  std::string out = "JSON data, line " + std::to_string(line_number_) + ": ";
  if (context_start > line_start_)
    out += "...";
  out += input_.substr(context_start, context_end - context_start);
  if (more_on_line)
    out += "...";
  return out;
}

size_t json_lexer::char_end(size_t at) const {
  if (at >= input_.size())
    return at;
  const auto lead = static_cast<unsigned char>(input_[at]);
  const size_t length = (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3
                        : (lead & 0xF8) == 0xF0 ? 4 : 1;
  return std::min(at + length, input_.size());
}

// json_lex_string: token_start_ is at the opening quote.
json_failure json_lexer::lex_string() {
  string_value_.clear();
  int high_surrogate = -1;
  size_t at = token_start_;
  const size_t size = input_.size();
  for (;;) {
    if (++at >= size) {
      token_end_ = at;
      return json_failure::invalid_token;
    }
    const char c = input_[at];
    if (c == '"')
      break;
    if (static_cast<unsigned char>(c) < 32) {
      token_end_ = at;  // the character is left out of the CONTEXT line
      return json_failure::escaping_required;
    }
    if (c != '\\') {
      if (decode_strings_) {
        if (high_surrogate != -1)
          return fail_at_char_end(at, json_failure::low_surrogate);
        string_value_ += c;
      }
      continue;
    }
    if (++at >= size) {
      token_end_ = at;
      return json_failure::invalid_token;
    }
    const char escaped = input_[at];
    if (escaped == 'u') {
      int code = 0;
      for (int i = 0; i < 4; ++i) {
        if (++at >= size) {
          token_end_ = at;
          return json_failure::invalid_token;
        }
        const int digit = hex_value(input_[at]);
        if (digit < 0)
          return fail_at_char_end(at, json_failure::escape_format);
        code = code * 16 + digit;
      }
      if (!decode_strings_)
        continue;
      if (code >= 0xD800 && code <= 0xDBFF) {
        if (high_surrogate != -1)
          return fail_at_char_end(at, json_failure::high_surrogate);
        high_surrogate = code;
        continue;
      }
      if (code >= 0xDC00 && code <= 0xDFFF) {
        if (high_surrogate == -1)
          return fail_at_char_end(at, json_failure::low_surrogate);
        code = 0x10000 + ((high_surrogate - 0xD800) << 10) + (code - 0xDC00);
        high_surrogate = -1;
      }
      if (high_surrogate != -1)
        return fail_at_char_end(at, json_failure::low_surrogate);
      if (code == 0)
        return fail_at_char_end(at, json_failure::code_point_zero);
      append_utf8(string_value_, static_cast<uint32_t>(code));
      continue;
    }
    if (decode_strings_ && high_surrogate != -1)
      return fail_at_char_end(at, json_failure::low_surrogate);
    char decoded = 0;
    switch (escaped) {
      case '"': case '\\': case '/': decoded = escaped; break;
      case 'b': decoded = '\b'; break;
      case 'f': decoded = '\f'; break;
      case 'n': decoded = '\n'; break;
      case 'r': decoded = '\r'; break;
      case 't': decoded = '\t'; break;
      default:
        token_start_ = at;  // the DETAIL names the escape
        return fail_at_char_end(at, json_failure::escaping_invalid);
    }
    if (decode_strings_)
      string_value_ += decoded;
  }
  if (decode_strings_ && high_surrogate != -1)
    return fail_at_char_end(at, json_failure::low_surrogate);
  token_end_ = at + 1;
  current_ = json_token::string;
  return json_failure::none;
}

// json_lex_number: `at` is after the optional '-'. The token runs over any
// letters, digits or '_' that follow, which make it invalid.
json_failure json_lexer::lex_number(size_t at) {
  const size_t size = input_.size();
  bool error = false;
  const auto skip_digits = [&] {
    while (at < size && is_digit(input_[at]))
      ++at;
  };
  if (at < size && input_[at] == '0')
    ++at;
  else if (at < size && input_[at] >= '1' && input_[at] <= '9')
    skip_digits();
  else
    error = true;
  if (at < size && input_[at] == '.') {
    ++at;
    if (at == size || !is_digit(input_[at]))
      error = true;
    else
      skip_digits();
  }
  if (at < size && (input_[at] == 'e' || input_[at] == 'E')) {
    ++at;
    if (at < size && (input_[at] == '+' || input_[at] == '-'))
      ++at;
    if (at == size || !is_digit(input_[at]))
      error = true;
    else
      skip_digits();
  }
  for (; at < size && is_json_alphanumeric(input_[at]); ++at)
    error = true;
  token_end_ = at;
  if (error)
    return json_failure::invalid_token;
  current_ = json_token::number;
  return json_failure::none;
}

// json_errdetail.
std::string json_lexer::detail(json_failure failure) const {
  const std::string found = "\"" + std::string(lexeme()) + "\".";
  switch (failure) {
    case json_failure::none: break;
    case json_failure::escaping_invalid:
      return "Escape sequence \"\\" + std::string(lexeme()) + "\" is invalid.";
    case json_failure::escaping_required: {
      static const char hex[] = "0123456789abcdef";
      const auto c = static_cast<unsigned char>(input_[token_end_]);
      return std::string("Character with value 0x") + hex[c >> 4] + hex[c & 15] +
             " must be escaped.";
    }
    case json_failure::expected_end: return "Expected end of input, but found " + found;
    case json_failure::expected_array_first:
      return "Expected array element or \"]\", but found " + found;
    case json_failure::expected_array_next: return "Expected \",\" or \"]\", but found " + found;
    case json_failure::expected_colon: return "Expected \":\", but found " + found;
    case json_failure::expected_json: return "Expected JSON value, but found " + found;
    case json_failure::expected_more: return "The input string ended unexpectedly.";
    case json_failure::expected_object_first:
      return "Expected string or \"}\", but found " + found;
    case json_failure::expected_object_next: return "Expected \",\" or \"}\", but found " + found;
    case json_failure::expected_string: return "Expected string, but found " + found;
    case json_failure::invalid_token: return "Token " + found.substr(0, found.size() - 1) +
                                             " is invalid.";
    case json_failure::code_point_zero: return "\\u0000 cannot be converted to text.";
    case json_failure::escape_format:
      return "\"\\u\" must be followed by four hexadecimal digits.";
    case json_failure::high_surrogate:
      return "Unicode high surrogate must not follow a high surrogate.";
    case json_failure::low_surrogate: return "Unicode low surrogate must follow a high surrogate.";
  }
  return {};
}

}  // namespace tributary
