// database_templates: PostgreSQL's template databases as Tributary has them.
// Every database Tributary creates starts empty, which is what template0 holds
// and what a fresh initdb's template1 holds (plpgsql is built in here), so:
//
//   template0, template1   listed in pg_database (datistemplate, owned by the
//                          bootstrap superuser, datacl {=c/su,su=CTc/su}) with
//                          datallowconn false: there is no file to connect to
//   CREATE DATABASE d [TEMPLATE template0 | template1]   an empty database
//   CREATE DATABASE d TEMPLATE other   0A000 (copying a database is not supported)
//                                      3D000 when no such database exists
//   CREATE DATABASE template1 / DROP DATABASE template0   42P04 / 42809, as PostgreSQL's
#pragma once

#include <optional>
#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

bool is_template_database(const std::string& name);

// CREATE DATABASE `name` [TEMPLATE `template_name`] (nullopt: none given);
// `template_exists`: a database of that name exists.
result<ok_t, pg_error> check_database_template(const std::string& name,
                                               const std::optional<std::string>& template_name,
                                               bool template_exists);

// DROP DATABASE `name`: 42809 for a template database.
result<ok_t, pg_error> check_drop_database(const std::string& name);

}  // namespace tributary
