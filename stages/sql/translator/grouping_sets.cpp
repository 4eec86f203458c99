// grouping_sets: GROUP BY ROLLUP / CUBE / GROUPING SETS and grouping(...), rewritten
// in the parse tree into a UNION ALL of plain GROUP BY queries, one per grouping set,
// which the translator then translates as any set operation (query_translation.hpp):
//
//   SELECT a, b, grouping(a, b), count(*) FROM t GROUP BY ROLLUP (a, b) ORDER BY 1
//   -> SELECT a, b, 0, count(*) FROM t GROUP BY a, b
//      UNION ALL SELECT a, CASE WHEN NULL THEN min(b) END AS b, 1, count(*) FROM t GROUP BY a
//      UNION ALL SELECT CASE WHEN NULL THEN min(a) END AS a, ..., 3, count(*) FROM t
//      ORDER BY 1
//
// In each branch a grouping expression its set leaves out is NULL of the
// expression's type (CASE WHEN NULL THEN min(x) END: typed as x, an aggregate so the
// grouping check accepts it) in the select list and HAVING, outside aggregates and
// sub-selects; grouping(...) is the integer of its arguments' bits (1: left out), the
// first argument the highest bit. The expansion is the product of the GROUP BY items'
// sets (ROLLUP (a, b): (a, b), (a), (); CUBE: every subset; GROUPING SETS: its items,
// nested ROLLUP / CUBE expanded). Output columns keep the names of the original
// expressions; ORDER BY items that are select-list expressions sort by their position;
// WITH, ORDER BY, LIMIT and OFFSET apply to the whole.
// Not rewritten (not_translatable): DISTINCT, GROUP BY DISTINCT, grouping(...) in ORDER
// BY or WHERE, window functions or set-returning functions in such a query.
#include <set>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

using pt::without_locations;

bool contains_node(const json& node, const char* type) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items())
      if (key == type || contains_node(value, type))
        return true;
  } else if (node.is_array()) {
    for (const json& item : node)
      if (contains_node(item, type))
        return true;
  }
  return false;
}

using expression_set = std::vector<json>;  // expressions, as written

void add_unique(expression_set& to, const json& e) {
  const json key = without_locations(e);
  for (const json& x : to)
    if (without_locations(x) == key)
      return;
  to.push_back(e);
}

// The grouping sets one GROUP BY item stands for.
std::vector<expression_set> sets_of(const json& item) {
  if (pt::node_type(item) != "GroupingSet")
    return {{item}};
  const json& g = pt::fields(item);
  const std::string kind = pt::text(g, "kind");
  const json& content = pt::list(g, "content");
  // An element of ROLLUP / CUBE: a (row) of expressions or one expression.
  const auto element = [](const json& e) -> expression_set {
    if (pt::node_type(e) == "RowExpr")
      return pt::list(pt::fields(e), "args").get<std::vector<json>>();
    if (pt::node_type(e) == "GroupingSet") {
      if (pt::text(pt::fields(e), "kind") == "GROUPING_SET_EMPTY")
        return {};
      if (pt::text(pt::fields(e), "kind") == "GROUPING_SET_SIMPLE")
        return pt::list(pt::fields(e), "content").get<std::vector<json>>();
      throw not_translatable{"a nested grouping set inside ROLLUP or CUBE"};
    }
    return {e};
  };
  if (kind == "GROUPING_SET_EMPTY")
    return {{}};
  if (kind == "GROUPING_SET_SIMPLE")
    return {pt::list(g, "content").get<std::vector<json>>()};
  std::vector<expression_set> out;
  if (kind == "GROUPING_SET_ROLLUP") {
    for (size_t n = content.size() + 1; n-- > 0;) {
      expression_set set;
      for (size_t i = 0; i < n; ++i)
        for (const json& e : element(content[i]))
          set.push_back(e);
      out.push_back(std::move(set));
    }
    return out;
  }
  if (kind == "GROUPING_SET_CUBE") {
    if (content.size() > 12)
      throw not_translatable{"CUBE of more than 12 elements"};
    const size_t n = content.size();
    for (size_t mask = (size_t{1} << n); mask-- > 0;) {
      expression_set set;
      for (size_t i = 0; i < n; ++i)
        if (mask & (size_t{1} << (n - 1 - i)))
          for (const json& e : element(content[i]))
            set.push_back(e);
      out.push_back(std::move(set));
    }
    return out;
  }
  if (kind == "GROUPING_SET_SETS") {
    for (const json& e : content) {
      if (pt::node_type(e) == "RowExpr") {
        out.push_back(pt::list(pt::fields(e), "args").get<std::vector<json>>());
        continue;
      }
      for (expression_set& s : sets_of(e))
        out.push_back(std::move(s));
    }
    return out;
  }
  throw not_translatable{"grouping set kind " + kind};
}

bool in_set(const expression_set& set, const json& e) {
  const json key = without_locations(e);
  for (const json& x : set)
    if (without_locations(x) == key)
      return true;
  return false;
}

json integer_constant(int64_t value) { return {{"A_Const", {{"ival", {{"ival", value}}}, {"location", -1}}}}; }

