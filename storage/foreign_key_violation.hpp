// foreign_key_violation: PostgreSQL's report of a foreign key violation, found
// after SQLite refused a client's statement with only "FOREIGN KEY constraint
// failed".
//
//   insert or update on table "c" violates foreign key constraint "c_p_id_fkey"
//     DETAIL  Key (p_id)=(5) is not present in table "p".
//   update or delete on table "p" violates foreign key constraint "c_p_id_fkey" on table "c"
//     DETAIL  Key (id)=(1) is still referenced from table "c".
//
// How: under a savepoint with foreign keys deferred, the statement runs again
// (`run_again`); PRAGMA foreign_key_check before and after names the rows it left
// violating (rows that violated before — replicated rows are not checked — do not
// count); the first one's key is read and printed by its column types under the
// session's settings; then everything is rolled back to the savepoint, so the
// transaction is as the failed statement left it. The constraint is named as
// PostgreSQL names it: its declared name (CONSTRAINT n), or <table>_<columns>_fkey.
// nullopt when no violating row shows (the caller keeps SQLite's report).
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/types/type_settings.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

// `target`: the statement's table (empty for a DELETE). A violating row in it is
// reported as the statement's insert or update; one in another table as the target's
// update or delete of a row that table references.
std::optional<pg_error> describe_foreign_key_violation(sqlite_connection& db,
                                                       const std::string& target,
                                                       const std::function<void()>& run_again,
                                                       const type_settings& settings);

}  // namespace tributary
