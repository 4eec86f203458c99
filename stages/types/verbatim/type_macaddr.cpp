// type_macaddr: macaddr and macaddr8, as PostgreSQL 15's macaddr_recv /
// macaddr_send / macaddr8_recv / macaddr8_send, with the stored form kept as
// the output function's text.
//
// Stored form: TEXT, the output: six (macaddr) or eight (macaddr8) lowercase
// hex pairs joined by ':' (08:00:2b:01:02:03); format_text returns it
// (verbatim_text.hpp). Byte order of that text is PostgreSQL's order, so the
// BINARY collation fits.
//   parse_text     the input function, then the output text:
//                  macaddr_in: the first of sscanf's patterns that reads six
//                    numbers with only spaces after them: %x:%x:%x:%x:%x:%x,
//                    the same with '-', %2x%2x%2x:%2x%2x%2x, the same with
//                    '-', %2x%2x.%2x%2x.%2x%2x, %2x%2x-%2x%2x-%2x%2x,
//                    %2x%2x%2x%2x%2x%2x (each %x: spaces, a sign, "0x", hex
//                    digits); no match 22P02 invalid input syntax for type
//                    macaddr: "<text>"; a number outside 0..255 22003 invalid
//                    octet value in "macaddr" value: "<text>".
//                  macaddr8_in: leading spaces, then pairs of hex digits, each
//                    optionally followed by one separator (':', '-' or '.',
//                    the same one throughout); spaces only after the 6th or
//                    8th pair; a last single character is ignored; 6 pairs
//                    are widened to EUI-64 (ff:fe inserted); anything else
//                    22P02 invalid input syntax for type macaddr8: "<text>".
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
#include <array>
#include <cstdint>
#include <optional>
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

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// ---- macaddr_in ---------------------------------------------------------------

// One sscanf pattern: `separators[i]` is the literal after the i-th number
// ('\0' for none); `width` 0 means unbounded %x, else %2x.
struct scanf_pattern {
  char separators[5];
  int width;
};

constexpr scanf_pattern macaddr_patterns[] = {
    {{':', ':', ':', ':', ':'}, 0}, {{'-', '-', '-', '-', '-'}, 0},
    {{0, 0, ':', 0, 0}, 2},         {{0, 0, '-', 0, 0}, 2},
    {{0, '.', 0, '.', 0}, 2},       {{0, '-', 0, '-', 0}, 2},
    {{0, 0, 0, 0, 0}, 2},
};

// glibc's %x (width 0: unbounded) stored into an int: spaces, a sign, an
// optional 0x, hex digits; nullopt when no digit is read.
std::optional<int> scan_hex(std::string_view text, size_t& at, int width) {
  while (at < text.size() && is_space(text[at]))
    ++at;
  size_t left = width == 0 ? text.size() : static_cast<size_t>(width);
  bool negative = false;
  if (left > 0 && at < text.size() && (text[at] == '+' || text[at] == '-')) {
    negative = text[at++] == '-';
    --left;
  }
  bool read_zero = false;
  if (left > 0 && at < text.size() && text[at] == '0') {
    ++at, --left, read_zero = true;
    if (left > 0 && at < text.size() && (text[at] == 'x' || text[at] == 'X'))
      ++at, --left;
  }
  uint64_t value = 0;
  bool any_digit = read_zero, saturated = false;
  for (; left > 0 && at < text.size() && hex_value(text[at]) >= 0; ++at, --left) {
    any_digit = true;
    if (value > (UINT64_MAX >> 4))
      saturated = true;
    value = (value << 4) | static_cast<uint64_t>(hex_value(text[at]));
  }
  if (!any_digit)
    return std::nullopt;
  if (saturated)
    value = UINT64_MAX;
  if (negative)
    value = ~value + 1;
  return static_cast<int>(static_cast<uint32_t>(value));
}

// Six numbers by one pattern, then nothing but spaces; nullopt when it does not match.
std::optional<std::array<int, 6>> scan_macaddr(std::string_view text, const scanf_pattern& p) {
  std::array<int, 6> numbers{};
  size_t at = 0;
  for (size_t i = 0; i < 6; ++i) {
    const auto number = scan_hex(text, at, p.width);
    if (!number)
      return std::nullopt;
    numbers[i] = *number;
    if (i < 5 && p.separators[i] != 0) {
      if (at >= text.size() || text[at] != p.separators[i])
        return std::nullopt;
      ++at;
    }
  }
  while (at < text.size() && is_space(text[at]))
    ++at;
  if (at != text.size())
    return std::nullopt;
  return numbers;
}

result<std::string, pg_error> read_macaddr(std::string_view text) {
  for (const auto& pattern : macaddr_patterns) {
    const auto numbers = scan_macaddr(text, pattern);
    if (!numbers)
      continue;
    std::string bytes;
    for (int n : *numbers) {
      if (n < 0 || n > 255)
        return fail(make_pg_error("22003", "invalid octet value in \"macaddr\" value: \"" +
                                               std::string(text) + "\""));
      bytes += static_cast<char>(n);
    }
    return bytes;
  }
  return fail(invalid_text_representation("macaddr", text));
}

// ---- macaddr8_in ----------------------------------------------------------------

std::optional<std::string> read_macaddr8(std::string_view text) {
  size_t at = 0;
  while (at < text.size() && is_space(text[at]))
    ++at;
  std::string bytes;
  char separator = 0;
  while (at + 1 < text.size()) {  // digits come in pairs; a last single character is ignored
    if (bytes.size() == 8)
      return std::nullopt;
    const int high = hex_value(text[at]), low = hex_value(text[at + 1]);
    if (high < 0 || low < 0)
      return std::nullopt;
    bytes += static_cast<char>((high << 4) | low);
    at += 2;
    if (at < text.size() && (text[at] == ':' || text[at] == '-' || text[at] == '.')) {
      if (separator == 0)
        separator = text[at];
      else if (separator != text[at])
        return std::nullopt;
      ++at;
    }
    if ((bytes.size() == 6 || bytes.size() == 8) && at < text.size() && is_space(text[at])) {
      while (at < text.size() && is_space(text[at]))
        ++at;
      if (at != text.size())
        return std::nullopt;
    }
  }
  if (bytes.size() == 6)
    return widened_to_eui64(bytes);
  if (bytes.size() != 8)
    return std::nullopt;
  return bytes;
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings&) {
  if (type.oid == macaddr8_oid) {
    const auto bytes = read_macaddr8(text);
    if (!bytes)
      return fail(invalid_text_representation("macaddr8", text));
    return sql_value{address_text(*bytes)};
  }
  auto bytes = read_macaddr(text);
  if (!bytes.ok())
    return fail(bytes.error());
  return sql_value{address_text(*bytes)};
}

// ---- send ---------------------------------------------------------------------

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
  static const type_codec codec{parse_text, parse_binary, format_verbatim_text,
                                format_binary};
  return codec;
}

}  // namespace tributary
