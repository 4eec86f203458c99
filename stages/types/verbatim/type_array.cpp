// type_array: arrays of every built-in type that has a codec (int4[], text[],
// timestamptz[], numeric[], uuid[], inet[], ...: the category 'A' types of
// builtin_types.cpp whose element type find_type_codec knows), of named composite
// types (pair[]: each element read, printed, received and sent by the record codec,
// type_record.cpp; sent with the type's row type OID as element type) and of users'
// enums (mood[]: each element a label of the enum, 22P02 otherwise; sent with
// the enum's OID as element type) and of users' domains (price[]: the base
// type's array, numeric[], sent with the domain's OID as element type) and of
// users' domains over arrays (il[]: each element a whole int4[] value, read,
// printed, sent and received by int4[]'s own codec; domain_over_array.hpp) and of
// a domain over such an array (ill[] with ill AS il[]: each element an il[] value,
// by this codec again), as PostgreSQL 15's array_in / array_out / array_recv /
// array_send.
//
// Stored form: TEXT, array_out's text of the value as the publisher prints it
// (DateStyle ISO, TimeZone UTC, extra_float_digits 3, bytea hex:
// publisher_type_settings()). The publisher's own text is already that, so a
// loader may bind it unparsed (text_is_stored_as_received).
//
// parse_text (array_in, then array_out with the publisher's settings): the
//   literal read by array_text.hpp (its errors: 22P02 malformed array
//   literal, 2202E, 54000), then each non-NULL element in order read by the
//   element codec's parse_text with the array's typmod and the caller's
//   settings (so '{2024-01-01 10:00}'::timestamptz[] is in the session's
//   TimeZone, and varchar(3)[] rejects '{abcd}' with 22001 value too long for
//   type character varying(3)) and printed by its format_text with the
//   publisher's settings; the first element error is returned as is.
//   ' { 1 , NULL } ' -> {1,NULL}; '[1:2]={1,2}' -> {1,2}.
// format_text (array_out under the session's settings): the stored text as
//   is when the session prints the element type as the publisher does (fast
//   path); otherwise each element is read with the publisher's settings and
//   printed with the session's: timestamptz under another TimeZone, date /
//   timestamp / timestamptz under a DateStyle other than ISO, interval under
//   another IntervalStyle, bytea under bytea_output escape, float4/8 under
//   extra_float_digits <= 0. A stored text or element that does not read
//   (another tool's) is printed as stored.
//
// parse_binary (array_recv): int32 ndim (0..6), int32 flags (0 or 1), uint32
//   element type oid, ndim x (int32 length, int32 lower bound), then each
//   element row-major as int32 length (-1: NULL) and the element type's
//   receive format, read by the element's codec (with the array's typmod, as
//   PostgreSQL does) and printed by its format_text with the publisher's
//   settings; the array text is array_text.hpp's writer. Errors as PostgreSQL:
//     08P01 insufficient data left in message        (header cut short)
//     22P03 invalid number of dimensions: -1 / invalid array flags /
//           insufficient data left in message        (element longer than the rest)
//           improper binary format in array element 2 (element not fully read)
//           incorrect binary data format             (bytes after the last element)
//     42804 binary data has array element type 20 (bigint) instead of expected
//           23 (integer) (only when both are built in: price[]'s element,
//           the domain, takes any element type, as PostgreSQL 15's)
//     54000 number of array dimensions (7) exceeds the maximum allowed (6) /
//           array size exceeds the maximum allowed (134217727) /
//           array lower bound is too large: N
//     and any error of the element's codec.
// format_binary (array_send): the stored text read by array_text.hpp, each
//   element text read by the element codec's parse_text (publisher settings)
//   and written by its format_binary; flags = 1 when an element is NULL. A
//   stored text that is not an array literal (another tool's) is sent as an
//   empty array; an element its codec cannot read is sent by the codec's
//   best effort for a text of another form.
#include <limits>
#include <string>

#include "stages/types/verbatim/array_text.hpp"
#include "stages/core/row_type_oid.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/user/domain_over_array.hpp"
#include "stages/types/user/enum_type.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr oid_t first_unpinned_oid = 10000;  // FirstGenbkiObjectId: built-in oids are below

struct element_info {
  column_type type;
  const type_codec* codec = nullptr;
  char delimiter = ',';
  oid_t sent_oid = 0;  // the element type array_send writes: a domain's for price[]
};

