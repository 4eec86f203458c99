// type_date: the date type (OID 1082). Stored as days since 2000-01-01, with
// INT32_MIN/INT32_MAX for -infinity/infinity. Input as date_in: any
// date/time text (a time or zone in it is read and dropped), epoch, infinity,
// today/tomorrow/yesterday/now in the session zone; a date before 4714-11-24
// BC or from 5874898-01-01 on is 22008 `date out of range: "<text>"`.
// Binary: int32 days, range checked as date_recv. See type_datetime.hpp.
#include <limits>

#include "stages/types/datetime/datetime_styles.hpp"
#include "stages/types/datetime/datetime_type_support.hpp"
#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/pg_datetime_format.hpp"
#include "stages/types/datetime/type_datetime.hpp"

namespace tributary {
namespace {

constexpr int64_t unix_epoch_days = unix_epoch_julian_day - postgres_epoch_julian_day;

bool is_infinite(int64_t days) {
  return days == std::numeric_limits<int32_t>::min() || days == std::numeric_limits<int32_t>::max();
}

}  // namespace

result<sql_value, pg_error> parse_date_text(const column_type&, std::string_view text,
                                            const type_settings& settings) {
  const datetime_input_scope scope = input_scope(settings);
  auto parsed = decode_datetime_text(text, short_datetime_buffer, scope.context);
  if (!parsed)
    return fail(datetime_parse_error(parsed.error(), text, "date"));
  switch (parsed->special) {
    case datetime_special::epoch:
      return sql_value{unix_epoch_days};
    case datetime_special::infinity:
      return sql_value{int64_t{std::numeric_limits<int32_t>::max()}};
    case datetime_special::minus_infinity:
      return sql_value{int64_t{std::numeric_limits<int32_t>::min()}};
    case datetime_special::none:
      break;
  }
  const auto out_of_range = [&] {
    return fail(make_pg_error("22008", "date out of range: \"" + std::string(text) + "\""));
  };
  if (!julian_date_in_range(parsed->year, parsed->month))
    return out_of_range();
  const int64_t days = days_from_civil(parsed->year, parsed->month, parsed->day);
  if (!date_in_range(days))
    return out_of_range();
  return sql_value{days};
}

result<sql_value, pg_error> parse_date_binary(const column_type&, std::string_view bytes) {
  const auto bits = read_big_endian(bytes, 4);
  if (!bits)
    return fail(invalid_binary_representation("incorrect binary data format"));
  const int64_t days = static_cast<int32_t>(static_cast<uint32_t>(*bits));
  if (!is_infinite(days) && !date_in_range(days))
    return fail(make_pg_error("22008", "date out of range"));
  return sql_value{days};
}

std::string format_date_text(const column_type&, const sql_value& stored,
                             const type_settings& settings) {
  if (const std::string* text = stored_foreign_text(stored))
    return *text;
  const int64_t days = stored_integer(stored);
  if (days < std::numeric_limits<int32_t>::min() || days > std::numeric_limits<int32_t>::max())
    return std::to_string(days);
  if (settings.date_style != date_output_style::iso)
    return styled_date_text(static_cast<int32_t>(days), settings.date_style, settings.order);
  return pg_date_text(static_cast<int32_t>(days));
}

std::string format_date_binary(const column_type&, const sql_value& stored) {
  return big_endian_bytes(static_cast<uint64_t>(stored_integer(stored)), 4);
}

}  // namespace tributary
