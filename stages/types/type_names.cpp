// type_names: see type_names.hpp.
#include "stages/types/type_names.hpp"

#include <cctype>
#include <charconv>

#include "stages/types/builtin_types.hpp"

namespace tributary {
namespace {

constexpr int32_t interval_full_range = 0x7FFF;
constexpr int32_t interval_full_precision = 0xFFFF;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Names a user may write that are not pg_type.typname (the grammar maps the SQL
// keywords itself; these are the remaining aliases PostgreSQL resolves).
std::string_view canonical_typname(std::string_view name) {
  if (name == "int" || name == "integer") return "int4";
  if (name == "smallint") return "int2";
  if (name == "bigint") return "int8";
  if (name == "float" || name == "double precision") return "float8";
  if (name == "real") return "float4";
  if (name == "boolean") return "bool";
  if (name == "decimal") return "numeric";
  if (name == "character varying") return "varchar";
  if (name == "character") return "bpchar";
  if (name == "bit varying") return "varbit";
  if (name == "timestamp with time zone") return "timestamptz";
  if (name == "timestamp without time zone") return "timestamp";
  if (name == "time with time zone") return "timetz";
  if (name == "time without time zone") return "time";
  return name;
}

pg_error invalid_typmod(std::string message) { return make_pg_error("22023", std::move(message)); }

result<int32_t, pg_error> typmod_for(oid_t oid, const std::vector<int64_t>& args,
                                     std::string_view typname) {
  if (args.empty())
    return int32_t{-1};
  switch (oid) {
    case 1042:
    case 1043: {
      const std::string sql = oid == 1043 ? "varchar" : "char";
      if (args.size() != 1)
        return fail(invalid_typmod("invalid type modifier"));
      if (args[0] < 1)
        return fail(invalid_typmod("length for type " + sql + " must be at least 1"));
      if (args[0] > 10485760)
        return fail(invalid_typmod("length for type " + sql + " cannot exceed 10485760"));
      return static_cast<int32_t>(args[0] + 4);
    }
    case 1700: {
      if (args.size() > 2)
        return fail(invalid_typmod("invalid NUMERIC type modifier"));
      const int64_t precision = args[0];
      const int64_t scale = args.size() == 2 ? args[1] : 0;
      if (precision < 1 || precision > 1000)
        return fail(invalid_typmod("NUMERIC precision " + std::to_string(precision) +
                                   " must be between 1 and 1000"));
      if (scale < -1000 || scale > 1000)
        return fail(invalid_typmod("NUMERIC scale " + std::to_string(scale) +
                                   " must be between -1000 and 1000"));
      return static_cast<int32_t>(((precision << 16) | (scale & 0x7FF)) + 4);
    }
    case 1560:
    case 1562:
      if (args.size() != 1)
        return fail(invalid_typmod("invalid type modifier"));
      if (args[0] < 1)
        return fail(invalid_typmod("length for type " + std::string(typname) +
                                   " must be at least 1"));
      return static_cast<int32_t>(args[0]);
    case 1083:
    case 1114:
    case 1184:
    case 1266:
      if (args.size() != 1)
        return fail(invalid_typmod("invalid type modifier"));
      if (args[0] < 0)
        return fail(invalid_typmod("TIME(" + std::to_string(args[0]) +
                                   ") precision must not be negative"));
      return static_cast<int32_t>(args[0] > 6 ? 6 : args[0]);
    case 1186: {
      const int64_t range = args[0];
      if (args.size() == 1)
        return range == interval_full_range
                   ? int32_t{-1}
                   : static_cast<int32_t>((range << 16) | interval_full_precision);
      const int64_t precision = args[1] > 6 ? 6 : args[1];
      if (precision < 0)
        return fail(invalid_typmod("INTERVAL(" + std::to_string(args[1]) +
                                   ") precision must not be negative"));
      return static_cast<int32_t>((range << 16) | precision);
    }
    default:
      return fail(invalid_typmod("type modifier is not allowed for type \"" +
                                 std::string(typname) + "\""));
  }
}

std::string interval_fields(int32_t range) {
  constexpr int32_t month = 1 << 1, year = 1 << 2, day = 1 << 3, hour = 1 << 10,
                    minute = 1 << 11, second = 1 << 12;
  switch (range) {
    case year: return " year";
    case month: return " month";
    case day: return " day";
    case hour: return " hour";
    case minute: return " minute";
    case second: return " second";
    case year | month: return " year to month";
    case day | hour: return " day to hour";
    case day | hour | minute: return " day to minute";
    case day | hour | minute | second: return " day to second";
    case hour | minute: return " hour to minute";
    case hour | minute | second: return " hour to second";
    case minute | second: return " minute to second";
    default: return "";
  }
}

std::string format_base_type(oid_t oid, int32_t typmod, std::string_view typname) {
  const std::string precision = typmod >= 0 ? "(" + std::to_string(typmod) + ")" : "";
  switch (oid) {
    case 16: return "boolean";
    case 18: return "\"char\"";
    case 20: return "bigint";
    case 21: return "smallint";
    case 23: return "integer";
    case 700: return "real";
    case 701: return "double precision";
    case 1042:
      return typmod >= 4 ? "character(" + std::to_string(typmod - 4) + ")" : "bpchar";
    case 1043:
      return typmod >= 4 ? "character varying(" + std::to_string(typmod - 4) + ")"
                         : "character varying";
    case 1083: return "time" + precision + " without time zone";
    case 1266: return "time" + precision + " with time zone";
    case 1114: return "timestamp" + precision + " without time zone";
    case 1184: return "timestamp" + precision + " with time zone";
    case 1560: return typmod >= 0 ? "bit(" + std::to_string(typmod) + ")" : "bit";
    case 1562: return typmod >= 0 ? "bit varying(" + std::to_string(typmod) + ")" : "bit varying";
    case 1700: {
      if (typmod < 4)
        return "numeric";
      const int32_t t = typmod - 4;
      const int32_t scale = ((t & 0x7FF) ^ 1024) - 1024;
      return "numeric(" + std::to_string((t >> 16) & 0xFFFF) + "," + std::to_string(scale) + ")";
    }
    case 1186: {
      if (typmod < 0)
        return "interval";
      const int32_t range = (typmod >> 16) & 0x7FFF;
      const int32_t p = typmod & 0xFFFF;
      return "interval" + (range == interval_full_range ? std::string() : interval_fields(range)) +
             (p == interval_full_precision ? std::string() : "(" + std::to_string(p) + ")");
    }
    default: return std::string(typname);
  }
}

}  // namespace

result<column_type, pg_error> resolve_type_name(const type_name_parts& parts) {
  if (parts.names.empty())
    return fail(make_pg_error("42601", "type name is empty"));
  std::string name = parts.names.back();
  const bool qualified = parts.names.size() > 1;
  if (qualified && parts.names.front() != "pg_catalog")
    return column_type{0, -1, parts.names.front() + "." + name};
  const type_descriptor* type = find_builtin_type(canonical_typname(name));
  if (!type)
    return column_type{0, -1, name};
  auto typmod = typmod_for(type->oid, parts.typmod_args, type->typname);
  if (!typmod)
    return fail(typmod.error());
  if (parts.array_dimensions > 0 && type->category != 'A') {
    if (type->array == 0)
      return fail(make_pg_error("42704", "could not find array type for data type " +
                                             format_base_type(type->oid, -1, type->typname)));
    return column_type{type->array, *typmod, {}};
  }
  return column_type{type->oid, *typmod, {}};
}

column_type declared_type(std::string_view declared) {
  std::string text = lower(declared);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.pop_back();
  int dims = 0;
  while (text.size() >= 2 && text.ends_with("[]")) {
    text.resize(text.size() - 2);
    ++dims;
  }
  std::vector<int64_t> args;
  std::string base = text;
  if (const auto open = text.find('('); open != std::string::npos) {
    base = text.substr(0, open);
    const auto close = text.find(')', open);
    std::string_view inside(text.data() + open + 1,
                            (close == std::string::npos ? text.size() : close) - open - 1);
    while (!inside.empty()) {
      while (!inside.empty() && (inside.front() == ' ' || inside.front() == ','))
        inside.remove_prefix(1);
      int64_t v = 0;
      auto [p, ec] = std::from_chars(inside.data(), inside.data() + inside.size(), v);
      if (ec != std::errc{})
        break;
      args.push_back(v);
      inside.remove_prefix(static_cast<size_t>(p - inside.data()));
    }
    if (close != std::string::npos)
      base += text.substr(close + 1);
  }
  while (!base.empty() && base.back() == ' ')
    base.pop_back();
  // SQLite's own type names: an INTEGER there holds 64-bit values.
  if (base.empty())
    return column_type{0, -1, {}};
  if (base == "integer" || base == "int")
    return builtin_column_type(20);
  if (base == "double" || base == "float")
    return builtin_column_type(701);
  if (base == "blob")
    return builtin_column_type(17);
  if (base == "varchar" || base == "character varying" || base == "char" ||
      base == "character" || base == "nchar" || base == "nvarchar") {
    base = (base == "char" || base == "character" || base == "nchar") ? "bpchar" : "varchar";
  }
  auto resolved = resolve_type_name({{base}, args, dims});
  if (!resolved)
    resolved = resolve_type_name({{base}, {}, dims});
  if (!resolved)
    return column_type{0, -1, std::string(declared)};
  return *resolved;
}

std::string format_type(const column_type& type) {
  if (!type.known())
    return type.name;
  const type_descriptor* d = find_builtin_type(type.oid);
  if (!d)
    return type.name.empty() ? "oid " + std::to_string(type.oid) : type.name;
  if (d->category == 'A') {
    const type_descriptor* element = find_builtin_type(d->element);
    return format_base_type(d->element, type.typmod, element ? element->typname : "") + "[]";
  }
  return format_base_type(d->oid, type.typmod, d->typname);
}

}  // namespace tributary