element_info element_of(const column_type& array_type) {
  element_info info;
  if (array_type.is_enum_array()) {  // mood[]: the enum's labels (type_enum.cpp)
    info.type = column_type{array_type.enum_labels->oid, -1, {}, array_type.enum_labels};
    info.codec = &enum_codec();
    info.sent_oid = info.type.oid;
    return info;
  }
  if (array_type.record_element) {  // pair[]: each element a record (type_record.cpp)
    info.type = *array_type.record_element;
    info.codec = &record_codec();
    info.sent_oid =
        static_cast<oid_t>(table_row_type_oid(row_type_local_name(array_type.record_element->name)));
    return info;
  }
  if (const column_type* base_array = domain_over_array_element(array_type)) {
    // il[]: each element a whole int4[] value, sent with il's OID as element type.
    info.type = *base_array;
    // ill[]: each element an il[] value, itself an array of int4[] values.
    info.codec = domain_over_array_element(*base_array) ? &array_codec() : find_type_codec(base_array->oid);
    info.sent_oid = array_type.domain_array->domain_oid;
    return info;
  }
  const type_descriptor* d = find_builtin_type(array_type.oid);
  if (!d || d->category != 'A')
    return info;
  info.type = column_type{d->element, array_type.typmod, {}};
  info.codec = find_type_codec(d->element);
  info.delimiter = array_delimiter(d->element);
  info.sent_oid = array_type.domain_array ? array_type.domain_array->domain_oid : d->element;
  return info;
}

std::string type_name_of(oid_t oid) {
  return find_builtin_type(oid) ? format_type(builtin_column_type(oid)) : std::string("???");
}

pg_error array_size_exceeded() {
  return make_pg_error("54000", "array size exceeds the maximum allowed (" +
                                    std::to_string(max_array_elements) + ")");
}

class array_reader {
public:
  explicit array_reader(std::string_view bytes) : bytes_(bytes) {}

  bool has(size_t n) const { return bytes_.size() - at_ >= n; }
  size_t remaining() const { return bytes_.size() - at_; }
  int32_t int32() {
    auto v = static_cast<int32_t>(static_cast<uint32_t>(read_be(bytes_, at_, 4)));
    at_ += 4;
    return v;
  }
  std::string_view take(size_t n) {
    auto out = bytes_.substr(at_, n);
    at_ += n;
    return out;
  }

private:
  std::string_view bytes_;
  size_t at_ = 0;
};

// The element's error, with PostgreSQL's wording when the element's receive
// function left bytes unread.
pg_error element_error(pg_error error, size_t index) {
  if (error.sqlstate == "22P03" && error.message == "incorrect binary data format")
    error.message = "improper binary format in array element " + std::to_string(index + 1);
  return error;
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings& settings) {
  const element_info element = element_of(type);
  if (!element.codec)
    return sql_value{std::string(text)};
  auto array = read_array_literal(text, element.delimiter);
  if (!array.ok())
    return fail(array.error());
  for (auto& e : array->elements) {
    if (!e)
      continue;
    auto stored = element.codec->parse_text(element.type, *e, settings);
    if (!stored.ok())
      return fail(stored.error());
    *e = element.codec->format_text(element.type, *stored, publisher_type_settings());
  }
  return sql_value{write_array_literal(*array, element.delimiter)};
}

// True when the session prints some value of the element type otherwise than
// the publisher does.
bool session_prints_differently(oid_t element_oid, const type_settings& session) {
  if (const type_descriptor* d = find_builtin_type(element_oid); d && d->category == 'A')
    return session_prints_differently(d->element, session);  // il[]: int4[]'s elements
  const type_settings& publisher = publisher_type_settings();
  switch (element_oid) {
    case 17: return session.bytea_output_hex != publisher.bytea_output_hex;
    case 700: case 701: return session.extra_float_digits <= 0;
    case 1082: case 1114: return session.date_style != publisher.date_style;
    case 1184:
      return session.time_zone != publisher.time_zone || session.date_style != publisher.date_style;
    case 1186: return session.intervals != publisher.intervals;
    default: return false;
  }
}

