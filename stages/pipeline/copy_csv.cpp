// copy_csv: copy_parser's CSV format (see copy_format.hpp), as PostgreSQL reads it.
//
// A row ends at an LF outside quotes. The quote character toggles quoting
// anywhere in a field; inside quotes the escape character (by default the quote
// itself, so "" is one ") makes the next quote or escape literal. Fields are split
// at delimiters outside quotes. An unquoted field equal to the NULL marker is
// NULL unless FORCE_NOT_NULL names its column; a quoted one is NULL only under
// FORCE_NULL. A quote still open when the data ends is "unterminated CSV quoted
// field". Pure.
#include "stages/pipeline/copy_format.hpp"

#include <algorithm>

namespace tributary {

namespace {

bool flag_for(const std::vector<bool>& flags, size_t column) {
  return column < flags.size() && flags[column];
}

}  // namespace

result<size_t, copy_format_error> copy_parser::parse_csv(std::string_view data, copy_rows& out) {
  const char quote = options_.quote;
  const char escape = options_.escape;
  size_t row_start = 0;
  while (row_start < data.size()) {
    bool in_quote = false;
    size_t row_end = std::string_view::npos;
    for (size_t i = row_start; i < data.size(); ++i) {
      const char c = data[i];
      if (in_quote) {
        if (c == escape && i + 1 < data.size() && (data[i + 1] == quote || data[i + 1] == escape) &&
            (escape != quote || data[i + 1] == quote)) {
          ++i;  // an escaped quote or escape stays inside the quotes
        } else if (c == escape && escape == quote && i + 1 == data.size()) {
          return row_start;  // "" or a closing quote: the next byte decides
        } else if (c == quote) {
          in_quote = false;
        }
      } else if (c == quote) {
        in_quote = true;
      } else if (c == '\n') {
        row_end = i;
        break;
      }
    }
    if (row_end == std::string_view::npos)
      return row_start;
    std::string_view row = data.substr(row_start, row_end - row_start);
    if (options_.client_data && !row.empty() && row.back() == '\r')
      row.remove_suffix(1);
    auto special = special_line(row);
    if (!special)
      return fail(special.error());
    if (ended_)
      return data.size();
    if (!*special) {
      auto mark = out.end_mark();
      if (auto r = parse_csv_row(row, out); !r) {
        out.rewind(mark);
        return fail(r.error());
      }
      // Line breaks inside quotes count once a first line end was seen: PostgreSQL
      // learns its end-of-line character there (eol_type) and counts only that one.
      if (rows_ + lines_skipped_ > 0)
        lines_in_fields_ += static_cast<uint64_t>(std::count(row.begin(), row.end(), '\n'));
      ++rows_;
      out.add_line(row);
    }
    row_start = row_end + 1;
  }
  return row_start;
}

result<ok_t, copy_format_error> copy_parser::parse_csv_row(std::string_view row, copy_rows& out) {
  const size_t columns = column_names_.size();
  const char quote = options_.quote;
  const char escape = options_.escape;
  if (columns == 0) {
    if (!row.empty())
      return fail(line_error("extra data after last expected column", row));
    out.end_row_without_columns();
    return ok_v;
  }
  size_t pos = 0;
  for (size_t column = 0;; ++column) {
    if (column == columns)
      return fail(line_error("extra data after last expected column", row));
    const size_t field_start = pos;
    bool in_quote = false;
    bool saw_quote = false;
    out.begin_value();
    std::string& value = out.value_buffer();
    for (; pos < row.size(); ++pos) {
      const char c = row[pos];
      if (in_quote) {
        if (c == escape && pos + 1 < row.size() && (row[pos + 1] == quote || row[pos + 1] == escape) &&
            (escape != quote || row[pos + 1] == quote)) {
          value.push_back(row[++pos]);
        } else if (c == quote) {
          in_quote = false;
        } else {
          value.push_back(c);
        }
      } else if (c == quote) {
        in_quote = saw_quote = true;
      } else if (c == options_.delimiter) {
        break;
      } else {
        value.push_back(c);
      }
    }
    if (in_quote)
      return fail(line_error("unterminated CSV quoted field", row));
    const std::string_view raw = row.substr(field_start, pos - field_start);
    bool null_field = false;
    if (!saw_quote)
      null_field = raw == options_.null_marker && !flag_for(options_.force_not_null, column);
    else if (flag_for(options_.force_null, column))
      null_field = out.open_value() == options_.null_marker;
    if (null_field) {
      out.drop_open_value();
      out.add_null();
    } else {
      out.end_value();
    }
    if (pos >= row.size()) {
      if (column + 1 < columns)
        return fail(line_error("missing data for column \"" + column_names_[column + 1] + "\"", row));
      return ok_v;
    }
    ++pos;  // the delimiter
  }
}

}  // namespace tributary
