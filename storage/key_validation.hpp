// key_validation (storage): the existing rows tested against a key that ALTER
// TABLE ... ADD PRIMARY KEY / UNIQUE / FOREIGN KEY is about to add
// (stages/sql/alter_key.hpp), with PostgreSQL's errors:
//
//   could not create unique index "t_pkey"                          23505
//     DETAIL  Key (a)=(2) is duplicated.        (the smallest duplicated key)
//   insert or update on table "c" violates foreign key constraint "c_p_fkey"  23503
//     DETAIL  Key (p)=(5) is not present in table "p".   (the first such row)
//   relation "p" does not exist                                     42P01
//   there is no primary key for referenced table "p"                42830
//   there is no unique constraint matching given keys for referenced table "p"  42830
//   number of referencing and referenced columns for foreign key disagree  42830
//
// Values are printed by their column types under the session's settings.
#pragma once

#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/key_validation.hpp"
#include "stages/types/type_settings.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

result<ok_t, pg_error> check_key_unique(sqlite_connection& db, const std::string& table,
                                        const key_validation& key, const type_settings& settings);

result<ok_t, pg_error> check_foreign_key_rows(sqlite_connection& db, const std::string& table,
                                              const foreign_key_validation& key,
                                              const type_settings& settings);

}  // namespace tributary
