// table_command_support: the small helpers CREATE / ALTER TABLE
// (table_commands.cpp), DROP TABLE (table_drop_command.cpp) and the statements
// translated to run (statement_preparation.cpp) share.
#pragma once

#include <string>

#include "cli/catalog/temporary_schema_marker.hpp"
#include "cli/commands/subscription_commands.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"
#include "storage/text_query.hpp"

namespace tributary {

inline pg_error table_storage_error(const sqlite_error& e) { return make_pg_error("XX000", e.message); }

// A table of that name (any case) in the database file.
inline result<bool, pg_error> table_exists(sqlite_connection& db, const std::string& table) {
  auto exists = query_has_row(
      db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1 COLLATE NOCASE", table);
  if (!exists)
    return fail(table_storage_error(exists.error()));
  return *exists;
}

// The table's primary key columns, in key order.
inline result<std::vector<std::string>, sqlite_error> primary_key_columns(sqlite_connection& db,
                                                                          const std::string& table) {
  return query_texts(db, "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk", table);
}

// The session's temporary schema (pg_temp_N) exists from its first temporary
// object on (its transaction's): the marker table, noted for the database's other
// sessions at commit (cli/catalog/temporary_schemas.hpp; a connection without the
// function, no registry, has nothing to tell).
inline result<ok_t, pg_error> make_temporary_schema(command_context& context) {
  if (auto made = context.database().exec("CREATE TABLE IF NOT EXISTS temp." +
                                          quote_identifier(temporary_schema_marker) + " (made INTEGER)");
      !made)
    return fail(table_storage_error(made.error()));
  context.on_commit([&db = context.database()] { (void)db.exec("SELECT tributary_note_temporary_schema()"); });
  return ok_v;
}

inline void table_notice(command_context& context, std::string message, std::string detail = {}) {
  pg_error n = make_pg_error("00000", std::move(message), std::move(detail));
  n.severity = "NOTICE";
  context.emit_notice(std::move(n));
}

}  // namespace tributary
