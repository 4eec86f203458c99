// regex_pattern: see regex_pattern.hpp.
#include "stages/sql/regex_pattern.hpp"

#include <cstdint>

#include "stages/core/utf8_encode.hpp"
#include "stages/sql/regex_flavors.hpp"

namespace tributary {

std::wstring widen(const std::string& text) {
  std::wstring out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const size_t length = lead < 0x80 ? 1 : (lead & 0xE0) == 0xC0 ? 2 : (lead & 0xF0) == 0xE0 ? 3 : (lead & 0xF8) == 0xF0 ? 4 : 1;
    if (length == 1 || i + length > text.size()) {
      out += static_cast<wchar_t>(lead);
      ++i;
      continue;
    }
    uint32_t code = lead & (0x7F >> length);
    for (size_t k = 1; k < length; ++k)
      code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    out += static_cast<wchar_t>(code);
    i += length;
  }
  return out;
}

std::string narrow(const std::wstring& text) {
  std::string out;
  out.reserve(text.size());
  for (wchar_t c : text)
    append_utf8(out, static_cast<uint32_t>(c));
  return out;
}

result<regex_options, pg_error> read_regex_flags(const std::string& flags) {
  regex_options options;
  for (char c : flags) {
    if (c == 'g')
      options.global = true;
    else if (c == 'i' || c == 'c')
      options.fold = c == 'i';
    else if (c == 'n' || c == 'm' || c == 's' || c == 'p' || c == 'w') {
      options.newline_dot = c == 'n' || c == 'm' || c == 'p';
      options.newline_anchors = c == 'n' || c == 'm' || c == 'w';
    } else if (c == 'x' || c == 't')
      options.expanded = c == 'x';
    else if (c == 'q' || c == 'b' || c == 'e') {
      options.quoted = c == 'q';
      options.flavor = c == 'b' ? regex_flavor::basic : c == 'e' ? regex_flavor::extended : regex_flavor::advanced;
    } else
      return fail(make_pg_error("22023", "invalid regular expression option: \"" + std::string(1, c) + "\""));
  }
  return options;
}

namespace {

bool is_white_space(wchar_t c) {
  return c == L' ' || c == L'\t' || c == L'\n' || c == L'\r' || c == L'\f' || c == L'\v';
}

std::wstring quoted_pattern(const std::wstring& pattern) {
  static const std::wstring special = L"\\^$.|?*+()[]{}";
  std::wstring out;
  for (wchar_t c : pattern) {
    if (special.find(c) != std::wstring::npos)
      out += L'\\';
    out += c;
  }
  return out;
}

}  // namespace

std::wstring ecmascript_pattern(const std::wstring& written, const regex_options& options) {
  if (options.quoted)
    return quoted_pattern(written);
  const std::wstring pattern = advanced_pattern(written, options.flavor);  // regex_flavors.hpp
  std::wstring out;
  bool in_brackets = false;
  for (size_t i = 0; i < pattern.size(); ++i) {
    const wchar_t c = pattern[i];
    if (c == L'\\' && i + 1 < pattern.size()) {
      out += c;
      out += pattern[++i];
      continue;
    }
    if (in_brackets) {
      out += c;
      if (c == L']')
        in_brackets = false;
      continue;
    }
    if (options.expanded && is_white_space(c))
      continue;
    if (options.expanded && c == L'#') {
      while (i + 1 < pattern.size() && pattern[i + 1] != L'\n')
        ++i;
      continue;
    }
    if (c == L'[') {
      in_brackets = true;
      out += c;
      if (i + 1 < pattern.size() && pattern[i + 1] == L'^') {
        out += pattern[++i];
        if (options.newline_dot)  // newline-sensitive: a negated set never matches a newline
          out += L"\\n";
      }
      if (i + 1 < pattern.size() && pattern[i + 1] == L']') {  // a leading ] is literal,
        out += L"\\]";                                          // ECMAScript's [] is empty
        ++i;
      }
      continue;
    }
    if (c == L'.')
      out += options.newline_dot ? L"[^\\n]" : L"[\\s\\S]";
    else
      out += c;
  }
  return out;
}

// PostgreSQL's regerror text for the errors both engines tell apart.
std::string regex_error_text(const std::regex_error& e) {
  switch (e.code()) {
    case std::regex_constants::error_paren:
      return "parentheses () not balanced";
    case std::regex_constants::error_brack:
      return "brackets [] not balanced";
    case std::regex_constants::error_brace:
      return "braces {} not balanced";
    case std::regex_constants::error_badrepeat:
      return "quantifier operand invalid";
    case std::regex_constants::error_range:
      return "invalid character range";
    case std::regex_constants::error_badbrace:
      return "invalid repetition count(s)";
    case std::regex_constants::error_ctype:
      return "invalid character class";
    case std::regex_constants::error_backref:
      return "invalid backreference number";
    default:
      return e.what();
  }
}

}  // namespace tributary
