// copy_format: see the header. Text lines are found with memchr and a count of
// the backslashes before each LF; a line without a backslash is split with
// memchr on TAB and copied as is (the common case), others are unescaped byte
// by byte. A binary tuple is first measured, then appended only when whole.
#include "stages/pipeline/copy_format.hpp"

#include <algorithm>

#include <cstring>

namespace tributary {

namespace {

constexpr std::string_view binary_signature("PGCOPY\n\377\r\n\0", 11);
constexpr size_t binary_header_size = 19;

int32_t read_i32(const char* p) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return static_cast<int32_t>((uint32_t{u[0]} << 24) | (uint32_t{u[1]} << 16) | (uint32_t{u[2]} << 8) |
                              uint32_t{u[3]});
}

int16_t read_i16(const char* p) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return static_cast<int16_t>((u[0] << 8) | u[1]);
}

bool is_octal(char c) { return c >= '0' && c <= '7'; }

int hex_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

// Position of the first LF at or after `from` that ends a line (an even number
// of backslashes before it, counted back no further than `line_start`).
size_t find_line_end(std::string_view data, size_t line_start, size_t from) {
  while (from < data.size()) {
    const void* hit = std::memchr(data.data() + from, '\n', data.size() - from);
    if (!hit)
      return std::string_view::npos;
    size_t lf = static_cast<size_t>(static_cast<const char*>(hit) - data.data());
    size_t backslashes = 0;
    while (lf - backslashes > line_start && data[lf - backslashes - 1] == '\\')
      ++backslashes;
    if (backslashes % 2 == 0)
      return lf;
    from = lf + 1;
  }
  return std::string_view::npos;
}

// Appends the unescaped form of `raw` (one field, escapes intact) to `out`.
void unescape_into(std::string_view raw, std::string& out) {
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c != '\\' || i + 1 == raw.size()) {
      out.push_back(c);
      continue;
    }
    c = raw[++i];
    switch (c) {
      case 'b': out.push_back('\b'); break;
      case 'f': out.push_back('\f'); break;
      case 'n': out.push_back('\n'); break;
      case 'r': out.push_back('\r'); break;
      case 't': out.push_back('\t'); break;
      case 'v': out.push_back('\v'); break;
      case 'x': {
        int high = i + 1 < raw.size() ? hex_value(raw[i + 1]) : -1;
        if (high < 0) {
          out.push_back('x');
          break;
        }
        ++i;
        int value = high;
        if (int low = i + 1 < raw.size() ? hex_value(raw[i + 1]) : -1; low >= 0) {
          ++i;
          value = (value << 4) | low;
        }
        out.push_back(static_cast<char>(value));
        break;
      }
      default:
        if (is_octal(c)) {
          int value = c - '0';
          for (int digits = 1; digits < 3 && i + 1 < raw.size() && is_octal(raw[i + 1]); ++digits)
            value = (value << 3) | (raw[++i] - '0');
          out.push_back(static_cast<char>(value & 0xff));
        } else {
          out.push_back(c);
        }
    }
  }
}

// End of the field that starts at `from` (the next unescaped delimiter or the line's end).
size_t field_end(std::string_view line, size_t from, char delimiter) {
  while (from < line.size() && line[from] != delimiter)
    from += line[from] == '\\' ? 2 : 1;
  return std::min(from, line.size());
}

}  // namespace

std::string copy_format_error::to_string() const {
  return line == 0 ? message : message + " (line " + std::to_string(line) + ")";
}

void copy_rows::clear() {
  bytes_.clear();
  fields_.clear();
  rows_without_columns_ = 0;
  lines_.clear();
  line_ends_.clear();
}

copy_parser::copy_parser(copy_format format, std::vector<std::string> column_names,
                         copy_text_options options)
    : format_(format), column_names_(std::move(column_names)), options_(std::move(options)) {}

copy_format_error copy_parser::error(std::string message) const {
  bool in_header = format_ == copy_format::binary &&
                   (phase_ == binary_phase::header || phase_ == binary_phase::extension);
  return copy_format_error{std::move(message), in_header ? 0 : rows_ + lines_skipped_ + lines_in_fields_ + 1, {}};
}

