// record_rewrite: a stored value rewritten where it holds records of one composite
// type, for ALTER TYPE ... ADD / DROP ATTRIBUTE over the columns that use the type
// (cli/commands/composite_type_alter.cpp), as PostgreSQL's values follow the type's
// attributes (a dropped attribute's field is gone, an added one NULL).
//
//   rewrite_records(type, stored, target, edit)
//     type    the column's type as the catalog reads it (a composite type with its
//             record_fields, each field of a user's type with that type; an array of
//             one with its record_element)
//     stored  the column's stored text (record_out's / array_out's text)
//     target  the altered composite type's local name ("pair", "sales.pair")
//     edit    the fields of one record of the target type, old attributes' order ->
//             the fields in the new attributes' order
//   Every record of the target type in the value is edited: the value itself, the
//   elements of an array of it, the fields of other composite types and their
//   arrays, at any depth; the text is written again as record_out / array_out
//   write it. nullopt when the value holds no such record or does not read.
//   contains_records(type, target): whether values of `type` can hold one.
// Pure.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/types/column_type.hpp"

namespace tributary {

using record_fields_edit =
    std::function<std::vector<std::optional<std::string>>(std::vector<std::optional<std::string>>)>;

bool contains_records(const column_type& type, const std::string& target);

std::optional<std::string> rewrite_records(const column_type& type, std::string_view stored,
                                           const std::string& target, const record_fields_edit& edit);

}  // namespace tributary
