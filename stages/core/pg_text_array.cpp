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

std::string quote_array_element(std::string_view e) {
  bool quote = e.empty() || (e.size() == 4 && std::tolower(static_cast<unsigned char>(e[0])) == 'n' &&
                             std::tolower(static_cast<unsigned char>(e[1])) == 'u' &&
                             std::tolower(static_cast<unsigned char>(e[2])) == 'l' &&
                             std::tolower(static_cast<unsigned char>(e[3])) == 'l');
  for (char c : e)
    if (c == ',' || c == '"' || c == '\\' || c == '{' || c == '}' || std::isspace(static_cast<unsigned char>(c)))
      quote = true;
  if (!quote)
    return std::string(e);
  std::string out = "\"";
  for (char c : e) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + '"';
}

std::string format_text_array(const std::vector<std::string>& elements) {
  std::string out = "{";
  for (size_t n = 0; n < elements.size(); ++n) {
    if (n)
      out += ',';
    out += quote_array_element(elements[n]);
  }
  return out + "}";
}

}  // namespace tributary
