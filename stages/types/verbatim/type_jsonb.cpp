// type_jsonb: jsonb, as PostgreSQL 15's jsonb_recv / jsonb_send, with the
// stored form kept as jsonb_out's text.
//
// Stored form: TEXT, jsonb_out's canonical text (keys sorted by length then
// bytes, ", " and ": " separators) as the publisher prints it; parse_text
// keeps the text verbatim, format_text returns it (verbatim_text.hpp).
// Binary: uint8 version 1, then the text.
//   parse_binary  08P01 insufficient data left in message (no version byte);
//                 XX000 unsupported jsonb version number N;
//                 22P02 invalid input syntax for type json, "The input string
//                 ended unexpectedly." (nothing but whitespace after the
//                 version). Otherwise the text is kept as sent: the publisher
//                 sends jsonb_out's text; a client's non-canonical text (other
//                 spacing or key order) is NOT normalised here.
//   format_binary  version 1 and the stored text.
#include <string>

#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr unsigned char jsonb_version = 1;

bool is_json_whitespace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

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
  return sql_value{std::string(text)};
}

std::string format_binary(const column_type&, const sql_value& stored) {
  std::string out(1, static_cast<char>(jsonb_version));
  out += verbatim_stored_text(stored);
  return out;
}

}  // namespace

const type_codec& jsonb_codec() {
  static const type_codec codec{keep_text_verbatim, parse_binary, format_verbatim_text,
                                format_binary};
  return codec;
}

}  // namespace tributary
