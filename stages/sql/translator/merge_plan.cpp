// merge_plan: see merge_plan.hpp.
#include "stages/sql/translator/merge_plan.hpp"

#include <algorithm>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/sql/parse_tree.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

located_error error_at(std::string sqlstate, std::string message, int location, std::string hint = {}) {
  pg_error error = make_pg_error(std::move(sqlstate), std::move(message));
  if (!hint.empty())
    error.hint = std::move(hint);
  return located_error{std::move(error), location};
}

json string_node(const std::string& text) { return json{{"String", {{"sval", text}}}}; }

json column(const std::string& table, const std::string& name) {
  return json{{"ColumnRef", {{"fields", json::array({string_node(table), string_node(name)})}, {"location", -1}}}};
}

json integer(int value) { return json{{"A_Const", {{"ival", {{"ival", value}}}, {"location", -1}}}}; }

json equals(json left, json right) {
  return json{{"A_Expr",
               {{"kind", "AEXPR_OP"},
                {"name", json::array({string_node("=")})},
                {"lexpr", std::move(left)},
                {"rexpr", std::move(right)},
                {"location", -1}}}};
}

json both(json left, json right) {
  return json{{"BoolExpr", {{"boolop", "AND_EXPR"}, {"args", json::array({std::move(left), std::move(right)})},
                            {"location", -1}}}};
}

json result_target(json value, const std::string& name = {}) {
  json target = {{"val", std::move(value)}, {"location", -1}};
  if (!name.empty())
    target["name"] = name;
  return json{{"ResTarget", std::move(target)}};
}

json select_fields(json targets, json from, json where) {
  json select = {{"targetList", std::move(targets)},
                 {"fromClause", std::move(from)},
                 {"limitOption", "LIMIT_OPTION_DEFAULT"},
                 {"op", "SETOP_NONE"}};
  if (!where.is_null())
    select["whereClause"] = std::move(where);
  return select;
}

// The name a statement refers to a FROM item by: its alias, else a table's name.
std::string reference_name(const json& item) {
  const json& fields = pt::node_type(item).empty() ? item : pt::fields(item);
  if (fields.contains("alias"))
    return pt::text(fields["alias"], "aliasname");
  return pt::text(fields, "relname");
}

// A column reference qualified by the target's name in a WHEN NOT MATCHED clause,
// which sees the source row only (PostgreSQL's 42P01 with its HINT).
const json* target_reference(const json& node, const std::string& target) {
  if (node.is_array()) {
    for (const json& item : node)
      if (const json* found = target_reference(item, target))
        return found;
    return nullptr;
  }
  if (!node.is_object())
    return nullptr;
  if (node.contains("ColumnRef")) {
    const json& fields = pt::list(node["ColumnRef"], "fields");
    if (fields.size() >= 2 && pt::node_type(fields[0]) == "String" && pt::text(pt::fields(fields[0]), "sval") == target)
      return &node["ColumnRef"];
    return nullptr;
  }
  for (const auto& [key, value] : node.items())
    if (const json* found = target_reference(value, target))
      return found;
  return nullptr;
}

// The source rows of `clause`: a FROM item reading the rows step 1 kept.
json source_rows_item(const std::string& source) {
  return json{{"RangeVar",
               {{"relname", merge_source_rows_name},
                {"inh", true},
                {"relpersistence", "p"},
                {"alias", {{"aliasname", source}}},
                {"location", -1}}}};
}

json clause_is(const std::string& source, int clause) {
  return equals(column(source, merge_clause_column), integer(clause));
}

// VALUES without a column list names the target's columns in order; with a DEFAULT
// among them the list is written out (the DEFAULT's column left out of it), so more
// values than columns is PostgreSQL's 42601 at the first value too many.
result<json, located_error> listed_columns(const json& given, const std::vector<std::string>& target_columns) {
  json names = json::array();
  const bool has_default = std::any_of(given.begin(), given.end(),
                                       [](const json& value) { return value.contains("SetToDefault"); });
  if (!has_default)
    return names;
  if (target_columns.empty())  // the target's columns are not known here
    for (const json& value : given)
      if (value.contains("SetToDefault"))
        return fail(error_at("0A000", "DEFAULT in MERGE's INSERT without a column list is not supported yet",
                             static_cast<int>(pt::integer(value["SetToDefault"], "location"))));
  if (given.size() > target_columns.size())
    return fail(error_at("42601", "INSERT has more expressions than target columns",
                         static_cast<int>(pt::integer(pt::fields(given[target_columns.size()]), "location"))));
  for (size_t i = 0; i < given.size(); ++i)
    names.push_back(json{{"ResTarget", {{"name", target_columns[i]}, {"location", -1}}}});
  return names;
}

result<json, located_error> insert_fields(const json& when, const json& target, const std::string& source,
                                          int clause, const std::vector<std::string>& target_columns) {
  json columns = json::array();
  json values = json::array();
  const json& given = pt::list(when, "values");
  if (given.empty())  // DEFAULT VALUES
    return json{{"relation", target}};
  json names = pt::list(when, "targetList");
  if (names.empty()) {
    auto listed = listed_columns(given, target_columns);
    if (!listed)
      return fail(listed.error());
    names = std::move(*listed);
  }
  for (size_t i = 0; i < given.size(); ++i) {
    if (given[i].contains("SetToDefault"))
      continue;  // the column keeps its default: left out of the list
    if (i < names.size())
      columns.push_back(names[i]);
    values.push_back(result_target(given[i]));
  }
  if (!names.empty() && names.size() != given.size())
    return fail(error_at("42601",
                         names.size() > given.size() ? "INSERT has more target columns than expressions"
                                                     : "INSERT has more expressions than target columns",
                         -1));
  if (values.empty())  // every value a DEFAULT: DEFAULT VALUES
    return json{{"relation", target}};
  json select = select_fields(std::move(values), json::array({source_rows_item(source)}), clause_is(source, clause));
  json insert = {{"relation", target}, {"selectStmt", {{"SelectStmt", std::move(select)}}}};
  if (!names.empty())
    insert["cols"] = std::move(columns);
  if (std::string override = pt::text(when, "override"); !override.empty() && override != "OVERRIDING_NOT_SET")
    insert["override"] = override;
  return insert;
}

}  // namespace

