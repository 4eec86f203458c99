// sql_quote: an identifier in double quotes with embedded quotes doubled, the
// form both SQLite and PostgreSQL read as that exact name ("t" -> "\"t\""); and
// whether two names are the same identifier the way SQLite resolves them (ASCII
// case-insensitively); and PostgreSQL's quote_ident(): quotes only when the name
// is not a plain lower-case identifier or is a reserved word.
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

// quote_ident(): "orders" stays orders; "Orders", "a b", "select" are quoted.
inline std::string quote_identifier_if_needed(const std::string& name) {
  static const char* const reserved[] = {
      "all", "analyse", "analyze", "and", "any", "array", "as", "asc", "asymmetric", "both", "case", "cast",
      "check", "collate", "column", "constraint", "create", "current_catalog", "current_date", "current_role",
      "current_time", "current_timestamp", "current_user", "default", "deferrable", "desc", "distinct", "do",
      "else", "end", "except", "false", "fetch", "for", "foreign", "from", "grant", "group", "having", "in",
      "initially", "intersect", "into", "lateral", "leading", "limit", "localtime", "localtimestamp", "not",
      "null", "offset", "on", "only", "or", "order", "placing", "primary", "references", "returning", "select",
      "session_user", "some", "symmetric", "table", "then", "to", "trailing", "true", "union", "unique", "user",
      "using", "variadic", "when", "where", "window", "with"};
  bool plain = !name.empty() && !(name[0] >= '0' && name[0] <= '9');
  for (char c : name)
    plain = plain && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
  for (const char* word : reserved)
    plain = plain && name != word;
  return plain ? name : quote_identifier(name);
}

}  // namespace tributary
