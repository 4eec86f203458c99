// sql_quote: an identifier in double quotes with embedded quotes doubled, the
// form both SQLite and PostgreSQL read as that exact name ("t" -> "\"t\"").
#pragma once

#include <string>

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

}  // namespace tributary
