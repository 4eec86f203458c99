// user_types: see the header.
#include "stages/types/user/user_types.hpp"

#include "stages/types/builtin_types.hpp"
#include "stages/types/user/domain_over_array.hpp"

namespace tributary {

std::string user_type::display_name() const {
  return schema == "public" ? name : schema + "." + name;
}

column_type user_type::enum_column_type() const {
  return column_type{oid, -1, display_name(), labels};
}

column_type user_type::enum_array_column_type() const {
  return column_type{array_oid, -1, display_name() + "[]", labels};
}

std::optional<column_type> user_type::domain_array_column_type() const {
  const type_descriptor* d = find_builtin_type(base.oid);
  if (kind == 'd' && base_dimensions > 0 && d != nullptr && d->category == 'A' && d->element != 0)
    return domain_over_array_column_type(array_oid, oid, display_name(), base);  // il[]
  if (kind == 'd' && base_dimensions > 0 && domain_over_array_element(base) &&
      find_builtin_type(domain_over_array_element(base)->oid) != nullptr)
    return domain_over_array_column_type(array_oid, oid, display_name(), base);  // ill[] (ill AS il[])
  if (kind != 'd' || base_dimensions != 0 || d == nullptr || d->array == 0)
    return std::nullopt;
  column_type type = base;
  type.oid = d->array;
  type.domain_array = std::make_shared<const domain_array_type>(
      domain_array_type{array_oid, oid, display_name()});
  return type;
}

const user_type* user_type_set::find(std::string_view schema, std::string_view name) const {
  const std::string_view wanted_schema = schema.empty() ? std::string_view("public") : schema;
  for (const auto& t : types)
    if (t.schema == wanted_schema && t.name == name)
      return &t;
  return nullptr;
}

const user_type* user_type_set::find(oid_t oid) const {
  for (const auto& t : types)
    if (t.oid == oid)
      return &t;
  return nullptr;
}

std::optional<column_type> user_type_set::value_type_of(oid_t oid) const {
  for (const auto& t : types) {
    if (t.kind == 'e' && t.oid == oid)
      return t.enum_column_type();
    if (t.kind == 'e' && t.array_oid == oid)
      return t.enum_array_column_type();
    if (t.kind == 'd' && t.oid == oid && t.base.known())
      return t.base;
    if (t.kind == 'd' && t.array_oid == oid)
      return t.domain_array_column_type();
  }
  return std::nullopt;
}

const user_type_set& no_user_types() {
  static const user_type_set none;
  return none;
}

}  // namespace tributary
