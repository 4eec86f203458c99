// result_types: type inference and output formatting (see the header).
//
// float8: PostgreSQL 12+ prints the shortest digits that read back to the same
// double (Ryu) and switches to exponential notation when the decimal exponent is
// below -4 or at least 15, as printf's %g does. std::to_chars gives the shortest
// digits; the layout is done here.
#include "cli/server/result_types.hpp"

#include "stages/types/builtin_types.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>

#include "stages/types/pg_type_oids.hpp"

namespace tributary {
namespace {

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

bool declared_numeric(const std::string& d) { return contains(d, "numeric") || contains(d, "decimal"); }
bool declared_bool(const std::string& d) { return d == "bool" || d == "boolean"; }

bool declared_integer(const std::string& d) {
  if (contains(d, "interval") || contains(d, "point"))
    return false;
  return contains(d, "int") || contains(d, "serial");
}

// [+-]digits[.digits][e[+-]digits], or NaN / Infinity as numeric accepts them.
bool looks_numeric(std::string_view s) {
  if (s == "NaN" || s == "Infinity" || s == "-Infinity")
    return true;
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-'))
    ++i;
  size_t digits = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
    ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
      ++i, ++digits;
  }
  if (digits == 0)
    return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-'))
      ++i;
    size_t exponent_digits = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
      ++i, ++exponent_digits;
    if (exponent_digits == 0)
      return false;
  }
  return i == s.size();
}

struct value_census {
  size_t integers = 0, reals = 0, texts = 0, numeric_texts = 0, blobs = 0;
  bool all_zero_or_one = true;
  size_t non_null() const { return integers + reals + texts + blobs; }
};

value_census count_values(const std::vector<const sql_value*>& values) {
  value_census c;
  for (const sql_value* v : values) {
    if (const auto* i = std::get_if<int64_t>(v)) {
      ++c.integers;
      c.all_zero_or_one = c.all_zero_or_one && (*i == 0 || *i == 1);
    } else if (std::holds_alternative<double>(*v)) {
      ++c.reals;
    } else if (const auto* t = std::get_if<std::string>(v)) {
      ++c.texts;
      c.numeric_texts += looks_numeric(*t) ? 1 : 0;
    } else if (std::holds_alternative<sql_blob>(*v)) {
      ++c.blobs;
    }
  }
  return c;
}

std::string integer_text(int64_t v) { return std::to_string(v); }

}  // namespace

uint32_t type_for_declared(std::string_view declared_type) {
  std::string d = lowercase(declared_type);
  if (declared_bool(d))
    return pg_type_oid::boolean;
  if (declared_numeric(d))
    return pg_type_oid::numeric;
  if (declared_integer(d))
    return pg_type_oid::int8;
  if (contains(d, "real") || contains(d, "floa") || contains(d, "doub"))
    return pg_type_oid::float8;
  if (contains(d, "blob") || d == "bytea")
    return pg_type_oid::bytea;
  return pg_type_oid::text;
}

uint32_t infer_column_type(std::string_view declared_type, const std::vector<const sql_value*>& values) {
  value_census c = count_values(values);
  if (c.non_null() == 0)
    return type_for_declared(declared_type);
  std::string d = lowercase(declared_type);
  if (declared_numeric(d) && c.blobs == 0 && c.numeric_texts == c.texts)
    return pg_type_oid::numeric;
  if (c.integers == c.non_null())
    return declared_bool(d) && c.all_zero_or_one ? pg_type_oid::boolean : pg_type_oid::int8;
  if (c.integers + c.reals == c.non_null())
    return pg_type_oid::float8;
  if (c.blobs == c.non_null())
    return pg_type_oid::bytea;
  return pg_type_oid::text;
}

int16_t type_size(uint32_t type_oid, bool user_enum) {
  if (user_enum)
    return 4;
  const type_descriptor* type = find_builtin_type(type_oid);
  return type ? type->typlen : int16_t{-1};
}

std::string format_float8(double value) {
  if (std::isnan(value))
    return "NaN";
  if (std::isinf(value))
    return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0)
    return std::signbit(value) ? "-0" : "0";
  std::array<char, 64> buf{};
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value,
                                 std::chars_format::scientific);
  std::string sci(buf.data(), end);  // [-]d[.ddd]e[+-]XX
  size_t e_pos = sci.find('e');
  int exponent = std::stoi(sci.substr(e_pos + 1));
  if (exponent < -4 || exponent >= 15)
    return sci;
  bool negative = sci[0] == '-';
  std::string digits;
  for (char ch : sci.substr(0, e_pos))
    if (std::isdigit(static_cast<unsigned char>(ch)))
      digits.push_back(ch);
  std::string out = negative ? "-" : "";
  if (exponent < 0) {
    out += "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
  } else if (digits.size() <= static_cast<size_t>(exponent) + 1) {
    out += digits + std::string(static_cast<size_t>(exponent) + 1 - digits.size(), '0');
  } else {
    out += digits.substr(0, static_cast<size_t>(exponent) + 1) + "." +
           digits.substr(static_cast<size_t>(exponent) + 1);
  }
  return out;
}

std::string format_numeric(double value) {
  if (std::isnan(value))
    return "NaN";
  if (std::isinf(value))
    return value > 0 ? "Infinity" : "-Infinity";
  std::array<char, 400> buf{};
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value,
                                 std::chars_format::fixed);
  std::string out(buf.data(), end);
  return out == "-0" ? "0" : out;
}

std::string format_bytea(std::string_view bytes) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out = "\\x";
  out.reserve(2 + bytes.size() * 2);
  for (unsigned char b : bytes) {
    out.push_back(hex[b >> 4]);
    out.push_back(hex[b & 0xf]);
  }
  return out;
}

std::optional<std::string> format_value(const sql_value& value, uint32_t type_oid) {
  if (is_null(value))
    return std::nullopt;
  if (const auto* i = std::get_if<int64_t>(&value)) {
    if (type_oid == pg_type_oid::boolean)
      return std::string(*i != 0 ? "t" : "f");
    return integer_text(*i);
  }
  if (const auto* d = std::get_if<double>(&value))
    return type_oid == pg_type_oid::numeric ? format_numeric(*d) : format_float8(*d);
  if (const auto* t = std::get_if<std::string>(&value))
    return *t;
  return format_bytea(std::get<sql_blob>(value).bytes);
}

}  // namespace tributary
