// date_bin_functions: date_bin, date_trunc in a named time zone and the sums of a date
// and a time of day, with PostgreSQL 15's result types, computed by
// storage/sql_functions_date_bin.cpp:
//
//   date_bin(interval, ts, origin)          timestamp when a timestamp is given and no
//                                           timestamptz, else timestamptz (dates and
//                                           untyped values read as it)   pg_date_bin
//   date_trunc(unit, timestamptz, zone)     timestamptz   pg_date_trunc_zone
//   date + time, time + date                timestamp     pg_date_time
//   date + timetz, timetz + date            timestamptz   pg_date_timetz
//   date - time, timestamp[tz] +/- time     the time read as an interval (PostgreSQL's
//                                           implicit cast): timestamp[tz] -/+ interval
#include <tuple>

#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"

namespace tributary::translator {
namespace {

using expression_helpers::untyped;

// A value of `target` (timestamp or timestamptz): untyped ones read as it, dates and
// timestamps cast as PostgreSQL's implicit casts do; not_translatable for another type.
typed_expression as_timestamp(query_translator& t, typed_expression value, oid_t target, const std::string& name) {
  const column_type type = builtin_column_type(target);
  if (untyped(value))
    return t.coerce(std::move(value), type);
  const oid_t from = value.type.oid;
  if (from == target)
    return value;
  if (from == pg_type_oid::date || from == pg_type_oid::timestamp)
    return typed_result(cast_sql(value.sql, value.type, type), target);
  throw not_translatable{name + " of type " + format_type(value.type)};
}

bool typed_as(const typed_expression& e, oid_t oid) { return !untyped(e) && e.type.oid == oid; }

// A time of day's stored µs as interval's stored form ("0 0 µs").
std::string time_as_interval(const typed_expression& time) { return "('0 0 ' || " + time.sql + ")"; }

}  // namespace

std::optional<typed_expression> date_bin_function(query_translator& t, const std::string& name,
                                                  std::vector<typed_expression>& args, int) {
  if (name == "date_bin" && args.size() == 3) {
    const bool timestamp = (typed_as(args[1], pg_type_oid::timestamp) || typed_as(args[2], pg_type_oid::timestamp)) &&
                           !typed_as(args[1], pg_type_oid::timestamptz) && !typed_as(args[2], pg_type_oid::timestamptz);
    const oid_t target = timestamp ? pg_type_oid::timestamp : pg_type_oid::timestamptz;
    typed_expression stride = std::move(args[0]);
    if (untyped(stride))
      stride = t.coerce(std::move(stride), builtin_column_type(pg_type_oid::interval));
    if (stride.type.oid != pg_type_oid::interval)
      throw not_translatable{"date_bin with a stride of type " + format_type(stride.type)};
    const typed_expression source = as_timestamp(t, std::move(args[1]), target, name);
    const typed_expression origin = as_timestamp(t, std::move(args[2]), target, name);
    return typed_result("pg_date_bin(" + stride.sql + ", " + source.sql + ", " + origin.sql + ")", target);
  }
  if (name == "date_trunc" && args.size() == 3) {
    const std::string unit = text_argument(t, std::move(args[0])).sql;
    const typed_expression value = as_timestamp(t, std::move(args[1]), pg_type_oid::timestamptz, name);
    const std::string zone = text_argument(t, std::move(args[2])).sql;
    return typed_result("pg_date_trunc_zone(" + unit + ", " + value.sql + ", " + zone + ")",
                        pg_type_oid::timestamptz);
  }
  return std::nullopt;
}

std::optional<typed_expression> date_time_arithmetic(const std::string& op, const typed_expression& left,
                                                     const typed_expression& right) {
  const oid_t l = left.type.oid, r = right.type.oid;
  constexpr oid_t time = 1083, timetz = 1266;
  if (op == "+" && ((l == pg_type_oid::date && r == time) || (l == time && r == pg_type_oid::date))) {
    const auto& [date, of_day] = l == time ? std::tie(right, left) : std::tie(left, right);
    return typed_result("pg_date_time(" + date.sql + ", " + of_day.sql + ")", pg_type_oid::timestamp);
  }
  if (op == "+" && ((l == pg_type_oid::date && r == timetz) || (l == timetz && r == pg_type_oid::date))) {
    const auto& [date, of_day] = l == timetz ? std::tie(right, left) : std::tie(left, right);
    return typed_result("pg_date_timetz(" + date.sql + ", " + of_day.sql + ")", pg_type_oid::timestamptz);
  }
  if ((op == "+" || op == "-") && r == time &&
      (l == pg_type_oid::date || l == pg_type_oid::timestamp || l == pg_type_oid::timestamptz)) {
    const oid_t result = l == pg_type_oid::date ? pg_type_oid::timestamp : l;
    const std::string value = l == pg_type_oid::date
                                  ? cast_sql(left.sql, left.type, builtin_column_type(pg_type_oid::timestamp))
                                  : left.sql;
    return typed_result("pg_timestamp_add(" + value + ", " + time_as_interval(right) + ", " +
                            (result == pg_type_oid::timestamptz ? "1" : "0") + ", " + (op == "-" ? "-1" : "1") + ")",
                        result);
  }
  return std::nullopt;
}

}  // namespace tributary::translator
