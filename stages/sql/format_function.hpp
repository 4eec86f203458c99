// format_function: PostgreSQL's format(formatstr, args...) over the arguments'
// text (their types' output), as varlena.c's text_format reads the format:
//
//   %[position$][-][width | * | *position$]type   type: s (NULL: empty), I
//   (quote_ident; NULL: 22004), L (quote_literal; NULL: NULL); %% is a '%'. A width
//   pads to that many characters, on the left unless '-' (or a negative width
//   argument). An argument without a position is the one after the last used.
//
// Errors (22023) as PostgreSQL's: unterminated or unrecognized specifier, too few
// arguments, argument 0. Pure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

result<std::string, pg_error> format_text(const std::string& format,
                                          const std::vector<std::optional<std::string>>& arguments);

// quote_literal(): 'it''s'; E'a\\b' when the text holds a backslash.
std::string quote_literal_text(const std::string& text);

}  // namespace tributary
