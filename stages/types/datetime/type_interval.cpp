// type_interval: the interval type (oid 1186).
//
// Stored form: TEXT "<months> <days> <microseconds>" (interval_value.hpp),
// compared by the pg_interval collation (compare_stored_interval).
//
//   parse_text     PostgreSQL 15's interval_in (interval_text_input.hpp; the
//                  session's sql_standard IntervalStyle changes how a leading
//                  '-' applies), then the typmod
//   parse_binary   interval_recv: int64 µs, int32 days, int32 months, big-endian,
//                  exactly 16 bytes (else 22P03), then the typmod
//   format_text    interval_out in the session's IntervalStyle
//                  (interval_text_output.hpp)
//   format_binary  interval_send
//
// Typmod (AdjustIntervalForTypmod): (range << 16) | precision. The fields after
// the range's last one are truncated toward zero (INTERVAL YEAR keeps whole
// years, DAY TO MINUTE whole minutes); a precision 0..6 rounds the
// microseconds half away from zero to that many digits; 0xFFFF keeps them all.
// Errors for a typmod PostgreSQL's typmodin would never produce: XX000
// "unrecognized interval typmod: n", 22023 "interval(p) precision must be
// between 0 and 6".
//
// A stored value that is not an interval's stored form (another tool's TEXT) is
// printed as it is; sent in binary as the interval its text reads as, else zero.
#include "stages/types/datetime/type_interval.hpp"

#include "stages/types/datetime/interval_text_input.hpp"
#include "stages/types/datetime/interval_text_output.hpp"
#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/stored_order.hpp"