copy_format_error copy_parser::line_error(std::string message, std::string_view line) const {
  copy_format_error e = error(std::move(message));
  e.line_text = std::string(line);
  // PostgreSQL's line number is the last line it read: a CSV row's own line breaks
  // count, once a first line end told it which character ends lines (eol_type).
  if (e.line != 0 && rows_ + lines_skipped_ > 0)
    e.line += static_cast<uint64_t>(std::count(line.begin(), line.end(), '\n'));
  return e;
}

result<ok_t, copy_format_error> copy_parser::feed(std::string_view chunk, copy_rows& out) {
  if (ended_)
    return ok_v;
  if (format_ == copy_format::csv) {  // rows are found from their start: no scan offset
    pending_.append(chunk);
    auto used = parse_csv(pending_, out);
    if (!used)
      return fail(used.error());
    pending_.erase(0, *used);
    return ok_v;
  }
  if (pending_.empty()) {
    auto used = format_ == copy_format::text ? parse_text(chunk, 0, out) : parse_binary(chunk, out);
    if (!used)
      return fail(used.error());
    pending_.assign(chunk.substr(*used));
    scanned_ = pending_.size();
    return ok_v;
  }
  pending_.append(chunk);
  auto used = format_ == copy_format::text ? parse_text(pending_, scanned_, out) : parse_binary(pending_, out);
  if (!used)
    return fail(used.error());
  pending_.erase(0, *used);
  scanned_ = pending_.size();
  return ok_v;
}

result<ok_t, copy_format_error> copy_parser::finish(copy_rows& out) {
  if (!options_.client_data || ended_ || pending_.empty() || format_ == copy_format::binary)
    return finish();
  std::string last = std::move(pending_);
  pending_.clear();
  const bool terminated = last.back() == '\n';
  if (!terminated)
    last.push_back('\n');
  auto used = format_ == copy_format::csv ? parse_csv(last, out) : parse_text(last, 0, out);
  if (!used)
    return fail(used.error());
  if (*used != last.size()) {  // a CSV quote still open
    if (!terminated)
      last.pop_back();
    return fail(line_error("unterminated CSV quoted field", last));
  }
  return ok_v;
}

result<ok_t, copy_format_error> copy_parser::finish() const {
  if (format_ != copy_format::binary) {
    if (!pending_.empty())
      return fail(error("unexpected EOF in COPY data"));
    return ok_v;
  }
  if (phase_ != binary_phase::trailer_seen)
    return fail(error("unexpected EOF in COPY data"));
  return ok_v;
}

// --- text --------------------------------------------------------------------

result<size_t, copy_format_error> copy_parser::parse_text(std::string_view data, size_t scan_from,
                                                          copy_rows& out) {
  size_t line_start = 0;
  for (;;) {
    size_t lf = find_line_end(data, line_start, std::max(scan_from, line_start));
    if (lf == std::string_view::npos)
      return line_start;
    std::string_view line = data.substr(line_start, lf - line_start);
    if (options_.client_data || options_.header) {
      if (options_.client_data && !line.empty() && line.back() == '\r')
        line.remove_suffix(1);
      auto special = special_line(line);
      if (!special)
        return fail(special.error());
      if (ended_)
        return data.size();  // the rest is ignored
      if (*special) {
        line_start = lf + 1;
        continue;
      }
    }
    auto row_start = out.end_mark();
    if (auto r = parse_line(line, out); !r) {
      out.rewind(row_start);  // the batch keeps whole rows only
      return fail(r.error());
    }
    out.add_line(line);
    ++rows_;
    line_start = lf + 1;
  }
}

