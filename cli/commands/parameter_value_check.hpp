// parameter_value_check: a session parameter's value read as PostgreSQL 15's
// parse_and_validate_value reads it for the parameter's rule (parameter_rules.hpp),
// and the value as SHOW then prints it.
//
//   boolean      parse_bool's spellings        -> "on" / "off"
//                else 22023 parameter "x" requires a Boolean value
//   integer      strtol (0x.., 0..), decimals rounded, an optional unit of the
//                parameter's kind (memory B kB MB GB TB, time us ms s min h d)
//                converted to its base unit; the range checked in the base unit
//                -> the largest unit that divides it exactly ("1GB", "24kB", "2min")
//   real         strtod, the same units    -> %g in the largest unit giving an integer
//   enumeration  any case, the listed values and the hidden spellings
//                -> the listed value; else 22023 with HINT "Available values: ..."
//   string       as given
// Errors name the parameter as the caller spelled it, as PostgreSQL's do.
#pragma once

#include <string>

#include "cli/commands/parameter_rules.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

result<std::string, pg_error> check_parameter_value(const parameter_rule& rule, const std::string& name,
                                                    const std::string& value);

}  // namespace tributary