namespace tributary {
namespace {

constexpr int32_t full_precision = 0xFFFF;
constexpr int max_precision = 6;
constexpr int64_t usecs_per_minute = 60'000'000;
constexpr int64_t usecs_per_hour = 60 * usecs_per_minute;

int32_t typmod_range(int32_t typmod) {
  return typmod >= 0 ? (typmod >> 16) & interval_full_range : interval_full_range;
}

// Wrapping arithmetic, as PostgreSQL 15's rounding does on its (unchecked) int64.
int64_t wrapping_add(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t wrapping_negate(int64_t a) {
  return static_cast<int64_t>(uint64_t{0} - static_cast<uint64_t>(a));
}

result<interval_value, pg_error> apply_typmod(interval_value v, int32_t typmod) {
  if (typmod < 0)
    return v;
  const int32_t range = typmod_range(typmod);
  const int32_t precision = typmod & 0xFFFF;
  constexpr int32_t year = interval_mask_year, month = interval_mask_month,
                    day = interval_mask_day, hour = interval_mask_hour,
                    minute = interval_mask_minute, second = interval_mask_second;
  switch (range) {
    case interval_full_range:
    case second:
    case day | hour | minute | second:
    case hour | minute | second:
    case minute | second:
      break;  // only the precision below
    case year:
      v.months = v.months / 12 * 12;
      v.days = 0;
      v.micros = 0;
      break;
    case month:
    case year | month:
      v.days = 0;
      v.micros = 0;
      break;
    case day:
      v.micros = 0;
      break;
    case hour:
    case day | hour:
      v.micros = v.micros / usecs_per_hour * usecs_per_hour;
      break;
    case minute:
    case day | hour | minute:
    case hour | minute:
      v.micros = v.micros / usecs_per_minute * usecs_per_minute;
      break;
    default:
      return fail(make_pg_error("XX000", "unrecognized interval typmod: " + std::to_string(typmod)));
  }
  if (precision != full_precision) {
    if (precision > max_precision)
      return fail(make_pg_error("22023", "interval(" + std::to_string(precision) +
                                             ") precision must be between 0 and 6"));
    int64_t scale = 1;
    for (int i = precision; i < max_precision; ++i)
      scale *= 10;
    const int64_t offset = scale / 2;
    if (v.micros >= 0)
      v.micros = wrapping_add(v.micros, offset) / scale * scale;
    else
      v.micros = wrapping_negate(wrapping_add(wrapping_negate(v.micros), offset) / scale * scale);
  }
  return v;
}

pg_error binary_format_error() {
  return make_pg_error("22P03", "incorrect binary data format");
}

// The interval a stored value holds, for output: its stored form, else (text
// written by another tool) the interval that text reads as.
std::optional<interval_value> stored_interval(const sql_value& stored) {
  const auto* text = std::get_if<std::string>(&stored);
  if (text == nullptr)
    return std::nullopt;
  if (auto v = decode_stored_interval(*text))
    return v;
  auto parsed = parse_pg_interval_text(*text, interval_full_range, false);
  if (parsed)
    return parsed.value();
  return std::nullopt;
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

__extension__ using int128 = __int128;  // GCC/Clang; -Wpedantic accepts it marked so

// interval_cmp_value: months of 30 days, days of 24 hours, as one count of µs.
int128 span_usecs(const interval_value& v) {
  return (static_cast<int128>(v.months) * 30 + v.days) * interval_usecs_per_day + v.micros;
}

}  // namespace

result<sql_value, pg_error> parse_interval_text(const column_type& type, std::string_view text,
                                                const type_settings& settings) {
  auto parsed = parse_pg_interval_text(text, typmod_range(type.typmod),
                                       settings.intervals == interval_style::sql_standard);
  if (!parsed)
    return fail(std::move(parsed.error()));
  auto adjusted = apply_typmod(parsed.value(), type.typmod);
  if (!adjusted)
    return fail(std::move(adjusted.error()));
  return sql_value{encode_stored_interval(adjusted.value())};
}

result<sql_value, pg_error> parse_interval_binary(const column_type& type, std::string_view bytes) {
  if (bytes.size() != 16)
    return fail(binary_format_error());
  uint64_t words[2] = {0, 0};
  for (size_t i = 0; i < 16; ++i)
    words[i / 8] = (words[i / 8] << 8) | static_cast<uint8_t>(bytes[i]);
  interval_value v;
  v.micros = static_cast<int64_t>(words[0]);
  v.days = static_cast<int32_t>(static_cast<uint32_t>(words[1] >> 32));
  v.months = static_cast<int32_t>(static_cast<uint32_t>(words[1]));
  auto adjusted = apply_typmod(v, type.typmod);
  if (!adjusted)
    return fail(std::move(adjusted.error()));
  return sql_value{encode_stored_interval(adjusted.value())};
}

std::string format_interval_text(const column_type&, const sql_value& stored,
                                 const type_settings& settings) {
  if (const auto* text = std::get_if<std::string>(&stored)) {
    if (auto v = decode_stored_interval(*text))
      return format_pg_interval_text(*v, settings.intervals);
  }
  return stored_as_text(stored);  // not ours: shown as it is
}

std::string format_interval_binary(const column_type&, const sql_value& stored) {
  const interval_value v = stored_interval(stored).value_or(interval_value{});
  const uint64_t words[2] = {
      static_cast<uint64_t>(v.micros),
      (uint64_t{static_cast<uint32_t>(v.days)} << 32) | static_cast<uint32_t>(v.months)};
  std::string out(16, '\0');
  for (size_t i = 0; i < 16; ++i)
    out[i] = static_cast<char>(words[i / 8] >> (8 * (7 - i % 8)));
  return out;
}

int compare_stored_interval(std::string_view a, std::string_view b) {
  const auto va = decode_stored_interval(a);
  const auto vb = decode_stored_interval(b);
  if (va && vb) {
    const int128 sa = span_usecs(*va);
    const int128 sb = span_usecs(*vb);
    return sa < sb ? -1 : sa > sb ? 1 : 0;
  }
  if (va)
    return -1;  // a stored form sorts before any foreign text
  if (vb)
    return 1;
  const int c = a.compare(b);
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

}  // namespace tributary
