// secret_columns: see the header.
#include "storage/secret_columns.hpp"

#include <sqlite3.h>

#include <cstring>
#include <optional>

namespace tributary {
namespace {

thread_local int client_statements = 0;
thread_local std::optional<pg_error> access_denial;

bool secret(const char* table, const char* column) {
  return std::strcmp(table, "pg_authid") == 0 ||
         (std::strcmp(table, "pg_subscription") == 0 && std::strcmp(column, "subconninfo") == 0);
}

// The privilege an action on a table needs (0: none checked here).
uint32_t needed_privilege(int action) {
  switch (action) {
    case SQLITE_READ: return privilege_select;
    case SQLITE_INSERT: return privilege_insert;
    case SQLITE_UPDATE: return privilege_update;
    case SQLITE_DELETE: return privilege_delete;
    default: return 0;
  }
}

int deny_client_access(void* holder, int action, const char* table, const char* column, const char*,
                       const char* inner) {
  const auto& privileges = *static_cast<const session_privileges*>(holder);
  if (client_statements == 0 || privileges.superuser || table == nullptr)
    return SQLITE_OK;
  if (action == SQLITE_READ && column && secret(table, column))
    return SQLITE_DENY;
  const uint32_t needed = needed_privilege(action);
  const table_access* access = privileges.tables.get();
  if (needed == 0 || access == nullptr)
    return SQLITE_OK;
  // What a trigger does runs with the trigger's rights (foreign keys, checks).
  if (inner != nullptr && access->triggers.count(inner) != 0)
    return SQLITE_OK;
  // What a view reads is checked with its owner's privileges (security_invoker
  // = false); reading the view itself needs the reader's SELECT on it.
  // A column's own privilege counts for what names the column (reading it,
  // UPDATE SET c); INSERT's columns are checked from the parse tree first
  // (privilege_checks), so here any column's INSERT will do.
  const bool has_column = column != nullptr && column[0] != '\0';
  // A read of no column (SELECT count(*) FROM x) names the table itself, or,
  // through a view, a table the view reads (SQLite does not name the view
  // then): the tables a statement names are checked from its parse tree
  // (privilege_checks), what views read by the columns they read.
  if (action == SQLITE_READ && !has_column)
    return SQLITE_OK;
  const bool allowed = inner != nullptr && access->views.count(inner) != 0 && std::strcmp(inner, table) != 0
                           ? access->view_allows(inner, table, has_column ? column : nullptr, needed)
                       : (action == SQLITE_READ || action == SQLITE_UPDATE) && has_column
                           ? access->allows_column(table, column, needed)
                       : action == SQLITE_INSERT ? access->allows_some_column(table, needed)
                                                 : access->allows(table, needed);
  if (allowed)
    return SQLITE_OK;
  if (!access_denial)
    access_denial = table_permission_denied(table);
  return SQLITE_DENY;
}

}  // namespace

void protect_secret_columns(sqlite3* db, const session_privileges& privileges) {
  sqlite3_set_authorizer(db, deny_client_access, const_cast<session_privileges*>(&privileges));
}

std::optional<pg_error> take_access_denial() {
  auto denial = std::move(access_denial);
  access_denial.reset();
  return denial;
}

client_statement_scope::client_statement_scope() {
  ++client_statements;
  access_denial.reset();
}
client_statement_scope::~client_statement_scope() { --client_statements; }

}  // namespace tributary
