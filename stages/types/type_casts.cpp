// type_casts: see the header.
#include "stages/types/type_casts.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <utility>

#include "stages/types/builtin_types.hpp"
#include "stages/types/value_io.hpp"
#include "stages/types/verbatim/array_text.hpp"

namespace tributary {
namespace {

using c = cast_context;
using m = stored_cast;

bool is_string_type(oid_t oid) { return oid == 25 || oid == 1042 || oid == 1043 || oid == 19; }

// PostgreSQL 15's pg_cast among the built-in types Tributary stores (other than
// the I/O conversions to and from string types, which find_cast adds).
const std::map<std::pair<oid_t, oid_t>, cast_rule>& cast_table() {
  static const std::map<std::pair<oid_t, oid_t>, cast_rule> table = [] {
    std::map<std::pair<oid_t, oid_t>, cast_rule> t;
    auto add = [&](oid_t from, std::initializer_list<oid_t> to, cast_context context, stored_cast method) {
      for (oid_t target : to)
        t[{from, target}] = cast_rule{context, method};
    };
    add(16, {23}, c::explicit_only, m::bool_to_integer);
    add(16, {25, 1042, 1043}, c::assignment, m::bool_to_text);
    add(18, {23}, c::explicit_only, m::not_supported);
    add(18, {25}, c::implicit, m::via_text);
    add(18, {1042, 1043}, c::assignment, m::via_text);
    add(19, {25}, c::implicit, m::via_text);
    add(20, {21, 23}, c::assignment, m::integer_narrowing);
    add(20, {700, 701, 1700}, c::implicit, m::via_text);
    add(20, {26}, c::implicit, m::not_supported);
    add(20, {790}, c::assignment, m::via_text);
    add(20, {1560}, c::explicit_only, m::integer_to_bit);
    add(21, {20, 23, 700, 701, 1700}, c::implicit, m::via_text);
    add(21, {26}, c::implicit, m::not_supported);
    add(23, {16}, c::explicit_only, m::integer_to_bool);
    add(23, {18}, c::explicit_only, m::not_supported);
    add(23, {1560}, c::explicit_only, m::integer_to_bit);
    add(23, {20, 700, 701, 1700}, c::implicit, m::via_text);
    add(23, {21}, c::assignment, m::integer_narrowing);
    add(23, {26}, c::implicit, m::not_supported);
    add(23, {790}, c::assignment, m::via_text);
    add(25, {18}, c::assignment, m::not_supported);
    add(25, {19, 1042, 1043}, c::implicit, m::via_text);
    add(25, {142}, c::explicit_only, m::via_text);
    add(26, {20}, c::assignment, m::via_text);
    add(26, {23}, c::assignment, m::not_supported);
    add(114, {3802}, c::assignment, m::via_text);
    add(142, {25, 1042, 1043}, c::assignment, m::via_text);
    add(600, {603}, c::assignment, m::not_supported);
    add(601, {600}, c::explicit_only, m::not_supported);
    add(602, {604}, c::assignment, m::not_supported);
    add(603, {600, 601, 718}, c::explicit_only, m::not_supported);
    add(603, {604}, c::assignment, m::not_supported);
    add(604, {600, 603, 718}, c::explicit_only, m::not_supported);
    add(604, {602}, c::assignment, m::not_supported);
    add(718, {600, 603, 604}, c::explicit_only, m::not_supported);
    add(650, {25, 1042, 1043}, c::assignment, m::via_text);
    add(650, {869}, c::implicit, m::via_text);
    add(700, {20, 21, 23}, c::assignment, m::float_to_integer);
    add(700, {701}, c::implicit, m::float_widening);
    add(700, {1700}, c::assignment, m::float_to_numeric);
    add(701, {20, 21, 23}, c::assignment, m::float_to_integer);
    add(701, {700}, c::assignment, m::float_narrowing);
    add(701, {1700}, c::assignment, m::float_to_numeric);
    add(774, {829}, c::implicit, m::not_supported);
    add(829, {774}, c::implicit, m::via_text);
    add(790, {1700}, c::assignment, m::not_supported);
    add(869, {25, 1042, 1043, 650}, c::assignment, m::not_supported);
    add(1042, {18}, c::assignment, m::not_supported);
    add(1042, {19}, c::implicit, m::not_supported);
    add(1042, {25, 1043}, c::implicit, m::bpchar_to_text);
    add(1042, {142}, c::explicit_only, m::not_supported);
    add(1043, {18}, c::assignment, m::not_supported);
    add(1043, {19, 25, 1042}, c::implicit, m::via_text);
    add(1043, {142}, c::explicit_only, m::via_text);
    add(1082, {1114, 1184}, c::implicit, m::via_text);
    add(1083, {1186, 1266}, c::implicit, m::via_text);
    add(1114, {1082, 1083}, c::assignment, m::via_text);
    add(1114, {1184}, c::implicit, m::via_text);
    add(1184, {1082, 1083, 1114, 1266}, c::assignment, m::via_text);
    add(1186, {1083}, c::assignment, m::not_supported);
    add(1266, {1083}, c::assignment, m::via_text);
    add(1560, {20, 23}, c::explicit_only, m::bit_to_integer);
    add(1560, {1562}, c::implicit, m::via_text);
    add(1562, {1560}, c::implicit, m::via_text);
    add(1700, {20, 21, 23}, c::assignment, m::numeric_to_integer);
    add(1700, {700, 701}, c::implicit, m::via_text);
    add(1700, {790}, c::assignment, m::via_text);
    add(3802, {16, 20, 21, 23, 700, 701, 1700}, c::explicit_only, m::not_supported);
    add(3802, {114}, c::assignment, m::via_text);
    // ranges -> their multiranges (int4range, numrange, tsrange, tstzrange, daterange, int8range)
    add(3904, {4451}, c::explicit_only, m::not_supported);
    add(3906, {4532}, c::explicit_only, m::not_supported);
    add(3908, {4533}, c::explicit_only, m::not_supported);
    add(3910, {4534}, c::explicit_only, m::not_supported);
    add(3912, {4535}, c::explicit_only, m::not_supported);
    add(3926, {4536}, c::explicit_only, m::not_supported);
    return t;
  }();
  return table;
}

oid_t element_of(const column_type& type) {
  if (type.is_enum() || !type.known())
    return 0;
  const type_descriptor* d = find_builtin_type(type.oid);
  return d ? d->element : 0;
}

// bpchar, varchar, bit, varbit: an explicit cast cuts (or pads) to the length.
bool is_length_cut_type(oid_t oid) { return oid == 1042 || oid == 1043 || oid == 1560 || oid == 1562; }

const char* integer_name(oid_t oid) {
  return oid == 21 ? "smallint" : oid == 23 ? "integer" : "bigint";
}

pg_error out_of_range(oid_t integer) {
  return make_pg_error("22003", std::string(integer_name(integer)) + " out of range");
}

bool fits(oid_t integer, long double v) {
  if (integer == 21)
    return v >= -32768.0L && v < 32768.0L;
  if (integer == 23)
    return v >= -2147483648.0L && v < 2147483648.0L;
  return v >= -9223372036854775808.0L && v < 9223372036854775808.0L;
}

std::string stored_text(const sql_value& v) {
  if (const auto* s = std::get_if<std::string>(&v))
    return *s;
  if (const auto* i = std::get_if<int64_t>(&v))
    return std::to_string(*i);
  if (const auto* d = std::get_if<double>(&v)) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", *d);
    return buffer;
  }
  return {};
}

int64_t stored_integer(const sql_value& v) {
  if (const auto* i = std::get_if<int64_t>(&v))
    return *i;
  return std::strtoll(stored_text(v).c_str(), nullptr, 10);
}

// bittoint4 / bittoint8: at most 32 (64) bits, read as an unsigned number whose
// bits are then the integer's two's complement.
result<sql_value, pg_error> bit_to_integer(const std::string& bits, oid_t integer) {
  const size_t width = integer == 23 ? 32 : 64;
  if (bits.size() > width)
    return fail(out_of_range(integer));
  uint64_t value = 0;
  for (char b : bits) value = (value << 1) | (b == '1' ? 1u : 0u);
  if (integer == 23)
    return sql_value{static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(value)))};
  return sql_value{static_cast<int64_t>(value)};
}

