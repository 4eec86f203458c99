// locking_clause: SELECT ... FOR UPDATE / FOR NO KEY UPDATE / FOR SHARE / FOR KEY SHARE
// [OF table, ...] [NOWAIT | SKIP LOCKED] on the replica.
//
// Tributary's database has one writer at a time and a session's transaction reads a
// snapshot, so a row lock adds nothing to what the transaction already holds: the
// clause is accepted and drops out of the SQL. What PostgreSQL refuses is refused
// with its words (0A000 without a position), checked after the rest of the SELECT as
// PostgreSQL's parse analysis (and, for outer joins, its planner) checks them:
//   FOR UPDATE is not allowed with DISTINCT clause / GROUP BY clause / HAVING clause /
//   aggregate functions / window functions / set-returning functions in the target list;
//   FOR UPDATE is not allowed with UNION/INTERSECT/EXCEPT (set_operations.cpp);
//   FOR UPDATE cannot be applied to the nullable side of an outer join (every locked
//   table: all without OF);
//   42P01 relation "x" in FOR UPDATE clause not found in FROM clause (at x).
// A read-only transaction refuses the statement before it gets here (transaction_mode).
#include <string>
#include <vector>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/query_translator.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

struct from_table {
  std::string name;  // the alias, else the relation's name
  bool nullable = false;
};

// The FROM clause's named items, each marked when it is on an outer join's nullable side.
void collect_tables(const json& node, bool nullable, std::vector<from_table>& out) {
  const std::string type = pt::node_type(node);
  const json& f = pt::fields(node);
  if (type == "JoinExpr") {
    const std::string kind = pt::text(f, "jointype");
    collect_tables(f.value("larg", json::object()), nullable || kind == "JOIN_RIGHT" || kind == "JOIN_FULL", out);
    collect_tables(f.value("rarg", json::object()), nullable || kind == "JOIN_LEFT" || kind == "JOIN_FULL", out);
    return;
  }
  const json& alias = f.value("alias", json::object());
  std::string name = pt::text(alias.contains("aliasname") ? alias : pt::fields(alias), "aliasname");
  if (name.empty() && type == "RangeVar")
    name = pt::text(f, "relname");
  if (!name.empty())
    out.push_back({name, nullable});
}

bool calls_window_function(const json& node) {
  if (node.is_object()) {
    if (node.contains("FuncCall") && pt::fields(node).contains("over"))
      return true;
    if (node.contains("SubLink"))
      return false;
    for (const auto& [key, value] : node.items())
      if (calls_window_function(value))
        return true;
  } else if (node.is_array()) {
    for (const json& item : node)
      if (calls_window_function(item))
        return true;
  }
  return false;
}

}  // namespace

std::string locking_strength_name(const json& clause) {
  const std::string strength = pt::text(pt::fields(clause), "strength");
  if (strength == "LCS_FORNOKEYUPDATE")
    return "FOR NO KEY UPDATE";
  if (strength == "LCS_FORSHARE")
    return "FOR SHARE";
  if (strength == "LCS_FORKEYSHARE")
    return "FOR KEY SHARE";
  return "FOR UPDATE";
}

void check_locking_clause(query_translator& t, const json& s, bool has_aggregate, bool has_set_returning) {
  for (const json& clause : pt::list(s, "lockingClause")) {
    const std::string what = locking_strength_name(clause);
    const auto refuse = [&](const std::string& with) {
      t.fail_at(make_pg_error("0A000", what + " is not allowed with " + with), -1);
    };
    if (s.contains("distinctClause"))
      refuse("DISTINCT clause");
    if (s.contains("groupClause"))
      refuse("GROUP BY clause");
    if (s.contains("havingClause"))
      refuse("HAVING clause");
    if (has_aggregate)
      refuse("aggregate functions");
    if (calls_window_function(pt::list(s, "targetList")) || calls_window_function(pt::list(s, "sortClause")))
      refuse("window functions");
    if (has_set_returning)
      refuse("set-returning functions in the target list");
  }
  std::vector<from_table> tables;
  for (const json& item : pt::list(s, "fromClause"))
    collect_tables(item, false, tables);
  for (const json& clause : pt::list(s, "lockingClause")) {
    const std::string what = locking_strength_name(clause);
    const json& locked = pt::list(pt::fields(clause), "lockedRels");
    std::vector<const from_table*> chosen;
    for (const json& relation : locked) {
      const json& r = pt::fields(relation);
      const std::string name = pt::text(r, "relname");
      const from_table* found = nullptr;
      for (const from_table& table : tables)
        if (table.name == name && !r.contains("schemaname"))
          found = &table;
      if (found == nullptr)
        t.fail_at(make_pg_error("42P01", "relation \"" + name + "\" in " + what + " clause not found in FROM clause"),
                  static_cast<int>(pt::integer(r, "location")));
      chosen.push_back(found);
    }
    if (locked.empty())
      for (const from_table& table : tables)
        chosen.push_back(&table);
    for (const from_table* table : chosen)
      if (table->nullable)
        t.fail_at(make_pg_error("0A000", what + " cannot be applied to the nullable side of an outer join"), -1);
  }
}

}  // namespace tributary::translator
