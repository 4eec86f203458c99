// regex_flavors: see regex_flavors.hpp.
#include "stages/sql/regex_flavors.hpp"

#include <string_view>


namespace tributary {
namespace {

// `c` as a literal of the advanced syntax.
std::wstring literal(wchar_t c) {
  static const std::wstring special = L"\\^$.|?*+()[]{}";
  return special.find(c) != std::wstring::npos ? std::wstring(1, L'\\') + c : std::wstring(1, c);
}

// Copies the bracket expression starting at pattern[i] ('['); i ends after its ']'.
// A backslash inside is a character of the set (doubled for the advanced syntax).
void copy_brackets(const std::wstring& pattern, size_t& i, std::wstring& out) {
  out += pattern[i++];
  if (i < pattern.size() && pattern[i] == L'^')
    out += pattern[i++];
  if (i < pattern.size() && pattern[i] == L']')
    out += pattern[i++];
  for (; i < pattern.size(); ++i) {
    if (pattern[i] == L'\\') {
      out += L"\\\\";
      continue;
    }
    out += pattern[i];
    if (pattern[i] == L']') {
      ++i;
      return;
    }
  }
}

std::wstring basic_as_advanced(const std::wstring& pattern) {
  std::wstring out;
  bool expression_start = true;  // first in the expression or in a group: * is ordinary
  for (size_t i = 0; i < pattern.size();) {
    const wchar_t c = pattern[i];
    const bool was_start = expression_start;
    expression_start = false;
    if (c == L'[') {
      copy_brackets(pattern, i, out);
      continue;
    }
    ++i;
    if (c == L'\\' && i < pattern.size()) {
      const wchar_t next = pattern[i++];
      if (next == L'(') {
        out += L'(';
        expression_start = true;
      } else if (next == L')' || next == L'{' || next == L'}') {
        out += next;
      } else if (next == L'<' || next == L'>') {
        out += L"\\b";  // a word boundary, as ECMAScript reads the escape on
      } else {
        out += literal(next);
      }
      continue;
    }
    if (c == L'^' && was_start) {
      out += c;
      expression_start = true;  // a * right after a leading ^ is ordinary too
    } else if (c == L'$' && (i == pattern.size() || pattern.compare(i, 2, L"\\)") == 0)) {
      out += c;
    } else if ((c == L'*' && !was_start) || std::wstring_view(L"(){}+?|^$*").find(c) == std::wstring_view::npos) {
      out += c;  // . and the rest mean in BRE what they mean in ARE
    } else {
      out += literal(c);
    }
  }
  return out;
}

}  // namespace

std::wstring advanced_pattern(const std::wstring& pattern, regex_flavor flavor) {
  return flavor == regex_flavor::advanced ? pattern : basic_as_advanced(pattern);
}

}  // namespace tributary
