// sql_quote: an identifier in double quotes with embedded quotes doubled, the
// form both SQLite and PostgreSQL read as that exact name ("t" -> "\"t\""); and
// whether two names are the same identifier the way SQLite resolves them (ASCII
// case-insensitively).
#pragma once

#include <string>
#include <string_view>

namespace tributary {

inline std::string quote_identifier(const std::string& name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"')
      out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

inline bool same_identifier(std::string_view a, std::string_view b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z')
      x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z')
      y = static_cast<char>(y - 'A' + 'a');
    if (x != y)
      return false;
  }
  return true;
}

}  // namespace tributary
