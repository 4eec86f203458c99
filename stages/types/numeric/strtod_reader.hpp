// strtod_reader: the number C's strtod reads at the start of a text, as
// PostgreSQL's float4in / float8in (and the geometric input functions, which
// call float8in_internal) read it: an optional sign, then a hexadecimal number
// ("0x1.8p1") or a decimal one ("1.5e3", "inf", "nan" as from_chars reads
// them). Pure, header-only.
#pragma once

#include <charconv>
#include <system_error>

namespace tributary {

inline bool is_hex_digit_or_point(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') || c == '.';
}

// The value and where it ends; invalid_argument when nothing is read,
// result_out_of_range on overflow or underflow to zero (subnormals are values;
// `value` is then unchanged).
template <class F>
std::from_chars_result read_strtod_number(const char* first, const char* last, F& value) {
  const char* p = first;
  const bool negative = p != last && *p == '-';
  if (p != last && (*p == '+' || *p == '-'))
    ++p;
  if (p == last || *p == '+' || *p == '-')
    return {first, std::errc::invalid_argument};
  std::from_chars_result read{first, std::errc::invalid_argument};
  if (last - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && is_hex_digit_or_point(p[2]))
    read = std::from_chars(p + 2, last, value, std::chars_format::hex);
  if (read.ec == std::errc::invalid_argument)  // also "0x" without hex digits: strtod reads the 0
    read = std::from_chars(p, last, value, std::chars_format::general);
  if (read.ec == std::errc::invalid_argument)
    return {first, read.ec};
  if (negative && read.ec == std::errc{})
    value = -value;
  return read;
}

}  // namespace tributary
