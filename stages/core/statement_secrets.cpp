// statement_secrets: see the header.
#include "stages/core/statement_secrets.hpp"

#include <cctype>

namespace tributary {
namespace {

bool word_at(std::string_view text, size_t at, std::string_view word) {
  if (at + word.size() > text.size())
    return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(text[at + i])) != word[i])
      return false;
  const bool starts = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_');
  return starts;
}

size_t skip_spaces(std::string_view text, size_t at) {
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
    ++at;
  return at;
}

// The end of a SQL literal's body starting at `at` (just after its opening quote):
// the closing quote's position ('' inside is an escaped quote).
// In an E'...' literal a backslash escapes the next character too.
size_t literal_end(std::string_view text, size_t at, bool escapes = false) {
  while (at < text.size()) {
    if (escapes && text[at] == '\\') {
      at += 2;
      continue;
    }
    if (text[at] == '\'') {
      if (at + 1 < text.size() && text[at + 1] == '\'') {
        at += 2;
        continue;
      }
      return at;
    }
    ++at;
  }
  return text.size();
}

// The end of a conninfo value starting at `at`, inside a SQL literal: a value
// quoted as ''...'' runs to its closing '' (a \ escapes the next character, an
// escaped quote being \'' in SQL);
// a plain one to a space or the literal's closing quote.
size_t conninfo_value_end(std::string_view text, size_t at) {
  if (text.compare(at, 2, "''") == 0) {
    size_t i = at + 2;
    while (i < text.size()) {
      if (text[i] == '\\' && i + 1 < text.size()) {  // \x, or \'' (an escaped quote, doubled in SQL)
        i += text.compare(i + 1, 2, "''") == 0 ? 3 : 2;
        continue;
      }
      if (text.compare(i, 2, "''") == 0)
        return i + 2;
      if (text[i] == '\'')  // the SQL literal ends first
        return i;
      ++i;
    }
    return text.size();
  }
  size_t i = at;
  while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) && text[i] != '\'')
    ++i;
  return i;
}

}  // namespace

std::string without_secrets(std::string_view statement) {
  std::string out;
  out.reserve(statement.size());
  size_t i = 0;
  while (i < statement.size()) {
    const size_t keyword = word_at(statement, i, "password")      ? 8
                           : word_at(statement, i, "sslpassword") ? 11
                                                                  : 0;
    if (keyword > 0) {
      const size_t after = skip_spaces(statement, i + keyword);
      if (after < statement.size() && statement[after] == '=') {  // conninfo keyword
        const size_t value = skip_spaces(statement, after + 1);
        const size_t end = conninfo_value_end(statement, value);
        if (end > value) {
          out.append(statement.substr(i, value - i)).append(masked_secret);
          i = end;
          continue;
        }
      }
      // PASSWORD 'x', or E'x' (backslash escapes), after at least one space.
      const bool escapes = after > i + keyword && after + 1 < statement.size() &&
                           (statement[after] == 'E' || statement[after] == 'e') && statement[after + 1] == '\'';
      const size_t quote = escapes ? after + 1 : after;
      if (after > i + keyword && quote < statement.size() && statement[quote] == '\'') {
        const size_t end = literal_end(statement, quote + 1, escapes);
        out.append(statement.substr(i, quote + 1 - i)).append(masked_secret);
        i = end;
        continue;
      }
    }
    if (word_at(statement, i, "postgres://") || word_at(statement, i, "postgresql://")) {
      const size_t authority = statement.find("://", i) + 3;
      size_t end = authority;
      while (end < statement.size() && statement[end] != '/' && statement[end] != '\'' &&
             !std::isspace(static_cast<unsigned char>(statement[end])))
        ++end;
      const size_t at_sign = statement.substr(authority, end - authority).rfind('@');
      const size_t colon = statement.substr(authority, end - authority).find(':');
      if (at_sign != std::string_view::npos && colon != std::string_view::npos && colon < at_sign) {
        out.append(statement.substr(i, authority + colon + 1 - i)).append(masked_secret);
        i = authority + at_sign;
        continue;
      }
    }
    out += statement[i++];
  }
  return out;
}

}  // namespace tributary
