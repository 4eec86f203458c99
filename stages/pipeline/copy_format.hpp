// copy_format: readers of `COPY ... TO STDOUT` data, text and binary
// (reference §5), as the initial table copy receives it.
//
// NOTES
//   Input:  the bytes of the COPY's CopyData messages, in order, cut anywhere
//           (feed() takes one chunk at a time; a row, a field, an escape or the
//           binary header may span chunks), then finish() at CopyDone.
//   Output: whole rows appended to a copy_rows batch: every field's bytes in
//           one flat buffer (no allocation per field), NULL marked apart. The
//           caller drains the batch (inserts it) and clears it, so memory stays
//           bounded by one batch plus one partial row.
//
//   Text:   one row per line ending in LF; fields split on unescaped TAB; a raw
//           field equal to \N is NULL (compared before unescaping, so the data
//           value "\N", sent as \\N, stays text); escapes \b \f \n \r \t \v,
//           \ + 1-3 octal digits, \x + 1-2 hex digits, \ + any other byte =
//           that byte (also LF: a backslash-LF does not end the line).
//           An LF ends the line iff an even number of backslashes precede it.
//   Binary: 19-byte header (signature, flags, extension length) and its
//           extension, then per tuple Int16 field count + per field Int32
//           length (-1 = NULL) and bytes; the trailer is Int16 -1.
//
//   CSV and options (a client's COPY FROM STDIN, copy_text_options): another
//           delimiter and NULL marker for text; CSV with its quote and escape,
//           quoted fields spanning lines, an unquoted field equal to the NULL
//           marker being NULL (FORCE_NOT_NULL: an empty string instead; FORCE_NULL:
//           a quoted one too); a header line skipped; a line "\." ending the data.
//           The defaults are the publisher's text format, parsed as above.
//
//   States: text   reading lines (a partial line kept) -> finished
//           binary header -> extension -> tuples -> trailer seen -> finished
//
//   Errors: copy_format_error with PostgreSQL's COPY wording ("missing data
//           for column \"b\"", "row field count is 3, expected 2", "invalid
//           field size", "unexpected EOF in COPY data") and the 1-based row
//           ("line") it happened on, 0 for the binary header. After an error
//           the parser must not be fed again. Nothing here throws or logs.
//
//   Example: columns {a, b}; feed("1\t\\N\n2\tx") -> one row (1, NULL);
//            feed("y\n") -> row (2, xy); finish() -> ok, rows() == 2.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/result.hpp"

namespace tributary {

enum class copy_format : uint8_t { text, binary, csv };

// COPY's options for the text and CSV formats (PostgreSQL's defaults per format).
struct copy_text_options {
  char delimiter = '\t';
  std::string null_marker = "\\N";
  char quote = '"';
  char escape = '"';
  bool header = false;      // the first line is not data
  // A client's COPY FROM STDIN: a line "\." ends the data, a CR before each LF
  // is dropped, and finish(out) takes a last line without LF.
  bool client_data = false;
  std::vector<bool> force_not_null;  // per column (CSV)
  std::vector<bool> force_null;      // per column (CSV)
};

struct copy_format_error {
  std::string message;
  uint64_t line = 0;  // 1-based line number; 0 = the binary header
  std::string line_text;  // text/CSV: the line's raw text, for PostgreSQL's CONTEXT

  // "message" or "message (line N)" — the caller adds the relation.
  std::string to_string() const;
};

// Parsed rows, row-major: fields of all rows in one buffer.
class copy_rows {
public:
  explicit copy_rows(size_t columns = 0) : columns_(columns) {}

  size_t columns() const { return columns_; }
  size_t size() const { return columns_ ? fields_.size() / columns_ : rows_without_columns_; }
  bool empty() const { return size() == 0; }
  // Bytes held by the batch (field bytes; what bounds its memory).
  size_t byte_size() const { return bytes_.size(); }

  bool is_null(size_t row, size_t column) const { return fields_[row * columns_ + column].null; }
  std::string_view value(size_t row, size_t column) const {
    const auto& f = fields_[row * columns_ + column];
    return std::string_view(bytes_).substr(f.offset, f.length);
  }

  void clear();

