// copy_output: see the header.
#include "stages/sql/copy_output.hpp"

#include <cstdint>

namespace tributary {
namespace {

constexpr std::string_view binary_header("PGCOPY\n\377\r\n\0\0\0\0\0\0\0\0\0", 19);

void append_i32(std::string& out, int32_t v) {
  const auto u = static_cast<uint32_t>(v);
  out.push_back(static_cast<char>(u >> 24));
  out.push_back(static_cast<char>(u >> 16));
  out.push_back(static_cast<char>(u >> 8));
  out.push_back(static_cast<char>(u));
}

void append_i16(std::string& out, int16_t v) {
  const auto u = static_cast<uint16_t>(v);
  out.push_back(static_cast<char>(u >> 8));
  out.push_back(static_cast<char>(u));
}

}  // namespace

copy_row_writer::copy_row_writer(copy_format format, copy_text_options options,
                                 std::vector<bool> force_quote)
    : format_(format), options_(std::move(options)), force_quote_(std::move(force_quote)) {}

void copy_row_writer::begin(const std::vector<std::string>& column_names, std::string& out) const {
  if (format_ == copy_format::binary) {
    out.append(binary_header);
    return;
  }
  if (!options_.header)
    return;
  for (size_t i = 0; i < column_names.size(); ++i) {
    if (i > 0)
      out.push_back(options_.delimiter);
    if (format_ == copy_format::csv)
      csv_value(column_names[i], false, column_names.size() == 1, out);
    else
      text_value(column_names[i], out);
  }
  out.push_back('\n');
}

void copy_row_writer::row(const std::vector<std::optional<std::string>>& values, std::string& out) const {
  if (format_ == copy_format::binary) {
    append_i16(out, static_cast<int16_t>(values.size()));
    for (const auto& value : values) {
      if (!value) {
        append_i32(out, -1);
        continue;
      }
      append_i32(out, static_cast<int32_t>(value->size()));
      out.append(*value);
    }
    return;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0)
      out.push_back(options_.delimiter);
    if (!values[i])
      out.append(options_.null_marker);
    else if (format_ == copy_format::csv)
      csv_value(*values[i], i < force_quote_.size() && force_quote_[i], values.size() == 1, out);
    else
      text_value(*values[i], out);
  }
  out.push_back('\n');
}

void copy_row_writer::end(std::string& out) const {
  if (format_ == copy_format::binary)
    append_i16(out, -1);
}

void copy_row_writer::text_value(const std::string& value, std::string& out) const {
  for (const char c : value) {
    char escaped = 0;
    switch (c) {
      case '\b': escaped = 'b'; break;
      case '\f': escaped = 'f'; break;
      case '\n': escaped = 'n'; break;
      case '\r': escaped = 'r'; break;
      case '\t': escaped = 't'; break;
      case '\v': escaped = 'v'; break;
      case '\\': escaped = '\\'; break;
      default:
        if (c == options_.delimiter)
          escaped = c;
    }
    if (escaped) {
      out.push_back('\\');
      out.push_back(escaped);
    } else {
      out.push_back(c);
    }
  }
}

void copy_row_writer::csv_value(const std::string& value, bool force_quote, bool alone,
                                std::string& out) const {
  const char quote = options_.quote;
  const char escape = options_.escape;
  bool quoted = force_quote || value == options_.null_marker || (alone && value == "\\.");
  if (!quoted)
    for (const char c : value)
      if (c == options_.delimiter || c == quote || c == '\n' || c == '\r') {
        quoted = true;
        break;
      }
  if (!quoted) {
    out.append(value);
    return;
  }
  out.push_back(quote);
  for (const char c : value) {
    if (c == quote || c == escape)
      out.push_back(escape);
    out.push_back(c);
  }
  out.push_back(quote);
}

}  // namespace tributary