// bitfromint4 / bitfromint8: the rightmost n bits (n = the typmod, 1 without one);
// beyond the integer's width, copies of its sign bit.
sql_value integer_to_bit(int64_t value, oid_t integer, int32_t typmod) {
  const int width = integer == 23 ? 32 : 64;
  const int length = typmod > 0 ? typmod : 1;
  std::string bits;
  bits.reserve(static_cast<size_t>(length));
  for (int i = length - 1; i >= 0; --i) {
    const int bit = i < width ? i : width - 1;
    bits.push_back(((static_cast<uint64_t>(value) >> bit) & 1u) ? '1' : '0');
  }
  return sql_value{std::move(bits)};
}

// numeric_out text -> the nearest integer, half away from zero (numeric_int4).
result<sql_value, pg_error> numeric_to_integer(const std::string& text, oid_t integer) {
  if (text == "NaN")
    return fail(make_pg_error("0A000", std::string("cannot convert NaN to ") + integer_name(integer)));
  if (text == "Infinity" || text == "-Infinity")
    return fail(make_pg_error("0A000", std::string("cannot convert infinity to ") + integer_name(integer)));
  size_t i = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (negative)
    ++i;
  uint64_t magnitude = 0;
  constexpr uint64_t limit = std::numeric_limits<uint64_t>::max();
  for (; i < text.size() && text[i] != '.'; ++i) {
    const auto digit = static_cast<uint64_t>(text[i] - '0');
    if (magnitude > (limit - digit) / 10)
      return fail(out_of_range(integer));
    magnitude = magnitude * 10 + digit;
  }
  if (i + 1 < text.size() && text[i] == '.' && text[i + 1] >= '5') {
    if (magnitude == limit)
      return fail(out_of_range(integer));
    ++magnitude;
  }
  const long double value = negative ? -static_cast<long double>(magnitude)
                                     : static_cast<long double>(magnitude);
  if (!fits(integer, value))
    return fail(out_of_range(integer));
  const int64_t out = negative ? static_cast<int64_t>(0 - static_cast<uint64_t>(magnitude))
                               : static_cast<int64_t>(magnitude);
  return sql_value{out};
}

