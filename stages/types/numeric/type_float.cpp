// type_float: float4 (real) and float8 (double precision), and the pg_float
// collation (compare_stored_float).
//
// Stored form: TEXT, exactly what PostgreSQL 15 prints for the value with
// extra_float_digits > 0: the shortest decimal that reads back as the same
// value, fixed notation when the leading digit's decimal exponent e is in
// -4 <= e < 15 (float8) or -4 <= e < 6 (float4), else d.ddde±XX; "NaN",
// "Infinity", "-Infinity", "-0". PostgreSQL's Ryu never picks a decimal lying
// exactly halfway between two floats (1e23 as a float8 prints
// 9.999999999999999e+22, the float 499631616 prints 4.9963162e+08), so a
// shortest candidate on a halfway point is replaced by the correctly rounded
// decimal one digit longer (see pg_float_format.hpp for the float4 story).
//
// Input (float8in / float4in): surrounding whitespace, then strtod's syntax as
// glibc reads it: optional sign, decimal with optional exponent, hex (0x1p3),
// inf / infinity / nan / nan(chars) in any case. float4 is read directly as a
// float (correctly rounded). A result that overflows or underflows to zero
// -> 22003 `"1e400" is out of range for type double precision` (float8 quotes
// the number part only, float4 the whole input, as PostgreSQL does);
// denormals are accepted; anything else -> 22P02.
// Binary: 4 / 8 bytes, the IEEE bits big-endian; another length -> 22P03.
// Output with extra_float_digits <= 0: printf's %.*g with FLT_DIG / DBL_DIG +
// extra_float_digits significant digits (at least 1), PostgreSQL's spellings
// of NaN, Infinity and -0.
// A stored value that is not such a text (written by another tool) is printed
// as is; a REAL or INTEGER is printed as the type's value; its binary form is
// NaN when it has no float value.
#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "stages/types/numeric/strtod_reader.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

template <class F>
struct float_traits;

template <>
struct float_traits<float> {
  using bits_t = uint32_t;
  static constexpr int fraction_bits = 23;
  static constexpr int exponent_bias = 150;        // value = significand * 2^(field - bias)
  static constexpr int max_shortest_digits = 9;    // always enough to tell floats apart
  static constexpr int fixed_notation_limit = 6;   // fixed when exponent < this
  static constexpr int output_digits = 6;          // FLT_DIG
  static constexpr std::string_view sql_name = "real";
};

template <>
struct float_traits<double> {
  using bits_t = uint64_t;
  static constexpr int fraction_bits = 52;
  static constexpr int exponent_bias = 1075;
  static constexpr int max_shortest_digits = 17;
  static constexpr int fixed_notation_limit = 15;
  static constexpr int output_digits = 15;         // DBL_DIG
  static constexpr std::string_view sql_name = "double precision";
};

// ---- Shortest decimal, as PostgreSQL's Ryu picks it ----

// A positive decimal d1.d2d3... * 10^exponent, without trailing zeros.
struct decimal_form {
  char digits[24] = {};
  int count = 0;
  int exponent = 0;
};

// Reads to_chars' scientific text "d[.ddd]e±XX".
decimal_form read_scientific(const char* first, const char* last) {
  decimal_form out;
  const char* p = first;
  for (; p != last && *p != 'e'; ++p)
    if (*p != '.')
      out.digits[out.count++] = *p;
  const bool negative = p + 1 < last && p[1] == '-';
  int magnitude = 0;
  if (p + 2 < last)
    std::from_chars(p + 2, last, magnitude);
  out.exponent = negative ? -magnitude : magnitude;
  while (out.count > 1 && out.digits[out.count - 1] == '0')
    --out.count;
  return out;
}

// Is digits * 10^k exactly odd * 2^j? Both sides factored into 2s, 5s and the
// rest; all in 64-bit integers (digits < 10^17, odd < 2^56).
bool decimal_equals(uint64_t digits, int k, uint64_t odd, int j) {
  if (digits == 0)
    return false;
  int twos = 0, fives = 0;
  for (; digits % 2 == 0; digits /= 2)
    ++twos;
  for (; digits % 5 == 0; digits /= 5)
    ++fives;
  if (twos + k != j || fives + k < 0)
    return false;
  for (int i = 0; i < fives + k; ++i) {
    if (digits > odd / 5)
      return false;
    digits *= 5;
  }
  return digits == odd;
}

