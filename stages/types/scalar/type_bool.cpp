// type_bool: the boolean type.
//
// Stored form: INTEGER 1 / 0 (false < true, as PostgreSQL orders them).
// Text input as boolin: surrounding whitespace ignored, case-insensitive; any
// prefix of "true", "yes", "false", "no"; "on", "off" or "of"; exactly "1" or
// "0". Anything else: 22P02 `invalid input syntax for type boolean: "x"`.
// Output: t / f. Binary: one byte, non-zero is true on input; 1 / 0 on output.
#include <cctype>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

bool is_prefix_of(std::string_view lower_input, std::string_view word) {
  return !lower_input.empty() && lower_input.size() <= word.size() &&
         word.substr(0, lower_input.size()) == lower_input;
}

result<sql_value, pg_error> parse_text(const column_type&, std::string_view text,
                                       const type_settings&) {
  std::string_view trimmed = text;
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.front())))
    trimmed.remove_prefix(1);
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back())))
    trimmed.remove_suffix(1);
  std::string lower(trimmed);
  for (char& c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (is_prefix_of(lower, "true") || is_prefix_of(lower, "yes") || lower == "on" || lower == "1")
    return sql_value{int64_t{1}};
  if (is_prefix_of(lower, "false") || is_prefix_of(lower, "no") ||
      (lower.size() >= 2 && is_prefix_of(lower, "off")) || lower == "0")
    return sql_value{int64_t{0}};
  return fail(invalid_text_representation("boolean", text));
}

result<sql_value, pg_error> parse_binary(const column_type&, std::string_view bytes) {
  if (bytes.size() != 1)
    return fail(invalid_binary_representation("incorrect binary data format"));
  return sql_value{int64_t{bytes[0] != 0 ? 1 : 0}};
}

bool stored_truth(const sql_value& stored) {
  if (const auto* i = std::get_if<int64_t>(&stored))
    return *i != 0;
  if (const auto* s = std::get_if<std::string>(&stored))
    return !s->empty() && (s->front() == 't' || s->front() == 'T' || s->front() == '1');
  if (const auto* d = std::get_if<double>(&stored))
    return *d != 0;
  return false;
}

std::string format_text(const column_type&, const sql_value& stored, const type_settings&) {
  return stored_truth(stored) ? "t" : "f";
}

std::string format_binary(const column_type&, const sql_value& stored) {
  return std::string(1, stored_truth(stored) ? '\1' : '\0');
}

}  // namespace

const type_codec& bool_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
