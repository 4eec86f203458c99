// time_zone_functions: AT TIME ZONE and make_timestamptz, with PostgreSQL 15's result
// types, computed by storage/sql_functions_time_zone.cpp:
//
//   timestamptz AT TIME ZONE zone            timestamp     pg_at_time_zone(zone, v, 1)
//   timestamp AT TIME ZONE zone              timestamptz   pg_at_time_zone(zone, v, 0)
//   ... AT TIME ZONE interval '+05:30'       the same      pg_at_interval_zone
//   make_timestamptz(y, m, d, h, mi, s)      timestamptz   make_timestamp's value read
//                                                          in the session's TimeZone
//   make_timestamptz(y, m, d, h, mi, s, zone)  timestamptz pg_timestamp_at_zone_name
// The parser writes `v AT TIME ZONE z` as timezone(z, v) (also callable by that name).
// As PostgreSQL resolves timezone(text, ...): an untyped value is timestamptz, a date
// is read as timestamptz (midnight in the session's TimeZone); a zone of another type
// than text or interval, or a time / timetz value, is not translated.
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

bool untyped_value(const typed_expression& e) { return e.literal || e.parameter != 0 || e.is_null_constant; }

typed_expression at_time_zone(query_translator& t, std::vector<typed_expression>& args) {
  typed_expression value = std::move(args[1]);
  if (untyped_value(value))
    value = t.coerce(std::move(value), builtin_column_type(pg_type_oid::timestamptz));
  if (value.type.oid == pg_type_oid::date)
    value = typed_result(cast_sql(value.sql, value.type, builtin_column_type(pg_type_oid::timestamptz)),
                         pg_type_oid::timestamptz);
  const oid_t type = value.type.oid;
  if (type != pg_type_oid::timestamp && type != pg_type_oid::timestamptz)
    throw not_translatable{"AT TIME ZONE of type " + format_type(value.type)};
  const bool to_local = type == pg_type_oid::timestamptz;
  const oid_t result = to_local ? pg_type_oid::timestamp : pg_type_oid::timestamptz;
  typed_expression zone = std::move(args[0]);
  if (zone.type.oid == pg_type_oid::interval && !zone.literal)
    return typed_result("pg_at_interval_zone(" + zone.sql + ", " + value.sql + ", " + (to_local ? "1" : "0") + ")",
                        result);
  zone = text_argument(t, std::move(zone));
  return typed_result("pg_at_time_zone(" + zone.sql + ", " + value.sql + ", " + (to_local ? "1" : "0") + ")",
                      result);
}

}  // namespace

std::optional<typed_expression> time_zone_function(query_translator& t, const std::string& name,
                                                   std::vector<typed_expression>& args, int location) {
  if (name == "timezone" && args.size() == 2)
    return at_time_zone(t, args);
  if (name == "make_timestamptz" && (args.size() == 6 || args.size() == 7)) {
    std::vector<typed_expression> fields(std::make_move_iterator(args.begin()),
                                         std::make_move_iterator(args.begin() + 6));
    const std::optional<typed_expression> local = datetime_function(t, "make_timestamp", fields, location);
    const column_type timestamp = builtin_column_type(pg_type_oid::timestamp);
    if (args.size() == 6)
      return typed_result(cast_sql(local->sql, timestamp, builtin_column_type(pg_type_oid::timestamptz)),
                          pg_type_oid::timestamptz);
    const typed_expression zone = text_argument(t, std::move(args[6]));
    return typed_result("pg_timestamp_at_zone_name(" + local->sql + ", " + zone.sql + ")", pg_type_oid::timestamptz);
  }
  return std::nullopt;
}

}  // namespace tributary::translator
