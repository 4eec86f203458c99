// index_casts: see the header.
#include "stages/sql/translator/index_casts.hpp"

#include <cctype>
#include <charconv>
#include <optional>
#include <vector>

namespace tributary {
namespace {

bool is_number(oid_t oid) {
  return oid == pg_type_oid::int2 || oid == pg_type_oid::int4 || oid == pg_type_oid::int8 ||
         oid == pg_type_oid::numeric;
}

bool is_float(oid_t oid) { return oid == 700 || oid == 701; }

// Types whose input and output functions read no setting.
bool value_decides(oid_t oid) {
  switch (oid) {
    case 16:    // bool
    case 18:    // "char"
    case 19:    // name
    case 25:    // text
    case 114:   // json
    case 650:   // cidr
    case 774:   // macaddr8
    case 829:   // macaddr
    case 869:   // inet
    case 1042:  // bpchar
    case 1043:  // varchar
    case 1560:  // bit
    case 1562:  // varbit
    case 2950:  // uuid
    case 3802:  // jsonb
      return true;
    default:
      return is_number(oid);
  }
}

// The arguments of the call whose '(' is at `open`, split at its top-level commas
// (quoted text and identifiers skipped); empty when the call does not close.
std::vector<std::string> call_arguments(const std::string& sql, size_t open) {
  std::vector<std::string> out;
  int depth = 0;
  size_t start = open + 1;
  for (size_t i = open; i < sql.size(); ++i) {
    const char c = sql[i];
    if (c == '\'' || c == '"') {
      const size_t end = sql.find(c, i + 1);  // '' and "" inside: two quoted runs, same result
      if (end == std::string::npos)
        return {};
      i = end;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth == 0) {
      out.push_back(sql.substr(start, i - start));
      return out;
    } else if (c == ',' && depth == 1) {
      out.push_back(sql.substr(start, i - start));
      start = i + 1;
    }
  }
  return {};
}

std::optional<long> integer_of(const std::string& text) {
  size_t first = text.find_first_not_of(' ');
  if (first == std::string::npos)
    return std::nullopt;
  long value = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data() + first, end, value);
  if (ec != std::errc{} || text.find_first_not_of(' ', static_cast<size_t>(p - text.data())) != std::string::npos)
    return std::nullopt;
  return value;
}

bool is_string(oid_t oid) { return oid == 25 || oid == 1043 || oid == 1042 || oid == 19 || oid == 18; }

constexpr oid_t date = 1082, time = 1083, timestamp = 1114, timestamptz = 1184, interval = 1186, timetz = 1266,
                money = 790;

bool is_date_time(oid_t oid) {
  return oid == date || oid == time || oid == timestamp || oid == timestamptz || oid == interval || oid == timetz;
}

}  // namespace

bool cast_reads_no_setting(oid_t from, oid_t to) {
  if (value_decides(from) && value_decides(to))
    return true;
  if (is_float(from) || is_float(to))  // a float's input, or to a number (its text reads extra_float_digits)
    return (is_float(from) && (is_number(to) || is_float(to))) ||
           (is_float(to) && (is_number(from) || is_string(from)));
  // date <-> timestamp, time <-> interval, timestamp -> time, time -> text: PostgreSQL's
  // immutable ones among the date/time casts
  return (from == date && to == timestamp) || (from == timestamp && to == date) || (from == time && to == interval) ||
         (from == interval && to == time) || (from == timestamp && to == time) || (from == time && is_string(to));
}

bool cast_is_stable(oid_t from, oid_t to) {
  if (from == to)
    return false;
  return from == timestamptz || to == timestamptz || from == money || to == money ||
         (is_string(from) && is_date_time(to)) || (is_date_time(from) && from != time && from != timetz && is_string(to));
}

std::string with_fixed_casts(const std::string& sql, bool* stable_cast) {
  static const std::string call = "pg_cast(";
  std::string out = sql;
  for (size_t at = out.find(call); at != std::string::npos; at = out.find(call, at + call.size())) {
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(out[at - 1])) || out[at - 1] == '_'))
      continue;
    const std::vector<std::string> args = call_arguments(out, at + call.size() - 1);
    if (args.size() != 5 && args.size() != 6)
      continue;
    const auto from = integer_of(args[1]), to = integer_of(args[3]);
    if (from && to && cast_reads_no_setting(static_cast<oid_t>(*from), static_cast<oid_t>(*to)))
      out.replace(at, call.size(), "pg_cast_fixed(");
    else if (from && to && stable_cast != nullptr && cast_is_stable(static_cast<oid_t>(*from), static_cast<oid_t>(*to)))
      *stable_cast = true;
  }
  return out;
}

}  // namespace tributary
