// session_privileges: who a client session acts as right now. PostgreSQL keeps
// two roles per session: the session user (who logged in) and the current
// user (SET ROLE changes it; every privilege check uses it). The SQLite
// functions and the authorizer that check privileges on the session's
// connection (pg_reload_conf, pg_cancel_backend / pg_terminate_backend, the
// superuser-only catalog columns, the table privileges) hold this object and read it at each call,
// so a SET ROLE takes effect from the next statement.
// Owned by one session (its thread); shared with the functions it installed.
#pragma once

#include <memory>
#include <string>

#include "storage/table_access.hpp"

namespace tributary {

struct session_privileges {
  std::string session_user;
  bool session_superuser = false;
  std::string current_user;
  bool superuser = false;  // the current user's
  // The current user's table privileges for the next statement (null for a
  // superuser): read before each statement by the dispatcher.
  table_access_ptr tables;
};

using session_privileges_ptr = std::shared_ptr<session_privileges>;

inline session_privileges_ptr make_session_privileges(const std::string& user, bool superuser) {
  return std::make_shared<session_privileges>(session_privileges{user, superuser, user, superuser});
}

}  // namespace tributary
