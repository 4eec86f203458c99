// datetime_functions: date/time arithmetic and functions with PostgreSQL's
// result types, computed on stored forms by storage/sql_functions_datetime.cpp:
//
//   date + int, int + date, date - int        date         pg_date_add
//   date - date                               int4         pg_date_diff
//   timestamp[tz] +/- interval, interval + timestamp[tz]
//                                             its type     pg_timestamp_add (timestamptz
//                                                          steps in the session's TimeZone)
//   date +/- interval                         timestamp    the date at midnight, then as above
//   timestamp - timestamp, timestamptz - timestamptz   interval   pg_timestamp_diff
//   time - time                               interval     pg_time_diff (µs, no days)
//   time +/- interval, interval + time        time         the interval's time part, modulo a day
//   timetz +/- interval, interval + timetz    timetz       pg_timetz_add (the same, zone kept)
//   date + time and the other sums of a date and a time: date_bin_functions.cpp
//   date_trunc(unit, timestamp[tz])           its type     pg_date_trunc
//   date_trunc(unit, timestamptz, zone)       date_bin_functions.cpp
//   extract(field from date | timestamp[tz] | interval)  numeric  pg_extract, pg_extract_interval (a constant field:
//   date_part(field, date | timestamp[tz] | interval)   float8   year ... microseconds, dow,
//                                                          isodow, doy, week, quarter,
//                                                          decade, century, millennium,
//                                                          epoch)
//   isfinite(date | timestamp[tz] | interval) boolean      not one of the infinities
//   make_date(int, int, int)                  date         pg_make_date
//   age(timestamp[tz] [, timestamp[tz]])      interval     pg_age (one argument: from
//                                                          current_date)
//   to_char(timestamp[tz], constant pattern)  text         pg_to_char (the common fields)
//   to_char(interval, constant pattern)       text         pg_to_char_interval (its fields)
//   to_timestamp(text, constant pattern)      timestamptz  pg_to_timestamp_local, cast from
//   to_date(text, constant pattern)           date         timestamp (datetime_format_input.hpp)
//   to_timestamp(number)                      timestamptz  pg_to_timestamp_epoch
//   justify_days / justify_hours / justify_interval(interval)
//                                             interval     pg_interval_justify
//   make_timestamp(int, int, int, int, int, float8)   timestamp   pg_make_timestamp
//   make_interval(years, months, weeks, days, hours, mins, secs)  (by position or name)
//                                             interval     pg_make_interval
// date_trunc, age and to_char of a date read it as timestamptz (midnight in the
// session's TimeZone), as PostgreSQL's function resolution does; as timestamp when
// age's other argument is a timestamp.
//   interval +/- interval                     interval     pg_interval_add
//   interval * number, number * interval, interval / number
//                                             interval     pg_interval_scale (float8 factor)
//   - interval                                interval     pg_interval_negate
//   timestamptz - timestamp | date, timestamp - date   interval   the narrower operand cast
// date + time[tz] & co.: date_bin_functions.cpp. Other operators on timetz, other
// extract fields (timezone, julian, isoyear) and other to_char patterns are
// not translated yet.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <iterator>
#include <tuple>
#include <vector>

#include "stages/sql/datetime_format_input.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

bool is_small_integer(oid_t oid) { return oid == pg_type_oid::int2 || oid == pg_type_oid::int4; }
bool is_timestamp(oid_t oid) { return oid == pg_type_oid::timestamp || oid == pg_type_oid::timestamptz; }

typed_expression add_interval(const typed_expression& timestamp, const std::string& interval,
                              int sign) {
  return typed_result("pg_timestamp_add(" + timestamp.sql + ", " + interval + ", " +
                          (timestamp.type.oid == pg_type_oid::timestamptz ? "1" : "0") + ", " +
                          (sign < 0 ? "-1" : "1") + ")",
                      timestamp.type.oid);
}

}  // namespace

