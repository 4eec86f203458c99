// type_numeric: the numeric codec and the pg_numeric collation.
//
// Stored form: TEXT, exactly what numeric_out prints for the value after the
// column's typmod ("1234.50" in numeric(12,2), "0.00", "NaN", "Infinity",
// "-Infinity"; never "-0"). The conversions themselves are in
// type_numeric_value.cpp (type_numeric.hpp).
//
//   parse_text     numeric_in with the column's typmod
//   parse_binary   numeric_recv with the column's typmod
//   format_text    the stored text as is; a stored integer prints as decimal, a
//                  stored real as float8_numeric would convert it (%.15g), a blob
//                  as its bytes
//   format_binary  numeric_send of the stored value; a stored text that is not a
//                  numeric (another tool's) is sent as NaN
//
// compare_stored_numeric: numeric_cmp over stored texts without allocating:
// -Infinity < finite < Infinity < NaN = NaN; finite values by sign, then
// integer digits (leading zeros ignored), then fraction digits (missing ones
// are zeros), so 1.0 = 1.00. A finite stored text is -?[0-9]+(\.[0-9]+)?; any
// other text sorts after every numeric, then by bytes.
#include "stages/types/numeric/type_numeric.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

// ---- the codec ----

result<sql_value, pg_error> stored_from(result<numeric_value, pg_error> parsed) {
  if (!parsed)
    return fail(std::move(parsed.error()));
  return sql_value{format_numeric_text(*parsed)};
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings&) {
  if (numeric_text_is_canonical(text, type.typmod))
    return sql_value{std::string(text)};
  return stored_from(parse_numeric_text(text, type.typmod));
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  return stored_from(parse_numeric_binary(bytes, type.typmod));
}

// float8_numeric: NaN and the infinities map to numeric's; others through %.15g.
numeric_value numeric_from_real(double real) {
  numeric_value value;
  if (std::isnan(real)) {
    value.what = numeric_value::kind::nan;
  } else if (std::isinf(real)) {
    value.what = real > 0 ? numeric_value::kind::positive_infinity
                          : numeric_value::kind::negative_infinity;
  } else {
    char text[64];
    std::snprintf(text, sizeof text, "%.15g", real);
    if (auto parsed = parse_numeric_text(text))
      value = std::move(*parsed);
  }
  return value;
}

// The stored value as a numeric; NaN for a text that is not one.
numeric_value numeric_from_stored(const sql_value& stored) {
  struct visitor {
    numeric_value operator()(sql_null) const { return numeric_value{}; }
    numeric_value operator()(int64_t v) const { return from_text(std::to_string(v)); }
    numeric_value operator()(double v) const { return numeric_from_real(v); }
    numeric_value operator()(const std::string& v) const { return from_text(v); }
    numeric_value operator()(const sql_blob& v) const { return from_text(v.bytes); }
    static numeric_value from_text(std::string_view text) {
      if (auto parsed = parse_numeric_text(text))
        return std::move(*parsed);
      numeric_value not_a_number;
      not_a_number.what = numeric_value::kind::nan;
      return not_a_number;
    }
  };
  return std::visit(visitor{}, stored);
}

std::string format_text(const column_type&, const sql_value& stored, const type_settings&) {
  if (const auto* text = std::get_if<std::string>(&stored))
    return *text;
  if (const auto* integer = std::get_if<int64_t>(&stored))
    return std::to_string(*integer);
  if (const auto* real = std::get_if<double>(&stored))
    return format_numeric_text(numeric_from_real(*real));
  if (const auto* blob = std::get_if<sql_blob>(&stored))
    return blob->bytes;
  return {};
}

std::string format_binary(const column_type&, const sql_value& stored) {
  return format_numeric_binary(numeric_from_stored(stored));
}

// ---- the collation ----

enum class stored_rank : int { minus_infinity, finite, plus_infinity, nan, not_numeric };

struct stored_numeric {
  stored_rank rank = stored_rank::not_numeric;
  int sign = 0;                 // finite: -1, 0, +1
  std::string_view integer;     // leading zeros removed
  std::string_view fraction;    // may end in zeros
};

bool all_zeros(std::string_view digits) {
  return digits.find_first_not_of('0') == std::string_view::npos;
}

bool all_digits(std::string_view text) {
  if (text.empty())
    return false;
  for (char c : text)
    if (c < '0' || c > '9')
      return false;
  return true;
}

