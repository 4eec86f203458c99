// tsearch_word_scanner: gettoken_tsvector's state machine, state for state.
// See tsearch_word_scanner.hpp.
#include "stages/types/verbatim/tsearch_word_scanner.hpp"

#include <limits>

namespace tributary {
namespace {

enum class scan_state : uint8_t {
  wait_word, wait_end_word, wait_next_char, wait_end_complex, wait_pos_info, in_pos_info,
  wait_pos_delim, wait_char_complex
};

bool is_tsquery_operator(char c) {
  return c == '!' || c == '&' || c == '|' || c == '(' || c == ')' || c == '<';
}

// atoi (strtol, which saturates at LONG_MAX, cut to an int), then LIMITPOS,
// then the 14 bits WEP_SETPOS keeps: 99999 -> 16383, 3000000000 -> 7680,
// 2147483648 -> 0.
int position_from_digits(std::string_view input, size_t at) {
  constexpr uint64_t long_max = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  uint64_t value = 0;
  for (size_t i = at; i < input.size() && tsearch_is_digit(input[i]); ++i) {
    const auto digit = static_cast<uint64_t>(input[i] - '0');
    value = value > (long_max - digit) / 10 ? long_max : value * 10 + digit;
  }
  int32_t as_int = static_cast<int32_t>(static_cast<uint32_t>(value));
  if (as_int >= tsearch_max_position + 1)
    as_int = tsearch_max_position;
  return static_cast<int>(static_cast<uint32_t>(as_int) & 0x3FFF);
}

pg_error quoted_input_error(std::string_view what, std::string_view input) {
  return make_pg_error("42601", std::string(what) + ": \"" + std::string(input) + "\"");
}

void set_weight(uint16_t& entry, int weight) {
  entry = static_cast<uint16_t>((weight << 14) | (entry & 0x3FFF));
}

}  // namespace

pg_error tsearch_syntax_error(std::string_view input, tsearch_word_context context) {
  return quoted_input_error(context == tsearch_word_context::tsquery
                                ? "syntax error in tsquery"
                                : "syntax error in tsvector",
                            input);
}

result<tsearch_word, pg_error> scan_tsearch_word(std::string_view input, size_t at,
                                                 tsearch_word_context context,
                                                 tsearch_reading reading) {
  const bool in_tsquery = context == tsearch_word_context::tsquery;
  const bool lenient = reading == tsearch_reading::stored;
  tsearch_word out;
  scan_state state = scan_state::wait_word;
  scan_state after_escape = scan_state::wait_word;
  auto syntax_error = [&] { return fail(tsearch_syntax_error(input, context)); };
  auto finish = [&](size_t end) {
    out.found = true;
    out.end = end;
    return out;
  };

  size_t pos = at;
  while (true) {
    const char c = pos < input.size() ? input[pos] : '\0';
    switch (state) {
      case scan_state::wait_word:
        if (c == '\0') {
          out.end = pos;
          return out;
        }
        if (c == '\'') {
          state = scan_state::wait_end_complex;
        } else if (c == '\\') {
          state = scan_state::wait_next_char;
          after_escape = scan_state::wait_end_word;
        } else if (in_tsquery && is_tsquery_operator(c)) {
          return syntax_error();
        } else if (!tsearch_is_space(c)) {
          out.word += c;
          state = scan_state::wait_end_word;
        }
        break;
      case scan_state::wait_next_char:
        if (c == '\0')
          return fail(quoted_input_error("there is no escaped character", input));
        out.word += c;
        state = after_escape;
        break;
      case scan_state::wait_end_word:
        if (c == '\\') {
          state = scan_state::wait_next_char;
          after_escape = scan_state::wait_end_word;
        } else if (tsearch_is_space(c) || c == '\0' || (in_tsquery && is_tsquery_operator(c))) {
          if (out.word.empty())
            return syntax_error();
          return finish(pos);
        } else if (c == ':') {
          if (out.word.empty())
            return syntax_error();
          if (in_tsquery)
            return finish(pos);
          state = scan_state::in_pos_info;
        } else {
          out.word += c;
        }
        break;
      case scan_state::wait_end_complex:
        if (c == '\'') {
          state = scan_state::wait_char_complex;
        } else if (c == '\\') {
          state = scan_state::wait_next_char;
          after_escape = scan_state::wait_end_complex;
        } else if (c == '\0') {
          return syntax_error();
        } else {
          out.word += c;
        }
        break;
      case scan_state::wait_char_complex:
        if (c == '\'') {
          out.word += c;
          state = scan_state::wait_end_complex;
          break;
        }
        if (out.word.empty() && !lenient)
          return syntax_error();
        if (in_tsquery)
          return finish(pos);
        state = scan_state::wait_pos_info;
        continue;  // this character again
      case scan_state::wait_pos_info:
        if (c != ':')
          return finish(pos);
        state = scan_state::in_pos_info;
        break;
      case scan_state::in_pos_info: {
        if (!tsearch_is_digit(c))
          return syntax_error();
        const int position = position_from_digits(input, pos);
        if (position == 0 && !lenient)
          return fail(quoted_input_error("wrong position info in tsvector", input));
        out.positions.push_back(static_cast<uint16_t>(position));
        state = scan_state::wait_pos_delim;
        break;
      }
      case scan_state::wait_pos_delim: {
        int weight = -1;
        if (c == ',') {
          state = scan_state::in_pos_info;
        } else if (c == 'a' || c == 'A' || c == '*') {
          weight = 3;
        } else if (c == 'b' || c == 'B') {
          weight = 2;
        } else if (c == 'c' || c == 'C') {
          weight = 1;
        } else if (c == 'd' || c == 'D') {
          weight = 0;
        } else if (tsearch_is_space(c) || c == '\0') {
          return finish(pos);
        } else if (!tsearch_is_digit(c)) {
          return syntax_error();
        }
        if (weight >= 0) {
          uint16_t& last = out.positions.back();
          if (tsvector_weight(last) != 0)
            return syntax_error();
          set_weight(last, weight);
        }
        break;
      }
    }
    ++pos;
  }
}

}  // namespace tributary
