// verbatim_codec_test_support: values of the types whose stored form is
// PostgreSQL's text output (verbatim_text.hpp), each with the text and the
// send bytes (hex) a PostgreSQL 15 server printed for it, and the check that a
// codec turns each into the other, both ways.
#pragma once

#include <gtest/gtest.h>

#include <span>
#include <string>
#include <string_view>

#include "stages/types/type_codec.hpp"

namespace tributary {

struct verbatim_case {
  oid_t oid;
  std::string_view text;  // format('%s', v): the output function's text
  std::string_view hex;   // encode(<type>_send(v), 'hex')
};

inline std::string from_hex(std::string_view hex) {
  auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out += static_cast<char>((nibble(hex[i]) << 4) | nibble(hex[i + 1]));
  return out;
}

inline std::string to_hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 0xF];
  }
  return out;
}

inline std::string stored_string(const result<sql_value, pg_error>& r) {
  if (!r.ok())
    return "error " + r.error().sqlstate + ": " + r.error().message;
  if (const auto* s = std::get_if<std::string>(&*r))
    return *s;
  return "<not text>";
}

// Through find_type_codec, so the dispatch is checked too: receive -> the text
// PostgreSQL prints; stored text -> the bytes PostgreSQL sends; the text input
// gives the canonical text back unchanged and the text output returns it.
inline void expect_binary_matches_postgres(std::span<const verbatim_case> cases) {
  for (const auto& c : cases) {
    const column_type type = builtin_column_type(c.oid);
    const type_codec* codec = find_type_codec(c.oid);
    ASSERT_NE(codec, nullptr) << c.oid;
    const sql_value stored{std::string(c.text)};
    EXPECT_EQ(stored_string(codec->parse_binary(type, from_hex(c.hex))), c.text)
        << "oid " << c.oid << " receive " << c.hex;
    EXPECT_EQ(to_hex(codec->format_binary(type, stored)), c.hex)
        << "oid " << c.oid << " send " << c.text;
    EXPECT_EQ(stored_string(codec->parse_text(type, c.text, publisher_type_settings())), c.text);
    EXPECT_EQ(codec->format_text(type, stored, type_settings{}), c.text);
  }
}

// The error a codec's receive function reports for bytes given in hex.
inline pg_error receive_error(oid_t oid, std::string_view hex, int32_t typmod = -1) {
  const type_codec* codec = find_type_codec(oid);
  if (!codec)
    return make_pg_error("", "no codec");
  auto r = codec->parse_binary(builtin_column_type(oid, typmod), from_hex(hex));
  if (r.ok())
    return make_pg_error("", "accepted: " + stored_string(r));
  return r.error();
}

}  // namespace tributary
