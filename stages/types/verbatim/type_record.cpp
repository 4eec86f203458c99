// type_record: the codec of a named composite type's values (a column of a composite
// type of its own, or of a table's row type, whose column_type carries the type's
// fields: record_fields; a field of a user's type — another composite type, an array
// of one, an enum — carries that type whole), stored as record_out's text with the
// publisher's settings (TimeZone UTC, DateStyle ISO, ...: publisher_type_settings()),
// which is the publisher's own text, so a replicated text is stored as received.
//
// parse_text (record_in): the literal read as record_text.hpp reads it, each field
//   by its type's input (value_io.hpp: nested composites, arrays, enums too) and
//   typmod under the caller's settings (so a timestamptz field without a zone is in
//   the session's TimeZone), kept as record_out prints it with the publisher's
//   settings ('( 1 , x y )' -> '(1," x y ")'); the field's input error, or 22P02
//   malformed record literal.
// parse_binary (record_recv, rowtypes.c): int32 field count, then per field its
//   type's OID (uint32), an int32 length (-1: NULL) and that many bytes for the
//   field's receive function; kept as record_out's text of the fields' output under
//   the publisher's settings. Errors as PostgreSQL's: 42804 wrong number of columns:
//   3, expected 2 / binary data has type 25 (text) instead of expected 23 (integer)
//   in record column 1 (both built-in types: a field of a user's type takes the
//   publisher's OID for it, as PostgreSQL 15's record_recv does); 22P03 improper
//   binary format in record column 1 (a field its receive function did not consume);
//   08P01 insufficient data left in message.
// format_text (record_out under the session's settings): the stored text when the
//   session prints every value as the publisher does; otherwise each field read with
//   the publisher's settings and printed with the session's (a timestamptz field in
//   the session's TimeZone, dates in its DateStyle, intervals in its IntervalStyle,
//   bytea in its bytea_output, floats under its extra_float_digits; nested records
//   and arrays likewise). A stored text that does not read is printed as stored.
// format_binary (record_send): the same layout from the stored text, each field read
//   by its type's input (publisher's settings) and written by its send function, with
//   the OID clients see for the field's type (a composite type's row type OID).
// Pure, thread-safe.
#include <cstdint>

#include "stages/core/row_type_oid.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_codec.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"
#include "stages/types/verbatim/record_text.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr oid_t first_unpinned_oid = 10000;  // FirstGenbkiObjectId: built-in oids are below

std::vector<column_type> fields_of(const column_type& type) {
  std::vector<column_type> out;
  if (type.record_fields)
    for (const record_field& f : *type.record_fields)
      out.push_back(record_field_type(f));
  return out;
}

std::string type_name_of(oid_t oid) {
  return find_builtin_type(oid) ? format_type(builtin_column_type(oid)) : std::string("???");
}

// The OID record_send writes for a field of this type: a composite type's (or an
// array of one's) row type OID, an enum's, else the type's client OID.
oid_t sent_oid_of(const column_type& field) {
  if (!field.known() && (field.record_fields || field.record_element)) {
    std::string name = row_type_local_name(field.record_element ? field.record_element->name : field.name);
    return static_cast<oid_t>(table_row_type_oid(name, field.record_element != nullptr));
  }
  return field.client_oid();
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings& settings) {
  const std::vector<column_type> fields = fields_of(type);
  const record_literal_read read = read_record_literal(text, fields.size());
  std::vector<std::optional<std::string>> texts;
  for (size_t i = 0; i < read.fields.size(); ++i) {
    if (!read.fields[i]) {
      texts.push_back(read.fields[i]);
      continue;
    }
    auto stored = parse_text_value(fields[i], *read.fields[i], settings);
    if (!stored.ok())
      return fail(stored.error());
    texts.push_back(format_text_value(fields[i], *stored, publisher_type_settings()));
  }
  if (read.error)
    return fail(*read.error);
  return sql_value{write_record_text(texts)};
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  const std::vector<column_type> fields = fields_of(type);
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
    const oid_t expected = sent_oid_of(fields[i]);
    if (sent != expected && sent < first_unpinned_oid && expected < first_unpinned_oid)
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
    auto stored = parse_binary_value(fields[i], value);
    if (!stored.ok()) {
      pg_error error = stored.error();
      if (error.sqlstate == "22P03" && error.message == "incorrect binary data format")
        error.message = "improper binary format in record column " + std::to_string(i + 1);
      return fail(std::move(error));
    }
    texts.push_back(format_text_value(fields[i], *stored, settings));
  }
  if (at != bytes.size())
    return fail(unconsumed_binary_data());
  return sql_value{write_record_text(texts)};
}

std::string format_text(const column_type& type, const sql_value& stored, const type_settings& settings) {
  std::string text = verbatim_stored_text(stored);
  if (prints_as_publisher(settings))
    return text;
  const std::vector<column_type> fields = fields_of(type);
  record_literal_read read = read_record_literal(text, fields.size());
  if (read.error)
    return text;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (!read.fields[i])
      continue;
    auto value = parse_text_value(fields[i], *read.fields[i], publisher_type_settings());
    if (value.ok())
      read.fields[i] = format_text_value(fields[i], *value, settings);
  }
  return write_record_text(read.fields);
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  const std::vector<column_type> fields = fields_of(type);
  const record_literal_read read = read_record_literal(verbatim_stored_text(stored), fields.size());
  std::string out;
  append_be(out, fields.size(), 4);
  for (size_t i = 0; i < fields.size(); ++i) {
    append_be(out, sent_oid_of(fields[i]), 4);
    const bool present = !read.error && i < read.fields.size() && read.fields[i].has_value();
    auto parsed = present ? parse_text_value(fields[i], *read.fields[i], publisher_type_settings())
                          : result<sql_value, pg_error>(sql_value{sql_null{}});
    auto bytes = format_binary_value(fields[i], parsed.ok() ? *parsed : sql_value{*read.fields[i]});
    if (!bytes.ok() || !*bytes) {
      append_be(out, 0xFFFFFFFFu, 4);
      continue;
    }
    append_be(out, (*bytes)->size(), 4);
    out += **bytes;
  }
  return out;
}

}  // namespace

const type_codec& record_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
