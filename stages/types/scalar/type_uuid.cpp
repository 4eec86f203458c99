// type_uuid: uuid, as PostgreSQL 15's uuid_in / uuid_out / uuid_recv / uuid_send.
//
// Stored form: TEXT, the canonical output: 32 lowercase hex digits grouped
// 8-4-4-4-12. Its byte order is PostgreSQL's uuid_cmp (memcmp of the 16 bytes),
// so the column uses the BINARY collation.
//
// Text input (uuid_in): 32 hex digits in either case, optionally enclosed in
// braces; one hyphen may follow any group of four digits except the last.
// Nothing else — no whitespace, no doubled or leading hyphen:
//   22P02 invalid input syntax for type uuid: "<text>"
// Binary: the 16 bytes. Fewer: 08P01 insufficient data left in message; more:
// 22P03 incorrect binary data format (what PostgreSQL reports for a parameter or
// COPY field that its receive function does not consume).
// A stored value that is not canonical text (another tool's) is printed as it
// is; its binary form is its hex digits in order, zero-filled to 16 bytes.
#include <array>
#include <optional>
#include <string>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

constexpr size_t uuid_length = 16;
using uuid_bytes = std::array<unsigned char, uuid_length>;

int hex_digit_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

// uuid_in's grammar; nullopt when the text is not a uuid.
std::optional<uuid_bytes> read_uuid(std::string_view text) {
  const bool braces = !text.empty() && text.front() == '{';
  if (braces)
    text.remove_prefix(1);
  uuid_bytes out{};
  size_t at = 0;
  for (size_t i = 0; i < uuid_length; ++i) {
    if (at + 2 > text.size())
      return std::nullopt;
    const int high = hex_digit_value(text[at]);
    const int low = hex_digit_value(text[at + 1]);
    if (high < 0 || low < 0)
      return std::nullopt;
    out[i] = static_cast<unsigned char>((high << 4) | low);
    at += 2;
    const bool after_group_of_four = i % 2 == 1 && i < uuid_length - 1;
    if (after_group_of_four && at < text.size() && text[at] == '-')
      ++at;
  }
  if (braces) {
    if (at >= text.size() || text[at] != '}')
      return std::nullopt;
    ++at;
  }
  if (at != text.size())
    return std::nullopt;
  return out;
}

std::string canonical_text(const uuid_bytes& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(36);
  for (size_t i = 0; i < uuid_length; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10)
      out += '-';
    out += digits[bytes[i] >> 4];
    out += digits[bytes[i] & 0x0f];
  }
  return out;
}

result<sql_value, pg_error> parse_text(const column_type&, std::string_view text,
                                       const type_settings&) {
  const auto bytes = read_uuid(text);
  if (!bytes)
    return fail(invalid_text_representation("uuid", text));
  return sql_value{canonical_text(*bytes)};
}

result<sql_value, pg_error> parse_binary(const column_type&, std::string_view data) {
  if (data.size() < uuid_length)
    return fail(make_pg_error("08P01", "insufficient data left in message"));
  if (data.size() > uuid_length)
    return fail(invalid_binary_representation("incorrect binary data format"));
  uuid_bytes bytes{};
  for (size_t i = 0; i < uuid_length; ++i)
    bytes[i] = static_cast<unsigned char>(data[i]);
  return sql_value{canonical_text(bytes)};
}

// The hex digits of any text, in order, zero-filled: a best effort for a
// stored text that is not a uuid.
uuid_bytes lenient_uuid_bytes(std::string_view text) {
  uuid_bytes out{};
  size_t nibble = 0;
  for (const char c : text) {
    const int value = hex_digit_value(c);
    if (value < 0)
      continue;
    if (nibble == 2 * uuid_length)
      break;
    out[nibble / 2] |= static_cast<unsigned char>(nibble % 2 == 0 ? value << 4 : value);
    ++nibble;
  }
  return out;
}

uuid_bytes stored_uuid_bytes(const sql_value& stored) {
  if (const auto* text = std::get_if<std::string>(&stored)) {
    if (auto bytes = read_uuid(*text))
      return *bytes;
    return lenient_uuid_bytes(*text);
  }
  if (const auto* blob = std::get_if<sql_blob>(&stored)) {
    uuid_bytes out{};
    for (size_t i = 0; i < uuid_length && i < blob->bytes.size(); ++i)
      out[i] = static_cast<unsigned char>(blob->bytes[i]);
    return out;
  }
  return uuid_bytes{};
}

std::string format_text(const column_type&, const sql_value& stored, const type_settings&) {
  if (const auto* text = std::get_if<std::string>(&stored))
    return *text;
  if (const auto* integer = std::get_if<int64_t>(&stored))
    return std::to_string(*integer);
  if (const auto* real = std::get_if<double>(&stored))
    return std::to_string(*real);
  return canonical_text(stored_uuid_bytes(stored));
}

std::string format_binary(const column_type&, const sql_value& stored) {
  const uuid_bytes bytes = stored_uuid_bytes(stored);
  return std::string(bytes.begin(), bytes.end());
}

}  // namespace

const type_codec& uuid_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
