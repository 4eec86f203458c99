// view_options: a view's reloptions (pg_class.reloptions, psql's "Options:",
// pg_dump's WITH (...) and WITH ... CHECK OPTION) from its CREATE VIEW, as
// PostgreSQL 15's DefineView and view_reloptions make them:
//
//   CREATE VIEW v WITH (security_barrier) AS ...          {security_barrier=true}
//   CREATE VIEW v WITH (check_option = local, security_barrier = false) AS ...
//                                                  {check_option=local,security_barrier=false}
//   CREATE VIEW v AS ... WITH [CASCADED] CHECK OPTION     {check_option=cascaded}
//   CREATE VIEW v AS ... WITH LOCAL CHECK OPTION          {check_option=local}
//
// Each value is kept as written (a bare name is "true"); the errors are
// PostgreSQL's 22023: unrecognized parameter "fillfactor", invalid value for
// boolean option "security_barrier": x, invalid value for enum option
// "check_option": x (DETAIL Valid values are "local" and "cascaded".), and
// parameter "x" specified more than once. Tributary's views are not updatable,
// so a check option has nothing to check. Pure.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// `view` is a ViewStmt's fields: its reloptions, "name=value" each, in order.
result<std::vector<std::string>, pg_error> view_reloptions(const nlohmann::json& view);

// The text[] literal of `options` ("{a=1,b=2}"), each element quoted when it needs it.
std::string reloptions_array_text(const std::vector<std::string>& options);

}  // namespace tributary
