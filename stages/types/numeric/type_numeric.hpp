// type_numeric: PostgreSQL 15's numeric as an exact decimal, for the numeric
// codec (type_numeric.cpp) and for any family that needs numeric's rules (a
// numeric typmod, half-away-from-zero rounding, numeric_out's text).
//
//   parse_numeric_text    numeric_in(text, typmod): whitespace, sign, digits,
//                         point, exponent; NaN / Infinity / inf words; then the
//                         typmod; then the storage limits
//   parse_numeric_binary  numeric_recv(bytes, typmod): base-10000 digits cut to
//                         dscale, then the typmod
//   apply_numeric_typmod  numeric(p,s): round to s digits, check p - s integer
//                         digits; an infinity never fits, NaN always does
//   round_numeric         round_var: half away from zero at `scale` digits after
//                         the point (negative: before it); dscale becomes
//                         max(scale, 0)
//   format_numeric_text   numeric_out
//   format_numeric_binary numeric_send (stripped base-10000 digits)
//   numeric_text_is_canonical  true when `text` is what numeric_out prints for
//                         numeric_in(text, typmod): -?(0|[1-9][0-9]*)(\.[0-9]+)?,
//                         no negative zero, and with a typmod exactly its scale's
//                         fraction digits and no more integer digits than it
//                         allows (what a publisher sends for a column of the same
//                         type): such a text is stored as received, unparsed
//
// Errors are PostgreSQL's: 22P02 invalid input syntax for type numeric: "x";
// 22003 value overflows numeric format / numeric field overflow (+ DETAIL);
// 22P03 invalid sign/scale/digit in external "numeric" value, incorrect binary
// data format; 08P01 insufficient data left in message.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct numeric_value {
  enum class kind : uint8_t { finite, nan, positive_infinity, negative_infinity };

  kind what = kind::finite;
  bool negative = false;   // finite and non-zero only (there is no negative zero)
  std::string digits;      // significant digits '0'..'9', no leading or trailing
                           // '0'; empty for zero
  int64_t exponent = 0;    // digits[0] is worth 10^exponent (0 for zero)
  int32_t dscale = 0;      // digits printed after the point (>= 0)

  bool is_zero() const { return what == kind::finite && digits.empty(); }
};

result<numeric_value, pg_error> parse_numeric_text(std::string_view text, int32_t typmod = -1);
result<numeric_value, pg_error> parse_numeric_binary(std::string_view bytes, int32_t typmod = -1);

result<ok_t, pg_error> apply_numeric_typmod(numeric_value& value, int32_t typmod);
void round_numeric(numeric_value& value, int scale);

std::string format_numeric_text(const numeric_value& value);
bool numeric_text_is_canonical(std::string_view text, int32_t typmod = -1);
std::string format_numeric_binary(const numeric_value& value);

}  // namespace tributary
