// number_format: to_char(number, pattern) and to_number(text, pattern) as PostgreSQL
// 15's formatting.c, under the C locale (decimal point '.', thousands separator
// ',', currency symbol ' ', signs '-' / '+').
//
// Patterns: 9 (digit, blank when leading), 0 (digit, zero when leading), . and D
// (decimal point), , and G (thousands separator; blank before the first digit), FM
// (fill mode: no padding blanks, no trailing zeros after the point past the last 0
// position), S (locale sign, before or after the number), MI, PL, SG (sign in that
// place), PR (negative in angle brackets), L (currency symbol), V (multiply by 10
// per following 9), TH / th (ordinal suffix of the integer), RN / rn (Roman numeral,
// 15 wide unless FM; '#'s outside 1..3999), EEEE (scientific notation: the whole
// output, the pattern's digits after the point give its precision); B, C and SP
// write nothing. Other characters are copied ("quoted text" too, \ escapes the next
// character inside it). A digit position past the number's end cuts the text there
// (PostgreSQL writes a NUL). The value is rounded to the digits after the point;
// one that does not fit the digits before it prints as '#'s. Without S / MI / PL /
// SG / PR a sign position precedes the first digit ('-' or a blank, none for a
// positive value in fill mode).
//
// The value's type decides how it is printed, as PostgreSQL's to_char overloads do:
//   format_number        numeric and bigint (exact decimal; EEEE rounds half away
//                        from zero)
//   format_int4          integer and smallint (EEEE through a double, as int4_to_char)
//   format_float         real / double precision: rounded to 6 / 15 significant
//                        digits before formatting; NaN prints as "NaN", an infinity
//                        as '#'s
// Errors are PostgreSQL's: 42601 for contradictory patterns (multiple decimal
// points, S twice, S with MI/PL/SG/PR, PR with S/PL/MI/SG, 9 or 0 after PR, V with
// a decimal point, EEEE not last, twice, or with other formats); 22003 integer out
// of range for RN of a value past int4; 22P02 for TH of a value that is not a
// number.
//
// parse_number (to_number) reads the text by the same pattern (NUM_processor's
// reading side): digits by 9 / 0, the decimal point, signs by S / MI / PL / SG /
// PR / a leading '-', separators skipped; the result's text for numeric_in
// (scale: the digits read after the point). EEEE and RN are 0A000 there. Pure.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/numeric/type_numeric.hpp"

namespace tributary {

result<std::string, pg_error> format_number(numeric_value value, std::string_view pattern);
result<std::string, pg_error> format_int4(int64_t value, std::string_view pattern);
result<std::string, pg_error> format_float(double value, std::string_view pattern, bool is_float4);

// to_number's reading: `text` for numeric_in (" 12454.8", "-5": the sign's place,
// then the digits and point read; " " when none), read as numeric(precision, scale):
// the pattern's integer digits and V's, and the digits read after the point.
struct parsed_number {
  std::string text;
  int precision = 0;
  int scale = 0;
  int multi = 0;          // V: the result is divided by 10^multi
  bool multiply = false;  // the pattern has V (also with no 9 after it)
};
result<parsed_number, pg_error> parse_number(std::string_view text, std::string_view pattern);

}  // namespace tributary