result<ok_t, copy_format_error> copy_parser::parse_line(std::string_view line, copy_rows& out) {
  const size_t columns = column_names_.size();
  if (columns == 0) {
    if (!line.empty())
      return fail(line_error("extra data after last expected column", line));
    out.end_row_without_columns();
    return ok_v;
  }
  const bool plain = std::memchr(line.data(), '\\', line.size()) == nullptr;
  const char delimiter = options_.delimiter;
  size_t pos = 0;
  for (size_t column = 0;; ++column) {
    if (column == columns)
      return fail(line_error("extra data after last expected column", line));
    size_t end;
    if (plain) {
      const void* tab = std::memchr(line.data() + pos, delimiter, line.size() - pos);
      end = tab ? static_cast<size_t>(static_cast<const char*>(tab) - line.data()) : line.size();
    } else {
      end = field_end(line, pos, delimiter);
    }
    std::string_view raw = line.substr(pos, end - pos);
    if (raw == options_.null_marker) {  // compared before unescaping, as PostgreSQL does
      out.add_null();
    } else if (plain) {
      out.add_value(raw);
    } else {
      out.begin_value();
      unescape_into(raw, out.value_buffer());
      out.end_value();
    }
    if (end == line.size()) {
      if (column + 1 < columns)
        return fail(line_error("missing data for column \"" + column_names_[column + 1] + "\"", line));
      return ok_v;
    }
    pos = end + 1;
  }
}

result<bool, copy_format_error> copy_parser::special_line(std::string_view line) {
  if (options_.client_data && line == "\\.") {
    ended_ = true;
    return true;
  }
  if (options_.header && rows_ == 0 && lines_skipped_ == 0) {
    lines_skipped_ = 1;
    return true;
  }
  return false;
}

// --- binary ------------------------------------------------------------------

result<size_t, copy_format_error> copy_parser::parse_header(std::string_view data) {
  if (data.size() < binary_header_size)
    return size_t{0};
  if (data.substr(0, binary_signature.size()) != binary_signature)
    return fail(error("COPY file signature not recognized"));
  auto flags = static_cast<uint32_t>(read_i32(data.data() + 11));
  if (flags & (uint32_t{1} << 16))
    return fail(error("invalid COPY file header (WITH OIDS)"));
  if ((flags >> 16) != 0)
    return fail(error("unrecognized critical flags in COPY file header"));
  int32_t extension = read_i32(data.data() + 15);
  if (extension < 0)
    return fail(error("invalid COPY file header (missing length)"));
  extension_left_ = static_cast<uint64_t>(extension);
  phase_ = binary_phase::extension;
  return binary_header_size;
}

result<size_t, copy_format_error> copy_parser::parse_binary(std::string_view data, copy_rows& out) {
  size_t pos = 0;
  if (phase_ == binary_phase::header) {
    auto used = parse_header(data);
    if (!used)
      return fail(used.error());
    if (*used == 0)
      return size_t{0};
    pos = *used;
  }
  if (phase_ == binary_phase::extension) {
    size_t skip = static_cast<size_t>(std::min<uint64_t>(extension_left_, data.size() - pos));
    pos += skip;
    extension_left_ -= skip;
    if (extension_left_ > 0)
      return pos;
    phase_ = binary_phase::tuples;
  }
  const size_t columns = column_names_.size();
  while (phase_ == binary_phase::tuples) {
    if (data.size() - pos < 2)
      return pos;
    int16_t count = read_i16(data.data() + pos);
    if (count == -1) {
      phase_ = binary_phase::trailer_seen;
      pos += 2;
      break;
    }
    if (count < 0 || static_cast<size_t>(count) != columns)
      return fail(error("row field count is " + std::to_string(count) + ", expected " +
                        std::to_string(columns)));
    // Measure the tuple; append it only when all of it is here.
    size_t end = pos + 2;
    for (size_t i = 0; i < columns; ++i) {
      if (data.size() - end < 4)
        return pos;
      int32_t length = read_i32(data.data() + end);
      if (length < -1)
        return fail(error("invalid field size"));
      end += 4;
      if (length > 0) {
        if (data.size() - end < static_cast<size_t>(length))
          return pos;
        end += static_cast<size_t>(length);
      }
    }
    size_t at = pos + 2;
    for (size_t i = 0; i < columns; ++i) {
      int32_t length = read_i32(data.data() + at);
      at += 4;
      if (length == -1) {
        out.add_null();
        continue;
      }
      out.add_value(data.substr(at, static_cast<size_t>(length)));
      at += static_cast<size_t>(length);
    }
    if (columns == 0)
      out.end_row_without_columns();
    ++rows_;
    pos = end;
  }
  if (pos < data.size())
    return fail(error("received copy data after EOF marker"));
  return pos;
}

}  // namespace tributary