// Does the decimal lie exactly halfway between `magnitude` (> 0, finite) and
// one of its neighbours?
template <class F>
bool lies_on_halfway_point(const decimal_form& decimal, F magnitude) {
  using traits = float_traits<F>;
  const auto bits = std::bit_cast<typename traits::bits_t>(magnitude);
  const uint64_t fraction = bits & ((uint64_t{1} << traits::fraction_bits) - 1);
  const int field = static_cast<int>(bits >> traits::fraction_bits);
  const uint64_t hidden_bit = field == 0 ? 0 : uint64_t{1} << traits::fraction_bits;
  const uint64_t significand = fraction | hidden_bit;
  const int exponent = (field == 0 ? 1 : field) - traits::exponent_bias;

  uint64_t digits = 0;
  for (int i = 0; i < decimal.count; ++i)
    digits = digits * 10 + static_cast<uint64_t>(decimal.digits[i] - '0');
  const int k = decimal.exponent - (decimal.count - 1);

  if (decimal_equals(digits, k, 2 * significand + 1, exponent - 1))
    return true;
  if (fraction == 0 && field > 1)  // the gap below a power of two is half as wide
    return decimal_equals(digits, k, 4 * significand - 1, exponent - 2);
  return decimal_equals(digits, k, 2 * significand - 1, exponent - 1);
}

template <class F>
decimal_form pg_shortest_decimal(F magnitude) {
  char text[64];
  const char* end = std::to_chars(text, text + sizeof text, magnitude,
                                  std::chars_format::scientific).ptr;
  decimal_form decimal = read_scientific(text, end);
  // precision = digits after the point: one significant digit more each time.
  constexpr int max_digits = float_traits<F>::max_shortest_digits;
  for (int precision = decimal.count;
       precision < max_digits && lies_on_halfway_point(decimal, magnitude); ++precision) {
    end = std::to_chars(text, text + sizeof text, magnitude, std::chars_format::scientific,
                        precision).ptr;
    decimal = read_scientific(text, end);
  }
  return decimal;
}

// float4out / float8out with extra_float_digits > 0.
template <class F>
std::string pg_float_text(F value) {
  if (std::isnan(value))
    return "NaN";
  const bool negative = std::signbit(value);
  if (std::isinf(value))
    return negative ? "-Infinity" : "Infinity";
  if (value == 0)
    return negative ? "-0" : "0";

  const decimal_form decimal = pg_shortest_decimal(std::fabs(value));
  const std::string_view digits(decimal.digits, static_cast<size_t>(decimal.count));
  const int e = decimal.exponent;
  std::string out;
  if (negative)
    out += '-';
  if (e >= -4 && e < float_traits<F>::fixed_notation_limit) {
    if (e < 0) {
      out += "0.";
      out.append(static_cast<size_t>(-e - 1), '0');
      out += digits;
      return out;
    }
    const auto integer_digits = static_cast<size_t>(e + 1);
    if (digits.size() <= integer_digits) {
      out += digits;
      out.append(integer_digits - digits.size(), '0');
    } else {
      out += digits.substr(0, integer_digits);
      out += '.';
      out += digits.substr(integer_digits);
    }
    return out;
  }
  out += digits[0];
  if (digits.size() > 1) {
    out += '.';
    out += digits.substr(1);
  }
  out += e < 0 ? "e-" : "e+";
  if (std::abs(e) < 10)
    out += '0';
  out += std::to_string(std::abs(e));
  return out;
}

// float4out / float8out with extra_float_digits <= 0 (pg_strfromd).
std::string pg_float_text_rounded(double value, int significant_digits) {
  if (std::isnan(value))
    return "NaN";
  std::string out = std::signbit(value) ? "-" : "";
  value = std::fabs(value);
  if (std::isinf(value))
    return out + "Infinity";
  const int precision = std::clamp(significant_digits, 1, 32);
  char text[64];
  char* end = std::to_chars(text, text + sizeof text, value, std::chars_format::general,
                            precision).ptr;
  return out.append(text, end);
}

// ---- Input ----

bool is_c_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

template <class F>
result<sql_value, pg_error> parse_float_text(std::string_view text) {
  constexpr std::string_view sql_name = float_traits<F>::sql_name;
  const char* const end = text.data() + text.size();
  const char* number = text.data();
  while (number != end && is_c_space(*number))
    ++number;
  F value{};
  const auto read = read_strtod_number(number, end, value);
  if (read.ec == std::errc::invalid_argument)
    return fail(invalid_text_representation(sql_name, text));
  if (read.ec == std::errc::result_out_of_range) {
    // float8in quotes the number it read, float4in the whole input.
    const std::string shown = std::is_same_v<F, float>
                                  ? std::string(text)
                                  : std::string(number, static_cast<size_t>(read.ptr - number));
    return fail(numeric_value_out_of_range("\"" + shown + "\" is out of range for type " +
                                           std::string(sql_name)));
  }
  const char* rest = read.ptr;
  while (rest != end && is_c_space(*rest))
    ++rest;
  if (rest != end)
    return fail(invalid_text_representation(sql_name, text));
  return sql_value{pg_float_text(value)};
}