void resolve_datetime_operator(query_translator& t, const std::string& op, typed_expression& left,
                               typed_expression& right, int location) {
  using expression_helpers::untyped;
  if (op != "+" && op != "-")
    return;
  const auto moment = [](const typed_expression& e) {
    const oid_t o = e.type.oid;
    return !untyped(e) && (o == pg_type_oid::date || o == pg_type_oid::time || o == pg_type_oid::timetz ||
                           is_timestamp(o) || o == pg_type_oid::interval);
  };
  const auto number = [](const typed_expression& e) { return !untyped(e) && is_number_type(e.type.oid); };
  if ((number(left) && moment(right)) || (moment(left) && number(right))) {
    // date + int4, int4 + date, date - int4 (int2 widened) are the only ones PostgreSQL has.
    const typed_expression& n = number(left) ? left : right;
    const bool day_count = is_small_integer(n.type.oid) &&
                           (number(left) ? op == "+" && right.type.oid == pg_type_oid::date
                                         : left.type.oid == pg_type_oid::date);
    if (!day_count) {
      pg_error error = make_pg_error("42883", "operator does not exist: " +
                                                  expression_helpers::message_type_name(left.type) + " " + op + " " +
                                                  expression_helpers::message_type_name(right.type));
      error.hint = "No operator matches the given name and argument types. You might need to add explicit type casts.";
      t.fail_at(std::move(error), location);
    }
  }
  if (untyped(left) == untyped(right))
    return;
  const bool unknown_right = untyped(right);
  typed_expression& unknown = unknown_right ? right : left;
  const oid_t known = (unknown_right ? left : right).type.oid;
  if (op == "+" && (known == pg_type_oid::date || known == pg_type_oid::timetz)) {
    // date + integer / interval / time / timetz: no candidate is preferred.
    const std::string words = expression_helpers::message_type_name(builtin_column_type(known));
    pg_error error = make_pg_error("42725", "operator is not unique: " + (unknown_right ? words + " + unknown"
                                                                                      : "unknown + " + words));
    error.hint = "Could not choose a best candidate operator. You might need to add explicit type casts.";
    t.fail_at(std::move(error), location);
  }
  // No `x + x` for these types (nor timetz - timetz): the operator with an interval is the one.
  const bool to_interval =
      (op == "+" && (is_timestamp(known) || known == pg_type_oid::time)) ||
      (op == "-" && unknown_right && known == pg_type_oid::timetz);
  if (to_interval) {
    unknown = t.coerce(std::move(unknown), builtin_column_type(pg_type_oid::interval));
    unknown.is_null_constant = false;  // a NULL now typed interval, not read again as the other's type
  }
}

