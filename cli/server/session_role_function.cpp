// session_role_function: see the header.
#include "cli/server/session_role_function.hpp"

#include <sqlite3.h>

#include <string>

namespace tributary {
namespace {

void session_role(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto& privileges = *static_cast<const session_privileges*>(sqlite3_user_data(ctx));
  const auto* kind = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const std::string& name = kind != nullptr && std::string(kind) == "session"
                                ? privileges.session_user
                                : privileges.current_user;
  sqlite3_result_text(ctx, name.data(), static_cast<int>(name.size()), SQLITE_TRANSIENT);
}

}  // namespace

void install_session_role_function(sqlite3* db, const session_privileges& privileges) {
  sqlite3_create_function_v2(db, "pg_session_role", 1, SQLITE_UTF8,
                             const_cast<session_privileges*>(&privileges), session_role, nullptr,
                             nullptr, nullptr);
}

}  // namespace tributary