  // The raw line of each row as it came (text and CSV), kept only once asked
  // (COPY FROM STDIN shows it in an error's CONTEXT); nullopt when not kept.
  void keep_lines() { keep_lines_ = true; }
  std::optional<std::string_view> line(size_t row) const {
    if (!keep_lines_ || row >= line_ends_.size())
      return std::nullopt;
    const size_t begin = row == 0 ? 0 : line_ends_[row - 1];
    return std::string_view(lines_).substr(begin, line_ends_[row] - begin);
  }
  void add_line(std::string_view line) {
    if (!keep_lines_)
      return;
    lines_.append(line);
    line_ends_.push_back(lines_.size());
  }

  // --- filled by copy_parser ---------------------------------------------------
  void add_null() { fields_.push_back(field{bytes_.size(), 0, true}); }
  void add_value(std::string_view bytes) {
    fields_.push_back(field{bytes_.size(), bytes.size(), false});
    bytes_.append(bytes);
  }
  // A value written piecewise: begin_value(), append to value_buffer(), end_value().
  void begin_value() { open_ = bytes_.size(); }
  std::string& value_buffer() { return bytes_; }
  void end_value() { fields_.push_back(field{open_, bytes_.size() - open_, false}); }
  std::string_view open_value() const { return std::string_view(bytes_).substr(open_); }
  void drop_open_value() { bytes_.resize(open_); }
  void end_row_without_columns() { ++rows_without_columns_; }
  // Where the batch ends now; rewind() drops what was added after it.
  struct mark {
    size_t fields = 0;
    size_t bytes = 0;
  };
  mark end_mark() const { return mark{fields_.size(), bytes_.size()}; }
  void rewind(mark m) {
    fields_.resize(m.fields);
    bytes_.resize(m.bytes);
  }

private:
  struct field {
    size_t offset = 0;
    size_t length = 0;
    bool null = false;
  };
  size_t columns_ = 0;
  std::string bytes_;
  std::vector<field> fields_;
  size_t open_ = 0;
  size_t rows_without_columns_ = 0;
  bool keep_lines_ = false;
  std::string lines_;
  std::vector<size_t> line_ends_;
};

class copy_parser {
public:
  // `column_names` gives the expected field count and the names for messages.
  copy_parser(copy_format format, std::vector<std::string> column_names,
              copy_text_options options = {});

  // Parses every row `chunk` completes and appends it to `out`.
  result<ok_t, copy_format_error> feed(std::string_view chunk, copy_rows& out);
  // End of the data: only whole rows (and, binary, the trailer) may have come.
  result<ok_t, copy_format_error> finish() const;
  // client_data: a last line without LF is a row (a CSV quote left open is
  // "unterminated CSV quoted field").
  result<ok_t, copy_format_error> finish(copy_rows& out);
  // The data ended with a "\." line (client_data): whatever follows is ignored.
  bool ended() const { return ended_; }

  copy_format format() const { return format_; }
  uint64_t rows() const { return rows_; }

private:
  // Parses whole rows at the front of `data`; returns the bytes consumed.
  result<size_t, copy_format_error> parse_text(std::string_view data, size_t scan_from, copy_rows& out);
  result<ok_t, copy_format_error> parse_line(std::string_view line, copy_rows& out);
  // One text/CSV line that is not data (header, end marker): true when consumed.
  result<bool, copy_format_error> special_line(std::string_view line);
  // CSV (copy_csv.cpp): whole rows at the front of `data`; a row's end is an LF
  // outside quotes.
  result<size_t, copy_format_error> parse_csv(std::string_view data, copy_rows& out);
  result<ok_t, copy_format_error> parse_csv_row(std::string_view row, copy_rows& out);
  copy_format_error line_error(std::string message, std::string_view line) const;
  result<size_t, copy_format_error> parse_binary(std::string_view data, copy_rows& out);
  result<size_t, copy_format_error> parse_header(std::string_view data);
  copy_format_error error(std::string message) const;

  enum class binary_phase : uint8_t { header, extension, tuples, trailer_seen };

  copy_format format_;
  std::vector<std::string> column_names_;
  copy_text_options options_;
  uint64_t lines_skipped_ = 0;  // the header line, counted in line numbers
  uint64_t lines_in_fields_ = 0;  // CSV: LFs inside quoted fields, counted too
  bool ended_ = false;
  std::string pending_;     // bytes of an incomplete row (or header)
  size_t scanned_ = 0;      // text: bytes of pending_ already searched for LF
  binary_phase phase_ = binary_phase::header;
  uint64_t extension_left_ = 0;
  uint64_t rows_ = 0;
};

}  // namespace tributary
