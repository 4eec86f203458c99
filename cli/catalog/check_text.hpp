// check_text: the text of CHECK constraints the catalog model reads (table
// CHECKs: catalog_model.cpp; domains' CHECKs here): as PostgreSQL's
// pg_get_constraintdef prints them where the deparser covers the expression
// (stages/sql/default_deparse.hpp), else as written.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "cli/catalog/catalog_model.hpp"

namespace tributary {

// CHECK (<text>): the parenthesised group the expression (its parse tree) opens
// in `source`, as written.
std::string check_as_written(const nlohmann::json& tree, const std::string& source);

// Each domain's recorded CHECKs (tributary_domain_constraints) into model.types'
// checks, printed as PostgreSQL prints them: CHECK ((VALUE >= (0)::numeric)).
result<ok_t, sqlite_error> read_domain_checks(sqlite_connection& db, catalog_model& model);

}  // namespace tributary
