// index_ddl: PostgreSQL's CREATE INDEX and DROP INDEX read from the parse tree and
// turned into SQLite's, with PostgreSQL's names and errors. Pure: the caller gives
// what the database holds.
//
// CREATE [UNIQUE] INDEX [CONCURRENTLY] [IF NOT EXISTS] [name] ON t [USING btree|hash]
//   (col | func(...) | (expression) [ASC|DESC] [NULLS ...], ...) [INCLUDE (...)]
//   [WHERE predicate]
//   -> CREATE [UNIQUE] INDEX "name" ON "t" ("col" [DESC], (<sqlite expr>), ...)
//      [WHERE <sqlite expr>]
// Expressions and the predicate are translated as CHECK constraints are
// (check_translation.hpp), over the bare columns; "(a)" is the column a.
// An unnamed index is named as PostgreSQL's ChooseIndexName names it: the table,
// the key columns' names joined by '_' (an expression's is FigureIndexColname's:
// the function's name, the cast's column or type, else "expr"; a repeated name
// gets 1, 2, ... appended), then "idx", cut to 63 bytes, and a number appended
// while the name is taken (t_a_idx, t_lower_idx, t_expr_expr1_idx, t_a_idx1, ...).
// In schema s the SQLite name is "s.<name>", as tables are named (architecture
// §2). CONCURRENTLY, INCLUDE, NULLS FIRST/LAST, operator classes and COLLATE
// change only speed here and are accepted; other access methods are refused with 0A000.
// Errors: 42P01 relation "t" does not exist, 42703 column "c" does not exist,
// 42P07 relation "i" already exists (IF NOT EXISTS: the NOTICE instead, nothing done),
// 42P17 functions in index expression|predicate must be marked IMMUTABLE (now(),
// random(), CURRENT_DATE, ...), 42804 argument of WHERE must be type boolean, and
// the translator's (42883, 42803 aggregates, 0A000 subqueries, ...) with positions.
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
#include "stages/types/column_definition.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

struct create_index_plan {
  std::string sql;                   // empty: nothing to do (IF NOT EXISTS and it exists)
  std::string name;                  // PostgreSQL's name of the index
  std::string sqlite_name;           // the SQLite index ("s.name" in schema s)
  std::vector<std::string> columns;  // the indexed plain columns, in order
  struct key {
    std::string column;      // a plain column, or
    std::string expression;  // the SQLite expression
    column_type type;        // the expression's type
  };
  std::string predicate;                  // the SQLite WHERE ("" for none)
  std::vector<key> keys;                  // every key, in order
  std::vector<std::string> column_names;  // PostgreSQL's names of the index's columns
  // As PostgreSQL's deparser prints them: per key, the expression ("lower(v)",
  // "(a + b)"; "" for a plain column), and the WHERE ("(b > 0)"; "" for none);
  // pretty (psql's \d): "a + b", "b > 0".
  std::vector<std::string> key_texts, pretty_key_texts;
  // Each key as a violation's DETAIL names it (BuildIndexValueDescription): a column's
  // name, an expression pretty and in parentheses unless it reads as a function call
  // ("(a + b)", "(n * 2::numeric)", "lower(v)").
  std::vector<std::string> detail_key_texts;
  std::string predicate_text, pretty_predicate_text;
  bool unique = false;
  std::optional<pg_error> notice;    // "relation ... already exists, skipping"

  // Whether the index has an expression or a WHERE (its text must be kept).
  bool has_expressions() const;
};

// `source`: the statement's text (the tree's locations point into it);
// `table_columns`: the table's columns (empty: no such table); `relation_exists`:
// whether a table, view or index of that SQLite name exists.
result<create_index_plan, pg_error> plan_create_index(
    const nlohmann::json& index_stmt, std::string_view source, const std::vector<column_definition>& table_columns,
    const type_settings& settings, const std::function<bool(const std::string&)>& relation_exists);

struct drop_index_plan {
  std::vector<std::string> sql;     // one DROP INDEX per existing index
  std::vector<std::string> sqlite_names;  // the index each drops
  std::vector<pg_error> notices;    // IF EXISTS: the ones that did not exist
};

// `index_exists`: whether an index of that SQLite name exists.
result<drop_index_plan, pg_error> plan_drop_index(const nlohmann::json& drop_stmt,
                                                  const std::function<bool(const std::string&)>& index_exists);

}  // namespace tributary
