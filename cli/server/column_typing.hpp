// column_typing: which PostgreSQL type each result column of a statement has when
// it is a plain reference to a table column (SELECT * FROM t, SELECT t.a, RETURNING
// a): the type recorded in the column type catalog (or read from the declared
// type of a table Tributary did not create). SQLite names the source table and
// column of such a result column (sqlite3_column_table_name/origin_name); an
// expression has none and gets nullopt — the caller infers its type.
//
// The catalog is read once per table per call.
#pragma once

#include <optional>
#include <vector>

#include "stages/types/column_type.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

std::vector<std::optional<column_type>> source_column_types(sqlite_connection& db,
                                                            const sqlite_statement& statement);

}  // namespace tributary
