// domain_over_array: see the header.
#include "stages/types/user/domain_over_array.hpp"

#include <memory>

#include "stages/types/builtin_types.hpp"

namespace tributary {

column_type domain_over_array_column_type(oid_t array_oid, oid_t domain_oid, const std::string& domain_name,
                                          const column_type& base_array) {
  auto nested = std::make_shared<domain_over_array_type>();
  nested->array_oid = array_oid;
  nested->domain_oid = domain_oid;
  nested->domain_name = domain_name;
  nested->element = base_array;
  column_type type{array_oid, -1, domain_name + "[]", nullptr, nullptr};
  type.domain_array = std::move(nested);
  return type;
}

const column_type* domain_over_array_element(const column_type& type) {
  if (!type.domain_array || type.domain_array->array_oid != type.oid)
    return nullptr;
  // Only domain_over_array_column_type makes a domain array named by its own OID.
  return &static_cast<const domain_over_array_type&>(*type.domain_array).element;
}

std::string domain_over_array_collation(const column_type& type) {
  const column_type* element = domain_over_array_element(type);
  if (const column_type* inner = element ? domain_over_array_element(*element) : nullptr) {
    // ill[]: elements of il[], itself of int4[] values ("pg_array___int4")
    const type_descriptor* d = find_builtin_type(inner->oid);
    if (!d || d->collation == "BINARY")
      return "BINARY";
    return "pg_array__" + std::string(d->typname);
  }
  const type_descriptor* d = element ? find_builtin_type(element->oid) : nullptr;
  if (!d || d->collation == "BINARY")  // an element type without an order of its own
    return "BINARY";
  return "pg_array_" + std::string(d->typname);
}

}  // namespace tributary