namespace {

// True when every letter of the pattern belongs to a keyword pg_to_char knows
// (storage/sql_functions_to_char.cpp) or to "quoted text"; for an interval, one
// pg_to_char_interval knows (no names of months or days, which PostgreSQL refuses
// for an interval, no D, Q, AM / PM).
bool to_char_pattern_supported(const std::string& pattern, bool interval = false) {
  static const std::vector<const char*> timestamp_keywords = {
      "FM",  "Month", "MONTH", "month", "Mon", "MON", "mon", "Day",  "DAY",  "day", "Dy",
      "DY",  "dy",    "YYYY",  "YY",    "MM",  "MI",  "MS",  "DDD",  "DD",   "D",   "HH24",
      "HH12", "HH",   "SS",    "US",    "AM",  "PM",  "am",  "pm",   "Q"};
  static const std::vector<const char*> interval_keywords = {"FM", "YYYY", "YY", "MM",   "MI", "MS", "DDD",
                                                             "DD", "HH24", "HH12", "HH", "SS", "US"};
  const std::vector<const char*>& keywords = interval ? interval_keywords : timestamp_keywords;
  if (pattern.find("SSSS") != std::string::npos)  // seconds past midnight: not known
    return false;
  size_t i = 0;
  while (i < pattern.size()) {
    if (pattern[i] == '"') {
      const size_t end = pattern.find('"', i + 1);
      if (end == std::string::npos || pattern.find('\\', i) < end)
        return false;
      i = end + 1;
      continue;
    }
    if (pattern[i] == '\\')
      return false;
    if (!std::isalpha(static_cast<unsigned char>(pattern[i]))) {
      ++i;
      continue;
    }
    size_t used = 0;
    for (const char* k : keywords)
      if (used == 0 && pattern.compare(i, std::strlen(k), k) == 0)
        used = std::strlen(k);
    if (used == 0)
      return false;
    i += used;
  }
  return true;
}

typed_expression date_as_timestamp(const typed_expression& date) {
  return typed_result(cast_sql(date.sql, date.type, builtin_column_type(pg_type_oid::timestamp)),
                      pg_type_oid::timestamp);
}

// time + interval, time - interval, interval + time: the interval's time part only (its
// months and days are ignored), the result taken modulo a day, as time_pl_interval.
// An interval is stored as "months days micros".
typed_expression time_plus_interval(const typed_expression& time, const typed_expression& interval,
                                    const std::string& sign) {
  const std::string days_and_micros = "substr(" + interval.sql + ", instr(" + interval.sql + ", ' ') + 1)";
  const std::string micros =
      "CAST(substr(" + days_and_micros + ", instr(" + days_and_micros + ", ' ') + 1) AS INTEGER)";
  return typed_result("(((" + time.sql + " " + sign + " " + micros + ") % 86400000000 + 86400000000) % 86400000000)",
                      pg_type_oid::time);
}

// A date argument of a function defined on timestamp and timestamptz: PostgreSQL
// resolves to the timestamptz form (the category's preferred type; the date at
// midnight in the session's TimeZone) unless another argument is a timestamp.
void dates_as_timestamps(std::vector<typed_expression*> args) {
  oid_t target = pg_type_oid::timestamptz;
  for (const typed_expression* arg : args)
    if (arg->type.oid == pg_type_oid::timestamp && !arg->literal && arg->parameter == 0)
      target = pg_type_oid::timestamp;
  for (typed_expression* arg : args)
    if (arg->type.oid == pg_type_oid::date && !arg->literal && arg->parameter == 0)
      *arg = typed_result(cast_sql(arg->sql, arg->type, builtin_column_type(target)), target);
}

// The factor of interval * / a number: int2, int4, int8, numeric, float4, float8.
bool is_factor(oid_t oid) {
  return oid == pg_type_oid::int2 || oid == pg_type_oid::int4 || oid == pg_type_oid::int8 ||
         oid == pg_type_oid::numeric || oid == pg_type_oid::float4 || oid == pg_type_oid::float8;
}

// A number as float8's stored form (interval_mul and interval_div take a float8).
std::string as_float8(const typed_expression& number) {
  if (number.type.oid == pg_type_oid::float8)
    return number.sql;
  return cast_sql(number.sql, number.type, builtin_column_type(pg_type_oid::float8));
}

}  // namespace

// Two of date / timestamp / timestamptz of different types: the narrower one cast to
// the wider (date < timestamp < timestamptz), as PostgreSQL's implicit casts do.
bool is_datetime_type(oid_t oid) { return oid == pg_type_oid::date || is_timestamp(oid); }

void widen_datetimes(typed_expression& a, typed_expression& b) {
  const auto rank = [](oid_t t) { return t == pg_type_oid::date ? 0 : t == pg_type_oid::timestamp ? 1 : 2; };
  typed_expression& narrow = rank(a.type.oid) < rank(b.type.oid) ? a : b;
  const oid_t target = rank(a.type.oid) < rank(b.type.oid) ? b.type.oid : a.type.oid;
  narrow = typed_result(cast_sql(narrow.sql, narrow.type, builtin_column_type(target)), target);
}


