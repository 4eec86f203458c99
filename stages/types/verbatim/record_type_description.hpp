// record_type_description: a named composite type's field types written as a short
// text a translated query carries to the SQL function that prints the type's values
// under the session's settings (pg_record_out: x::text of a composite column, as
// record_out prints it), and read back there.
//
//   describe_record_type(type)   "(1184:-1,1266:-1,[(1082:-1)],(25:-1))"
//     a composite type: its fields in parentheses, separated by ','; a field of a
//     built-in type "oid:typmod"; a composite field its own parentheses; an array of
//     a composite type its element in brackets; a field of another user's type (an
//     enum, which prints the same under every setting) "0:-1", kept as stored.
//   read_record_type_description(text)  the column type again (names left empty:
//     printing does not need them); nullopt for a text not of that form.
// Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "stages/types/column_type.hpp"

namespace tributary {

std::string describe_record_type(const column_type& type);
std::optional<column_type> read_record_type_description(std::string_view text);

}  // namespace tributary
