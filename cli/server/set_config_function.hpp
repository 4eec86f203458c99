// set_config_function: PostgreSQL's set_config(name, value, is_local) as an SQL
// function of a session's connection — what pg_dump, createdb and many drivers
// send first (`SELECT pg_catalog.set_config('search_path', '', false)`).
//
// The translator passes set_config(...) through (stages/sql/translator/
// session_functions.cpp); this function hands it to the session's parameters
// (the same rules and errors as SET) and returns the value the setting then has.
// An error is PostgreSQL's (keep_sql_function_error). Runs on the session's thread.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

struct sqlite3;

namespace tributary {

using set_config_handler =
    std::function<result<std::string, pg_error>(const std::string& name, std::optional<std::string> value, bool local)>;

// Registers set_config/3 on `db`; the handler lives as long as the connection.
void install_set_config_function(sqlite3* db, set_config_handler handler);

}  // namespace tributary
