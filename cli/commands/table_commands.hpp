// table_commands: CREATE TABLE, DROP TABLE and INSERT on tables whose PostgreSQL
// column types Tributary records (column_type_catalog.hpp).
//
//   CREATE TABLE  translate_create_table -> the STRICT table's DDL and the catalog
//                 rows, both in the caller's transaction. An existing name is
//                 42P07 `relation "t" already exists` (IF NOT EXISTS: NOTICE and
//                 nothing done).
//   DROP TABLE    each named table and its catalog rows; a missing one is 42P01
//                 `table "t" does not exist` (IF EXISTS: NOTICE, skipped). The
//                 replication catalog's tables are refused (42501 ... is a system
//                 catalog).
//   ALTER TABLE   ADD/DROP COLUMN, RENAME COLUMN, RENAME TO, ALTER COLUMN SET/DROP
//                 DEFAULT, SET/DROP NOT NULL and TYPE (a rebuild: table_rebuild.hpp,
//                 values converted by type_casts.hpp; TYPE is refused on a table an
//                 enabled subscription replicates into, whose applier caches the
//                 types) of a table with recorded types (alter_table.hpp) with its
//                 catalog rows; a missing table is
//                 42P01 (IF EXISTS: NOTICE); any other table: nullopt (run as it is).
//   INSERT        into a table with recorded types: translate_insert, then each
//                 parameter $n is read by its column's type; the translated
//                 statement runs through the query executor. Into any other table:
//                 the statement runs as it is (nullopt).
//   SELECT, UPDATE, DELETE  quoted literals compared with typed columns, SET values
//                 and $n there are read by the column's type (typed_constants.hpp);
//                 nullopt when nothing is typed (the text runs as it is).
// All run inside the statement's transaction (the caller opens one if needed).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/sql/translator/query_translation.hpp"

#include "cli/commands/subscription_commands.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/insert_values.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

// Each statement's tree comes with the text it was parsed from (`source`).
result<command_outcome, pg_error> create_table(const nlohmann::json& create_stmt,
                                               std::string_view source, command_context& context,
                                               const type_settings& settings);

result<command_outcome, pg_error> drop_tables(const nlohmann::json& drop_stmt,
                                              command_context& context, const type_settings& settings);

result<std::optional<command_outcome>, pg_error> alter_table(const std::string& node_type,
                                                            const nlohmann::json& stmt,
                                                            std::string_view source,
                                                            command_context& context,
                                                            const type_settings& settings);

// A statement ready for the query executor: its SQLite text and parameter values.
struct typed_query {
  std::string sql;
  std::vector<sql_value> parameters;
};

// The INSERT's SQLite text, without parameter values (for Parse/Describe);
// nullopt: the target table has no recorded types, its text runs as it is.
result<std::optional<translated_insert>, pg_error> translate_typed_insert(
    const nlohmann::json& insert_stmt, std::string_view source, command_context& context,
    const type_settings& settings);

// nullopt: the target table has no recorded types; run the statement as it is.
result<std::optional<typed_query>, pg_error> prepare_insert(
    const nlohmann::json& insert_stmt, std::string_view source,
    const std::vector<sql_value>& parameters, command_context& context,
    const type_settings& settings);

// SELECT / UPDATE / DELETE (`node_type`) with typed constants in their stored form.
result<std::optional<typed_query>, pg_error> prepare_typed_query(
    const std::string& node_type, const nlohmann::json& stmt, std::string_view source,
    const std::vector<sql_value>& parameters, command_context& context,
    const type_settings& settings);

// A SELECT / INSERT / UPDATE / DELETE translated by stages/sql/translator: its
// SQLite text, its parameters read by the types the translation gave them, and
// its output columns (RETURNING's for the others).
struct translated_statement {
  std::string sql;
  std::vector<sql_value> parameters;
  std::vector<query_column> columns;
  int parameter_count = 0;  // the highest $n the statement uses
  std::map<int, column_type> parameter_types;  // $n -> the type the translation read it as
  std::vector<pg_error> notices;  // to send before the statement runs, placed in the query
};

// nullopt: the translator does not cover the statement yet; run it the previous
// way. `parameters` nullptr: Parse/Describe, no values yet. `declared` are the
// parameter types Parse gave. Errors carry PostgreSQL's position, counted from
// `position_base` characters before `source`.
result<std::optional<translated_statement>, pg_error> prepare_translated_statement(
    const std::string& node_type, const nlohmann::json& statement, std::string_view source, int position_base,
    const std::vector<sql_value>* parameters, const std::vector<column_type>& declared,
    command_context& context, const type_settings& settings,
    const std::vector<materialized_common_table>& materialized = {}, bool returning_names_objects = true);

// The SELECT of a CREATE VIEW (`select`: its SelectStmt's fields, parsed from
// `source`) translated as the view keeps it (view_definition.hpp): nullopt when
// the translator does not cover it or it reads the session (current_user,
// settings), which a view reads when it is read. Errors as prepare_translated_statement's.
result<std::optional<translated_query>, pg_error> translate_view_select(const nlohmann::json& select,
                                                                       std::string_view source, int position_base,
                                                                       command_context& context,
                                                                       const type_settings& settings);

}  // namespace tributary
