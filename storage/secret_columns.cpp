// secret_columns: see the header.
#include "storage/secret_columns.hpp"

#include <sqlite3.h>

#include <cstring>

namespace tributary {
namespace {

thread_local int client_statements = 0;

int deny_secret_columns(void*, int action, const char* table, const char* column, const char*, const char*) {
  if (action == SQLITE_READ && client_statements > 0 && table && column &&
      std::strcmp(table, "pg_subscription") == 0 && std::strcmp(column, "subconninfo") == 0)
    return SQLITE_DENY;
  return SQLITE_OK;
}

}  // namespace

void protect_secret_columns(sqlite3* db) { sqlite3_set_authorizer(db, deny_secret_columns, nullptr); }

client_statement_scope::client_statement_scope() { ++client_statements; }
client_statement_scope::~client_statement_scope() { --client_statements; }

}  // namespace tributary
