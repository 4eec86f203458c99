// constant_assignment: see the header.
#include "stages/sql/constant_assignment.hpp"

#include <charconv>
#include <cstdint>
#include <limits>

#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

enum class constant_type { integer, bigint, numeric, boolean };

constant_type type_of_number(const std::string& text) {
  if (text == "true" || text == "false")
    return constant_type::boolean;
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size())
    return constant_type::numeric;
  return value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max()
             ? constant_type::integer
             : constant_type::bigint;
}

std::string_view type_word(constant_type t) {
  switch (t) {
    case constant_type::integer: return "integer";
    case constant_type::bigint: return "bigint";
    case constant_type::numeric: return "numeric";
    case constant_type::boolean: return "boolean";
  }
  return "unknown";
}

pg_error mismatch(const column_definition& column, constant_type t) {
  return make_pg_error("42804", "column \"" + column.name + "\" is of type " +
                                    format_type(column.type) + " but expression is of type " +
                                    std::string(type_word(t)),
                       {}, "You will need to rewrite or cast the expression.");
}

bool is_integer_oid(oid_t oid) { return oid == 20 || oid == 21 || oid == 23; }

std::string_view integer_name(oid_t oid) {
  return oid == 21 ? "smallint" : oid == 23 ? "integer" : "bigint";
}

// numeric text -> the integer it rounds to (half away from zero), or nullopt when
// it does not fit int64.
std::optional<int64_t> round_to_integer(const std::string& stored_numeric) {
  const std::string_view text = stored_numeric;
  const bool negative = !text.empty() && text[0] == '-';
  const size_t point = text.find('.');
  std::string_view whole = text.substr(negative ? 1 : 0, point == std::string_view::npos
                                                             ? std::string_view::npos
                                                             : point - (negative ? 1 : 0));
  uint64_t magnitude = 0;
  auto [end, ec] = std::from_chars(whole.data(), whole.data() + whole.size(), magnitude);
  if (ec != std::errc{} || end != whole.data() + whole.size())
    return std::nullopt;
  if (point != std::string_view::npos && point + 1 < text.size() && text[point + 1] >= '5')
    ++magnitude;
  if (negative) {
    if (magnitude > uint64_t{1} << 63)
      return std::nullopt;
    return magnitude == uint64_t{1} << 63 ? std::numeric_limits<int64_t>::min()
                                          : -static_cast<int64_t>(magnitude);
  }
  if (magnitude > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    return std::nullopt;
  return static_cast<int64_t>(magnitude);
}

result<sql_value, pg_error> integer_column(const std::string& text, constant_type t,
                                           const column_definition& column) {
  const auto out_of_range = [&] {
    return fail(make_pg_error("22003", std::string(integer_name(column.type.oid)) + " out of range"));
  };
  std::optional<int64_t> value;
  if (t == constant_type::numeric) {
    auto stored = parse_text_value(builtin_column_type(1700), text, type_settings{});
    if (!stored)
      return fail(stored.error());
    const auto* numeric = std::get_if<std::string>(&*stored);
    if (!numeric || *numeric == "NaN" || numeric->find("Infinity") != std::string::npos)
      return out_of_range();
    value = round_to_integer(*numeric);
  } else {
    int64_t v = 0;
    std::from_chars(text.data(), text.data() + text.size(), v);
    value = v;
  }
  const oid_t oid = column.type.oid;
  const int64_t low = oid == 21 ? std::numeric_limits<int16_t>::min()
                      : oid == 23 ? std::numeric_limits<int32_t>::min()
                                  : std::numeric_limits<int64_t>::min();
  const int64_t high = oid == 21 ? std::numeric_limits<int16_t>::max()
                       : oid == 23 ? std::numeric_limits<int32_t>::max()
                                   : std::numeric_limits<int64_t>::max();
  if (!value || *value < low || *value > high)
    return out_of_range();
  return sql_value{*value};
}

}  // namespace

result<sql_value, pg_error> assign_constant(const parse_tree::constant& constant,
                                            const column_definition& column,
                                            const type_settings& settings) {
  if (constant.is_null)
    return sql_value{sql_null{}};
  if (constant.is_string)
    return parse_text_value(column.type, constant.text, settings);
  const constant_type t = type_of_number(constant.text);
  const type_descriptor* target = find_builtin_type(column.type.oid);
  const char category = target ? target->category : 'U';
  if (t == constant_type::boolean) {
    if (column.type.oid == 16 || category == 'S')
      return parse_text_value(column.type, constant.text, settings);
    return fail(mismatch(column, t));
  }
  if (is_integer_oid(column.type.oid))
    return integer_column(constant.text, t, column);
  // int4/int8 -> oid (and the reg* types) are implicit casts: the oid's input reads them.
  if (category == 'N' && target->storage == storage_class::integer && column.type.oid != 790) {
    if (t == constant_type::numeric)
      return fail(mismatch(column, t));
    return parse_text_value(column.type, constant.text, settings);
  }
  // numeric, float4/8, money (category N) and the text types take the number's text.
  if (category == 'N' || category == 'S')
    return parse_text_value(column.type, constant.text, settings);
  return fail(mismatch(column, t));
}

}  // namespace tributary