result<sql_value, pg_error> float_to_integer(const std::string& text, oid_t integer) {
  const double value = std::rint(std::strtod(text.c_str(), nullptr));
  if (std::isnan(value) || !fits(integer, value))
    return fail(out_of_range(integer));
  return sql_value{static_cast<int64_t>(value)};
}

// At most `length` UTF-8 characters of `text` (an explicit cast to varchar(n)).
std::string truncated(const std::string& text, int64_t length) {
  int64_t characters = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && characters++ == length)
      return text.substr(0, i);
  }
  return text;
}

result<sql_value, pg_error> from_text(const std::string& text, const column_type& to,
                                      bool explicit_cast, const type_settings& settings) {
  if (explicit_cast && !is_length_cut_type(to.oid) && explicit_cast_cuts(to)) {
    // ::varchar(2)[] / ::bit(2)[]: the array read without the length, each element
    // cut or padded as ::varchar(2) / ::bit(2) does (PostgreSQL's array_map of the
    // element's length coercion), then read as the array type.
    const oid_t element = element_of(to);
    auto array = read_array_literal(text, array_delimiter(element));
    if (!array)
      return fail(array.error());
    const column_type element_type = builtin_column_type(element, to.typmod);
    for (auto& e : array->elements) {
      if (!e)
        continue;
      auto value = from_text(*e, element_type, /*explicit_cast=*/true, settings);
      if (!value)
        return fail(value.error());
      e = format_text_value(element_type, *value, settings);
    }
    return parse_text_value(to, write_array_literal(*array, array_delimiter(element)), settings);
  }
  if (explicit_cast && (to.oid == 1042 || to.oid == 1043) && to.typmod >= 4)
    return parse_text_value(to, truncated(text, to.typmod - 4), settings);
  if (explicit_cast && (to.oid == 1560 || to.oid == 1562) && to.typmod > 0) {
    // ::bit(n) pads with zeros on the right or cuts to n bits; ::varbit(n) cuts
    // (PostgreSQL's bit() / varbit() with isExplicit), after the type's input.
    auto bits = parse_text_value(builtin_column_type(to.oid), text, settings);
    if (!bits || !std::holds_alternative<std::string>(*bits))
      return bits;
    std::string value = std::get<std::string>(*bits);
    const size_t length = static_cast<size_t>(to.typmod);
    if (value.size() > length || to.oid == 1560)
      value.resize(length, '0');
    return sql_value{std::move(value)};
  }
  return parse_text_value(to, text, settings);
}