typed_expression datetime_arithmetic(query_translator&, const std::string& op, typed_expression left,
                                     typed_expression right) {
  // timestamptz - timestamp / date, timestamp - date: the other operand is cast
  // as PostgreSQL's resolution casts it (date -> timestamp[tz], timestamp -> timestamptz).
  if (op == "-" && is_datetime_type(left.type.oid) && is_datetime_type(right.type.oid) && left.type.oid != right.type.oid)
    widen_datetimes(left, right);
  if (auto sum = date_time_arithmetic(op, left, right))  // date_bin_functions.cpp
    return *sum;
  const oid_t l = left.type.oid;
  const oid_t r = right.type.oid;
  const bool interval_left = l == pg_type_oid::interval;
  if ((op == "+" || op == "-") && interval_left && r == pg_type_oid::interval)
    return typed_result("pg_interval_add(" + left.sql + ", " + right.sql + ", " + (op == "-" ? "-1" : "1") + ")",
                        pg_type_oid::interval);
  if ((op == "*" || op == "/") && interval_left && is_factor(r))
    return typed_result("pg_interval_scale(" + left.sql + ", " + as_float8(right) + ", " +
                            (op == "/" ? "1" : "0") + ")",
                        pg_type_oid::interval);
  if (op == "*" && is_factor(l) && r == pg_type_oid::interval)
    return typed_result("pg_interval_scale(" + right.sql + ", " + as_float8(left) + ", 0)", pg_type_oid::interval);
  if (op == "+" || op == "-") {
    if (l == pg_type_oid::date && is_small_integer(r))
      return typed_result("pg_date_add(" + left.sql + ", " + (op == "-" ? "-(" + right.sql + ")" : right.sql) +
                              ")",
                          pg_type_oid::date);
    if (op == "+" && is_small_integer(l) && r == pg_type_oid::date)
      return typed_result("pg_date_add(" + right.sql + ", " + left.sql + ")", pg_type_oid::date);
    if (op == "-" && l == pg_type_oid::date && r == pg_type_oid::date)
      return typed_result("pg_date_diff(" + left.sql + ", " + right.sql + ")", pg_type_oid::int4);
    if (is_timestamp(l) && r == pg_type_oid::interval)
      return add_interval(left, right.sql, op == "-" ? -1 : 1);
    if (op == "+" && l == pg_type_oid::interval && is_timestamp(r))
      return add_interval(right, left.sql, 1);
    if (l == pg_type_oid::date && r == pg_type_oid::interval)
      return add_interval(date_as_timestamp(left), right.sql, op == "-" ? -1 : 1);
    if (op == "+" && l == pg_type_oid::interval && r == pg_type_oid::date)
      return add_interval(date_as_timestamp(right), left.sql, 1);
    if (op == "-" && is_timestamp(l) && l == r)
      return typed_result("pg_timestamp_diff(" + left.sql + ", " + right.sql + ")", pg_type_oid::interval);
    if (op == "-" && l == pg_type_oid::time && r == pg_type_oid::time)
      return typed_result("pg_time_diff(" + left.sql + ", " + right.sql + ")", pg_type_oid::interval);
    if ((l == pg_type_oid::time && r == pg_type_oid::interval) ||
        (op == "+" && l == pg_type_oid::interval && r == pg_type_oid::time))
      return time_plus_interval(l == pg_type_oid::time ? left : right, l == pg_type_oid::time ? right : left,
                                op == "-" ? "-" : "+");
    if ((l == pg_type_oid::timetz && r == pg_type_oid::interval) ||
        (op == "+" && l == pg_type_oid::interval && r == pg_type_oid::timetz)) {
      const auto& [time, interval] = l == pg_type_oid::timetz ? std::tie(left, right) : std::tie(right, left);
      return typed_result("pg_timetz_add(" + time.sql + ", " + interval.sql + ", " + (op == "-" ? "-1" : "1") + ")",
                          pg_type_oid::timetz);
    }
  }
  throw not_translatable{"operator " + op + " on types " + format_type(builtin_column_type(l)) + " and " +
                         format_type(builtin_column_type(r))};
}