template <class F>
result<sql_value, pg_error> parse_float_binary(std::string_view bytes) {
  using bits_t = typename float_traits<F>::bits_t;
  if (bytes.size() != sizeof(bits_t))
    return fail(invalid_binary_representation("incorrect binary data format"));
  bits_t bits = 0;
  for (const char byte : bytes)
    bits = static_cast<bits_t>(bits << 8 | static_cast<unsigned char>(byte));
  return sql_value{pg_float_text(std::bit_cast<F>(bits))};
}

// ---- Stored values ----

// The value of a whole stored text ("1.5", "-Infinity", "NaN"), or false.
template <class F>
bool read_stored_text(std::string_view text, F& value) {
  const char* end = text.data() + text.size();
  const auto read = std::from_chars(text.data(), end, value, std::chars_format::general);
  return read.ec == std::errc{} && read.ptr == end;
}

// The value of any stored sql_value, or false when it has none.
template <class F>
bool read_stored_value(const sql_value& stored, F& value) {
  if (const auto* text = std::get_if<std::string>(&stored))
    return read_stored_text(*text, value);
  if (const auto* real = std::get_if<double>(&stored)) {
    value = static_cast<F>(*real);
    return true;
  }
  if (const auto* integer = std::get_if<int64_t>(&stored)) {
    value = static_cast<F>(*integer);
    return true;
  }
  return false;
}

std::string stored_as_is(const sql_value& stored) {
  if (const auto* text = std::get_if<std::string>(&stored))
    return *text;
  if (const auto* blob = std::get_if<sql_blob>(&stored))
    return blob->bytes;
  return {};
}

template <class F>
std::string format_float_text(const sql_value& stored, const type_settings& settings) {
  const int extra_digits = settings.extra_float_digits;
  if (extra_digits > 0 && std::holds_alternative<std::string>(stored))
    return std::get<std::string>(stored);
  F value{};
  if (!read_stored_value(stored, value))
    return stored_as_is(stored);
  if (extra_digits > 0)
    return pg_float_text(value);
  return pg_float_text_rounded(static_cast<double>(value),
                               float_traits<F>::output_digits + extra_digits);
}

template <class F>
std::string format_float_binary(const sql_value& stored) {
  F value{};
  if (!read_stored_value(stored, value) || std::isnan(value))
    value = std::numeric_limits<F>::quiet_NaN();
  auto bits = std::bit_cast<typename float_traits<F>::bits_t>(value);
  std::string out(sizeof bits, '\0');
  for (size_t i = sizeof bits; i-- > 0; bits >>= 8)
    out[i] = static_cast<char>(bits & 0xFF);
  return out;
}

bool is_float4(const column_type& type) { return type.oid == 700; }

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings&) {
  return is_float4(type) ? parse_float_text<float>(text) : parse_float_text<double>(text);
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  return is_float4(type) ? parse_float_binary<float>(bytes) : parse_float_binary<double>(bytes);
}

std::string format_text(const column_type& type, const sql_value& stored,
                        const type_settings& settings) {
  return is_float4(type) ? format_float_text<float>(stored, settings)
                         : format_float_text<double>(stored, settings);
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  return is_float4(type) ? format_float_binary<float>(stored) : format_float_binary<double>(stored);
}

}  // namespace

const type_codec& float_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

// float8_cmp on the stored texts: -0 = 0; -Infinity < finite < Infinity < NaN;
// NaN = NaN. A text with no float value sorts after all that have one.
int compare_stored_float(std::string_view a, std::string_view b) {
  if (a == b)
    return 0;
  double x = 0, y = 0;
  const bool a_valid = read_stored_text(a, x);
  const bool b_valid = read_stored_text(b, y);
  if (a_valid && b_valid) {
    const bool a_nan = std::isnan(x), b_nan = std::isnan(y);
    if (a_nan || b_nan)
      return a_nan == b_nan ? 0 : a_nan ? 1 : -1;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (a_valid != b_valid)
    return a_valid ? -1 : 1;
  return a < b ? -1 : 1;
}

}  // namespace tributary
