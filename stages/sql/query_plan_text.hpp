// query_plan_text: SQLite's EXPLAIN QUERY PLAN rows as the lines of EXPLAIN's
// "QUERY PLAN" column, in PostgreSQL's text shape: the top node unindented, each
// child under its parent indented by depth with "->  ", as
//
//   SCAN items
//     ->  SEARCH orders USING INTEGER PRIMARY KEY (rowid=?)
//
// A plan without nodes (SELECT 1) is PostgreSQL's "Result". `root` (an INSERT,
// UPDATE or DELETE's "Insert on t") puts the nodes under one more line; several top
// nodes without one hang under "Query". Pure.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tributary {

struct plan_node {
  int64_t id = 0;
  int64_t parent = 0;  // 0: a top node
  std::string detail;  // SQLite's text of the node
};

std::vector<std::string> query_plan_lines(const std::vector<plan_node>& nodes,
                                          const std::string& root = {});

}  // namespace tributary
