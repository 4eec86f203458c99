// reload_function: see the header.
#include "cli/server/reload_function.hpp"

#include <signal.h>
#include <sqlite3.h>
#include <unistd.h>

#include "storage/sql_functions.hpp"

namespace tributary {
namespace {

void reload_conf(sqlite3_context* ctx, int, sqlite3_value**) {
  const auto& privileges = *static_cast<const session_privileges*>(sqlite3_user_data(ctx));
  if (!privileges.superuser) {
    keep_sql_function_error(sqlite3_context_db_handle(ctx),
                            make_pg_error("42501", "permission denied for function pg_reload_conf"));
    sqlite3_result_error(ctx, "permission denied for function pg_reload_conf", -1);
    return;
  }
  ::kill(::getpid(), SIGHUP);
  sqlite3_result_int(ctx, 1);
}

}  // namespace

void install_reload_function(sqlite3* db, const session_privileges& privileges) {
  sqlite3_create_function_v2(db, "pg_reload_conf", 0, SQLITE_UTF8, const_cast<session_privileges*>(&privileges),
                             reload_conf, nullptr, nullptr, nullptr);
}

}  // namespace tributary
