// type_jsonb: jsonb, as PostgreSQL 15's jsonb_recv / jsonb_send, with the
// stored form kept as jsonb_out's text.
//
// Stored form: TEXT, jsonb_out's canonical text (keys sorted by length then
// bytes, the last of duplicate keys, ", " and ": " separators, numbers as
// numeric_out prints them): parse_text is jsonb_in then jsonb_out
// (json_text.hpp), so a local '{"b": 1, "a": 1.50}' stores what PostgreSQL
// would print, and the publisher's text (already canonical) stays byte for byte.
// Equal jsonb values therefore have equal stored text. format_text returns it.
// Binary: uint8 version 1, then the text.
//   parse_binary  08P01 insufficient data left in message (no version byte);
//                 XX000 unsupported jsonb version number N;
//                 22P02 invalid input syntax for type json, "The input string
//                 ended unexpectedly." (nothing but whitespace after the
//                 version). Otherwise the text is read as parse_text reads it.
//   format_binary  version 1 and the stored text.
#include <string>

#include "stages/types/verbatim/json_text.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr unsigned char jsonb_version = 1;

bool is_json_whitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

result<sql_value, pg_error> parse_text(const column_type&, std::string_view text,
                                       const type_settings&) {
  auto canonical = canonical_jsonb_text(text);
  if (!canonical)
    return fail(canonical.error());
  return sql_value{std::move(*canonical)};
}

result<sql_value, pg_error> parse_binary(const column_type&, std::string_view bytes) {
  if (bytes.empty())
    return fail(insufficient_data_left());
  const auto version = static_cast<unsigned char>(bytes[0]);
  if (version != jsonb_version)
    return fail(make_pg_error("XX000", "unsupported jsonb version number " +
                                           std::to_string(static_cast<int>(version))));
  const std::string_view text = bytes.substr(1);
  bool blank = true;
  for (char c : text)
    blank = blank && is_json_whitespace(c);
  if (blank)
    return fail(make_pg_error("22P02", "invalid input syntax for type json",
                              "The input string ended unexpectedly."));
  return parse_text(column_type{}, text, type_settings{});
}

std::string format_binary(const column_type&, const sql_value& stored) {
  std::string out(1, static_cast<char>(jsonb_version));
  out += verbatim_stored_text(stored);
  return out;
}

}  // namespace

const type_codec& jsonb_codec() {
  static const type_codec codec{parse_text, parse_binary, format_verbatim_text, format_binary};
  return codec;
}

}  // namespace tributary
