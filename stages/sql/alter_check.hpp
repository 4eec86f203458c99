// alter_check: ALTER TABLE ... ADD [CONSTRAINT c] CHECK (...) [NOT VALID],
// DROP CONSTRAINT [IF EXISTS] c and VALIDATE CONSTRAINT c on a table whose
// column types Tributary records, as edits of the table's SQLite definition
// (a check is one table constraint item: check_constraints.hpp) that the caller
// rebuilds the table from, like ALTER COLUMN (alter_column.hpp).
//
//   ALTER TABLE t ADD CHECK (a > 0)     -> item "t_a_check" added (in name order),
//                                          the rows validated first
//   ALTER TABLE t ADD CONSTRAINT c CHECK (a > 0) NOT VALID -> added, rows not read
//   ALTER TABLE t VALIDATE CONSTRAINT c -> the rows validated, nothing rebuilt
//   ALTER TABLE t DROP CONSTRAINT c     -> item removed
// A check to validate is named in `check_validations`: the caller refuses the
// statement with 23514 `check constraint "c" of relation "t" is violated by some
// row` when a row makes its expression false. Errors in PostgreSQL's words:
// 42710 `constraint "c" for relation "t" already exists`, 42704 `constraint "c" of
// relation "t" does not exist` (IF EXISTS: the NOTICE "..., skipping"), and the
// expression's (check_translation.hpp). PRIMARY KEY, UNIQUE and FOREIGN KEY are
// alter_key.hpp's; other constraint kinds are 0A000. Pure.
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/alter_column.hpp"

namespace tributary {

// `command` is one AlterTableCmd's fields with subtype AT_AddConstraint,
// AT_DropConstraint or AT_ValidateConstraint. `notices` gets IF EXISTS skips.
result<ok_t, pg_error> alter_check_constraint(const nlohmann::json& command,
                                              const column_alteration_input& input,
                                              column_alteration_state& state,
                                              std::vector<pg_error>& notices);

// True when the table's SQLite definition holds a CHECK constraint of ours.
bool has_check_items(const sqlite_table_text& table);

// The table's definition (its body, to rebuild it from) with each CHECK item
// written anew for `relation` and `columns` — after RENAME TO (the error names the
// new table) and ADD COLUMN (the failing row shows the new column), and before DROP
// COLUMN (SQLite refuses to drop a column a check names): the checks whose
// expression names one of `dropped` are left out, as PostgreSQL drops them with the
// column. nullopt when the table has no CHECK constraint.
std::optional<std::string> regenerated_checks(std::string_view create_sql,
                                              const std::string& relation,
                                              const std::vector<column_definition>& columns,
                                              const std::vector<std::string>& dropped = {});

}  // namespace tributary
