// copy_output: the data lines of COPY ... TO STDOUT, as PostgreSQL writes them.
//
// Input: a row's values in PostgreSQL's text output (nullopt = NULL), the
// format's options, and which columns FORCE_QUOTE names.
// Output: one line per row (ending in LF) appended to a buffer:
//   text  NULL as the NULL marker; backslash, the delimiter, and \b \f \n \r \t \v
//         escaped with a backslash (CopyAttributeOutText)
//   csv   NULL as the NULL marker, unquoted; a value quoted when FORCE_QUOTE
//         names its column, when it equals the NULL marker, holds the delimiter,
//         the quote, CR or LF, or is "\." alone on its line; inside quotes the
//         quote and escape characters are preceded by the escape (CopyAttributeOutCSV)
//   binary the 19-byte header, per tuple Int16 count + Int32 length (-1 NULL) +
//         the type's send bytes, and the Int16 -1 trailer
// The header line (HEADER) names the columns with the same quoting. Pure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/pipeline/copy_format.hpp"

namespace tributary {

class copy_row_writer {
public:
  copy_row_writer(copy_format format, copy_text_options options, std::vector<bool> force_quote = {});

  // What comes before the first row: the binary header, or the HEADER line.
  void begin(const std::vector<std::string>& column_names, std::string& out) const;
  void row(const std::vector<std::optional<std::string>>& values, std::string& out) const;
  // What comes after the last row: the binary trailer (nothing for text and CSV).
  void end(std::string& out) const;

private:
  void text_value(const std::string& value, std::string& out) const;
  void csv_value(const std::string& value, bool force_quote, bool alone, std::string& out) const;

  copy_format format_;
  copy_text_options options_;
  std::vector<bool> force_quote_;
};

}  // namespace tributary
