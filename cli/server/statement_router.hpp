// statement_router: splits a query string into statements and says who runs each.
//
// Input: the text of a Query (or Parse) message.
// Output: a routed_query, one routed_statement per statement, in order:
//   - its text (without the terminating ';') and where it starts in the whole string;
//   - its kind: handled by Tributary from the parse tree (transaction control,
//     CREATE/DROP DATABASE, SET/RESET/SHOW, subscriptions, CREATE/ALTER/DROP TABLE,
//     INSERT), `sqlite` (PostgreSQL's
//     grammar accepts it; SQLite runs it as it is) or `sqlite_only` (PostgreSQL's
//     grammar rejects it; SQLite may still run it: PRAGMA, INSERT OR REPLACE, SQLite
//     triggers). A `sqlite_only` statement carries PostgreSQL's syntax error with
//     the position in the whole query string (1-based characters, as PostgreSQL
//     sends it), for when SQLite rejects it too;
//   - relations written schema.table replaced by their local tables' names
//     (stages/sql/qualified_names.hpp), and the schemas named;
//   - its statement node from libpg_query's JSON parse tree, e.g.
//     {"CreatedbStmt": {"dbname": "x"}}, and its base command tag ("INSERT",
//     "CREATE TABLE", see command_tags.hpp).
// An empty result means the string held no statement (EmptyQueryResponse).
//
// Splitting uses pg_query_split_with_scanner, which silently drops statements
// that contain no PostgreSQL keyword (`PRAGMA x`); the text between the pieces it
// returns is split again at top-level ';' so nothing is lost. A statement
// PostgreSQL rejects whose text SQLite does not consider complete (a SQLite
// CREATE TRIGGER ... BEGIN ...; ...; END) absorbs the following pieces until it is.
//
// Pure: no I/O. Thread-safe (libpg_query keeps per-thread memory contexts).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"

namespace tributary {

enum class statement_kind {
  sqlite,
  sqlite_only,
  begin,
  commit,
  rollback,
  savepoint,
  release_savepoint,
  rollback_to_savepoint,
  prepared_transaction,  // PREPARE TRANSACTION / COMMIT PREPARED / ROLLBACK PREPARED
  create_database,
  drop_database,
  set,
  reset,
  show,
  create_subscription,
  alter_subscription,
  drop_subscription,
  create_table,   // CREATE TABLE: translated to a STRICT table + column type catalog
  drop_table,     // DROP TABLE a, b: each table and its catalog rows
  alter_table,    // ALTER TABLE ADD/DROP COLUMN, RENAME [COLUMN]: table and catalog rows
  insert,         // INSERT: values read by the target columns' types
  create_schema,  // CREATE SCHEMA: recorded in the database's catalog
  drop_schema,    // DROP SCHEMA [CASCADE]: the schema and (CASCADE) its tables
  create_type,    // CREATE TYPE ... AS ENUM, CREATE DOMAIN (other CREATE TYPE forms: 0A000)
  alter_type,     // ALTER TYPE ... ADD VALUE / RENAME VALUE, ALTER DOMAIN
  drop_type,      // DROP TYPE / DROP DOMAIN [CASCADE]
  copy,           // COPY ... FROM STDIN / TO STDOUT
  create_index,   // CREATE INDEX: PostgreSQL's names and errors (index_commands)
  drop_index,     // DROP INDEX a, b
  trigger,        // CREATE FUNCTION, CREATE TRIGGER, DROP TRIGGER / FUNCTION,
                  // ALTER TABLE ... ENABLE / DISABLE TRIGGER (trigger_commands.hpp)
  sequence_ddl,   // CREATE / ALTER / DROP SEQUENCE (sequence_commands.hpp)
  truncate,       // TRUNCATE [TABLE] a, b [RESTART IDENTITY] [CASCADE] (truncate_command.hpp)
  role_ddl,       // CREATE / ALTER / DROP ROLE (USER, GROUP), ALTER ROLE RENAME (role_commands.hpp)
  sql_prepare,    // PREPARE / EXECUTE / DEALLOCATE / DISCARD: the session's prepared statements
                  // (extended_query, sql_prepared_statements.cpp); DECLARE / FETCH / MOVE /
                  // CLOSE: its cursors (sql_cursors.cpp)
  vacuum,         // VACUUM / ANALYZE: the tables are checked (vacuum_command.hpp)
  grant_privileges,  // GRANT / REVOKE privileges on objects (table_privilege_commands.hpp)
  comment,        // COMMENT ON TABLE / VIEW / SEQUENCE / COLUMN (comment_command.hpp)
  lock_table,     // LOCK TABLE (vacuum_command.hpp: the relations are checked)
};

struct routed_statement {
  std::string text;
  int position = 0;            // 0-based character offset of `text` in the query string
  statement_kind kind = statement_kind::sqlite;
  nlohmann::json node;         // {"NodeType": {...}}; null for sqlite_only
  std::string tag;             // base command tag
  pg_error parse_error;        // sqlite_only: PostgreSQL's syntax error
  // Schemas other than public that the statement's relations name; `text` and
  // `node` already use the local table names (stages/sql/qualified_names.hpp).
  std::vector<std::string> schemas;
  // The relations it named as public.x, by x (qualified_names.hpp).
  std::vector<std::string> public_relations;

  // The node's type name ("SelectStmt"), or "" for sqlite_only.
  std::string node_type() const;
  // The node's fields ({} for sqlite_only).
  const nlohmann::json& fields() const;
};

struct routed_query {
  std::vector<routed_statement> statements;
};

routed_query route_query(std::string_view sql);

// Number of UTF-8 characters in the first `bytes` bytes of `text`.
int character_count(std::string_view text, size_t bytes);

}  // namespace tributary
