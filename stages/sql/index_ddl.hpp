// index_ddl: PostgreSQL's CREATE INDEX and DROP INDEX read from the parse tree and
// turned into SQLite's, with PostgreSQL's names and errors. Pure: the caller gives
// what the database holds.
//
// CREATE [UNIQUE] INDEX [CONCURRENTLY] [IF NOT EXISTS] [name] ON t [USING btree|hash]
//   (col [ASC|DESC] [NULLS ...], ...) [INCLUDE (...)]
//   -> CREATE [UNIQUE] INDEX "name" ON "t" ("col" [DESC], ...)
// An unnamed index is named as PostgreSQL's ChooseIndexName names it: the table,
// the columns joined by '_', then "idx", cut to 63 bytes, and a number appended
// while the name is taken (t_a_idx, t_a_idx1, ...). In schema s the SQLite name
// is "s.<name>", as tables are named (architecture §2). CONCURRENTLY, INCLUDE,
// NULLS FIRST/LAST, operator classes and COLLATE change only speed here and are
// accepted; expression and partial (WHERE) indexes and other access methods are
// refused with 0A000.
// Errors: 42P01 relation "t" does not exist, 42703 column "c" does not exist,
// 42P07 relation "i" already exists (IF NOT EXISTS: the NOTICE instead, nothing done).
//
// DROP INDEX [CONCURRENTLY] [IF EXISTS] a, s.b [CASCADE|RESTRICT]: each name
// checked (42704 index "a" does not exist; IF EXISTS: NOTICE, skipped) before any
// is dropped.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct create_index_plan {
  std::string sql;                   // empty: nothing to do (IF NOT EXISTS and it exists)
  std::string name;                  // PostgreSQL's name of the index
  std::string sqlite_name;           // the SQLite index ("s.name" in schema s)
  std::vector<std::string> columns;  // the indexed columns, in order
  bool unique = false;
  std::optional<pg_error> notice;    // "relation ... already exists, skipping"
};

// `table_columns`: the table's columns (empty: no such table); `relation_exists`:
// whether a table, view or index of that SQLite name exists.
result<create_index_plan, pg_error> plan_create_index(
    const nlohmann::json& index_stmt, const std::vector<std::string>& table_columns,
    const std::function<bool(const std::string&)>& relation_exists);

struct drop_index_plan {
  std::vector<std::string> sql;     // one DROP INDEX per existing index
  std::vector<pg_error> notices;    // IF EXISTS: the ones that did not exist
};

// `index_exists`: whether an index of that SQLite name exists.
result<drop_index_plan, pg_error> plan_drop_index(const nlohmann::json& drop_stmt,
                                                  const std::function<bool(const std::string&)>& index_exists);

}  // namespace tributary
