// constant_folding: see the header.
#include "stages/sql/constant_folding.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "stages/sql/parse_tree.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

// Built-in functions PostgreSQL 15 marks IMMUTABLE (provolatile 'i') that a constant
// call may reach, by name (C order).
constexpr std::array<std::string_view, 46> immutable_functions = {
    "abs",     "acos",     "asin",        "atan",     "atan2",   "btrim",   "cbrt",    "ceil",
    "ceiling", "chr",      "cos",         "cot",      "degrees", "div",     "exp",     "factorial",
    "floor",   "gcd",      "initcap",     "lcm",      "left",    "length",  "ln",      "log",
    "log10",   "lower",    "lpad",        "ltrim",    "md5",     "mod",     "power",   "radians",
    "repeat",  "replace",  "reverse",     "right",    "round",   "rpad",    "rtrim",   "sign",
    "sin",     "split_part", "sqrt",      "substr",   "tan",     "upper"};

bool immutable(const json& call) {
  const std::vector<std::string> names = pt::strings(pt::list(call, "funcname"));
  if (names.empty() || (names.size() == 2 && names[0] != "pg_catalog") || names.size() > 2)
    return false;
  if (call.contains("agg_order") || call.contains("agg_filter") || call.contains("over") ||
      pt::flag(call, "agg_star") || pt::flag(call, "agg_distinct") || pt::flag(call, "func_variadic"))
    return false;
  return std::binary_search(immutable_functions.begin(), immutable_functions.end(), names.back());
}

bool constant(const json& node);

bool all_constant(const json& list) {
  if (list.is_null())
    return true;
  if (!list.is_array())
    return constant(list);
  return std::all_of(list.begin(), list.end(), [](const json& item) { return constant(item); });
}

bool constant(const json& node) {
  const std::string type = pt::node_type(node);
  const json& f = pt::fields(node);
  if (type == "A_Const")
    return true;
  if (type == "TypeCast")
    return constant(f.value("arg", json()));
  if (type == "A_Expr") {
    const std::string kind = pt::text(f, "kind");
    if (kind != "AEXPR_OP" && kind != "AEXPR_DISTINCT" && kind != "AEXPR_NOT_DISTINCT" && kind != "AEXPR_NULLIF" &&
        kind != "AEXPR_IN" && kind != "AEXPR_BETWEEN" && kind != "AEXPR_NOT_BETWEEN")
      return false;
    return all_constant(f.value("lexpr", json())) && all_constant(f.value("rexpr", json()));
  }
  if (type == "BoolExpr" || type == "CoalesceExpr" || type == "MinMaxExpr" || type == "A_ArrayExpr")
    return all_constant(f.value(type == "A_ArrayExpr" ? "elements" : "args", json()));
  if (type == "NullTest" || type == "BooleanTest")
    return constant(f.value("arg", json()));
  if (type == "CaseExpr") {
    if (!all_constant(f.value("arg", json())) || !all_constant(f.value("defresult", json())))
      return false;
    for (const json& when : pt::list(f, "args")) {
      const json& w = pt::fields(when);
      if (!constant(w.value("expr", json())) || !constant(w.value("result", json())))
        return false;
    }
    return true;
  }
  if (type == "FuncCall")
    return immutable(f) && all_constant(f.value("args", json()));
  return false;
}

class folder {
public:
  explicit folder(const std::function<folded_value(const json&)>& evaluate) : evaluate_(evaluate) {}

  // false once an evaluation failed.
  bool walk(const json& node) {
    if (node.is_array()) {
      for (const json& item : node)
        if (!walk(item))
          return false;
      return true;
    }
    if (!node.is_object())
      return true;
    const std::string type = pt::node_type(node);
    if (type == "A_Const" || type == "SubLink" || type == "ParamRef" || type == "ColumnRef")
      return type != "SubLink" || walk(pt::fields(node).value("subselect", json()));
    if (type == "TypeCast" && pt::node_type(pt::fields(node).value("arg", json())) == "A_Const")
      return true;  // a literal's input: checked by the translator
    if (!type.empty() && constant(node))
      return evaluate_(node) != folded_value::failed;
    if (type == "BoolExpr")
      return boolean(pt::fields(node));
    if (type == "CoalesceExpr")
      return coalesce(pt::fields(node));
    if (type == "CaseExpr")
      return case_expression(pt::fields(node));
    for (const auto& [key, value] : node.items())
      if (key != "location" && !walk(value))
        return false;
    return true;
  }

private:
  // AND, OR and COALESCE: the arguments in order, until a constant one whose value
  // `ends` the simplification (the rest are dropped).
  bool arguments(const json& list, const std::function<bool(folded_value)>& ends) {
    for (const json& arg : list) {
      if (!constant(arg)) {
        if (!walk(arg))
          return false;
        continue;
      }
      const folded_value v = evaluate_(arg);
      if (v == folded_value::failed)
        return false;
      if (ends(v))
        return true;
    }
    return true;
  }

  bool boolean(const json& f) {
    const std::string op = pt::text(f, "boolop");
    return arguments(pt::list(f, "args"), [&](folded_value v) {
      return (op == "AND_EXPR" && v == folded_value::is_false) || (op == "OR_EXPR" && v == folded_value::is_true);
    });
  }

  bool coalesce(const json& f) {
    return arguments(pt::list(f, "args"), [](folded_value v) { return v != folded_value::is_null; });
  }

  bool case_expression(const json& f) {
    if (!walk(f.value("arg", json())))
      return false;
    const bool simple = f.contains("arg");
    for (const json& when : pt::list(f, "args")) {
      const json& w = pt::fields(when);
      const json& condition = w.value("expr", json());
      if (simple || !constant(condition)) {
        if (!walk(condition) || !walk(w.value("result", json())))
          return false;
        continue;
      }
      const folded_value v = evaluate_(condition);
      if (v == folded_value::failed)
        return false;
      if (v == folded_value::is_true)
        return walk(w.value("result", json()));  // the rest of the CASE is dropped
      if (v != folded_value::is_false && v != folded_value::is_null && !walk(w.value("result", json())))
        return false;
    }
    return walk(f.value("defresult", json()));
  }

  const std::function<folded_value(const json&)>& evaluate_;
};

}  // namespace

void fold_constants(const json& query, const std::function<folded_value(const json&)>& evaluate) {
  folder(evaluate).walk(query);
}

}  // namespace tributary
