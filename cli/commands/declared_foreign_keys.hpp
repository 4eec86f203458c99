// declared_foreign_keys: CREATE TABLE ... REFERENCES / FOREIGN KEY tested as
// PostgreSQL tests them when the table is made (SQLite only finds out at the
// first write: "foreign key mismatch"): each foreign key of the new table, in
// the order declared, needs a primary key or unique constraint on exactly the
// referenced columns (42830 there is no unique constraint matching given keys
// for referenced table "p"; 42830 there is no primary key ...) and key columns
// of comparable types (42804 foreign key constraint "f" cannot be implemented,
// DETAIL naming the columns and types): storage/key_validation.hpp. Runs in
// the statement's transaction, after the table is created.
#pragma once

#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/type_settings.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<ok_t, pg_error> check_declared_foreign_keys(sqlite_connection& db, const std::string& table,
                                                   const type_settings& settings);

}  // namespace tributary
