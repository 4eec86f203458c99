// number_format: to_char(number, pattern) as PostgreSQL 15's formatting.c formats
// integers and numerics under the C locale (decimal point '.', thousands separator
// ',', currency symbol ' ', signs '-' / '+').
//
// Patterns: 9 (digit, blank when leading), 0 (digit, zero when leading), . and D
// (decimal point), , and G (thousands separator; blank before the first digit), FM
// (fill mode: no padding blanks, no trailing zeros after the point past the last 0
// position), S (locale sign, before or after the number), MI, PL, SG (sign in that
// place), PR (negative in angle brackets), L (currency symbol); other characters are
// copied ("quoted text" too, \ escapes the next character inside it). A digit
// position past the number's end cuts the text there (PostgreSQL writes a NUL). The value is rounded to
// the digits after the point; one that does not fit the digits before it prints as
// '#'s. Without S / MI / PL / SG / PR a sign position precedes the first digit ('-'
// or a blank, none for a positive value in fill mode).
//
// number_format_supported says whether every letter of the pattern is one of these
// keywords (the translator leaves other patterns — RN, EEEE, V, TH, B — untranslated).
// format_number fails with PostgreSQL's 42601 errors (multiple decimal points, S
// twice, S with MI/PL/SG/PR, PR with S/PL/MI/SG, 9 or 0 after PR). Pure.
#pragma once

#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/numeric/type_numeric.hpp"

namespace tributary {

bool number_format_supported(std::string_view pattern);
result<std::string, pg_error> format_number(numeric_value value, std::string_view pattern);

}  // namespace tributary
