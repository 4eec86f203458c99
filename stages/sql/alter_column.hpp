// alter_column: ALTER TABLE ... ALTER COLUMN c {SET DEFAULT expr | DROP DEFAULT |
// SET NOT NULL | DROP NOT NULL} on a table whose column types Tributary records.
//
// SQLite cannot change a column in place, so each subcommand edits the table's
// SQLite definition (sqlite_table_text.hpp) and the column's catalog row; the
// caller rebuilds the table from the edited definition (storage/table_rebuild.hpp)
// once every subcommand of the statement has been read:
//   ALTER TABLE t ALTER COLUMN n SET DEFAULT 5
//   -> "n" TEXT COLLATE pg_numeric DEFAULT '5.00'  (catalog: attdefault 5)
// SET NOT NULL names the column in `not_null_checks`: the caller refuses the
// change with 23502 `column "c" of relation "t" contains null values` when a row
// holds NULL there (it needs the rows). Errors in PostgreSQL's words: 42703
// `column "c" of relation "t" does not exist`; 42601 `column "c" of relation "t"
// is an identity column` (SET/DROP DEFAULT, DROP NOT NULL of an identity column;
// DROP DEFAULT with PostgreSQL's HINT); 42P16 `column "c" is in a primary key`
// (DROP NOT NULL); a DEFAULT expression that is not supported is 0A000
// (create_table.hpp translate_default). DROP DEFAULT of a domain column leaves
// the domain's default in effect, as in PostgreSQL. Pure.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/check_constraints.hpp"
#include "stages/sql/key_validation.hpp"
#include "stages/sql/sqlite_table_text.hpp"
#include "stages/types/column_definition.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/user/user_types.hpp"

namespace tributary {

// One column whose stored values change type (ALTER COLUMN ... TYPE).
struct column_conversion {
  size_t column = 0;  // its position in the table
  column_type from;
  column_type to;
  stored_cast method = stored_cast::via_text;
  bool explicit_cast = false;  // USING c::type
};

// The table as the subcommands of one ALTER TABLE leave it, step by step.
struct column_alteration_state {
  std::string table;
  std::vector<column_definition> columns;
  sqlite_table_text sqlite;              // the SQLite definition, edited in place
  std::vector<std::string> primary_key;  // the primary key's columns
  std::vector<std::string> not_null_checks;
  std::vector<column_conversion> conversions;
  std::vector<check_definition> check_validations;  // CHECKs the rows must satisfy (alter_check.hpp)
  std::vector<check_definition> retyped_checks;     // CHECKs typed again: the converted rows must pass
  std::vector<check_source> written;     // the CHECKs as written (storage/check_catalog.hpp)
  bool changed = false;                  // the SQLite definition was edited
  std::vector<key_validation> key_validations;  // keys the rows must satisfy (alter_key.hpp)
  std::vector<foreign_key_validation> foreign_key_validations;
};

// Parses `SELECT <expression>` (libpg_query, which stages do not call): the
// expression's node, its locations in that text; nullopt when it does not parse.
using select_expression_parser =
    std::function<std::optional<nlohmann::json>(const std::string& select_text)>;

struct column_alteration_input {
  std::string_view source;  // the statement's text (constants are read back from it)
  const type_settings& settings;
  const user_type_set& user_types;
  // Reads a recorded DEFAULT's text again (ALTER COLUMN TYPE re-types it); none: such
  // a default is 0A000.
  select_expression_parser parse_select = {};
};

// `command` is one AlterTableCmd's fields with subtype AT_ColumnDefault,
// AT_SetNotNull or AT_DropNotNull.
result<ok_t, pg_error> alter_column_constraint(const nlohmann::json& command,
                                               const column_alteration_input& input,
                                               column_alteration_state& state);

// AT_AlterColumnType (alter_column_type.hpp).
result<ok_t, pg_error> alter_column_type(const nlohmann::json& command,
                                         const column_alteration_input& input,
                                         column_alteration_state& state);

// Rewrites the SQLite item of column `name` (XX000 when the definition lacks it).
result<ok_t, pg_error> edit_column_item(column_alteration_state& state, const std::string& name,
                                        const column_item_change& change);

// The column `name` of the state, or 42703 in PostgreSQL's words.
result<size_t, pg_error> altered_column_index(const column_alteration_state& state,
                                              const std::string& name);

}  // namespace tributary
