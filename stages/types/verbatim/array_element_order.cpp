// array_element_order: see array_element_order.hpp.
#include "stages/types/verbatim/array_element_order.hpp"

#include "stages/types/builtin_types.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"
#include "stages/types/user/domain_over_array.hpp"
#include "stages/types/user/enum_type.hpp"

namespace tributary {
namespace {

int sign(int v) { return v < 0 ? -1 : (v > 0 ? 1 : 0); }

using array_compare::three_way;
constexpr auto compare_bytes = array_compare::bytes;

int (*collation_named(std::string_view name))(std::string_view, std::string_view) {
  if (name == "BINARY")
    return compare_bytes;
  for (const stored_collation& c : stored_collations())
    if (c.name == name)
      return c.compare;
  return compare_bytes;
}

}  // namespace

array_element_order::array_element_order(oid_t element_oid)
    : codec_(find_type_codec(element_oid)),
      type_(builtin_column_type(element_oid)),
      delimiter_(array_delimiter(element_oid)),
      text_(compare_bytes) {
  if (const type_descriptor* d = find_builtin_type(element_oid))
    text_ = collation_named(d->collation);
}

array_element_order::array_element_order(const enum_order& labels) : text_(compare_bytes), labels_(&labels) {}

array_element_order array_element_order::of_arrays(oid_t inner_array_oid) {
  array_element_order out(inner_array_oid);
  out.codec_ = &array_codec();
  out.type_ = domain_over_array_column_type(0, 0, "", builtin_column_type(inner_array_oid));
  out.delimiter_ = ',';
  const type_descriptor* d = find_builtin_type(inner_array_oid);
  out.text_ = d ? collation_named("pg_array_" + std::string(d->typname)) : compare_bytes;
  return out;
}

result<stored_array, pg_error> array_element_order::read(std::string_view text) const {
  auto literal = read_array_literal(text, delimiter_);
  if (!literal.ok())
    return fail(literal.error());
  stored_array out;
  out.values.reserve(literal->elements.size());
  for (auto& element : literal->elements) {
    if (!element) {
      out.values.emplace_back(std::nullopt);
    } else if (!codec_) {
      out.values.emplace_back(sql_value{std::move(*element)});
    } else {
      auto stored = codec_->parse_text(type_, *element, publisher_type_settings());
      if (!stored.ok())
        return fail(stored.error());
      out.values.emplace_back(std::move(*stored));
    }
  }
  literal->elements.clear();
  out.shape = std::move(*literal);
  return out;
}

int array_element_order::compare(const sql_value& a, const sql_value& b) const {
  if (a.index() != b.index())
    return three_way(a.index(), b.index());
  if (const auto* x = std::get_if<int64_t>(&a))
    return three_way(*x, std::get<int64_t>(b));
  if (const auto* x = std::get_if<double>(&a))
    return three_way(*x, std::get<double>(b));
  if (const auto* x = std::get_if<std::string>(&a))
    return sign(labels_ ? labels_->compare(*x, std::get<std::string>(b)) : text_(*x, std::get<std::string>(b)));
  if (const auto* x = std::get_if<sql_blob>(&a))
    return compare_bytes(x->bytes, std::get<sql_blob>(b).bytes);
  return 0;
}

}  // namespace tributary
