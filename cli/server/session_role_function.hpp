// session_role_function: pg_session_role('current' | 'session') on a session's SQLite
// connection — the current user (SET ROLE changes it) or the session user (who
// logged in), read at each call. Column DEFAULTs current_user / session_user
// (stages/sql/translator/session_functions.cpp, translated for a DEFAULT) call it
// when a row is inserted, so a default is the inserting session's role, as in
// PostgreSQL. Connections without a session keep storage/default_functions.hpp's
// version (0A000).
#pragma once

#include "storage/session_privileges.hpp"

struct sqlite3;

namespace tributary {

// `privileges` must outlive the connection.
void install_session_role_function(sqlite3* db, const session_privileges& privileges);

}  // namespace tributary
