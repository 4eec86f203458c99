// query_plan_text: SQLite's plan rows as EXPLAIN lines (see the header).
#include "stages/sql/query_plan_text.hpp"

#include <map>

namespace tributary {

std::vector<std::string> query_plan_lines(const std::vector<plan_node>& nodes, const std::string& root) {
  if (nodes.empty())
    return root.empty() ? std::vector<std::string>{"Result"}
                        : std::vector<std::string>{root, "  ->  Result"};
  std::map<int64_t, size_t> depth_of;  // node id -> depth
  std::vector<std::string> lines;
  // Several top nodes (a compound SELECT's parts): they hang under one line, as
  // PostgreSQL's plans have one root.
  std::map<int64_t, bool> ids;
  for (const plan_node& n : nodes)
    ids[n.id] = true;
  size_t tops = 0;
  for (const plan_node& n : nodes)
    tops += ids.count(n.parent) ? 0 : 1;
  const bool one_root = tops == 1 && root.empty();
  if (!one_root)
    lines.push_back(root.empty() ? "Query" : root);
  for (const plan_node& n : nodes) {
    auto parent = depth_of.find(n.parent);
    const size_t depth = parent == depth_of.end() ? (one_root ? 0 : 1) : parent->second + 1;
    depth_of[n.id] = depth;
    lines.push_back(depth == 0 ? n.detail : std::string(2 * depth, ' ') + "->  " + n.detail);
  }
  return lines;
}

}  // namespace tributary
