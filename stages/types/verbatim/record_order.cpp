// record_order: see record_order.hpp.
#include "stages/types/verbatim/record_order.hpp"

#include "stages/types/builtin_types.hpp"
#include "stages/types/type_codec.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/verbatim/array_order.hpp"
#include "stages/types/verbatim/record_text.hpp"

namespace tributary {
namespace {

constexpr auto compare_bytes = array_compare::bytes;

}  // namespace

record_order::record_order(std::vector<oid_t> field_types) : field_types_(std::move(field_types)) {
  orders_.reserve(field_types_.size());
  for (oid_t oid : field_types_)
    orders_.emplace_back(oid);
}

int record_order::compare(std::string_view a, std::string_view b) const {
  const record_literal_read x = read_record_literal(a, field_types_.size());
  const record_literal_read y = read_record_literal(b, field_types_.size());
  if (x.error || y.error)
    return x.error && y.error ? compare_bytes(a, b) : (x.error ? 1 : -1);
  for (size_t i = 0; i < field_types_.size(); ++i) {
    const auto& p = x.fields[i];
    const auto& q = y.fields[i];
    if (!p || !q) {
      if (p || q)
        return p ? -1 : 1;  // NULL after any value
      continue;
    }
    const oid_t oid = field_types_[i];
    const type_descriptor* d = find_builtin_type(oid);
    int c = 0;
    if (d != nullptr && d->element != 0) {
      c = compare_stored_array(d->element, *p, *q);
    } else if (const type_codec* codec = d != nullptr ? find_type_codec(oid) : nullptr) {
      const column_type type = builtin_column_type(oid);
      auto s = codec->parse_text(type, *p, publisher_type_settings());
      auto t = codec->parse_text(type, *q, publisher_type_settings());
      c = s.ok() && t.ok() ? orders_[i].compare(*s, *t) : compare_bytes(*p, *q);
    } else {
      c = compare_bytes(*p, *q);
    }
    if (c != 0)
      return c < 0 ? -1 : 1;
  }
  return 0;
}

}  // namespace tributary