// NULL of e's type: CASE WHEN NULL THEN min(e) END.
json null_of(const json& e) {
  json min = {{"FuncCall", {{"funcname", json::array({{{"String", {{"sval", "min"}}}}})},
                            {"args", json::array({e})},
                            {"funcformat", "COERCE_EXPLICIT_CALL"},
                            {"location", -1}}}};
  json when = {{"CaseWhen", {{"expr", {{"A_Const", {{"isnull", true}, {"location", -1}}}}}, {"result", min},
                             {"location", -1}}}};
  return {{"CaseExpr", {{"args", json::array({when})}, {"location", -1}}}};
}

// The node with the grouping expressions `absent` from this set made NULL and
// grouping(...) computed, outside aggregates and sub-selects.
json rewrite(const json& node, const expression_set& set, const expression_set& absent, const query_translator& t) {
  if (node.is_array()) {
    json out = json::array();
    for (const json& item : node)
      out.push_back(rewrite(item, set, absent, t));
    return out;
  }
  if (!node.is_object())
    return node;
  const std::string type = pt::node_type(node);
  if (type == "GroupingFunc") {
    int64_t bits = 0;
    for (const json& arg : pt::list(pt::fields(node), "args"))
      bits = (bits << 1) | (in_set(set, arg) ? 0 : 1);
    return integer_constant(bits);
  }
  if (!type.empty() && in_set(absent, node))
    return null_of(node);
  if (type == "SubLink")
    return node;
  if (type == "FuncCall") {
    const std::vector<std::string> names = pt::strings(pt::list(pt::fields(node), "funcname"));
    if (!names.empty() && t.is_aggregate_name(names.back()))
      return node;
  }
  json out = json::object();
  for (const auto& [key, value] : node.items())
    out[key] = rewrite(value, set, absent, t);
  return out;
}

}  // namespace

std::optional<json> expand_grouping_sets(const json& s, const query_translator& t) {
  bool has_sets = false;
  for (const json& item : pt::list(s, "groupClause"))
    has_sets = has_sets || pt::node_type(item) == "GroupingSet";
  const bool has_function = contains_node(s.value("targetList", json()), "GroupingFunc") ||
                            contains_node(s.value("havingClause", json()), "GroupingFunc");
  if (!has_sets && !has_function)
    return std::nullopt;
  for (const char* field : {"distinctClause", "groupDistinct", "windowClause"})
    if (s.contains(field))
      throw not_translatable{std::string("grouping sets with ") + field};
  if (contains_node(s.value("sortClause", json()), "GroupingFunc") ||
      contains_node(s.value("whereClause", json()), "GroupingFunc"))
    throw not_translatable{"grouping() outside the select list and HAVING"};
  if (contains_node(s.value("targetList", json()), "over"))
    throw not_translatable{"window functions with grouping sets"};
  // The product of the items' sets.
  std::vector<expression_set> sets{{}};
  for (const json& item : pt::list(s, "groupClause")) {
    std::vector<expression_set> next;
    for (const expression_set& left : sets)
      for (const expression_set& right : sets_of(item)) {
        expression_set set = left;
        for (const json& e : right)
          add_unique(set, e);
        next.push_back(std::move(set));
      }
    sets = std::move(next);
  }
  expression_set all;
  for (const expression_set& set : sets)
    for (const json& e : set)
      add_unique(all, e);
  // Names as the original expressions have them.
  json targets = s.value("targetList", json::array());
  for (json& target : targets) {
    json& t_fields = target["ResTarget"];
    if (!t_fields.contains("name"))
      t_fields["name"] = output_column_name(t_fields.value("val", json()));
  }
  json branches = json::array();
  for (const expression_set& set : sets) {
    expression_set absent;
    for (const json& e : all)
      if (!in_set(set, e))
        absent.push_back(e);
    json b = json::object();
    for (const char* field : {"targetList", "fromClause", "whereClause", "havingClause"})
      if (s.contains(field))
        b[field] = field == std::string("targetList") ? rewrite(targets, set, absent, t)
                   : field == std::string("havingClause") ? rewrite(s[field], set, absent, t)
                                                          : s[field];
    if (!set.empty())
      b["groupClause"] = set;
    b["limitOption"] = "LIMIT_OPTION_DEFAULT";
    b["op"] = "SETOP_NONE";
    branches.push_back(std::move(b));
  }
  json out = branches[0];
  for (size_t i = 1; i < branches.size(); ++i) {
    json u = json::object();
    u["op"] = "SETOP_UNION";
    u["all"] = true;
    u["larg"] = std::move(out);
    u["rarg"] = branches[i];
    u["limitOption"] = "LIMIT_OPTION_DEFAULT";
    out = std::move(u);
  }
  if (branches.size() == 1)
    out = branches[0];
  // ORDER BY a select-list expression: by its position (a set operation sorts by
  // output columns).
  if (s.contains("sortClause")) {
    json sorts = s["sortClause"];
    for (json& sort : sorts) {
      json& key = sort["SortBy"]["node"];
      const json stripped = without_locations(key);
      for (size_t i = 0; i < targets.size(); ++i)
        if (without_locations(targets[i]["ResTarget"].value("val", json())) == stripped)
          key = integer_constant(static_cast<int64_t>(i + 1));
    }
    out["sortClause"] = sorts;
  }
  for (const char* field : {"limitCount", "limitOffset", "limitOption", "withClause"})
    if (s.contains(field))
      out[field] = s[field];
  return out;
}

}  // namespace tributary::translator
