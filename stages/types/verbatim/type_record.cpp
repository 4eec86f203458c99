// type_record: the codec of a named composite type's values (a column of a composite
// type of its own, or of a table's row type, whose column_type carries the type's
// fields: record_fields, each a built-in type), stored as record_out's text.
//
// parse_text (record_in): the literal read as record_text.hpp reads it, each field
//   by its type's input and typmod, kept as record_out prints it ('( 1 , x y )' ->
//   '(1," x y ")'); the field's input error, or 22P02 malformed record literal.
// parse_binary (record_recv, rowtypes.c): int32 field count, then per field its
//   type's OID (uint32), an int32 length (-1: NULL) and that many bytes for the
//   field's receive function; kept as record_out's text of the fields' output under
//   the publisher's settings. Errors as PostgreSQL's: 42804 wrong number of columns:
//   3, expected 2 / binary data has type 25 (text) instead of expected 23 (integer)
//   in record column 1; 22P03 improper binary format in record column 1 (a field its
//   receive function did not consume); 08P01 insufficient data left in message.
// format_text: the stored text.
// format_binary (record_send): the same layout from the stored text, each field read
//   by its type's input (publisher's settings) and written by its send function.
// Pure, thread-safe.
#include <cstdint>

#include "stages/types/builtin_types.hpp"
#include "stages/types/type_codec.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/verbatim/record_text.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

struct field_codec {
  column_type type;
  const type_codec* codec = nullptr;  // nullptr: the field kept as its text
};

std::vector<field_codec> fields_of(const column_type& type) {
  std::vector<field_codec> out;
  if (type.record_fields)
    for (const record_field& f : *type.record_fields)
      out.push_back({builtin_column_type(f.oid, f.typmod), find_type_codec(f.oid)});
  return out;
}

std::string type_name_of(oid_t oid) {
  return find_builtin_type(oid) ? format_type(builtin_column_type(oid)) : std::string("???");
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings& settings) {
  const std::vector<field_codec> fields = fields_of(type);
  const record_literal_read read = read_record_literal(text, fields.size());
  std::vector<std::optional<std::string>> texts;
  for (size_t i = 0; i < read.fields.size(); ++i) {
    if (!read.fields[i] || !fields[i].codec) {
      texts.push_back(read.fields[i]);
      continue;
    }
    auto stored = fields[i].codec->parse_text(fields[i].type, *read.fields[i], settings);
    if (!stored.ok())
      return fail(stored.error());
    texts.push_back(fields[i].codec->format_text(fields[i].type, *stored, settings));
  }
  if (read.error)
    return fail(*read.error);
  return sql_value{write_record_text(texts)};
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  const std::vector<field_codec> fields = fields_of(type);
  size_t at = 0;
  const auto int32 = [&]() {
    const auto v = static_cast<int32_t>(static_cast<uint32_t>(read_be(bytes, at, 4)));
    at += 4;
    return v;
  };
  if (bytes.size() < 4)
    return fail(insufficient_data_left());
  const int32_t count = int32();
  if (count != static_cast<int32_t>(fields.size()))
    return fail(make_pg_error("42804", "wrong number of columns: " + std::to_string(count) + ", expected " +
                                           std::to_string(fields.size())));
  const type_settings& settings = publisher_type_settings();
  std::vector<std::optional<std::string>> texts;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (bytes.size() - at < 8)
      return fail(insufficient_data_left());
    const auto sent = static_cast<oid_t>(static_cast<uint32_t>(int32()));
    const int32_t length = int32();
    const oid_t expected = fields[i].type.oid;
    if (sent != expected)
      return fail(make_pg_error("42804", "binary data has type " + std::to_string(sent) + " (" + type_name_of(sent) +
                                             ") instead of expected " + std::to_string(expected) + " (" +
                                             type_name_of(expected) + ") in record column " +
                                             std::to_string(i + 1)));
    if (length == -1) {
      texts.emplace_back(std::nullopt);
      continue;
    }
    if (length < 0 || bytes.size() - at < static_cast<size_t>(length))
      return fail(insufficient_data_left());
    const std::string_view value = bytes.substr(at, static_cast<size_t>(length));
    at += static_cast<size_t>(length);
    if (!fields[i].codec)
      return fail(make_pg_error("42883", "no binary input function available for type " + type_name_of(expected)));
    auto stored = fields[i].codec->parse_binary(fields[i].type, value);
    if (!stored.ok()) {
      pg_error error = stored.error();
      if (error.sqlstate == "22P03" && error.message == "incorrect binary data format")
        error.message = "improper binary format in record column " + std::to_string(i + 1);
      return fail(std::move(error));
    }
    texts.push_back(fields[i].codec->format_text(fields[i].type, *stored, settings));
  }
  if (at != bytes.size())
    return fail(unconsumed_binary_data());
  return sql_value{write_record_text(texts)};
}

std::string format_text(const column_type&, const sql_value& stored, const type_settings&) {
  return verbatim_stored_text(stored);
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  const std::vector<field_codec> fields = fields_of(type);
  const record_literal_read read = read_record_literal(verbatim_stored_text(stored), fields.size());
  std::string out;
  append_be(out, fields.size(), 4);
  for (size_t i = 0; i < fields.size(); ++i) {
    append_be(out, fields[i].type.oid, 4);
    const bool present = !read.error && i < read.fields.size() && read.fields[i].has_value();
    if (!present || !fields[i].codec) {
      append_be(out, 0xFFFFFFFFu, 4);
      continue;
    }
    auto parsed = fields[i].codec->parse_text(fields[i].type, *read.fields[i], publisher_type_settings());
    const std::string bytes =
        fields[i].codec->format_binary(fields[i].type, parsed.ok() ? *parsed : sql_value{*read.fields[i]});
    append_be(out, bytes.size(), 4);
    out += bytes;
  }
  return out;
}

}  // namespace

const type_codec& record_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
