// check_constraints: a table's CHECK constraints as SQLite keeps them — one table
// constraint item each in the table's CREATE TABLE text — and PostgreSQL's rules
// for their names.
//
//   CONSTRAINT "t_a_check" CHECK (pg_check_row((<expression>), 't', 't_a_check',
//                                              '23/-1,25/-1', "a", "b"))
//
// The expression is the translated one (check_translation.hpp) over bare column
// names; pg_check_row (storage/check_functions.hpp) passes when it is true or
// NULL and otherwise fails the statement with PostgreSQL's error:
//   23514 new row for relation "t" violates check constraint "t_a_check"
//   DETAIL:  Failing row contains (-1, x).
// for which it gets the relation's name, the columns' types (OID/typmod, a type
// whose stored form is its text — enums, unknown types — as 0/-1) and the whole
// row. Naming every column also makes SQLite test each check on every UPDATE, as
// PostgreSQL does, not only when a named column changes. The items are kept in
// PostgreSQL's order of evaluation: by name.
//
// Names (PostgreSQL's ChooseConstraintName): an unnamed check on exactly one
// column is "<table>_<column>_check", otherwise "<table>_check"; a taken name gets
// 1, 2, ... appended; parts are cut so the name fits in 63 bytes. Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/types/column_definition.hpp"

namespace tributary {

// SQLite passes at most 127 arguments to a function: the row and four more.
inline constexpr size_t max_checked_columns = 123;

struct check_definition {
  std::string name;
  std::string expression_sql;  // SQLite, over bare column names
};

// A check as written, kept to translate it again (storage/check_catalog.hpp):
// its name, its expression's parse tree (libpg_query's JSON) and the statement
// text the tree's locations point into.
struct check_source {
  std::string name;
  std::string expression_tree;
  std::string source;
};

// The SQLite table constraint item of `check` on `relation` (PostgreSQL's
// unqualified table name) whose columns are `columns`.
std::string check_item(const std::string& relation, const check_definition& check,
                       const std::vector<column_definition>& columns);

// An item check_item wrote (after SQLite's own edits, e.g. RENAME COLUMN), or
// nullopt for any other item.
std::optional<check_definition> read_check_item(std::string_view item);

// PostgreSQL's name for an unnamed check of `relation` that names `referenced`
// columns, not one of `taken`.
std::string choose_check_name(const std::string& relation,
                              const std::vector<std::string>& referenced,
                              const std::vector<std::string>& taken);

// The end (one past the ')') of the parenthesised group that opens at `open`,
// quotes ('...', "...") skipped; npos when it does not close.
size_t parenthesised_group_end(std::string_view text, size_t open);

// PostgreSQL's makeObjectName: name1[_name2]_label cut to 63 bytes (the longer
// name shortened first, never inside a UTF-8 character).
std::string make_object_name(const std::string& name1, const std::string& name2,
                             const std::string& label);

}  // namespace tributary
