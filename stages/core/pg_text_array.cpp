#include "stages/core/pg_text_array.hpp"

#include <cctype>

namespace tributary {

std::optional<std::vector<std::string>> parse_text_array(std::string_view text) {
  if (text.size() < 2 || text.front() != '{' || text.back() != '}')
    return std::nullopt;
  std::vector<std::string> out;
  std::string_view body = text.substr(1, text.size() - 2);
  if (body.empty())
    return out;
  size_t i = 0;
  while (true) {
    std::string element;
    if (i < body.size() && body[i] == '"') {
      ++i;
      bool closed = false;
      while (i < body.size()) {
        char c = body[i++];
        if (c == '\\') {
          if (i >= body.size())
            return std::nullopt;
          element += body[i++];
        } else if (c == '"') {
          closed = true;
          break;
        } else {
          element += c;
        }
      }
      if (!closed)
        return std::nullopt;
    } else {
      while (i < body.size() && body[i] != ',') {
        char c = body[i++];
        if (c == '"' || c == '{' || c == '}')
          return std::nullopt;
        if (c == '\\') {
          if (i >= body.size())
            return std::nullopt;
          c = body[i++];
        }
        element += c;
      }
      if (element.empty() || element == "NULL")
        return std::nullopt;
    }
    out.push_back(std::move(element));
    if (i == body.size())
      return out;
    if (body[i] != ',')
      return std::nullopt;
    ++i;
  }
}

std::string format_text_array(const std::vector<std::string>& elements) {
  std::string out = "{";
  for (size_t n = 0; n < elements.size(); ++n) {
    const auto& e = elements[n];
    bool quote = e.empty() || e == "NULL" || e == "null";
    for (char c : e)
      if (c == ',' || c == '"' || c == '\\' || c == '{' || c == '}' ||
          std::isspace(static_cast<unsigned char>(c)))
        quote = true;
    if (n)
      out += ',';
    if (!quote) {
      out += e;
      continue;
    }
    out += '"';
    for (char c : e) {
      if (c == '"' || c == '\\')
        out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

}  // namespace tributary
