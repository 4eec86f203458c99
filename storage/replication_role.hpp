// replication_role: PostgreSQL's session_replication_role for one SQLite
// connection, and the SQL function local triggers ask it with
// (stages/sql/trigger_program.hpp):
//
//   pg_trigger_fires(tgenabled)   1 when a trigger enabled as `tgenabled` fires on
//                                 this connection: 'O' (ENABLE) under origin and
//                                 local, 'R' (ENABLE REPLICA) under replica, 'A'
//                                 (ENABLE ALWAYS) always, 'D' (DISABLE) never.
//
// Every connection starts as `replica` (sqlite_connection::open installs it): the
// applier and the table sync apply and copy rows as PostgreSQL's subscriber does;
// a client session sets `origin` when it starts. Runs on the connection's thread.
#pragma once

struct sqlite3;

namespace tributary {

enum class replication_role { origin, replica, local };

// Registers pg_trigger_fires with role `replica`; SQLite's result code.
int install_replication_role(sqlite3* db);
void set_replication_role(sqlite3* db, replication_role role);

// Whether a trigger enabled as `tgenabled` fires for `role`.
bool trigger_fires(char tgenabled, replication_role role);

}  // namespace tributary
