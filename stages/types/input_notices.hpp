// input_notices: the NOTICEs a type's input function sends while it reads a text,
// as PostgreSQL 15 sends them (severity NOTICE, SQLSTATE 00000). The value itself
// is read by value_io.hpp; a caller that reads a literal where PostgreSQL's parser
// does (a quoted constant of a statement) sends these with the literal's position.
//
//   tsquery   a query without lexemes ('', ' '): text-search query doesn't
//             contain lexemes: "<the text>" (parse_tsquery, tsquery.c)
//   tsquery[] one such NOTICE for each element that has none, in element order
// Any other type, or a text its type rejects: none. Pure.
#pragma once

#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/types/column_type.hpp"

namespace tributary {

std::vector<pg_error> text_input_notices(const column_type& type, std::string_view text);

}  // namespace tributary
