// type_integer: int2, int4, int8, oid, regproc/regclass/regtype, xid and cid.
//
// Stored form: INTEGER, the value itself (oid-like types as their unsigned value).
// Text input as PostgreSQL 15's int2in/int4in/int8in/oidin: surrounding
// whitespace, optional sign, decimal digits; out of range -> 22003
// `value "x" is out of range for type integer`; anything else -> 22P02. oid input
// also takes negative values down to -2147483648 and wraps them, as oidin does.
// Binary: 2/4/8-byte big-endian; a length that does not fit -> 22P03.
// Output: plain decimal.
#include <charconv>
#include <cstdint>
#include <limits>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

struct integer_kind {
  std::string_view sql_name;  // for messages
  int64_t low;
  int64_t high;
  size_t binary_size;
  bool unsigned_wrap;         // oid-like: negative input wraps to unsigned
};

integer_kind kind_of(oid_t oid) {
  switch (oid) {
    case 21: return {"smallint", std::numeric_limits<int16_t>::min(),
                     std::numeric_limits<int16_t>::max(), 2, false};
    case 23: return {"integer", std::numeric_limits<int32_t>::min(),
                     std::numeric_limits<int32_t>::max(), 4, false};
    case 20: return {"bigint", std::numeric_limits<int64_t>::min(),
                     std::numeric_limits<int64_t>::max(), 8, false};
    case 28: return {"xid", 0, std::numeric_limits<uint32_t>::max(), 4, true};
    case 29: return {"cid", 0, std::numeric_limits<uint32_t>::max(), 4, true};
    default: return {"oid", 0, std::numeric_limits<uint32_t>::max(), 4, true};
  }
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && is_space(s.back()))
    s.remove_suffix(1);
  return s;
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings&) {
  const integer_kind kind = kind_of(type.oid);
  std::string_view digits = trim(text);
  bool negative = false;
  if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) {
    negative = digits[0] == '-';
    digits.remove_prefix(1);
  }
  if (digits.empty() || digits[0] < '0' || digits[0] > '9')
    return fail(invalid_text_representation(kind.sql_name, text));
  uint64_t magnitude = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude);
  if (end != digits.data() + digits.size()) {
    // Trailing garbage is a syntax error even after an overflowing number.
    for (const char* p = end; p < digits.data() + digits.size(); ++p)
      if (*p < '0' || *p > '9')
        return fail(invalid_text_representation(kind.sql_name, text));
  }
  const auto out_of_range = [&] {
    return fail(numeric_value_out_of_range("value \"" + std::string(text) +
                                           "\" is out of range for type " +
                                           std::string(kind.sql_name)));
  };
  if (ec == std::errc::result_out_of_range)
    return out_of_range();
  constexpr uint64_t int64_min_magnitude = uint64_t{1} << 63;
  if (negative) {
    if (magnitude > int64_min_magnitude)
      return out_of_range();
    const int64_t value = magnitude == int64_min_magnitude
                              ? std::numeric_limits<int64_t>::min()
                              : -static_cast<int64_t>(magnitude);
    if (kind.unsigned_wrap) {
      if (value < std::numeric_limits<int32_t>::min())
        return out_of_range();
      return sql_value{static_cast<int64_t>(static_cast<uint32_t>(value))};
    }
    if (value < kind.low)
      return out_of_range();
    return sql_value{value};
  }
  if (magnitude > static_cast<uint64_t>(kind.high))
    return out_of_range();
  return sql_value{static_cast<int64_t>(magnitude)};
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  const integer_kind kind = kind_of(type.oid);
  if (bytes.size() != kind.binary_size)
    return fail(invalid_binary_representation("incorrect binary data format"));
  uint64_t bits = 0;
  for (char c : bytes)
    bits = (bits << 8) | static_cast<uint8_t>(c);
  int64_t value = 0;
  if (kind.unsigned_wrap)
    value = static_cast<int64_t>(bits);
  else if (kind.binary_size == 2)
    value = static_cast<int16_t>(bits);
  else if (kind.binary_size == 4)
    value = static_cast<int32_t>(bits);
  else
    value = static_cast<int64_t>(bits);
  return sql_value{value};
}

int64_t stored_integer(const sql_value& stored) {
  if (const auto* i = std::get_if<int64_t>(&stored))
    return *i;
  if (const auto* d = std::get_if<double>(&stored))
    return static_cast<int64_t>(*d);
  if (const auto* s = std::get_if<std::string>(&stored)) {
    int64_t v = 0;
    std::from_chars(s->data(), s->data() + s->size(), v);
    return v;
  }
  return 0;
}

std::string format_text(const column_type&, const sql_value& stored, const type_settings&) {
  if (const auto* s = std::get_if<std::string>(&stored))
    return *s;  // another tool's text in an integer column: shown as it is
  return std::to_string(stored_integer(stored));
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  const integer_kind kind = kind_of(type.oid);
  const auto bits = static_cast<uint64_t>(stored_integer(stored));
  std::string out(kind.binary_size, '\0');
  for (size_t i = 0; i < kind.binary_size; ++i)
    out[i] = static_cast<char>(bits >> (8 * (kind.binary_size - 1 - i)));
  return out;
}

}  // namespace

const type_codec& integer_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
