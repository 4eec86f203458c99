#include "storage/replication_role.hpp"

#include <sqlite3.h>

namespace tributary {

namespace {

// The user data of pg_trigger_fires: one constant per role, never freed.
const replication_role roles[] = {replication_role::origin, replication_role::replica,
                                  replication_role::local};

void fires(sqlite3_context* context, int, sqlite3_value** argv) {
  const auto* role = static_cast<const replication_role*>(sqlite3_user_data(context));
  const auto* enabled = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  sqlite3_result_int(context, enabled != nullptr && trigger_fires(enabled[0], *role) ? 1 : 0);
}

int register_role(sqlite3* db, replication_role role) {
  // Not deterministic: the role changes between statements of one prepared trigger.
  return sqlite3_create_function_v2(db, "pg_trigger_fires", 1, SQLITE_UTF8,
                                    const_cast<replication_role*>(&roles[static_cast<int>(role)]), fires,
                                    nullptr, nullptr, nullptr);
}

}  // namespace

bool trigger_fires(char tgenabled, replication_role role) {
  switch (tgenabled) {
    case 'O':
      return role != replication_role::replica;
    case 'R':
      return role == replication_role::replica;
    case 'A':
      return true;
    default:
      return false;
  }
}

int install_replication_role(sqlite3* db) { return register_role(db, replication_role::replica); }

void set_replication_role(sqlite3* db, replication_role role) { register_role(db, role); }

}  // namespace tributary