std::optional<typed_expression> datetime_function(query_translator& t, const std::string& name,
                                                  std::vector<typed_expression>& args, int) {
  if (name == "date_trunc" && args.size() == 2) {
    const std::string unit = text_argument(t, args[0]).sql;
    typed_expression& value = args[1];
    if (value.literal || value.parameter != 0)
      value = t.coerce(std::move(value), builtin_column_type(pg_type_oid::timestamptz));
    dates_as_timestamps({&value});
    if (!is_timestamp(value.type.oid))
      throw not_translatable{"date_trunc of type " + format_type(value.type)};
    typed_expression out = typed_result(
        "pg_date_trunc(" + unit + ", " + value.sql + ", " +
            (value.type.oid == pg_type_oid::timestamptz ? "1" : "0") + ")",
        value.type.oid);
    return out;
  }
  if (name == "isfinite" && args.size() == 1 && !args[0].literal && args[0].parameter == 0 &&
      !args[0].is_null_constant) {
    // Infinite dates and timestamps are stored as their type's extreme integers; a
    // PostgreSQL 15 interval is always finite.
    const oid_t type = args[0].type.oid;
    const std::string& x = args[0].sql;
    if (type == pg_type_oid::date)
      return typed_result("(" + x + " BETWEEN -2147483647 AND 2147483646)", pg_type_oid::boolean);
    if (is_timestamp(type))
      return typed_result("(" + x + " BETWEEN -9223372036854775807 AND 9223372036854775806)", pg_type_oid::boolean);
    if (type == pg_type_oid::interval)
      return typed_result("CASE WHEN " + x + " IS NULL THEN NULL ELSE 1 END", pg_type_oid::boolean);
  }
  if ((name == "extract" || name == "date_part") && args.size() == 2) {
    std::optional<std::string> field = literal_text(args[0]);
    if (!field)
      throw not_translatable{name + " of a field that is not a constant"};
    for (char& c : *field)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    static const char* const fields[] = {"microseconds", "milliseconds", "second", "minute", "hour",
                                         "day", "month", "quarter", "year", "decade", "century",
                                         "millennium", "dow", "isodow", "doy", "week", "epoch"};
    bool known = false;
    for (const char* f : fields)
      known = known || *field == f;
    if (!known)
      throw not_translatable{name + " of field " + *field};
    typed_expression value = std::move(args[1]);
    if (value.literal || value.parameter != 0 || value.is_null_constant)
      throw not_translatable{name + " of an untyped value"};
    oid_t type = value.type.oid;
    if (type == pg_type_oid::interval)  // storage/sql_functions_interval.cpp
      return typed_result("pg_extract_interval(" + sql_quote(*field) + ", " + value.sql + ", " +
                              (name == "extract" ? "1" : "0") + ")",
                          name == "extract" ? pg_type_oid::numeric : pg_type_oid::float8);
    // date_part(text, date) is date_part(text, date::timestamp) in PostgreSQL.
    if (name == "date_part" && type == pg_type_oid::date) {
      value = typed_result(cast_sql(value.sql, value.type, builtin_column_type(pg_type_oid::timestamp)),
                           pg_type_oid::timestamp);
      type = pg_type_oid::timestamp;
    }
    if (type != pg_type_oid::date && !is_timestamp(type))
      throw not_translatable{name + " of type " + format_type(builtin_column_type(type))};
    const bool numeric = name == "extract";
    return typed_result("pg_extract(" + sql_quote(*field) + ", " + value.sql + ", " + std::to_string(type) +
                            ", " + (numeric ? "1" : "0") + ")",
                        numeric ? pg_type_oid::numeric : pg_type_oid::float8);
  }
  if (name == "age" && (args.size() == 1 || args.size() == 2)) {
    // An untyped argument takes the other's type when that is timestamp (age(timestamp,
    // timestamp) is then the exact match), else timestamptz.
    const auto untyped = [](const typed_expression& e) { return e.literal || e.parameter != 0 || e.is_null_constant; };
    oid_t untyped_as = pg_type_oid::timestamptz;
    for (const typed_expression& value : args)
      if (!untyped(value) && value.type.oid == pg_type_oid::timestamp)
        untyped_as = pg_type_oid::timestamp;
    for (typed_expression& value : args)
      if (untyped(value))
        value = t.coerce(std::move(value), builtin_column_type(untyped_as));
    if (args.size() == 2)
      dates_as_timestamps({&args[0], &args[1]});
    else
      dates_as_timestamps({&args[0]});
    const oid_t type = args[0].type.oid;
    if (!is_timestamp(type) || (args.size() == 2 && args[1].type.oid != type))
      throw not_translatable{"age of these types"};
    // age(x) is age(current_date as x's type, x), as PostgreSQL defines it.
    const std::string later =
        args.size() == 2
            ? args[0].sql
            : cast_sql(cast_sql("pg_now('transaction')", builtin_column_type(pg_type_oid::timestamptz),
                                builtin_column_type(pg_type_oid::date)),
                       builtin_column_type(pg_type_oid::date), builtin_column_type(type));
    const std::string earlier = args.back().sql;
    return typed_result("pg_age(" + later + ", " + earlier + ", " +
                            (type == pg_type_oid::timestamptz ? "1" : "0") + ")",
                        pg_type_oid::interval);
  }
  if (name == "to_char" && args.size() == 2 && args[0].type.oid == pg_type_oid::interval && !args[0].literal &&
      args[0].parameter == 0) {
    const std::optional<std::string> pattern = literal_text(args[1]);
    if (!pattern || !to_char_pattern_supported(*pattern, true))
      throw not_translatable{"to_char of an interval with this pattern"};
    return typed_result("pg_to_char_interval(" + args[0].sql + ", " + sql_quote(*pattern) + ")", pg_type_oid::text);
  }
  if (name == "to_char" && args.size() == 2)
    dates_as_timestamps({&args[0]});
  if (name == "to_char" && args.size() == 2 && is_timestamp(args[0].type.oid) && !args[0].literal &&
      args[0].parameter == 0) {
    const std::optional<std::string> pattern = literal_text(args[1]);
    if (!pattern || !to_char_pattern_supported(*pattern))
      throw not_translatable{"to_char with this pattern"};
    return typed_result("pg_to_char(" + args[0].sql + ", " + sql_quote(*pattern) + ", " +
                            (args[0].type.oid == pg_type_oid::timestamptz ? "1" : "0") + ")",
                        pg_type_oid::text);
  }
  if ((name == "to_timestamp" || name == "to_date") && args.size() == 2) {
    // The fields read by the pattern (stages/sql/datetime_format_input.hpp) as a local
    // timestamp, then as timestamptz in the session's TimeZone, or its date.
    const std::optional<std::string> pattern = literal_text(args[1]);
    if (!pattern || !datetime_format_supported(*pattern))
      throw not_translatable{name + " with this pattern"};
    const std::string local =
        "pg_to_timestamp_local(" + text_argument(t, std::move(args[0])).sql + ", " + sql_quote(*pattern) + ")";
    const oid_t result = name == "to_date" ? pg_type_oid::date : pg_type_oid::timestamptz;
    return typed_result(cast_sql(local, builtin_column_type(pg_type_oid::timestamp), builtin_column_type(result)),
                        result);
  }
  if (name == "to_timestamp" && args.size() == 1) {
    typed_expression seconds = std::move(args[0]);
    if (seconds.literal || seconds.parameter != 0 || seconds.is_null_constant)
      seconds = t.coerce(std::move(seconds), builtin_column_type(pg_type_oid::float8));
    if (!is_number_type(seconds.type.oid))
      throw not_translatable{"to_timestamp of this type"};
    if (seconds.type.oid != pg_type_oid::float8)
      seconds = typed_result(cast_sql(seconds.sql, seconds.type, builtin_column_type(pg_type_oid::float8)),
                             pg_type_oid::float8);
    return typed_result("pg_to_timestamp_epoch(" + seconds.sql + ")", pg_type_oid::timestamptz);
  }
  if (name == "make_date" && args.size() == 3) {
    std::string parts;
    for (typed_expression& part : args) {
      if (part.literal || part.parameter != 0 || part.is_null_constant)
        part = t.coerce(std::move(part), builtin_column_type(pg_type_oid::int4));
      if (!is_small_integer(part.type.oid))
        throw not_translatable{"make_date of type " + format_type(part.type)};
      parts += (parts.empty() ? "" : ", ") + part.sql;
    }
    return typed_result("pg_make_date(" + parts + ")", pg_type_oid::date);
  }
  if (name == "make_timestamp" && args.size() == 6) {
    std::string parts;
    for (size_t i = 0; i < 6; ++i) {
      typed_expression& part = args[i];
      const oid_t wanted = i == 5 ? pg_type_oid::float8 : pg_type_oid::int4;
      if (part.literal || part.parameter != 0 || part.is_null_constant)
        part = t.coerce(std::move(part), builtin_column_type(wanted));
      if (i < 5 && !is_small_integer(part.type.oid))
        throw not_translatable{"make_timestamp of type " + format_type(part.type)};
      if (i == 5 && !is_number_type(part.type.oid))
        throw not_translatable{"make_timestamp of type " + format_type(part.type)};
      const std::string sql = i == 5 && part.type.oid != pg_type_oid::float8
                                  ? cast_sql(part.sql, part.type, builtin_column_type(pg_type_oid::float8))
                                  : part.sql;
      parts += (parts.empty() ? "" : ", ") + sql;
    }
    return typed_result("pg_make_timestamp(" + parts + ")", pg_type_oid::timestamp);
  }
  if ((name == "justify_days" || name == "justify_hours" || name == "justify_interval") && args.size() == 1) {
    typed_expression span = std::move(args[0]);
    if (span.literal || span.parameter != 0 || span.is_null_constant)
      span = t.coerce(std::move(span), builtin_column_type(pg_type_oid::interval));
    if (span.type.oid != pg_type_oid::interval)
      throw not_translatable{name + " of type " + format_type(span.type)};
    return typed_result("pg_interval_justify(" + span.sql + ", '" + name.substr(8, 1) + "')",
                        pg_type_oid::interval);
  }
  return std::nullopt;
}

