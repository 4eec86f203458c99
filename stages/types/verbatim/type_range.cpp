// type_range: the built-in range types (int4range, int8range, numrange,
// tsrange, tstzrange, daterange) and their multiranges, as PostgreSQL 15's
// range_in / range_out / range_recv / range_send / range_cmp and the
// multirange_* functions.
//
// Stored form: TEXT, range_out's / multirange_out's text as the publisher
// prints it (publisher_type_settings(): DateStyle ISO, TimeZone UTC,
// extra_float_digits 3): "empty", "[1,6)", "(,5]",
// "[\"2020-01-01 10:00:00+00\",infinity)", "{[1,3),[5,7)}", "{}". The
// publisher's text is canonical, so it is kept as received (the bulk copy
// binds it unparsed) and parse_text of such a text returns it unchanged.
//
//   parse_text     range_in / multirange_in: the literal's syntax (22P02
//                  malformed range literal / malformed multirange literal:
//                  "<text>" with PostgreSQL's DETAIL), each bound read by the
//                  subtype's codec with the caller's settings (a tstzrange
//                  bound without a zone is in the session's TimeZone), then
//                  the range built as make_range does (range_value.hpp:
//                  22000 lower above upper, discrete types canonicalized to
//                  [), 22003 / 22008 when that overflows), a multirange's
//                  ranges sorted, merged and empties dropped; printed back
//                  with the publisher's settings.
//   parse_binary   range_recv: flags byte (masked to its five public bits),
//                  then each bound present as int32 length + the subtype's
//                  receive format (bytes after what the subtype's receive
//                  function reads are ignored, as PostgreSQL does); a
//                  multirange is int32 count + each range as int32 length and
//                  range_recv's bytes. Errors: 08P01 no data left in message /
//                  insufficient data left in message / invalid message format
//                  (bytes left over), the subtype's receive errors, make_range's.
//   format_text    the stored text; tstzrange / tstzmultirange bounds printed
//                  again in the session's TimeZone, date and timestamp bounds
//                  under a DateStyle other than ISO.
//   format_binary  range_send / multirange_send of the stored text. A stored
//                  text that is not a range (another tool's) is sent as empty.
// compare_stored_range: range_cmp / multirange_cmp of two stored texts; a text
// that is not a range of the type sorts after every range, then by bytes.
#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"

#include <limits>

#include "stages/types/verbatim/range_value.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr oid_t timestamptz_oid = 1184;

// ---- text ----

template <class ReadBound>
result<range_value, pg_error> read_range(const range_type_info& type, std::string_view text,
                                         const ReadBound& read_bound) {
  auto literal = read_range_literal(text);
  if (!literal.ok())
    return fail(literal.error());
  const uint8_t flags = literal->flags;
  range_bound lower{sql_null{}, (flags & range_lower_infinite_flag) != 0,
                    (flags & range_lower_inclusive_flag) != 0, true};
  range_bound upper{sql_null{}, (flags & range_upper_infinite_flag) != 0,
                    (flags & range_upper_inclusive_flag) != 0, false};
  const bool empty = (flags & range_empty_flag) != 0;
  if (!empty && !lower.infinite) {
    auto value = read_bound(literal->lower_text);
    if (!value.ok())
      return fail(value.error());
    lower.value = std::move(*value);
  }
  if (!empty && !upper.infinite) {
    auto value = read_bound(literal->upper_text);
    if (!value.ok())
      return fail(value.error());
    upper.value = std::move(*value);
  }
  return make_range(type, std::move(lower), std::move(upper), empty);
}

template <class ReadBound>
result<std::vector<range_value>, pg_error> read_multirange(const range_type_info& type,
                                                           std::string_view text,
                                                           const ReadBound& read_bound) {
  std::vector<range_value> ranges;
  auto scanned = scan_multirange_literal(text, [&](std::string_view range_text) {
    auto range = read_range(type, range_text, read_bound);
    if (!range.ok())
      return result<ok_t, pg_error>(fail(range.error()));
    if (!range->empty)
      ranges.push_back(std::move(*range));
    return result<ok_t, pg_error>(ok_v);
  });
  if (!scanned.ok())
    return fail(scanned.error());
  return canonicalize_multirange(type, std::move(ranges));
}

