// type_enum: a user's enum, as PostgreSQL 15's enum_in / enum_out / enum_recv /
// enum_send.
//
// Stored form: TEXT, the label itself, in the column's collation pg_enum_<oid>
// (enum_type.hpp: ordered by the labels' sort order, as enum_cmp orders them).
// Text input: exactly one of the enum's labels (no trimming, case-sensitive):
//   22P02 invalid input value for enum mood: "x"
// Binary: the label's bytes, both ways (enum_recv reads them like text input).
// The labels come from the column type (column_type::enum_labels); a column type
// without them is not an enum and never reaches this codec.
#include "stages/types/type_codec.hpp"
#include "stages/types/user/enum_type.hpp"

namespace tributary {
namespace {

result<sql_value, pg_error> parse_label(const column_type& type, std::string_view text,
                                        const type_settings&) {
  if (!type.enum_labels || !type.enum_labels->contains(text))
    return fail(make_pg_error("22P02", "invalid input value for enum " +
                                           (type.enum_labels ? type.enum_labels->name : type.name) +
                                           ": \"" + std::string(text) + "\""));
  return sql_value{std::string(text)};
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  return parse_label(type, bytes, type_settings{});
}

std::string stored_text(const sql_value& stored) {
  if (const auto* text = std::get_if<std::string>(&stored))
    return *text;
  if (const auto* blob = std::get_if<sql_blob>(&stored))
    return blob->bytes;
  if (const auto* integer = std::get_if<int64_t>(&stored))
    return std::to_string(*integer);
  return {};
}

std::string format_text(const column_type&, const sql_value& stored, const type_settings&) {
  return stored_text(stored);
}

std::string format_binary(const column_type&, const sql_value& stored) {
  return stored_text(stored);
}

}  // namespace

const type_codec& enum_codec() {
  static const type_codec codec{parse_label, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
