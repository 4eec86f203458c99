// merge_plan: MERGE (PostgreSQL 15) cut into statements the translator already runs.
//
//   MERGE INTO t [AS a] USING source [AS s] ON condition
//     WHEN MATCHED [AND c1] THEN UPDATE SET ... | DELETE | DO NOTHING
//     WHEN NOT MATCHED [AND c2] THEN INSERT [(cols)] VALUES (...) | DO NOTHING ...
//
// 1. the source rows, once: SELECT s.*, a.<row> AS <row>, CASE ... END AS <clause>
//    FROM source AS s LEFT JOIN t AS a ON condition — each source row with the target
//    row it matched (its SQLite rowid, NULL when none) and the number of the first WHEN
//    clause that fires for it (evaluated here, on the rows as they were, as PostgreSQL
//    evaluates each clause's condition on the joined row); kept in a table the later
//    steps read under the name `source_rows_name` and the source's alias;
// 2. one statement per UPDATE / DELETE / INSERT clause, in the order written:
//      UPDATE t AS a SET ... FROM <rows> AS s WHERE a.<row> = s.<row> AND s.<clause> = k
//      DELETE FROM t AS a USING <rows> AS s WHERE a.<row> = s.<row> AND s.<clause> = k
//      INSERT INTO t [AS a] [(cols)] SELECT values FROM <rows> AS s WHERE s.<clause> = k
//    (a DEFAULT in INSERT's VALUES leaves its column out of the column list, which is
//    the target's columns in order when none is written; INSERT
//    DEFAULT VALUES runs once for each of its clause's rows).
// The runner refuses a target row that two source rows would update or delete
// (21000, as PostgreSQL's "cannot affect row a second time") before any step changes
// anything, and sums the steps' row counts for the MERGE n tag.
// <row> is the hidden column `merge_row_column` every table in FROM has (its rowid).
// Pure.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/result.hpp"
#include "stages/sql/translator/query_translation.hpp"

namespace tributary {

inline constexpr const char* merge_row_column = "tributary merge row";
inline constexpr const char* merge_clause_column = "tributary merge clause";
inline constexpr const char* merge_source_rows_name = "tributary merge source";

struct merge_action {
  std::string node_type;        // "UpdateStmt", "DeleteStmt" or "InsertStmt"
  nlohmann::json statement;     // its fields
  int clause = 0;               // the WHEN clause's number (1, 2, ...)
  bool matched = false;         // a WHEN MATCHED clause (it changes a target row)
  // INSERT DEFAULT VALUES: the statement inserts one row; it runs once per source row
  // of its clause.
  bool once_per_row = false;
};

struct merge_plan {
  nlohmann::json source_rows;   // the SelectStmt's fields of step 1
  std::vector<merge_action> actions;
};

// `statement`: a MergeStmt's fields; `target_columns`: the target table's columns in
// order, which INSERT VALUES with a DEFAULT and no column list inserts into (without
// them such a DEFAULT is refused as not supported). Errors PostgreSQL's parser gives
// at their location.
result<merge_plan, located_error> plan_merge(const nlohmann::json& statement,
                                             const std::vector<std::string>& target_columns = {});

}  // namespace tributary
