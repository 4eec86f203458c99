// value_io: dispatch from a column type to its family's codec. See value_io.hpp.
#include "stages/types/value_io.hpp"

#include "stages/types/builtin_types.hpp"
#include "stages/types/type_codec.hpp"
#include "stages/types/user/domain_over_array.hpp"

namespace tributary {

const type_codec* find_type_codec(oid_t oid) {
  switch (oid) {
    case 16: return &bool_codec();
    case 17: return &bytea_codec();
    case 18: case 19: case 25: case 114: case 142: case 1042: case 1043:
      return &character_codec();
    case 20: case 21: case 23: case 26: case 28: case 29: case 24: case 2202: case 2203: case 2204: case 2205: case 2206: case 4089:
      return &integer_codec();
    case 700: case 701: return &float_codec();
    case 790: return &money_codec();
    case 1082: case 1083: case 1114: case 1184: case 1186: case 1266:
      return &datetime_codec();
    case 1560: case 1562: return &bit_codec();
    case 1700: return &numeric_codec();
    case 2950: return &uuid_codec();
    case 3802: return &jsonb_codec();
    case 3220: return &pg_lsn_codec();
    case 650: case 869: return &network_codec();
    case 774: case 829: return &macaddr_codec();
    case 600: return &point_codec();
    case 601: case 602: case 603: case 604: case 628: case 718:
      return &geometric_codec();
    case 3904: case 3906: case 3908: case 3910: case 3912: case 3926:
    case 4451: case 4532: case 4533: case 4534: case 4535: case 4536:
      return &range_codec();
    case 3614: case 3615: return &tsearch_codec();
    default: break;
  }
  const type_descriptor* array = find_builtin_type(oid);
  if (array && array->category == 'A' && find_type_codec(array->element) != nullptr)
    return &array_codec();
  return nullptr;
}

namespace {

// The codec of a column type: an enum's, an array's of an enum, or its built-in
// type's family's.
const type_codec* codec_of(const column_type& type) {
  if (type.is_enum_array() || domain_over_array_element(type) || type.record_element)  // mood[], il[], pair[]
    return &array_codec();
  if (!type.known() && type.record_fields)  // a composite type's column, its fields known
    return &record_codec();
  return type.is_enum() ? &enum_codec() : find_type_codec(type.oid);
}

// The codecs whose stored form is the publisher's canonical output text: what
// the publisher sends is stored as received (parse_text would not change it).
bool keeps_text_verbatim(const type_codec* codec) {
  return codec == &pg_lsn_codec() || codec == &network_codec() ||
         codec == &macaddr_codec() || codec == &point_codec() || codec == &array_codec() ||
         codec == &geometric_codec() || codec == &range_codec() || codec == &record_codec();
}

std::string type_display_name(const column_type& type) {
  if (const auto* d = find_builtin_type(type.oid))
    return std::string(d->typname);
  return type.name.empty() ? "unknown" : type.name;
}

std::string stored_as_text(const sql_value& stored) {
  struct visitor {
    std::string operator()(sql_null) const { return {}; }
    std::string operator()(int64_t v) const { return std::to_string(v); }
    std::string operator()(double v) const { return std::to_string(v); }
    std::string operator()(const std::string& v) const { return v; }
    std::string operator()(const sql_blob& v) const { return v.bytes; }
  };
  return std::visit(visitor{}, stored);
}

}  // namespace

result<sql_value, pg_error> parse_text_value(const column_type& type, std::string_view text,
                                             const type_settings& settings) {
  if (const auto* codec = codec_of(type))
    return codec->parse_text(type, text, settings);
  return sql_value{std::string(text)};
}

result<sql_value, pg_error> parse_binary_value(const column_type& type, std::string_view bytes) {
  if (const auto* codec = codec_of(type))
    return codec->parse_binary(type, bytes);
  return fail(make_pg_error("42883", "no binary input function available for type " +
                                         type_display_name(type)));
}

std::optional<std::string> format_text_value(const column_type& type, const sql_value& stored,
                                             const type_settings& settings) {
  if (is_null(stored))
    return std::nullopt;
  if (const auto* codec = codec_of(type))
    return codec->format_text(type, stored, settings);
  return stored_as_text(stored);
}

result<std::optional<std::string>, pg_error> format_binary_value(const column_type& type,
                                                                const sql_value& stored) {
  if (is_null(stored))
    return std::optional<std::string>{};
  if (const auto* codec = codec_of(type))
    return std::optional<std::string>{codec->format_binary(type, stored)};
  return fail(make_pg_error("42883", "no binary output function available for type " +
                                         type_display_name(type)));
}

// A composite type has its binary formats when each field has them (an array of
// one when the composite type has them).
bool has_binary_input(const column_type& type) {
  if (type.record_element)
    return has_binary_input(*type.record_element);
  if (!type.known() && type.record_fields)
    for (const record_field& f : *type.record_fields)
      if (!has_binary_input(record_field_type(f)))
        return false;
  return codec_of(type) != nullptr;
}

bool has_binary_output(const column_type& type) { return has_binary_input(type); }

bool text_is_stored_as_received(const column_type& type) {
  if (type.is_enum())  // an enum or an array of one: every label is checked
    return false;
  switch (type.oid) {
    case 25: case 114: case 142: return true;             // text, json, xml
    case 1043: return type.typmod < 0;                    // varchar without a length
    default: {
      const type_codec* codec = codec_of(type);
      return codec == nullptr || keeps_text_verbatim(codec);  // kept verbatim
    }
  }
}

}  // namespace tributary
