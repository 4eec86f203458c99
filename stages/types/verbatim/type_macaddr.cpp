// type_macaddr: macaddr and macaddr8, as PostgreSQL 15's macaddr_recv /
// macaddr_send / macaddr8_recv / macaddr8_send, with the stored form kept as
// the output function's text.
//
// Stored form: TEXT, the output: six (macaddr) or eight (macaddr8) lowercase
// hex pairs joined by ':' (08:00:2b:01:02:03); parse_text keeps the text
// verbatim, format_text returns it (verbatim_text.hpp). Byte order of that
// text is PostgreSQL's order, so the BINARY collation fits.
// Binary: the 6 / 8 bytes.
//   parse_binary   macaddr: fewer than 6 bytes 08P01 no data left in message,
//                  more 22P03 incorrect binary data format. macaddr8: exactly
//                  6 bytes are widened to EUI-64 (ff:fe inserted after the
//                  third byte), as macaddr8_recv does; otherwise 8 bytes, with
//                  the same errors.
//   format_binary  the stored text's hex digits in order (separators of any
//                  kind skipped), zero-filled; a macaddr8 text of exactly 12
//                  hex digits (a 6-byte form) is widened as above.
#include <algorithm>
#include <string>

#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr oid_t macaddr8_oid = 774;

size_t address_size(const column_type& type) { return type.oid == macaddr8_oid ? 8 : 6; }

std::string address_text(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i > 0)
      out += ':';
    const auto b = static_cast<unsigned char>(bytes[i]);
    out += digits[b >> 4];
    out += digits[b & 0x0F];
  }
  return out;
}

std::string widened_to_eui64(std::string_view six) {
  std::string out(six.substr(0, 3));
  out += '\xFF';
  out += '\xFE';
  out += six.substr(3, 3);
  return out;
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  const size_t size = address_size(type);
  if (type.oid == macaddr8_oid && bytes.size() == 6)
    return sql_value{address_text(widened_to_eui64(bytes))};
  if (bytes.size() < size)
    return fail(no_data_left());
  if (bytes.size() > size)
    return fail(unconsumed_binary_data());
  return sql_value{address_text(bytes)};
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  std::string digits;
  for (char c : verbatim_stored_text(stored))
    if (hex_value(c) >= 0)
      digits += c;
  const size_t size = address_size(type);
  std::string bytes(size, '\0');
  const size_t pairs = std::min(size, digits.size() / 2);
  for (size_t i = 0; i < pairs; ++i)
    bytes[i] = static_cast<char>((hex_value(digits[2 * i]) << 4) | hex_value(digits[2 * i + 1]));
  if (type.oid == macaddr8_oid && digits.size() == 12)
    return widened_to_eui64(bytes);
  return bytes;
}

}  // namespace

const type_codec& macaddr_codec() {
  static const type_codec codec{keep_text_verbatim, parse_binary, format_verbatim_text,
                                format_binary};
  return codec;
}

}  // namespace tributary