auto input_bound_reader(const range_type_info& type, const type_settings& settings) {
  return [&type, &settings](std::string_view text) -> result<sql_value, pg_error> {
    if (!type.subtype_codec)
      return sql_value{std::string(text)};
    return type.subtype_codec->parse_text(type.subtype_column(), text, settings);
  };
}

auto stored_bound_reader(const range_type_info& type) {
  return [&type](std::string_view text) { return read_stored_bound(type, text); };
}

void append_bound(std::string& out, const range_type_info& type, const range_bound& bound,
                  const type_settings& settings) {
  if (bound.infinite)
    return;
  append_range_bound(out, type.subtype_codec
                              ? type.subtype_codec->format_text(type.subtype_column(),
                                                                bound.value, settings)
                              : verbatim_stored_text(bound.value));
}

void append_range(std::string& out, const range_type_info& type, const range_value& range,
                  const type_settings& settings) {
  if (range.empty) {
    out += "empty";
    return;
  }
  out += range.lower.inclusive ? '[' : '(';
  append_bound(out, type, range.lower, settings);
  out += ',';
  append_bound(out, type, range.upper, settings);
  out += range.upper.inclusive ? ']' : ')';
}

std::string write_ranges(const range_type_info& type, const std::vector<range_value>& ranges,
                         const type_settings& settings) {
  std::string out = "{";
  for (size_t i = 0; i < ranges.size(); ++i) {
    if (i > 0)
      out += ',';
    append_range(out, type, ranges[i], settings);
  }
  return out + "}";
}

// The stored text as one or more ranges (a range type's text as one).
result<std::vector<range_value>, pg_error> read_stored(const range_type_info& type,
                                                       std::string_view text) {
  if (type.multirange)
    return read_multirange(type, text, stored_bound_reader(type));
  auto range = read_range(type, text, stored_bound_reader(type));
  if (!range.ok())
    return fail(range.error());
  return std::vector<range_value>{std::move(*range)};
}

std::string write_stored(const range_type_info& type, const std::vector<range_value>& ranges,
                         const type_settings& settings) {
  if (type.multirange)
    return write_ranges(type, ranges, settings);
  std::string out;
  append_range(out, type, ranges.front(), settings);
  return out;
}

result<sql_value, pg_error> parse_text(const column_type& column, std::string_view text,
                                       const type_settings& settings) {
  const auto type = find_range_type(column.oid);
  if (!type)
    return sql_value{std::string(text)};
  const auto reader = input_bound_reader(*type, settings);
  if (type->multirange) {
    auto ranges = read_multirange(*type, text, reader);
    if (!ranges.ok())
      return fail(ranges.error());
    return sql_value{write_ranges(*type, *ranges, publisher_type_settings())};
  }
  auto range = read_range(*type, text, reader);
  if (!range.ok())
    return fail(range.error());
  std::string out;
  append_range(out, *type, *range, publisher_type_settings());
  return sql_value{std::move(out)};
}

std::string format_text(const column_type& column, const sql_value& stored,
                        const type_settings& settings) {
  std::string text = verbatim_stored_text(stored);
  const auto type = find_range_type(column.oid);
  if (!type)
    return text;
  // Bounds print differently: a timestamptz in another zone, a date or
  // timestamp of any kind under a DateStyle other than ISO.
  const bool other_zone = type->subtype == timestamptz_oid &&
                          settings.time_zone != publisher_type_settings().time_zone;
  const bool other_style = settings.date_style != date_output_style::iso &&
                           (type->subtype == timestamptz_oid || type->subtype == 1114 ||
                            type->subtype == 1082);
  if (!other_zone && !other_style)
    return text;
  auto ranges = read_stored(*type, text);
  return ranges.ok() ? write_stored(*type, *ranges, settings) : text;
}

