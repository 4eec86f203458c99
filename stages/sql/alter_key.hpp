// alter_key: ALTER TABLE ... ADD [CONSTRAINT c] PRIMARY KEY (cols) / UNIQUE (cols)
// / FOREIGN KEY (cols) REFERENCES t [(cols)], and DROP CONSTRAINT of such a key,
// as edits of the table's SQLite definition that the caller rebuilds the table
// from (like ALTER COLUMN: alter_column.hpp; checks are alter_check.hpp's):
//
//   ALTER TABLE t ADD PRIMARY KEY (a)   -> item PRIMARY KEY ("a"), "a" NOT NULL;
//                                          rows: no NULL in a (23502), no duplicate
//                                          (23505 could not create unique index "t_pkey")
//   ALTER TABLE t ADD UNIQUE (a, b)     -> item UNIQUE ("a", "b")      (index t_a_b_key)
//   ALTER TABLE c ADD FOREIGN KEY (p) REFERENCES p
//                                       -> item FOREIGN KEY ("p") REFERENCES "p";
//                                          rows: each key present in p (23503)
//   ALTER TABLE t DROP CONSTRAINT t_pkey / t_a_b_key / c_p_fkey -> the item removed
//
// Names as PostgreSQL chooses them: <table>_pkey, <table>_<columns>_key,
// <table>_<columns>_fkey; a name given otherwise is kept in the item (CONSTRAINT
// "n" UNIQUE (...)), where the catalogs read it. What the rows must satisfy goes to `key_validations` and
// `foreign_key_validations` of the state; the caller tests it before the rebuild.
// Errors in PostgreSQL's words: 42P16 multiple primary keys for table "t" are not
// allowed; 42703 column "x" of relation "t" does not exist; 42710 constraint "c"
// for relation "t" already exists. Pure.
#pragma once

#include <optional>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/alter_column.hpp"

namespace tributary {

// True when `constraint` (a Constraint node's fields) is one add_key_constraint takes.
bool is_key_constraint(const nlohmann::json& constraint);

result<ok_t, pg_error> add_key_constraint(const nlohmann::json& constraint,
                                          column_alteration_state& state);

// " ON DELETE CASCADE" for libpg_query's action letter (fk_del_action "c");
// "" for NO ACTION.
std::string referential_action(const std::string& clause, const std::string& action);

// Removes the key constraint `name`: a table-constraint item, or the PRIMARY KEY /
// UNIQUE clause of the column it was declared with (an integer primary key is
// SQLite's rowid: the rebuilt table numbers its rows anew); false when the table
// has no such key.
result<bool, pg_error> drop_key_constraint(const std::string& name, column_alteration_state& state);

// The name a table-constraint item declares for its UNIQUE or PRIMARY KEY on
// exactly `columns` (CONSTRAINT "n" UNIQUE ("a")), "" when none: the catalogs and
// the violation reports name such a key by it.
std::string declared_key_name(const sqlite_table_text& table, const std::vector<std::string>& columns);

// The name of the table-level foreign key item on `columns` that references
// `referenced_table` (`referenced_columns`, or its primary key when each is ""):
// "" when it declares none, nullopt when there is no such item.
std::optional<std::string> declared_foreign_key_name(const sqlite_table_text& table,
                                                     const std::vector<std::string>& columns,
                                                     const std::string& referenced_table,
                                                     const std::vector<std::string>& referenced_columns);

}  // namespace tributary
