// create_table: PostgreSQL's CREATE TABLE (a CreateStmt parse tree) -> the SQLite
// DDL of a STRICT table plus the column type catalog's rows for it.
//
// Each column gets the storage class and collation its type's stored form needs
// (builtin_types.hpp), so SQLite's affinity never touches a value and `=`,
// ORDER BY, UNIQUE and PRIMARY KEY follow PostgreSQL's rules:
//   CREATE TABLE t (id bigint PRIMARY KEY, price numeric(12,2) NOT NULL, note text)
//   -> CREATE TABLE "t" ("id" INTEGER PRIMARY KEY NOT NULL,
//                        "price" TEXT COLLATE pg_numeric NOT NULL, "note" TEXT) STRICT
// A single-column integer primary key becomes SQLite's rowid (the fastest key).
// serial/bigserial/smallserial and GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY
// [(options)] own a sequence (table_definition::sequences) and take
// DEFAULT (nextval('t_id_seq')); such a column is declared INT, not INTEGER, so it
// is never the rowid (SQLite gives a rowid column the rowid, not its default).
// Tables created before kept the rowid for these columns, and still do.
// Supported: column types (built-in, arrays, a user's enum — TEXT COLLATE
// pg_enum_<oid> —, a domain — its base type, with the domain's DEFAULT when the
// column has none and its NOT NULL as the CHECK constraint "domain_not_null:<name>",
// which the SQLSTATE map reports as PostgreSQL does: 23502 domain d does not allow
// null values —, and its CHECK constraints as clauses of the column
// (domain_checks.hpp) —, unknown names kept as text in the collation of a row type
// of that name, "pg_row_<name>": record_cmp's order for a table's row type or a
// composite type, bytes for anything else: storage/row_type_collations.hpp),
// NOT NULL / NULL, PRIMARY KEY and UNIQUE (column and table constraints),
// REFERENCES / FOREIGN KEY (SQLite's; checked for clients' writes, not for replicated rows),
// DEFAULT (translate_default below), IF NOT EXISTS, CHECK (column and table
// constraints, named or named as PostgreSQL names them; their expressions
// translated over every column: check_constraints.hpp, check_translation.hpp).
// Anything else (generated columns, a CHECK in ADD COLUMN, identity without an integer primary
// key, LIKE, INHERITS, PARTITION BY, WITH options, TEMP, schemas other than
// public) is 0A000 naming the feature — never silently different.
// Pure: reads the tree, returns text.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/check_constraints.hpp"
#include "stages/sql/sequence_definition.hpp"
#include "stages/types/column_definition.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/user/user_types.hpp"

namespace tributary {

// The sequence a serial or identity column owns: created with the table, named
// as PostgreSQL names it (t_id_seq, t_id_seq1 when taken), AS the column's type.
struct owned_sequence {
  std::string name;
  std::string column;
  sequence_parameters parameters;
  sequence_state state;
};

struct table_definition {
  std::string table;           // the local SQLite table
  bool if_not_exists = false;
  std::string sqlite_ddl;      // CREATE TABLE [IF NOT EXISTS] "t" (...) STRICT
  std::vector<column_definition> columns;
  std::vector<owned_sequence> sequences;
  std::vector<check_source> checks;  // the CHECKs as written (storage/check_catalog.hpp)
  // CREATE TEMP TABLE (or a table in pg_temp): a table of SQLite's temp schema
  // (storage/temporary_tables.hpp) with its ON COMMIT action: "preserve", "delete", "drop".
  bool temporary = false;
  std::string on_commit = "preserve";
};

// Whether a relation of that name exists already (for the sequences' names).
using relation_name_taken = std::function<bool(const std::string&)>;

// `create_stmt` is the CreateStmt node's fields, parsed from `source` (see
// parse_tree::constant_value for why the text is needed).
// `user_types`: the database's enums and domains, for columns that name one.
// `taken` tells which names a serial or identity column's sequence cannot take.
result<table_definition, pg_error> translate_create_table(
    const nlohmann::json& create_stmt, std::string_view source, const type_settings& settings,
    const user_type_set& user_types = no_user_types(), const relation_name_taken& taken = {});

// One ColumnDef of ALTER TABLE ... ADD COLUMN: its catalog row and its SQLite column
// text ("\"c\" TEXT COLLATE pg_numeric DEFAULT '0.00' NOT NULL"). PRIMARY KEY,
// UNIQUE, identity and serial are 0A000 there (SQLite cannot add them to a table).
struct translated_column {
  column_definition definition;
  std::string sqlite_sql;
};
result<translated_column, pg_error> translate_added_column(
    const nlohmann::json& column_def, std::string_view source, const type_settings& settings,
    const user_type_set& user_types = no_user_types());

// A DEFAULT expression of `column` (a constant read by the column's type, maybe
// signed or cast; now() and the other current-time functions; gen_random_uuid()):
// its SQLite text and PostgreSQL's text of it. 0A000 naming any other function or
// expression (column_default.cpp).
struct default_text {
  std::string sqlite;
  std::string postgres;
};
result<default_text, pg_error> translate_default(const nlohmann::json& expression,
                                                 const column_definition& column,
                                                 std::string_view source,
                                                 const type_settings& settings);

// The SQLite column type and constraint text of one column of `type`
// ("TEXT COLLATE pg_numeric"), for ALTER TABLE ... ADD COLUMN as well.
std::string sqlite_column_type(const column_type& type);

}  // namespace tributary
