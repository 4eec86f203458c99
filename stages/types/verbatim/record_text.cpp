// record_text: see the header.
#include "stages/types/verbatim/record_text.hpp"

#include <cctype>

namespace tributary {
namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

}  // namespace

record_literal_read read_record_literal(std::string_view text, size_t columns) {
  record_literal_read out;
  const auto malformed = [&](const char* detail) {
    out.error = make_pg_error("22P02", "malformed record literal: \"" + std::string(text) + "\"", detail);
    return out;
  };
  size_t at = 0;
  while (at < text.size() && is_space(text[at]))
    ++at;
  if (at >= text.size() || text[at++] != '(')
    return malformed("Missing left parenthesis.");
  const auto current = [&] { return at < text.size() ? text[at] : '\0'; };
  for (size_t column = 0; column < columns; ++column) {
    if (column > 0) {
      if (current() != ',')
        return malformed("Too few columns.");
      ++at;
    }
    if (current() == ',' || current() == ')') {
      out.fields.emplace_back(std::nullopt);
      continue;
    }
    std::string field;
    bool quoted = false;
    while (quoted || (current() != ',' && current() != ')')) {
      if (at >= text.size())
        return malformed("Unexpected end of input.");
      const char c = text[at++];
      if (c == '\\') {
        if (at >= text.size())
          return malformed("Unexpected end of input.");
        field += text[at++];
      } else if (c == '"') {
        if (!quoted)
          quoted = true;
        else if (current() == '"')
          field += text[at++];
        else
          quoted = false;
      } else {
        field += c;
      }
    }
    out.fields.emplace_back(std::move(field));
  }
  if (current() != ')')
    return malformed("Too many columns.");
  ++at;
  while (at < text.size() && is_space(text[at]))
    ++at;
  if (at < text.size())
    return malformed("Junk after right parenthesis.");
  return out;
}

std::string write_record_text(const std::vector<std::optional<std::string>>& fields) {
  std::string out = "(";
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i > 0)
      out += ',';
    if (!fields[i])
      continue;
    const std::string& text = *fields[i];
    bool quote = text.empty();
    for (char c : text)
      quote = quote || c == '"' || c == '\\' || c == '(' || c == ')' || c == ',' || is_space(c);
    if (!quote) {
      out += text;
      continue;
    }
    out += '"';
    for (char c : text) {
      if (c == '"' || c == '\\')
        out += c;
      out += c;
    }
    out += '"';
  }
  return out + ')';
}

}  // namespace tributary