typed_expression make_interval_call(query_translator& t, const json& call, const scope& where) {
  static const char* const fields[] = {"years", "months", "weeks", "days", "hours", "mins", "secs"};
  struct argument {
    std::string name;  // "" by position
    typed_expression value;
  };
  std::vector<argument> given;
  for (const json& arg : pt::list(call, "args")) {
    if (pt::node_type(arg) == "NamedArgExpr") {
      const json& f = pt::fields(arg);
      given.push_back({pt::text(f, "name"), t.expression(f.value("arg", json::object()), where)});
    } else {
      if (!given.empty() && !given.back().name.empty())
        throw not_translatable{"a positional argument after a named one"};
      given.push_back({"", t.expression(arg, where)});
    }
  }
  std::vector<std::string> sql(7, "0");
  sql[6] = "'0'";  // float8's stored 0
  std::vector<bool> seen(7, false);
  bool resolved = given.size() <= 7;
  for (size_t i = 0; i < given.size() && resolved; ++i) {
    size_t index = i;
    if (!given[i].name.empty()) {
      const auto found = std::find_if(std::begin(fields), std::end(fields),
                                      [&](const char* n) { return given[i].name == n; });
      index = static_cast<size_t>(found - std::begin(fields));
    }
    resolved = index < 7 && !seen[index];
    if (resolved)
      seen[index] = true;
  }
  if (!resolved) {  // no make_interval takes these: PostgreSQL's 42883
    std::string types;
    for (const argument& a : given)
      types += (types.empty() ? "" : ", ") + (a.name.empty() ? "" : a.name + " => ") +
               (a.value.literal ? std::string("unknown") : format_type(a.value.type));
    t.fail_at(make_pg_error("42883", "function make_interval(" + types + ") does not exist", {},
                            "No function matches the given name and argument types. You might need to add "
                            "explicit type casts."),
              static_cast<int>(pt::integer(call, "location")));
  }
  for (size_t i = 0; i < given.size(); ++i) {
    size_t index = i;
    if (!given[i].name.empty())
      index = static_cast<size_t>(std::find_if(std::begin(fields), std::end(fields),
                                               [&](const char* n) { return given[i].name == n; }) -
                                  std::begin(fields));
    typed_expression e = std::move(given[i].value);
    if (index == 6) {
      if (e.literal || e.parameter != 0 || e.is_null_constant)
        e = t.coerce(std::move(e), builtin_column_type(pg_type_oid::float8));
      if (!is_number_type(e.type.oid))
        throw not_translatable{"make_interval's secs of type " + format_type(e.type)};
      sql[index] = e.type.oid == pg_type_oid::float8 ? e.sql
                                                     : cast_sql(e.sql, e.type, builtin_column_type(pg_type_oid::float8));
      continue;
    }
    if (e.literal || e.parameter != 0 || e.is_null_constant)
      e = t.coerce(std::move(e), builtin_column_type(pg_type_oid::int4));
    if (!is_small_integer(e.type.oid))
      throw not_translatable{std::string("make_interval's ") + fields[index] + " of type " + format_type(e.type)};
    sql[index] = e.sql;
  }
  std::string arguments;
  for (const std::string& s : sql)
    arguments += (arguments.empty() ? "" : ", ") + s;
  return typed_result("pg_make_interval(" + arguments + ")", pg_type_oid::interval);
}

}  // namespace tributary::translator
