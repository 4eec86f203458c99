// record_rewrite: see the header.
#include "stages/types/verbatim/record_rewrite.hpp"

#include "stages/core/row_type_oid.hpp"
#include "stages/types/verbatim/array_text.hpp"
#include "stages/types/verbatim/record_text.hpp"

namespace tributary {
namespace {

// A composite type by its name (its fields may not be attached: a type without attributes).
bool names_target(const column_type& type, const std::string& target) {
  return !type.known() && !type.record_element && !type.name.empty() && row_type_local_name(type.name) == target;
}

const std::vector<record_field>& fields_of(const column_type& type) {
  static const std::vector<record_field> none;
  return type.record_fields ? *type.record_fields : none;
}

}  // namespace

bool contains_records(const column_type& type, const std::string& target) {
  if (type.record_element)
    return contains_records(*type.record_element, target);
  if (names_target(type, target))
    return true;
  if (type.known())
    return false;
  for (const record_field& f : fields_of(type))
    if (f.type && contains_records(*f.type, target))
      return true;
  return false;
}

std::optional<std::string> rewrite_records(const column_type& type, std::string_view stored,
                                           const std::string& target, const record_fields_edit& edit) {
  if (!contains_records(type, target))
    return std::nullopt;
  if (type.record_element) {
    auto array = read_array_literal(stored, ',');
    if (!array.ok())
      return std::nullopt;
    bool changed = false;
    for (auto& e : array->elements) {
      if (!e)
        continue;
      if (auto rewritten = rewrite_records(*type.record_element, *e, target, edit)) {
        e = std::move(*rewritten);
        changed = true;
      }
    }
    if (!changed)
      return std::nullopt;
    return write_array_literal(*array, ',');
  }
  const std::vector<record_field>& fields = fields_of(type);
  record_literal_read read = read_record_literal(stored, fields.size());
  if (read.error)
    return std::nullopt;
  if (names_target(type, target))
    return write_record_text(edit(std::move(read.fields)));
  bool changed = false;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (!read.fields[i] || !fields[i].type)
      continue;
    if (auto rewritten = rewrite_records(*fields[i].type, *read.fields[i], target, edit)) {
      read.fields[i] = std::move(*rewritten);
      changed = true;
    }
  }
  if (!changed)
    return std::nullopt;
  return write_record_text(read.fields);
}

}  // namespace tributary