result<merge_plan, located_error> plan_merge(const json& statement, const std::vector<std::string>& target_columns) {
  const json& target = statement["relation"];
  const json& source = statement["sourceRelation"];
  const std::string target_name = reference_name(target);
  const std::string source_name = reference_name(source);
  if (source_name.empty())  // a sub-select without an alias: PostgreSQL's grammar error
    return fail(error_at("42601", "subquery in FROM must have an alias",
                         static_cast<int>(pt::integer(pt::fields(source), "location")),
                         "For example, FROM (SELECT ...) [AS] foo."));
  json with = statement.value("withClause", json());
  if (!with.is_null())  // the runner takes a data-modifying WITH off first (modifying_with.hpp)
    for (const json& query : pt::list(with, "ctes"))
      if (const json& cte = pt::fields(query); pt::node_type(cte["ctequery"]) != "SelectStmt")
        return fail(error_at("0A000", "a data-modifying WITH on MERGE is not supported here",
                             static_cast<int>(pt::integer(cte, "location"))));

  merge_plan plan;
  json matched_arms = json::array();
  json unmatched_arms = json::array();
  int clause = 0;
  for (const json& node : pt::list(statement, "mergeWhenClauses")) {
    const json& when = pt::fields(node);
    ++clause;
    const bool matched = pt::flag(when, "matched");
    const json condition = when.value("condition", json());
    if (!matched) {
      if (const json* wrong = target_reference(when, target_name))
        return fail(error_at("42P01", "invalid reference to FROM-clause entry for table \"" + target_name + "\"",
                             static_cast<int>(pt::integer(*wrong, "location")),
                             "There is an entry for table \"" + target_name +
                                 "\", but it cannot be referenced from this part of the query."));
    }
    json arm = {{"expr", condition.is_null() ? json{{"A_Const", {{"boolval", {{"boolval", true}}}, {"location", -1}}}}
                                             : condition},
                {"result", integer(clause)},
                {"location", -1}};
    (matched ? matched_arms : unmatched_arms).push_back(json{{"CaseWhen", std::move(arm)}});

    const std::string command = pt::text(when, "commandType");
    const json rows = json::array({source_rows_item(source_name)});
    const json same_row = both(equals(column(target_name, merge_row_column), column(source_name, merge_row_column)),
                               clause_is(source_name, clause));
    merge_action action;
    action.clause = clause;
    action.matched = matched;
    if (command == "CMD_UPDATE") {
      action.node_type = "UpdateStmt";
      action.statement = {{"relation", target}, {"targetList", pt::list(when, "targetList")},
                          {"fromClause", rows}, {"whereClause", same_row}};
    } else if (command == "CMD_DELETE") {
      action.node_type = "DeleteStmt";
      action.statement = {{"relation", target}, {"usingClause", rows}, {"whereClause", same_row}};
    } else if (command == "CMD_INSERT") {
      auto fields = insert_fields(when, target, source_name, clause, target_columns);
      if (!fields)
        return fail(fields.error());
      action.node_type = "InsertStmt";
      action.once_per_row = !fields->contains("selectStmt");
      action.statement = std::move(*fields);
    } else {
      continue;  // DO NOTHING: its rows are taken by its clause, nothing runs
    }
    if (!with.is_null())
      action.statement["withClause"] = with;
    plan.actions.push_back(std::move(action));
  }

  // Step 1: each source row, the target row it matched, the clause that fires.
  json no_match = json{{"NullTest", {{"arg", column(target_name, merge_row_column)},
                                     {"nulltesttype", "IS_NULL"}, {"location", -1}}}};
  auto case_of = [](json arms) {
    return arms.empty() ? json{{"A_Const", {{"isnull", true}, {"location", -1}}}}
                        : json{{"CaseExpr", {{"args", std::move(arms)}, {"location", -1}}}};
  };
  json which = {{"CaseExpr",
                 {{"args", json::array({json{{"CaseWhen", {{"expr", no_match},
                                                           {"result", case_of(unmatched_arms)},
                                                           {"location", -1}}}}})},
                  {"defresult", case_of(matched_arms)},
                  {"location", -1}}}};
  json star = {{"ColumnRef", {{"fields", json::array({string_node(source_name), json{{"A_Star", json::object()}}})},
                              {"location", -1}}}};
  json targets = json::array({result_target(star),
                              result_target(column(target_name, merge_row_column), merge_row_column),
                              result_target(std::move(which), merge_clause_column)});
  json join = {{"JoinExpr", {{"jointype", "JOIN_LEFT"}, {"larg", source}, {"rarg", json{{"RangeVar", target}}},
                             {"quals", statement.value("joinCondition", json())}}}};
  plan.source_rows = select_fields(std::move(targets), json::array({std::move(join)}), json());
  if (!with.is_null())
    plan.source_rows["withClause"] = with;
  return plan;
}

}  // namespace tributary
