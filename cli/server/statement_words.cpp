// statement_words: the word reader of statement texts (see the header).
#include "cli/server/statement_words.hpp"

#include <cctype>

namespace tributary {

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

void skip_blanks(const std::string& s, size_t& i) {
  while (i < s.size()) {
    if (std::isspace(static_cast<unsigned char>(s[i]))) {
      ++i;
    } else if (s.compare(i, 2, "--") == 0) {
      while (i < s.size() && s[i] != '\n')
        ++i;
    } else if (s.compare(i, 2, "/*") == 0) {
      size_t end = s.find("*/", i + 2);
      i = end == std::string::npos ? s.size() : end + 2;
    } else {
      return;
    }
  }
}

bool take_keyword(const std::string& s, size_t& i, std::string_view keyword) {
  skip_blanks(s, i);
  if (i + keyword.size() > s.size())
    return false;
  for (size_t k = 0; k < keyword.size(); ++k)
    if (std::toupper(static_cast<unsigned char>(s[i + k])) != keyword[k])
      return false;
  if (i + keyword.size() < s.size() && identifier_char(s[i + keyword.size()]))
    return false;
  i += keyword.size();
  return true;
}

bool skip_quoted(const std::string& s, size_t& i) {
  const char c = s[i];
  if (c == '\'' || c == '"') {
    const bool escapes = c == '\'' && i > 0 && (s[i - 1] == 'E' || s[i - 1] == 'e');
    for (++i; i < s.size(); ++i) {
      if (escapes && s[i] == '\\') {
        ++i;
      } else if (s[i] == c) {
        if (i + 1 < s.size() && s[i + 1] == c) {
          ++i;
        } else {
          ++i;
          return true;
        }
      }
    }
    return true;
  }
  if (c == '$' && (i == 0 || !identifier_char(s[i - 1]))) {
    size_t end = s.find('$', i + 1);
    if (end == std::string::npos)
      return false;
    for (size_t k = i + 1; k < end; ++k)
      if (!identifier_char(s[k]) || s[k] == '$')
        return false;
    const std::string tag = s.substr(i, end - i + 1);
    size_t close = s.find(tag, end + 1);
    i = close == std::string::npos ? s.size() : close + tag.size();
    return true;
  }
  return false;
}

void skip_name(const std::string& s, size_t& i) {
  skip_blanks(s, i);
  if (i < s.size() && s[i] == '"') {
    skip_quoted(s, i);
    return;
  }
  while (i < s.size() && identifier_char(s[i]))
    ++i;
}

std::vector<std::string> parenthesized_list(const std::string& s, size_t& i) {
  std::vector<std::string> items;
  int depth = 0;
  size_t start = i + 1;
  while (i < s.size()) {
    if (skip_quoted(s, i))
      continue;
    const char c = s[i];
    if (c == '(' || c == '[') {
      ++depth;
    } else if (c == ')' || c == ']') {
      if (--depth == 0) {
        items.push_back(s.substr(start, i - start));
        ++i;
        return items;
      }
    } else if (c == ',' && depth == 1) {
      items.push_back(s.substr(start, i - start));
      start = i + 1;
    }
    ++i;
  }
  return items;
}

}  // namespace tributary