result<sql_value, pg_error> float_to_numeric(const std::string& text, bool from_float4,
                                             const column_type& to, const type_settings& settings) {
  double value = from_float4 ? static_cast<double>(std::strtof(text.c_str(), nullptr))
                             : std::strtod(text.c_str(), nullptr);
  if (std::isnan(value))
    return parse_text_value(to, "NaN", settings);
  if (std::isinf(value))
    return parse_text_value(to, value > 0 ? "Infinity" : "-Infinity", settings);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", from_float4 ? 6 : 15, value);
  return parse_text_value(to, buffer, settings);
}

result<sql_value, pg_error> float_narrowing(const std::string& text, const column_type& to,
                                            const type_settings& settings) {
  const double value = std::strtod(text.c_str(), nullptr);
  const float narrowed = static_cast<float>(value);
  if (std::isinf(narrowed) && !std::isinf(value))
    return fail(make_pg_error("22003", "value out of range: overflow"));
  if (narrowed == 0.0f && value != 0.0)
    return fail(make_pg_error("22003", "value out of range: underflow"));
  if (std::isnan(value))
    return parse_text_value(to, "NaN", settings);
  if (std::isinf(value))
    return parse_text_value(to, value > 0 ? "Infinity" : "-Infinity", settings);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", static_cast<double>(narrowed));
  return parse_text_value(to, buffer, settings);
}

result<sql_value, pg_error> array_elements_cast(const sql_value& stored, const column_type& from,
                                                const column_type& to, bool explicit_cast,
                                                const type_settings& settings);

}  // namespace

bool explicit_cast_cuts(const column_type& to) {
  if (to.typmod < 0 || to.domain_array)
    return false;
  return is_length_cut_type(to.oid) || is_length_cut_type(element_of(to));
}

std::optional<cast_rule> find_cast(const column_type& from, const column_type& to) {
  if (from == to || (from.known() && from.oid == to.oid))
    return cast_rule{c::implicit, m::via_text};
  if (is_string_type(to.oid) && !(from.known() && cast_table().count({from.oid, to.oid})))
    return cast_rule{c::assignment, m::via_text};
  if (is_string_type(from.oid) && !cast_table().count({from.oid, to.oid}))
    return cast_rule{c::explicit_only, m::via_text};
  if (!from.known() || !to.known() || from.is_enum() || to.is_enum())
    return std::nullopt;
  if (auto it = cast_table().find({from.oid, to.oid}); it != cast_table().end())
    return it->second;
  const oid_t from_element = element_of(from), to_element = element_of(to);
  if (from_element != 0 && to_element != 0) {
    auto element = find_cast(builtin_column_type(from_element), builtin_column_type(to_element));
    if (!element)
      return std::nullopt;
    const stored_cast method = element->method == m::via_text || element->method == m::not_supported
                                   ? element->method
                                   : m::array_elements;
    return cast_rule{element->context, method};
  }
  return std::nullopt;
}

