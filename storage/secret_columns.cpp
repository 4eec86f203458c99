// secret_columns: see the header.
#include "storage/secret_columns.hpp"

#include <sqlite3.h>

#include <cstring>

namespace tributary {
namespace {

thread_local int client_statements = 0;

bool secret(const char* table, const char* column) {
  return std::strcmp(table, "pg_authid") == 0 ||
         (std::strcmp(table, "pg_subscription") == 0 && std::strcmp(column, "subconninfo") == 0);
}

int deny_secret_columns(void* holder, int action, const char* table, const char* column, const char*,
                        const char*) {
  const auto& privileges = *static_cast<const session_privileges*>(holder);
  if (action == SQLITE_READ && client_statements > 0 && table && column && !privileges.superuser &&
      secret(table, column))
    return SQLITE_DENY;
  return SQLITE_OK;
}

}  // namespace

void protect_secret_columns(sqlite3* db, const session_privileges& privileges) {
  sqlite3_set_authorizer(db, deny_secret_columns, const_cast<session_privileges*>(&privileges));
}

client_statement_scope::client_statement_scope() { ++client_statements; }
client_statement_scope::~client_statement_scope() { --client_statements; }

}  // namespace tributary
