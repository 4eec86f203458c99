// sql_text_scan: a skip-only SQL scanner (see the header). It never interprets
// tokens: it only knows how far a quote, a comment or a dollar-quoted body reaches.
#include "stages/sql/sql_text_scan.hpp"

#include <cctype>

namespace tributary {
namespace {

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// End of a quoted run starting at `i` (the opening quote), past the closing quote.
size_t skip_quoted(std::string_view t, size_t i, char quote, bool backslash_escapes) {
  for (size_t j = i + 1; j < t.size(); ++j) {
    if (backslash_escapes && t[j] == '\\') {
      ++j;
      continue;
    }
    if (t[j] == quote) {
      if (j + 1 < t.size() && t[j + 1] == quote) {
        ++j;
        continue;
      }
      return j + 1;
    }
  }
  return t.size();
}

size_t skip_block_comment(std::string_view t, size_t i) {
  int depth = 0;
  for (size_t j = i; j + 1 < t.size(); ++j) {
    if (t[j] == '/' && t[j + 1] == '*') {
      ++depth;
      ++j;
    } else if (t[j] == '*' && t[j + 1] == '/') {
      ++j;
      if (--depth == 0)
        return j + 1;
    }
  }
  return t.size();
}

// `$tag$` at i: the end of the dollar-quoted body, or npos if i is no opening tag.
size_t skip_dollar_quoted(std::string_view t, size_t i) {
  size_t j = i + 1;
  while (j < t.size() && t[j] != '$' && is_word_char(t[j]) &&
         !(j == i + 1 && std::isdigit(static_cast<unsigned char>(t[j]))))
    ++j;
  if (j >= t.size() || t[j] != '$')
    return std::string_view::npos;
  std::string_view tag = t.substr(i, j - i + 1);
  size_t close = t.find(tag, j + 1);
  return close == std::string_view::npos ? t.size() : close + tag.size();
}

enum class piece { space, comment, other };

// Classifies what starts at i and returns where it ends.
size_t skip_one(std::string_view t, size_t i, piece& what) {
  char c = t[i];
  what = piece::other;
  if (std::isspace(static_cast<unsigned char>(c))) {
    what = piece::space;
    return i + 1;
  }
  if (c == '-' && i + 1 < t.size() && t[i + 1] == '-') {
    what = piece::comment;
    size_t nl = t.find('\n', i);
    return nl == std::string_view::npos ? t.size() : nl + 1;
  }
  if (c == '/' && i + 1 < t.size() && t[i + 1] == '*') {
    what = piece::comment;
    return skip_block_comment(t, i);
  }
  if (c == '\'') {
    bool escapes = i > 0 && (t[i - 1] == 'E' || t[i - 1] == 'e') &&
                   (i < 2 || !is_word_char(t[i - 2]));
    return skip_quoted(t, i, '\'', escapes);
  }
  if (c == '"')
    return skip_quoted(t, i, '"', false);
  if (c == '$' && (i == 0 || !is_word_char(t[i - 1]))) {
    size_t end = skip_dollar_quoted(t, i);
    if (end != std::string_view::npos)
      return end;
  }
  return i + 1;
}

}  // namespace

std::vector<text_range> split_at_semicolons(std::string_view text) {
  std::vector<text_range> out;
  size_t start = 0;
  bool has_token = false;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ';') {
      if (has_token)
        out.push_back({start, i});
      start = i + 1;
      has_token = false;
      ++i;
      continue;
    }
    piece what;
    i = skip_one(text, i, what);
    has_token = has_token || what == piece::other;
  }
  if (has_token)
    out.push_back({start, text.size()});
  return out;
}

std::optional<text_range> first_parenthesized(std::string_view text) {
  size_t i = 0;
  size_t open = std::string_view::npos;
  int depth = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '(' || c == ')') {
      if (c == '(' && depth++ == 0)
        open = i;
      if (c == ')' && --depth == 0)
        return text_range{open + 1, i};
      if (depth < 0)
        return std::nullopt;
      ++i;
      continue;
    }
    piece what;
    i = skip_one(text, i, what);
  }
  return std::nullopt;
}

bool has_sql_token(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    piece what;
    i = skip_one(text, i, what);
    if (what == piece::other)
      return true;
  }
  return false;
}

std::vector<std::string> leading_words(std::string_view text, size_t count) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size() && words.size() < count) {
    if (is_word_char(text[i])) {
      std::string word;
      while (i < text.size() && is_word_char(text[i]))
        word.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(text[i++]))));
      words.push_back(std::move(word));
      continue;
    }
    piece what;
    size_t next = skip_one(text, i, what);
    if (what == piece::other)
      break;  // a quote or punctuation ends the leading words
    i = next;
  }
  return words;
}

}  // namespace tributary
