// range_value: PostgreSQL 15's range values as the range codec (type_range.cpp)
// works on them, internal to the range family.
//
// A range is empty, or a lower and an upper bound, each infinite or a value of
// the range's subtype in that subtype's stored form (type_codec.hpp: int4,
// int8, date, timestamp and timestamptz as INTEGER, numeric as its TEXT) with
// an inclusive flag. Subtype values are compared by the subtype's stored order:
// integers numerically, texts by the stored collation of the subtype
// (stored_order.hpp; numeric: pg_numeric).
//
// range_value.cpp (rangetypes.c / multirangetypes.c):
//   compare_bound_values  range_cmp_bound_values: values only, infinities at the ends
//   compare_bounds        range_cmp_bounds: equal values, then inclusive lower
//                         before exclusive lower, exclusive upper before inclusive
//   compare_ranges        range_cmp: empty first, then lower bounds, then upper
//   make_range            range_serialize then the type's canonical function:
//                         22000 range lower bound must be less than or equal to
//                         range upper bound; equal values not both inclusive are
//                         empty; an infinite bound is never inclusive; int4range,
//                         int8range and daterange become [) (22003 integer out of
//                         range / bigint out of range, 22008 date out of range
//                         when the shifted value does not fit; infinite dates
//                         are not shifted)
//   canonicalize_multirange  multirange_canonicalize: sort by compare_ranges
//                         (with PostgreSQL's own unstable qsort, so equal ranges
//                         of different texts merge to the text PostgreSQL
//                         keeps), drop empties, merge overlapping and adjacent
//                         ranges
// range_text.cpp (range_in / range_out / multirange_in's scanner):
//   read_range_literal    the flags and unescaped bound texts of a literal;
//                         22P02 malformed range literal: "<text>" + DETAIL
//   scan_multirange_literal  the range literals of a multirange literal, each
//                         handed to on_range as soon as it ends ("empty" ones
//                         are skipped); 22P02 malformed multirange literal
//   append_range_bound    range_bound_escape
//   read_stored_bound     a bound text of a stored range (the publisher's
//                         output) -> the subtype's stored value; fast for the
//                         canonical texts, else the subtype's parse_text
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/types/type_codec.hpp"

namespace tributary {

// The flags byte of range_send / range_recv.
inline constexpr uint8_t range_empty_flag = 0x01;
inline constexpr uint8_t range_lower_inclusive_flag = 0x02;
inline constexpr uint8_t range_upper_inclusive_flag = 0x04;
inline constexpr uint8_t range_lower_infinite_flag = 0x08;
inline constexpr uint8_t range_upper_infinite_flag = 0x10;
inline constexpr uint8_t range_public_flags = 0x1F;

// The range type behind a range or multirange OID.
struct range_type_info {
  oid_t range_oid = 0;
  oid_t multirange_oid = 0;
  oid_t subtype = 0;
  bool discrete = false;    // int4range, int8range, daterange: canonical [)
  bool multirange = false;  // the OID looked up is the multirange's
  const type_codec* subtype_codec = nullptr;
  int (*compare_texts)(std::string_view, std::string_view) = nullptr;  // text-stored subtypes

  column_type subtype_column() const { return builtin_column_type(subtype); }
};

// nullopt unless `oid` is one of the twelve built-in range and multirange types.
std::optional<range_type_info> find_range_type(oid_t oid);

struct range_bound {
  sql_value value;  // sql_null when infinite
  bool infinite = false;
  bool inclusive = false;
  bool lower = false;
};

struct range_value {
  bool empty = false;
  range_bound lower{sql_null{}, true, false, true};
  range_bound upper{sql_null{}, true, false, false};
};

int compare_bound_values(const range_type_info& type, const range_bound& a, const range_bound& b);
int compare_bounds(const range_type_info& type, const range_bound& a, const range_bound& b);
int compare_ranges(const range_type_info& type, const range_value& a, const range_value& b);
// multirange_cmp: range by range, then the one with fewer ranges first.
int compare_multiranges(const range_type_info& type, const std::vector<range_value>& a,
                        const std::vector<range_value>& b);

result<range_value, pg_error> make_range(const range_type_info& type, range_bound lower,
                                         range_bound upper, bool empty);
result<std::vector<range_value>, pg_error> canonicalize_multirange(
    const range_type_info& type, std::vector<range_value> ranges);

struct range_literal {
  uint8_t flags = 0;                  // empty, inclusive and infinite flags as range_parse sets them
  std::string lower_text, upper_text;  // unescaped; only for a bound that is not infinite
};

result<range_literal, pg_error> read_range_literal(std::string_view text);
result<ok_t, pg_error> scan_multirange_literal(
    std::string_view text, const std::function<result<ok_t, pg_error>(std::string_view)>& on_range);

void append_range_bound(std::string& out, std::string_view bound_text);

result<sql_value, pg_error> read_stored_bound(const range_type_info& type, std::string_view text);

}  // namespace tributary
