// record_text: PostgreSQL 15's record literal, as record_in (rowtypes.c) reads the
// text of a composite value: '(1,a)', '( 1 , "x y" )', '(,)'.
//
//   read_record_literal(text, columns)  the texts of `columns` fields, in order:
//     leading whitespace, then '(' ; fields separated by ',' ; an unquoted empty
//     field is NULL (nullopt), "" an empty text; inside a field '"' starts and ends
//     a quoted part (whitespace kept, "" in it one '"'), '\' takes the next
//     character literally; then ')' and only whitespace after it. Errors, each
//     22P02 malformed record literal: "<text>" with its DETAIL:
//       Missing left parenthesis. / Too few columns. / Too many columns. /
//       Unexpected end of input. / Junk after right parenthesis.
//   record_in converts each field with its column's input function as soon as it
//   has read it, so a field's input error comes before a later literal error:
//   the result keeps the fields read before the error, and the error, for the
//   caller to convert those first ('(x)' into (int, text) is the integer's 22P02,
//   not Too few columns.).
//   write_record_text(fields)  record_out's text of fields' output texts: '(' fields
//     ')' separated by ','; a NULL field empty, a field quoted with '"' when it is
//     empty or holds '"', '\\', '(', ')', ',' or whitespace ('"' and '\\' doubled in it).
// Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"

namespace tributary {

struct record_literal_read {
  std::vector<std::optional<std::string>> fields;  // read before `error`, or all of them
  std::optional<pg_error> error;
};

record_literal_read read_record_literal(std::string_view text, size_t columns);
std::string write_record_text(const std::vector<std::optional<std::string>>& fields);

}  // namespace tributary
