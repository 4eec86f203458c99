// bind_parameter: see the header.
#include "stages/types/bind_parameter.hpp"

#include <cmath>
#include <string>

#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

namespace oids = pg_type_oid;

pg_error incorrect_format(size_t number, std::string detail) {
  return make_pg_error("22P03", "incorrect binary data format in bind parameter " +
                                    std::to_string(number),
                       std::move(detail));
}

bool is_integer(oid_t oid) {
  return oid == oids::int2 || oid == oids::int4 || oid == oids::int8 || oid == oids::oid;
}

}  // namespace

result<sql_value, pg_error> read_binary_parameter(oid_t type_oid, std::string_view bytes,
                                                  size_t number, const type_settings& settings) {
  return read_binary_parameter(builtin_column_type(type_oid), bytes, number, settings);
}

result<sql_value, pg_error> read_binary_parameter(const column_type& type, std::string_view bytes,
                                                  size_t number, const type_settings& settings) {
  const oid_t type_oid = type.oid;
  const bool user_type = type.is_enum() || type.domain_array != nullptr;
  if ((!user_type && find_builtin_type(type_oid) == nullptr) || !has_binary_input(type))
    return fail(incorrect_format(number, "no binary input for type OID " + std::to_string(type.client_oid())));
  auto stored = parse_binary_value(type, bytes);
  if (!stored) {
    // Fewer bytes than the format needs; an array of another element type.
    if (stored.error().sqlstate == "08P01" || stored.error().sqlstate == "42804")
      return fail(stored.error());
    return fail(incorrect_format(number, stored.error().message));
  }
  if (std::holds_alternative<sql_null>(*stored))
    return *stored;
  if (type_oid == oids::bytea || is_integer(type_oid) || type_oid == oids::boolean) {
    if (std::holds_alternative<int64_t>(*stored) || std::holds_alternative<sql_blob>(*stored))
      return *stored;
  }
  auto text = format_text_value(type, *stored, settings);
  if (!text)
    return sql_value{sql_null{}};
  if (type_oid == oids::float4 || type_oid == oids::float8) {
    // As a REAL, the way a number is bound; NaN and the infinities as their text.
    char* end = nullptr;
    const double d = std::strtod(text->c_str(), &end);
    if (end == text->c_str() + text->size() && std::isfinite(d))
      return sql_value{d};
  }
  return sql_value{std::move(*text)};
}

}  // namespace tributary