result<sql_value, pg_error> cast_stored_value(const sql_value& stored, const column_type& from,
                                              const column_type& to, stored_cast method,
                                              bool explicit_cast, const type_settings& settings) {
  switch (method) {
    case m::via_text: {
      auto text = format_text_value(from, stored, settings);
      if (!text)
        return sql_value{sql_null{}};
      return from_text(*text, to, explicit_cast, settings);
    }
    case m::integer_narrowing: {
      const int64_t value = stored_integer(stored);
      if (!fits(to.oid, static_cast<long double>(value)))
        return fail(out_of_range(to.oid));
      return sql_value{value};
    }
    case m::numeric_to_integer:
      return numeric_to_integer(stored_text(stored), to.oid);
    case m::float_to_integer:
      return float_to_integer(stored_text(stored), to.oid);
    case m::float_widening: {
      char buffer[64];
      std::snprintf(buffer, sizeof buffer, "%.17g",
                    static_cast<double>(std::strtof(stored_text(stored).c_str(), nullptr)));
      return parse_text_value(to, buffer, settings);
    }
    case m::float_narrowing:
      return float_narrowing(stored_text(stored), to, settings);
    case m::float_to_numeric:
      return float_to_numeric(stored_text(stored), from.oid == 700, to, settings);
    case m::bool_to_text:
      return from_text(stored_integer(stored) != 0 ? "true" : "false", to, explicit_cast, settings);
    case m::bpchar_to_text: {
      std::string text = stored_text(stored);
      while (!text.empty() && text.back() == ' ')
        text.pop_back();
      return from_text(text, to, explicit_cast, settings);
    }
    case m::bool_to_integer:
      return sql_value{static_cast<int64_t>(stored_integer(stored) != 0 ? 1 : 0)};
    case m::integer_to_bool:
      return sql_value{static_cast<int64_t>(stored_integer(stored) != 0 ? 1 : 0)};
    case m::bit_to_integer:
      return bit_to_integer(stored_text(stored), to.oid);
    case m::integer_to_bit:
      return integer_to_bit(stored_integer(stored), from.oid, to.typmod);
    case m::array_elements:
      return array_elements_cast(stored, from, to, explicit_cast, settings);
    case m::not_supported:
      break;
  }
  return fail(make_pg_error("0A000", "this type conversion is not supported yet"));
}

namespace {

// array_out's text of `from`, each element read by its type's input, cast as the
// element types cast, printed by the new element type's output; the array's
// shape kept; then read as `to`.
result<sql_value, pg_error> array_elements_cast(const sql_value& stored, const column_type& from,
                                                const column_type& to, bool explicit_cast,
                                                const type_settings& settings) {
  const column_type from_element = builtin_column_type(element_of(from), from.typmod);
  const column_type to_element = builtin_column_type(element_of(to), to.typmod);
  const auto rule = find_cast(from_element, to_element);
  auto text = format_text_value(from, stored, settings);
  if (!text || !rule)
    return sql_value{sql_null{}};
  auto array = read_array_literal(*text, array_delimiter(from_element.oid));
  if (!array)
    return fail(array.error());
  for (auto& element : array->elements) {
    if (!element)
      continue;
    auto value = parse_text_value(from_element, *element, settings);
    if (!value)
      return fail(value.error());
    auto cast = cast_stored_value(*value, from_element, to_element, rule->method, explicit_cast, settings);
    if (!cast)
      return fail(cast.error());
    element = format_text_value(to_element, *cast, settings);
  }
  return parse_text_value(to, write_array_literal(*array, array_delimiter(to_element.oid)), settings);
}

}  // namespace

}  // namespace tributary