std::string format_text(const column_type& type, const sql_value& stored,
                        const type_settings& settings) {
  std::string text = verbatim_stored_text(stored);
  const element_info element = element_of(type);
  const bool records = type.record_element != nullptr;
  if (!element.codec || (records ? prints_as_publisher(settings)
                                 : !session_prints_differently(domain_over_array_element(element.type)
                                                                   ? domain_over_array_element(element.type)->oid
                                                                   : element.type.oid,
                                                               settings)))
    return text;
  auto array = read_array_literal(text, element.delimiter);
  if (!array.ok())
    return text;
  const column_type value_type =
      records || domain_over_array_element(element.type) ? element.type : builtin_column_type(element.type.oid);
  for (auto& e : array->elements) {
    if (!e)
      continue;
    auto value = element.codec->parse_text(value_type, *e, publisher_type_settings());
    if (value.ok())
      *e = element.codec->format_text(element.type, *value, settings);
  }
  return write_array_literal(*array, element.delimiter);
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  const element_info element = element_of(type);
  if (!element.codec)
    return fail(make_pg_error("42883", "no binary input function available for type " +
                                           type_name_of(type.oid)));
  array_reader in(bytes);
  if (!in.has(4))
    return fail(insufficient_data_left());
  const int32_t dimensions = in.int32();
  if (dimensions < 0)
    return fail(invalid_binary_representation("invalid number of dimensions: " +
                                               std::to_string(dimensions)));
  if (dimensions > max_array_dimensions)
    return fail(make_pg_error("54000", "number of array dimensions (" + std::to_string(dimensions) +
                                           ") exceeds the maximum allowed (" +
                                           std::to_string(max_array_dimensions) + ")"));
  if (!in.has(4))
    return fail(insufficient_data_left());
  const int32_t flags = in.int32();
  if (flags != 0 && flags != 1)
    return fail(invalid_binary_representation("invalid array flags"));
  if (!in.has(4))
    return fail(insufficient_data_left());
  const auto sent_element = static_cast<oid_t>(in.int32());
  // The element type is the one array_send writes (price[]: the domain, a user's
  // OID, so any element type is taken, as PostgreSQL's array_recv takes it).
  if (sent_element != element.sent_oid && sent_element < first_unpinned_oid &&
      element.sent_oid < first_unpinned_oid)
    return fail(make_pg_error(
        "42804", "binary data has array element type " + std::to_string(sent_element) + " (" +
                     type_name_of(sent_element) + ") instead of expected " +
                     std::to_string(element.sent_oid) + " (" + type_name_of(element.sent_oid) + ")"));

  array_literal array;
  if (!in.has(8 * static_cast<size_t>(dimensions)))
    return fail(insufficient_data_left());
  int64_t count = 1;
  for (int32_t i = 0; i < dimensions; ++i) {
    array.lengths.push_back(in.int32());
    array.lower_bounds.push_back(in.int32());
  }
  for (int32_t i = 0; i < dimensions; ++i) {
    if (array.lengths[i] < 0)
      return fail(array_size_exceeded());
    count *= array.lengths[i];
    if (count > max_array_elements)
      return fail(array_size_exceeded());
  }
  for (int32_t i = 0; i < dimensions; ++i)
    if (static_cast<int64_t>(array.lengths[i]) + array.lower_bounds[i] >
        std::numeric_limits<int32_t>::max())
      return fail(make_pg_error("54000", "array lower bound is too large: " +
                                             std::to_string(array.lower_bounds[i])));
  if (dimensions == 0)
    count = 0;

  const type_settings& settings = publisher_type_settings();
  for (int64_t i = 0; i < count; ++i) {
    if (!in.has(4))
      return fail(insufficient_data_left());
    const int32_t length = in.int32();
    if (length < -1 || static_cast<int64_t>(length) > static_cast<int64_t>(in.remaining()))
      return fail(invalid_binary_representation("insufficient data left in message"));
    if (length == -1) {
      array.elements.emplace_back(std::nullopt);
      continue;
    }
    auto stored = element.codec->parse_binary(element.type, in.take(static_cast<size_t>(length)));
    if (!stored.ok())
      return fail(element_error(stored.error(), static_cast<size_t>(i)));
    array.elements.emplace_back(element.codec->format_text(element.type, *stored, settings));
  }
  if (in.remaining() != 0)
    return fail(unconsumed_binary_data());
  return sql_value{write_array_literal(array, element.delimiter)};
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  const element_info element = element_of(type);
  std::string out;
  auto array = read_array_literal(verbatim_stored_text(stored), element.delimiter);
  if (!array.ok() || !element.codec || array->elements.empty()) {
    append_be(out, 0, 4);
    append_be(out, 0, 4);
    append_be(out, element.sent_oid, 4);
    return out;
  }
  bool has_null = false;
  for (const auto& e : array->elements)
    has_null = has_null || !e;
  append_be(out, array->lengths.size(), 4);
  append_be(out, has_null ? 1 : 0, 4);
  append_be(out, element.sent_oid, 4);
  for (size_t i = 0; i < array->lengths.size(); ++i) {
    append_be(out, static_cast<uint32_t>(array->lengths[i]), 4);
    append_be(out, static_cast<uint32_t>(array->lower_bounds[i]), 4);
  }
  const column_type value_type =
      element.type.is_enum() || element.type.record_fields || domain_over_array_element(element.type)
          ? element.type
          : builtin_column_type(element.type.oid);
  const type_settings& settings = publisher_type_settings();
  for (const auto& e : array->elements) {
    if (!e) {
      append_be(out, 0xFFFFFFFFu, 4);
      continue;
    }
    auto parsed = element.codec->parse_text(value_type, *e, settings);
    const std::string bytes = element.codec->format_binary(
        value_type, parsed.ok() ? *parsed : sql_value{*e});
    append_be(out, bytes.size(), 4);
    out += bytes;
  }
  return out;
}

}  // namespace

const type_codec& array_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