// ---- binary ----

class message_reader {
public:
  explicit message_reader(std::string_view bytes) : bytes_(bytes) {}

  size_t remaining() const { return bytes_.size() - at_; }
  uint8_t byte() { return static_cast<uint8_t>(bytes_[at_++]); }
  int32_t int32() {
    auto v = static_cast<int32_t>(static_cast<uint32_t>(read_be(bytes_, at_, 4)));
    at_ += 4;
    return v;
  }
  // pq_getmsgint(4) then pq_getmsgbytes of that many.
  result<std::string_view, pg_error> counted_bytes() {
    if (remaining() < 4)
      return fail(insufficient_data_left());
    const int32_t length = int32();
    if (length < 0 || static_cast<size_t>(length) > remaining())
      return fail(insufficient_data_left());
    auto out = bytes_.substr(at_, static_cast<size_t>(length));
    at_ += static_cast<size_t>(length);
    return out;
  }

private:
  std::string_view bytes_;
  size_t at_ = 0;
};

pg_error invalid_message_format() { return make_pg_error("08P01", "invalid message format"); }

// The subtype's receive function over a bound's bytes: reading past them is
// 08P01; bytes after what it reads are left unread, and range_recv does not
// check for them.
result<sql_value, pg_error> receive_bound(const range_type_info& type, std::string_view bytes) {
  if (!type.subtype_codec)
    return sql_value{std::string(bytes)};
  size_t reads = 0;
  switch (type.subtype) {
    case 23: case 1082: reads = 4; break;
    case 20: case 1114: case 1184: reads = 8; break;
    default:  // numeric: ndigits, weight, sign, dscale, then ndigits base-10000 digits
      reads = bytes.size() >= 2 ? 8 + 2 * read_be(bytes, 0, 2) : bytes.size();
      break;
  }
  if (bytes.size() < reads && type.subtype != 1700)
    return fail(insufficient_data_left());
  return type.subtype_codec->parse_binary(type.subtype_column(), bytes.substr(0, reads));
}

result<range_value, pg_error> receive_range(const range_type_info& type, std::string_view bytes) {
  message_reader in(bytes);
  if (in.remaining() < 1)
    return fail(no_data_left());
  const uint8_t flags = in.byte() & range_public_flags;
  const bool empty = (flags & range_empty_flag) != 0;
  range_bound lower{sql_null{}, (flags & range_lower_infinite_flag) != 0,
                    (flags & range_lower_inclusive_flag) != 0, true};
  range_bound upper{sql_null{}, (flags & range_upper_infinite_flag) != 0,
                    (flags & range_upper_inclusive_flag) != 0, false};
  for (range_bound* bound : {&lower, &upper}) {
    if (empty || bound->infinite)
      continue;
    auto data = in.counted_bytes();
    if (!data.ok())
      return fail(data.error());
    auto value = receive_bound(type, *data);
    if (!value.ok())
      return fail(value.error());
    bound->value = std::move(*value);
  }
  if (in.remaining() != 0)
    return fail(invalid_message_format());
  return make_range(type, std::move(lower), std::move(upper), empty);
}

result<std::vector<range_value>, pg_error> receive_multirange(const range_type_info& type,
                                                              std::string_view bytes) {
  message_reader in(bytes);
  if (in.remaining() < 4)
    return fail(insufficient_data_left());
  const int32_t count = in.int32();
  constexpr uint64_t max_alloc_size = 0x3FFFFFFF;  // MaxAllocSize
  if (count < 0)
    return fail(make_pg_error("54000", "invalid memory allocation request size 8 * " +
                                           std::to_string(static_cast<uint64_t>(int64_t{count}))));
  if (static_cast<uint64_t>(count) * 8 > max_alloc_size)
    return fail(make_pg_error("XX000", "invalid memory alloc request size " +
                                           std::to_string(static_cast<uint64_t>(count) * 8)));
  std::vector<range_value> ranges;
  for (int32_t i = 0; i < count; ++i) {
    auto data = in.counted_bytes();
    if (!data.ok())
      return fail(data.error());
    auto range = receive_range(type, *data);
    if (!range.ok())
      return fail(range.error());
    ranges.push_back(std::move(*range));
  }
  if (in.remaining() != 0)
    return fail(invalid_message_format());
  return canonicalize_multirange(type, std::move(ranges));
}

