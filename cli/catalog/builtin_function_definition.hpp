// builtin_function_definition: pg_get_functiondef's text of a built-in function
// (builtin_catalog.hpp), as PostgreSQL 15's ruleutils prints it (psql's \sf):
//
//   CREATE OR REPLACE FUNCTION pg_catalog.<name>(<arguments with defaults>)
//    RETURNS <result>
//    LANGUAGE internal | sql
//    [WINDOW] [IMMUTABLE | STABLE] [PARALLEL SAFE | RESTRICTED] [STRICT]
//    [SECURITY DEFINER] [LEAKPROOF] [COST n] [ROWS n] [SUPPORT f]
//   AS $function$<prosrc>$function$      or the SQL-standard body (RETURN ...)
//
// COST is printed when it is not the language's default (1 internal, 100 sql),
// ROWS when a set-returning function's is not 1000. An aggregate has no such text:
// PostgreSQL's 42809 "<name>" is an aggregate function (the caller reports it).
#pragma once

#include <string>

#include "cli/catalog/builtin_catalog.hpp"

namespace tributary {

// pg_get_functiondef's quote of a body: $function$...$function$, the tag
// lengthened while the body holds it.
std::string dollar_quoted(const std::string& body);

// `support`: the support function's name as regproc prints it ("" for none).
std::string builtin_function_definition(const builtin_function& f, const std::string& support);

}  // namespace tributary
