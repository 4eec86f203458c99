// constant_assignment: a constant of an INSERT (or a DEFAULT) assigned to a column,
// as PostgreSQL types and coerces it.
//
// PostgreSQL gives each constant a type before it meets the column:
//   '...'        unknown: read by the column type's input function
//   42, -7       int4, or int8 when it does not fit, or numeric past int8
//   1.5, 1e3     numeric
//   true/false   boolean
// then applies the assignment cast to the column's type, or refuses:
//   integer -> int2/int4/int8  range check: 22003 `integer out of range`
//   numeric -> int2/int4/int8  rounded half away from zero, then the range check
//   integer/numeric -> numeric, float4/8, money, text types: the number's text read
//                  by that type (numeric(5,2) rounds, `numeric field overflow`)
//   boolean -> text types: "true" / "false"
//   anything else: 42804 `column "b" is of type boolean but expression is of
//                  type integer` (hint: You will need to rewrite or cast the
//                  expression.)
// Output: the column's stored form. Pure.
#pragma once

#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/column_definition.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

result<sql_value, pg_error> assign_constant(const parse_tree::constant& constant,
                                            const column_definition& column,
                                            const type_settings& settings);

}  // namespace tributary
