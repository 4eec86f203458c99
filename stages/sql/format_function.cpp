// format_function: format()'s specifiers (see the header).
#include "stages/sql/format_function.hpp"

#include <cctype>

#include "stages/core/sql_quote.hpp"

namespace tributary {
namespace {

pg_error format_error(std::string message, std::string hint = {}) {
  return make_pg_error("22023", std::move(message), {}, std::move(hint));
}

const char* const single_percent_hint = "For a single \"%\" use \"%%\".";

size_t characters(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s)
    n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

// Digits at s[i] followed by '$': the 1-based position; nullopt (i unchanged) else.
std::optional<long> position_at(const std::string& s, size_t& i) {
  size_t j = i;
  long value = 0;
  while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j])) && value < 100000000)
    value = value * 10 + (s[j++] - '0');
  if (j == i || j >= s.size() || s[j] != '$')
    return std::nullopt;
  i = j + 1;
  return value;
}

}  // namespace

std::string quote_literal_text(const std::string& text) {
  std::string out = text.find('\\') != std::string::npos ? "E'" : "'";
  for (char c : text) {
    if (c == '\'' || c == '\\')
      out += c;
    out += c;
  }
  return out + "'";
}

result<std::string, pg_error> format_text(const std::string& format,
                                          const std::vector<std::optional<std::string>>& arguments) {
  std::string out;
  size_t next = 0;  // 0-based index of the argument a specifier without a position takes
  auto take = [&](std::optional<long> position) -> result<const std::optional<std::string>*, pg_error> {
    size_t index = next;
    if (position) {
      if (*position == 0)
        return fail(format_error("format specifies argument 0, but arguments are numbered from 1"));
      index = static_cast<size_t>(*position - 1);
    }
    if (index >= arguments.size())
      return fail(format_error("too few arguments for format()"));
    next = index + 1;
    return &arguments[index];
  };
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      out += format[i];
      continue;
    }
    if (++i >= format.size())
      return fail(format_error("unterminated format() type specifier", single_percent_hint));
    if (format[i] == '%') {
      out += '%';
      continue;
    }
    std::optional<long> position = position_at(format, i);
    bool left = false;
    while (i < format.size() && format[i] == '-') {
      left = true;
      ++i;
    }
    long width = 0;
    if (i < format.size() && format[i] == '*') {
      ++i;
      auto width_argument = take(position_at(format, i));
      if (!width_argument)
        return fail(width_argument.error());
      if (const auto& w = **width_argument) {
        try {
          width = std::stol(*w);
        } catch (const std::exception&) {
          return fail(make_pg_error("22P02", "invalid input syntax for type integer: \"" + *w + "\""));
        }
        if (width < 0) {
          left = true;
          width = -width;
        }
      }
    } else {
      while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i])))
        width = width * 10 + (format[i++] - '0');
    }
    if (i >= format.size())
      return fail(format_error("unterminated format() type specifier", single_percent_hint));
    const char type = format[i];
    if (type != 's' && type != 'I' && type != 'L')
      return fail(format_error("unrecognized format() type specifier \"" + std::string(1, type) + "\"",
                               single_percent_hint));
    auto argument = take(position);
    if (!argument)
      return fail(argument.error());
    const std::optional<std::string>& value = **argument;
    std::string text;
    if (type == 's') {
      text = value.value_or("");
    } else if (type == 'I') {
      if (!value)
        return fail(make_pg_error("22004", "null values cannot be formatted as an SQL identifier"));
      text = quote_identifier_if_needed(*value);
    } else {
      text = value ? quote_literal_text(*value) : "NULL";
    }
    const size_t length = characters(text);
    const std::string padding =
        static_cast<size_t>(width) > length ? std::string(static_cast<size_t>(width) - length, ' ') : "";
    out += left ? text + padding : padding + text;
  }
  return out;
}

}  // namespace tributary