result<sql_value, pg_error> parse_binary(const column_type& column, std::string_view bytes) {
  const auto type = find_range_type(column.oid);
  if (!type)
    return fail(make_pg_error("42883", "no binary input function available for type " +
                                           std::to_string(column.oid)));
  if (type->multirange) {
    auto ranges = receive_multirange(*type, bytes);
    if (!ranges.ok())
      return fail(ranges.error());
    return sql_value{write_ranges(*type, *ranges, publisher_type_settings())};
  }
  auto range = receive_range(*type, bytes);
  if (!range.ok())
    return fail(range.error());
  std::string out;
  append_range(out, *type, *range, publisher_type_settings());
  return sql_value{std::move(out)};
}

void append_sent_bound(std::string& out, const range_type_info& type, const range_bound& bound) {
  const std::string bytes =
      type.subtype_codec ? type.subtype_codec->format_binary(type.subtype_column(), bound.value)
                         : verbatim_stored_text(bound.value);
  append_be(out, bytes.size(), 4);
  out += bytes;
}

void append_sent_range(std::string& out, const range_type_info& type, const range_value& range) {
  if (range.empty) {
    out += static_cast<char>(range_empty_flag);
    return;
  }
  uint8_t flags = 0;
  if (range.lower.inclusive)
    flags |= range_lower_inclusive_flag;
  if (range.upper.inclusive)
    flags |= range_upper_inclusive_flag;
  if (range.lower.infinite)
    flags |= range_lower_infinite_flag;
  if (range.upper.infinite)
    flags |= range_upper_infinite_flag;
  out += static_cast<char>(flags);
  if (!range.lower.infinite)
    append_sent_bound(out, type, range.lower);
  if (!range.upper.infinite)
    append_sent_bound(out, type, range.upper);
}

std::string format_binary(const column_type& column, const sql_value& stored) {
  const auto type = find_range_type(column.oid);
  if (!type)
    return verbatim_stored_text(stored);
  auto ranges = read_stored(*type, verbatim_stored_text(stored));
  if (!type->multirange) {
    std::string out;
    append_sent_range(out, *type, ranges.ok() ? ranges->front() : range_value{true});
    return out;
  }
  std::string out;
  const size_t count = ranges.ok() ? ranges->size() : 0;
  append_be(out, count, 4);
  for (size_t i = 0; i < count; ++i) {
    std::string range;
    append_sent_range(range, *type, (*ranges)[i]);
    append_be(out, range.size(), 4);
    out += range;
  }
  return out;
}

int compare_bytes(std::string_view a, std::string_view b) {
  const int c = a.compare(b);
  return (c > 0) - (c < 0);
}

}  // namespace

const type_codec& range_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

int compare_stored_range(oid_t range_or_multirange_oid, std::string_view a, std::string_view b) {
  const auto type = find_range_type(range_or_multirange_oid);
  if (!type)
    return compare_bytes(a, b);
  const auto ranges_a = read_stored(*type, a);
  const auto ranges_b = read_stored(*type, b);
  if (ranges_a.ok() && ranges_b.ok())
    return type->multirange ? compare_multiranges(*type, *ranges_a, *ranges_b)
                            : compare_ranges(*type, ranges_a->front(), ranges_b->front());
  if (ranges_a.ok() != ranges_b.ok())
    return ranges_a.ok() ? -1 : 1;
  return compare_bytes(a, b);
}

}  // namespace tributary
