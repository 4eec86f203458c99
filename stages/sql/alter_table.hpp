// alter_table: PostgreSQL's ALTER TABLE (ADD COLUMN, DROP COLUMN) and RENAME
// (RENAME COLUMN, RENAME TO) on a table whose column types Tributary records ->
// the SQLite statements and the table's catalog rows afterwards.
//
//   ALTER TABLE t ADD COLUMN c numeric(5,2) NOT NULL DEFAULT 0
//   -> ALTER TABLE "t" ADD COLUMN "c" TEXT COLLATE pg_numeric DEFAULT '0.00' NOT NULL
//   ALTER TABLE t RENAME COLUMN a TO b -> ALTER TABLE "t" RENAME COLUMN "a" TO "b"
// Errors in PostgreSQL's words: 42701 `column "c" of relation "t" already exists`,
// 42703 `column "d" of relation "t" does not exist` (IF [NOT] EXISTS: a NOTICE
// "..., skipping" instead). ALTER COLUMN SET/DROP DEFAULT, SET/DROP NOT NULL and
// TYPE (alter_column.hpp) cannot be done in place by SQLite: they give the table's new
// SQLite definition in `rebuild`, from which the caller rebuilds the table
// (storage/table_rebuild.hpp); they cannot be combined with ADD/DROP COLUMN in one
// statement here (0A000). ADD COLUMN with a DEFAULT that SQLite cannot add in
// place (an expression: now(), random(), nextval('s'), 1 + 2), or of a domain
// with NOT NULL or CHECK constraints, adds the column empty and names it in
// `fills`: the caller then rebuilds the table from
// filled_table_body(), copying every other column, so that SQLite evaluates the
// DEFAULT for each existing row as PostgreSQL fills them (a volatile default once
// per row, now() once per transaction); a NOT NULL column left NULL is 23502
// `column "c" of relation "t" contains null values`; a domain's constraint
// fails as PostgreSQL's coercion of the default to the domain does (23502
// `domain d does not allow null values`, 23514 `value for domain d violates
// check constraint "c"`). ADD CHECK, DROP CONSTRAINT and VALIDATE CONSTRAINT
// (alter_check.hpp) go the same way. ALTER COLUMN TYPE of a column a CHECK
// constraint names translates the check again from its recorded text (`checks`,
// storage/check_catalog.hpp) over the new type — its errors are PostgreSQL's
// (42883 operator does not exist: text > integer) — and the converted rows must
// pass it: 23514 check constraint "c" of relation "t" is violated by some row. A
// check without a recorded text (made before the catalog kept them) is 0A000.
// RENAME COLUMN renames the column in the recorded checks. Every other
// subcommand (other constraints, identity, ...) is 0A000 naming it. The target table's existence and a RENAME TO clash are the
// caller's (they need the database). Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/alter_column.hpp"
#include "stages/types/column_definition.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/user/user_types.hpp"

namespace tributary {

// The table's SQLite definition (sqlite_schema.sql) and primary key columns.
struct sqlite_table_shape {
  std::string create_sql;
  std::vector<std::string> primary_key;
};

// A table SQLite must rebuild: its new definition and what the rows must satisfy.
struct table_rebuild {
  std::string body;                          // after CREATE TABLE "name" ("": rows only validated)
  std::vector<check_definition> check_validations;  // CHECKs every row must pass (23514)
  std::vector<std::string> not_null_checks;  // columns that must hold no NULL (23502)
  std::vector<column_conversion> conversions;  // ALTER COLUMN TYPE: values to convert
  std::vector<key_validation> key_validations;  // ADD PRIMARY KEY / UNIQUE: no duplicates (23505)
  std::vector<foreign_key_validation> foreign_key_validations;  // ADD FOREIGN KEY (23503)
  std::vector<check_definition> retyped_checks;  // CHECKs the converted rows must pass (23514)
};

// A column ADD COLUMN added empty, to be filled from its DEFAULT.
struct column_fill {
  std::string column;
  std::string default_sql;  // SQLite's DEFAULT expression: "(pg_transaction_timestamp())"
  bool not_null = false;
  // A column of a domain with constraints: its whole SQLite item (DEFAULT and
  // the domain's clauses; it was added bare), and what every filled row must
  // pass: the domain's NOT NULL (its name; 23502 domain d does not allow null
  // values) and CHECKs (each test fails itself with 23514 naming the check).
  std::string item;
  std::string domain_not_null;
  std::vector<check_definition> domain_checks;
};

struct table_change {
  std::vector<std::string> sqlite_statements;  // to run in order
  std::string table;                           // the table's name afterwards
  std::vector<column_definition> columns;      // its catalog rows afterwards
  std::vector<pg_error> notices;               // IF [NOT] EXISTS skips
  std::optional<table_rebuild> rebuild;        // after sqlite_statements (none of both)
  std::vector<column_fill> fills;              // after sqlite_statements
  std::vector<check_source> checks;            // the table's CHECKs as written, afterwards
};

// `statement` is an AlterTableStmt's fields, parsed from `source`.
result<table_change, pg_error> translate_alter_table(
    const nlohmann::json& statement, std::string_view source, const std::string& table,
    std::vector<column_definition> columns, const sqlite_table_shape& shape,
    const type_settings& settings, const user_type_set& user_types = no_user_types(),
    const select_expression_parser& parse_select = {},
    const std::vector<check_source>& checks = {});

// The body (after CREATE TABLE "name") of the table `create_sql` defines with
// each column of `fills` given its DEFAULT and NOT NULL; XX000 when a column
// is missing from the definition.
result<std::string, pg_error> filled_table_body(std::string_view create_sql,
                                                const std::vector<column_fill>& fills);

// `statement` is a RenameStmt's fields (a column or the table itself).
result<table_change, pg_error> translate_rename(const nlohmann::json& statement,
                                                const std::string& table,
                                                std::vector<column_definition> columns,
                                                const std::vector<check_source>& checks = {});

}  // namespace tributary
