// statement_dispatcher's table privilege check (privilege_checks.hpp): the
// current user's table_access is read from the database file and global.db
// before each statement and shared with the session's SQLite authorizer.
#include "cli/server/privilege_checks.hpp"
#include "cli/server/statement_dispatcher.hpp"

namespace tributary {

result<ok_t, pg_error> statement_dispatcher::check_privileges(const routed_statement& statement) {
  session_privileges& who = *identity_.privileges;
  if (identity_.superuser) {
    who.tables.reset();
    return ok_v;
  }
  auto access = load_table_access(db_, directory_, identity_.user, identity_.database);
  if (!access)
    return fail(access.error());
  who.tables = *access;
  return check_statement_privileges(statement, **access);
}

}  // namespace tributary
