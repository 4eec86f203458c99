// reload_function: pg_reload_conf() for a session's SQLite connection.
//
// As PostgreSQL's, it signals the server process with SIGHUP and returns true at
// once; the server's main thread (cli/main.cpp) then rereads pg_hba.conf. Only
// superusers may call it (PostgreSQL revokes EXECUTE from PUBLIC): others get 42501
// "permission denied for function pg_reload_conf".
#pragma once

#include "storage/session_privileges.hpp"

struct sqlite3;

namespace tributary {

// `privileges` (the session's current user) must outlive the connection.
void install_reload_function(sqlite3* db, const session_privileges& privileges);

}  // namespace tributary