stored_numeric read_stored(std::string_view text) {
  stored_numeric out;
  if (text == "NaN") {
    out.rank = stored_rank::nan;
    return out;
  }
  if (text == "Infinity") {
    out.rank = stored_rank::plus_infinity;
    return out;
  }
  if (text == "-Infinity") {
    out.rank = stored_rank::minus_infinity;
    return out;
  }
  const bool negative = !text.empty() && text[0] == '-';
  std::string_view body = text.substr(negative ? 1 : 0);
  const size_t point = body.find('.');
  std::string_view integer = body.substr(0, point);
  std::string_view fraction =
      point == std::string_view::npos ? std::string_view{} : body.substr(point + 1);
  if (!all_digits(integer) || (point != std::string_view::npos && !all_digits(fraction)))
    return out;
  const size_t first_significant = integer.find_first_not_of('0');
  integer.remove_prefix(first_significant == std::string_view::npos ? integer.size()
                                                                     : first_significant);
  out.rank = stored_rank::finite;
  out.integer = integer;
  out.fraction = fraction;
  const bool zero = integer.empty() && all_zeros(fraction);
  out.sign = zero ? 0 : negative ? -1 : 1;
  return out;
}

int sign_of(int n) { return (n > 0) - (n < 0); }

// |a| vs |b| of two finite stored values.
int compare_magnitudes(const stored_numeric& a, const stored_numeric& b) {
  if (a.integer.size() != b.integer.size())
    return a.integer.size() < b.integer.size() ? -1 : 1;
  if (int by_integer = a.integer.compare(b.integer); by_integer != 0)
    return sign_of(by_integer);
  const size_t common = std::min(a.fraction.size(), b.fraction.size());
  if (int by_fraction = a.fraction.substr(0, common).compare(b.fraction.substr(0, common));
      by_fraction != 0)
    return sign_of(by_fraction);
  if (!all_zeros(a.fraction.substr(common)))
    return 1;
  if (!all_zeros(b.fraction.substr(common)))
    return -1;
  return 0;
}

const type_codec numeric_codec_instance{parse_text, parse_binary, format_text, format_binary};

}  // namespace

bool numeric_text_is_canonical(std::string_view text, int32_t typmod) {
  // Short texts only: a long one may pass numeric's storage limits.
  constexpr size_t longest = 64;
  if (text.empty() || text.size() > longest)
    return false;
  size_t i = 0;
  const bool negative = text[0] == '-';
  if (negative)
    ++i;
  const size_t integer_start = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9')
    ++i;
  const size_t integer_digits = i - integer_start;
  if (integer_digits == 0 || (integer_digits > 1 && text[integer_start] == '0'))
    return false;
  bool nonzero = integer_digits > 1 || text[integer_start] != '0';
  size_t fraction_digits = 0;
  if (i < text.size()) {
    if (text[i] != '.')
      return false;
    ++i;
    const size_t fraction_start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      nonzero |= text[i] != '0';
      ++i;
    }
    fraction_digits = i - fraction_start;
    if (fraction_digits == 0 || i != text.size())
      return false;
  }
  if (negative && !nonzero)
    return false;  // numeric_out prints no negative zero
  if (typmod < 4)  // no typmod (-1): the text keeps its own scale
    return true;
  const int32_t precision = ((typmod - 4) >> 16) & 0xffff;
  const int32_t scale = (((typmod - 4) & 0x7ff) ^ 1024) - 1024;
  // A negative scale rounds, a scale above the precision limits the fraction's
  // leading digits: both left to numeric_in.
  if (scale < 0 || scale > precision || static_cast<size_t>(scale) != fraction_digits)
    return false;
  const size_t significant_integer_digits = text[integer_start] == '0' ? 0 : integer_digits;
  return significant_integer_digits <= static_cast<size_t>(precision - scale);
}

const type_codec& numeric_codec() { return numeric_codec_instance; }

int compare_stored_numeric(std::string_view a, std::string_view b) {
  const stored_numeric left = read_stored(a);
  const stored_numeric right = read_stored(b);
  if (left.rank != right.rank)
    return left.rank < right.rank ? -1 : 1;
  switch (left.rank) {
    case stored_rank::not_numeric: return sign_of(a.compare(b));
    case stored_rank::finite: break;
    default: return 0;
  }
  if (left.sign != right.sign)
    return left.sign < right.sign ? -1 : 1;
  return left.sign * compare_magnitudes(left, right);
}

}  // namespace tributary
