// type_pg_lsn: pg_lsn, as PostgreSQL 15's pg_lsn_recv / pg_lsn_send, with the
// stored form kept as pg_lsn_out's text.
//
// Stored form: TEXT, pg_lsn_out's "%X/%X" (the high and low 32 bits in
// uppercase hex without zero padding: 0/16B3748, 16/B374D848); format_text
// returns it (verbatim_text.hpp).
//   parse_text     pg_lsn_in then pg_lsn_out: 1-8 hex digits (any case), '/',
//                  1-8 hex digits, nothing else (no spaces): 16/b374d848 ->
//                  16/B374D848, 0000000A/01 -> A/1; anything else 22P02
//                  invalid input syntax for type pg_lsn: "<text>".
// Order (collation pg_lsn, pg_lsn_cmp): by the 64-bit position; a text that is
// not an LSN (another tool's) sorts after every LSN, then by bytes.
// Binary: the uint64, big-endian.
//   parse_binary   fewer than 8 bytes: 08P01 insufficient data left in
//                  message; more: 22P03 incorrect binary data format.
//   format_binary  the stored "hi/lo" read back (1-8 hex digits each side, any
//                  case); a text of another form (another tool's) is sent as 0.
#include <cstdio>
#include <optional>
#include <string>

#include "stages/types/stored_order.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr size_t lsn_size = 8;

std::string lsn_text(uint64_t lsn) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%X/%X", static_cast<unsigned>(lsn >> 32),
                static_cast<unsigned>(lsn & 0xFFFFFFFFu));
  return buffer;
}

std::optional<uint32_t> hex_half(std::string_view digits) {  // 1 to 8 hex digits
  if (digits.empty() || digits.size() > 8)
    return std::nullopt;
  uint32_t value = 0;
  for (char c : digits) {
    int d = -1;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    if (d < 0)
      return std::nullopt;
    value = (value << 4) | static_cast<uint32_t>(d);
  }
  return value;
}

// pg_lsn_in_internal: "hi/lo", each 1 to 8 hex digits, nothing around them.
std::optional<uint64_t> read_lsn(std::string_view text) {
  const size_t slash = text.find('/');
  if (slash == std::string_view::npos)
    return std::nullopt;
  const auto high = hex_half(text.substr(0, slash));
  const auto low = hex_half(text.substr(slash + 1));
  if (!high || !low)
    return std::nullopt;
  return (static_cast<uint64_t>(*high) << 32) | *low;
}

uint64_t lsn_value(std::string_view text) { return read_lsn(text).value_or(0); }

result<sql_value, pg_error> parse_text(const column_type&, std::string_view text,
                                       const type_settings&) {
  const auto lsn = read_lsn(text);
  if (!lsn)
    return fail(invalid_text_representation("pg_lsn", text));
  return sql_value{lsn_text(*lsn)};
}

result<sql_value, pg_error> parse_binary(const column_type&, std::string_view bytes) {
  if (bytes.size() < lsn_size)
    return fail(insufficient_data_left());
  if (bytes.size() > lsn_size)
    return fail(unconsumed_binary_data());
  return sql_value{lsn_text(read_be(bytes, 0, 8))};
}

std::string format_binary(const column_type&, const sql_value& stored) {
  std::string out;
  append_be(out, lsn_value(verbatim_stored_text(stored)), 8);
  return out;
}

}  // namespace

int compare_stored_pg_lsn(std::string_view a, std::string_view b) {
  const auto x = read_lsn(a);
  const auto y = read_lsn(b);
  if (x && y)
    return *x < *y ? -1 : (*x > *y ? 1 : 0);
  if (x || y)
    return x ? -1 : 1;
  const int c = a.compare(b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

const type_codec& pg_lsn_codec() {
  static const type_codec codec{parse_text, parse_binary, format_verbatim_text,
                                format_binary};
  return codec;
}

}  // namespace tributary
