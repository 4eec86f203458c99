// similar_pattern: SIMILAR TO's pattern conversion (see the header).
#include "stages/sql/similar_pattern.hpp"

namespace tributary {
namespace {

// Bytes of the UTF-8 character starting at s[i].
size_t character_length(const std::string& s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  return i + n <= s.size() ? n : s.size() - i;
}

}  // namespace

result<std::string, pg_error> similar_to_regex(const std::string& pattern,
                                               const std::optional<std::string>& escape) {
  std::string escape_char = escape ? *escape : std::string("\\");
  if (!escape_char.empty() && character_length(escape_char, 0) != escape_char.size())
    return fail(make_pg_error("22025", "invalid escape string", {},
                              "Escape string must be empty or one character."));
  std::string out = "^(?:";
  bool after_escape = false;
  bool in_class = false;
  int separators = 0;
  for (size_t i = 0; i < pattern.size();) {
    const size_t length = character_length(pattern, i);
    const std::string c = pattern.substr(i, length);
    i += length;
    if (after_escape) {
      after_escape = false;
      if (c == "\"" && !in_class) {
        if (separators == 2)
          return fail(make_pg_error(
              "2200B", "SQL regular expression may not contain more than two escape-double-quote separators"));
        out += separators++ == 0 ? "){1,1}?(" : "){1,1}(?:";
      } else {
        out += "\\" + c;
      }
    } else if (!escape_char.empty() && c == escape_char) {
      after_escape = true;
    } else if (in_class) {
      if (c == "\\")
        out += "\\";
      out += c;
      if (c == "]")
        in_class = false;
    } else if (c == "[") {
      out += c;
      in_class = true;
    } else if (c == "%") {
      out += ".*";
    } else if (c == "_") {
      out += ".";
    } else if (c == "(") {
      out += "(?:";
    } else if (c == "\\" || c == "." || c == "^" || c == "$") {
      out += "\\" + c;
    } else {
      out += c;
    }
  }
  return out + ")$";
}

}  // namespace tributary
