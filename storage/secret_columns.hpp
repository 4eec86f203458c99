// secret_columns: columns of the catalog that only superusers may read, as
// PostgreSQL grants them: pg_subscription.subconninfo (it may hold the publisher's
// password). PostgreSQL revokes SELECT on pg_subscription from PUBLIC and grants
// every other column back, so a role that is not a superuser gets
// 42501 "permission denied for table pg_subscription" when its query reads the
// column (SELECT *, SELECT subconninfo) and the other columns as usual. Likewise
// pg_authid (it holds the password verifiers): superusers only, any column.
//
// How: a SQLite authorizer on the session's connection denies reading the column
// while a client's statement is being prepared (client_statement_scope, a
// per-thread flag: a session runs on one thread). Tributary's own reads on the
// same connection (ALTER SUBSCRIPTION by its owner, the launcher) are not client
// statements and are not refused. sqlstate_mapping turns SQLite's "access to
// t.c is prohibited" into PostgreSQL's message.
#pragma once

#include <optional>

#include "stages/core/pg_error.hpp"
#include "storage/session_privileges.hpp"

struct sqlite3;

namespace tributary {

// Table privileges: the same authorizer refuses reading (SELECT), INSERT, UPDATE
// and DELETE on a user table the current user lacks the privilege for
// (session_privileges::tables, storage/table_access.hpp); the statement's
// prepare then fails and take_access_denial() gives PostgreSQL's
// 42501 "permission denied for table t" for the first refusal. What a view
// reads (SQLite names the view as the access's inner-most view) is checked
// with the view owner's privileges, as PostgreSQL's views without
// security_invoker.
//
// For every client session: the columns are refused while the session's current
// user is not a superuser (SET ROLE can change that between statements).
// `privileges` must outlive the connection (the session owns both).
void protect_secret_columns(sqlite3* db, const session_privileges& privileges);

// The refusal of the last client statement prepared on this thread, once.
std::optional<pg_error> take_access_denial();

class client_statement_scope {
public:
  client_statement_scope();
  ~client_statement_scope();
  client_statement_scope(const client_statement_scope&) = delete;
  client_statement_scope& operator=(const client_statement_scope&) = delete;
};

}  // namespace tributary
