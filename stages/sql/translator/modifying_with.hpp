// modifying_with: a statement whose WITH holds INSERT / UPDATE / DELETE (a
// data-modifying WITH, issue 11), cut into the steps that run it on SQLite, which has
// no RETURNING in a sub-query:
//
//   WITH d AS (DELETE FROM t WHERE ... RETURNING *), s AS (SELECT ...)
//   INSERT INTO log SELECT * FROM d
//   -> step 1: DELETE FROM t WHERE ... RETURNING *   (its rows kept in a table for `d`)
//      main:   WITH s AS (SELECT ...) INSERT INTO log SELECT * FROM d
//
// Each data-modifying query runs once, in the order written, even when nothing
// names it (as PostgreSQL runs them); a step gets the SELECT WITH queries written
// before it as its own WITH; the main statement keeps every SELECT WITH query.
// Snapshot: in PostgreSQL every part reads the rows as they were before the
// statement; here a step changes them for what runs after it. So a table a step
// modifies that a later step, a SELECT WITH query or the main statement reads in FROM
// is read from its pre-image: the FROM item is renamed to a name ("tributary
// pre-image of t", keeping t as its alias) that the runner fills with the table's rows
// before the first step runs (modifying_pre_image). A table that is the target of a
// later UPDATE / DELETE / INSERT (whose unique keys PostgreSQL checks against the rows
// as they were) is refused with 0A000; only a plain INSERT after plain INSERTs into the
// same table answers as PostgreSQL's either way. A data-modifying WITH below the top level is PostgreSQL's
// own 0A000.
// Pure.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/result.hpp"
#include "stages/sql/translator/query_translation.hpp"

namespace tributary {

struct modifying_step {
  std::string name;          // the WITH query's name
  std::string node_type;     // "InsertStmt", "UpdateStmt" or "DeleteStmt"
  nlohmann::json statement;  // its fields, with the SELECT WITH queries before it as its WITH
  bool returning = false;    // it has RETURNING
  std::vector<std::string> aliases;  // WITH d(a, b) AS (...): its columns' names
};

// A table read as it was before the statement: the runner copies its rows into a
// table read under `name` (a materialized common table) before the first step.
struct modifying_pre_image {
  std::string schema, table;  // as the statement names it ("" schema: the search path's)
  std::string name;
};

struct modifying_with_plan {
  std::vector<modifying_pre_image> pre_images;
  std::vector<modifying_step> steps;
  nlohmann::json main;  // the statement's fields without its data-modifying WITH queries
};

// nullopt: the statement's (top-level) WITH has no data-modifying query.
// `node_type` / `statement`: the statement's parse tree node (SelectStmt, InsertStmt,
// UpdateStmt, DeleteStmt) and its fields.
result<std::optional<modifying_with_plan>, located_error> plan_modifying_with(const std::string& node_type,
                                                                              const nlohmann::json& statement);

}  // namespace tributary
