// type_bit: bit(n) and bit varying(n), as PostgreSQL 15's bit_in / varbit_in,
// bit_out, bit_recv / varbit_recv and bit_send.
//
// Stored form: TEXT, one '0' or '1' character per bit (the type's output). Its
// byte order is PostgreSQL's bitcmp (bytes over the shorter length, then the
// shorter string first: '1' < '10' < '101'), so the column uses BINARY.
//
// Text input, as the input function with the column's typmod (the path COPY and
// logical replication take):
//   an optional leading b/B: binary digits follow; x/X: hex digits follow (each
//   is 4 bits, X1F -> 00011111); otherwise binary digits. Nothing else, not even
//   spaces, is allowed. The length is checked before the digits, and counts
//   bytes of the text (an "é" is 2):
//     bit(n)    22026 bit string length 3 does not match type bit(8)
//     varbit(n) 22001 bit string too long for type bit varying(3)
//     digits    22P02 "2" is not a valid binary digit
//               22P02 "G" is not a valid hexadecimal digit  (the UTF-8 character)
//   A typmod <= 0 means no length constraint ('' is an empty bit string).
// Binary: int32 bit length, then ceil(length / 8) bytes, most significant bit
// first; receive zeroes the pad bits and checks the typmod as text input does.
//   22P03 invalid length in external bit string  (negative length)
//   08P01 insufficient data left in message       (fewer bytes than the length)
//   22P03 incorrect binary data format            (more bytes)
// A stored text of other characters (another tool's) prints as it is; in binary
// every character other than '1' is a 0 bit.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

constexpr oid_t bit_oid = 1560;
// PostgreSQL's VARBITMAXLEN: INT_MAX - BITS_PER_BYTE + 1.
constexpr int64_t max_bit_length = std::numeric_limits<int32_t>::max() - 8 + 1;

size_t utf8_character_length(std::string_view text, size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  size_t length = 1;
  if ((lead & 0xe0) == 0xc0)
    length = 2;
  else if ((lead & 0xf0) == 0xe0)
    length = 3;
  else if ((lead & 0xf8) == 0xf0)
    length = 4;
  return std::min(length, text.size() - at);
}

pg_error invalid_digit(std::string_view digits, size_t at, std::string_view kind) {
  return make_pg_error("22P02", "\"" +
                                    std::string(digits.substr(at, utf8_character_length(digits, at))) +
                                    "\" is not a valid " + std::string(kind) + " digit");
}

// The typmod check of bit_in / varbit_in / bit_recv / varbit_recv.
std::optional<pg_error> check_length(const column_type& type, int64_t bit_length) {
  if (type.typmod <= 0)
    return std::nullopt;
  if (type.oid == bit_oid && bit_length != type.typmod)
    return make_pg_error("22026", "bit string length " + std::to_string(bit_length) +
                                      " does not match type bit(" +
                                      std::to_string(type.typmod) + ")");
  if (type.oid != bit_oid && bit_length > type.typmod)
    return make_pg_error("22001", "bit string too long for type bit varying(" +
                                      std::to_string(type.typmod) + ")");
  return std::nullopt;
}

int hex_digit_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings&) {
  bool hex = false;
  std::string_view digits = text;
  if (!digits.empty() && (digits[0] == 'b' || digits[0] == 'B')) {
    digits.remove_prefix(1);
  } else if (!digits.empty() && (digits[0] == 'x' || digits[0] == 'X')) {
    hex = true;
    digits.remove_prefix(1);
  }
  const int64_t bit_length = static_cast<int64_t>(digits.size()) * (hex ? 4 : 1);
  if (auto error = check_length(type, bit_length))
    return fail(std::move(*error));

  std::string bits;
  bits.reserve(static_cast<size_t>(bit_length));
  for (size_t i = 0; i < digits.size(); ++i) {
    if (!hex) {
      if (digits[i] != '0' && digits[i] != '1')
        return fail(invalid_digit(digits, i, "binary"));
      bits += digits[i];
      continue;
    }
    const int value = hex_digit_value(digits[i]);
    if (value < 0)
      return fail(invalid_digit(digits, i, "hexadecimal"));
    for (int shift = 3; shift >= 0; --shift)
      bits += (value >> shift) & 1 ? '1' : '0';
  }
  return sql_value{std::move(bits)};
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view data) {
  if (data.size() < 4)
    return fail(make_pg_error("08P01", "insufficient data left in message"));
  uint32_t raw_length = 0;
  for (size_t i = 0; i < 4; ++i)
    raw_length = (raw_length << 8) | static_cast<unsigned char>(data[i]);
  const auto bit_length = static_cast<int64_t>(static_cast<int32_t>(raw_length));
  if (bit_length < 0 || bit_length > max_bit_length)
    return fail(invalid_binary_representation("invalid length in external bit string"));
  if (auto error = check_length(type, bit_length))
    return fail(std::move(*error));
  const std::string_view payload = data.substr(4);
  const auto byte_length = static_cast<size_t>((bit_length + 7) / 8);
  if (payload.size() < byte_length)
    return fail(make_pg_error("08P01", "insufficient data left in message"));
  if (payload.size() > byte_length)
    return fail(invalid_binary_representation("incorrect binary data format"));
  std::string bits;
  bits.reserve(static_cast<size_t>(bit_length));
  for (int64_t i = 0; i < bit_length; ++i) {
    const auto byte = static_cast<unsigned char>(payload[static_cast<size_t>(i / 8)]);
    bits += (byte >> (7 - i % 8)) & 1 ? '1' : '0';
  }
  return sql_value{std::move(bits)};
}

std::string stored_text(const sql_value& stored) {
  if (const auto* text = std::get_if<std::string>(&stored))
    return *text;
  if (const auto* blob = std::get_if<sql_blob>(&stored))
    return blob->bytes;
  if (const auto* integer = std::get_if<int64_t>(&stored))
    return std::to_string(*integer);
  if (const auto* real = std::get_if<double>(&stored))
    return std::to_string(*real);
  return {};
}

std::string format_text(const column_type&, const sql_value& stored, const type_settings&) {
  return stored_text(stored);
}

std::string format_binary(const column_type&, const sql_value& stored) {
  const std::string bits = stored_text(stored);
  const auto bit_length = static_cast<uint32_t>(bits.size());
  std::string out(4 + (bits.size() + 7) / 8, '\0');
  for (size_t i = 0; i < 4; ++i)
    out[i] = static_cast<char>(bit_length >> (8 * (3 - i)));
  for (size_t i = 0; i < bits.size(); ++i)
    if (bits[i] == '1')
      out[4 + i / 8] = static_cast<char>(out[4 + i / 8] | (0x80 >> (i % 8)));
  return out;
}

}  // namespace

const type_codec& bit_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
