// modifying_with: see modifying_with.hpp.
#include "stages/sql/translator/modifying_with.hpp"

#include <set>
#include <utility>

#include "stages/sql/parse_tree.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

struct modified_table {
  std::string schema, name;
  size_t step;  // the step that modifies it
  bool by_insert = false;  // a plain INSERT (no ON CONFLICT) modifies it
};

// The name under which a later part reads a table's rows as they were before the
// statement (a materialized common table the runner fills first).
std::string pre_image_name(const modified_table& table) {
  return "tributary pre-image of " + (table.schema.empty() ? table.name : table.schema + "." + table.name);
}

struct snapshot_check {
  const std::vector<modified_table>& modified;
  const std::set<std::string>& common_table_names;
  std::vector<modifying_pre_image>& pre_images;

  // The tables that a step before `before` (every step: SIZE_MAX) modifies, in `node`:
  // a FROM item is redirected to the rows as they were; the target of a later UPDATE /
  // DELETE / INSERT is refused. `insert_target`: the target of a plain INSERT, which
  // reads nothing of its table, but whose unique keys PostgreSQL checks against the rows
  // as they were: only what earlier plain INSERTs added is the same either way.
  void redirect_reads(json& node, size_t before, const json* insert_target = nullptr) {
    if (node.is_array()) {
      for (json& item : node)
        redirect_reads(item, before, insert_target);
      return;
    }
    if (!node.is_object())
      return;
    for (auto& [key, value] : node.items()) {
      // A FROM item is a {"RangeVar": ...} node; the target of INSERT / UPDATE /
      // DELETE is the "relation" field itself.
      if (key == "RangeVar")
        redirect_table(value, before);
      else if (key == "relation" && value.is_object() && value.contains("relname"))
        refuse_target(value, before, &value == insert_target);
      else
        redirect_reads(value, before, insert_target);
    }
  }

  const modified_table* modified_before(const json& range, size_t before) const {
    const std::string schema = pt::text(range, "schemaname");
    const std::string name = pt::text(range, "relname");
    if (schema.empty() && common_table_names.count(name))
      return nullptr;
    for (const modified_table& table : modified)
      if (table.step < before && table.name == name && (schema.empty() || table.schema.empty() || schema == table.schema))
        return &table;
    return nullptr;
  }

  void redirect_table(json& range, size_t before) {
    const modified_table* table = modified_before(range, before);
    if (table == nullptr)
      return;
    const std::string name = pre_image_name(*table);
    if (!range.contains("alias"))
      range["alias"] = json{{"aliasname", pt::text(range, "relname")}};
    range.erase("schemaname");
    range["relname"] = name;
    for (const modifying_pre_image& image : pre_images)
      if (image.name == name)
        return;
    pre_images.push_back({table->schema, table->name, name});
  }

  void refuse_target(const json& range, size_t before, bool insert_target) const {
    const modified_table* table = modified_before(range, before);
    if (table == nullptr)
      return;
    for (const modified_table& other : modified)  // every earlier step that modifies it
      if (other.step < before && other.name == table->name && !(insert_target && other.by_insert))
        throw located_error{make_pg_error("0A000", "modifying table \"" + table->name +
                                                       "\" in a statement whose WITH modifies it is not "
                                                       "supported yet"),
                            static_cast<int>(pt::integer(range, "location"))};
  }
};

// INSERT without ON CONFLICT reads nothing of its target.
bool plain_insert(const std::string& node_type, const json& statement) {
  return node_type == "InsertStmt" && !statement.contains("onConflictClause");
}

}  // namespace

result<std::optional<modifying_with_plan>, located_error> plan_modifying_with(const std::string& node_type,
                                                                              const json& statement) {
  if (!statement.is_object() || !statement.contains("withClause"))
    return std::optional<modifying_with_plan>{};
  const json& with = statement.at("withClause");
  const bool recursive = pt::flag(with, "recursive");
  modifying_with_plan plan;
  json selects = json::array();
  std::vector<modified_table> modified;
  std::set<std::string> names;
  for (const json& node : pt::list(with, "ctes"))
    names.insert(pt::text(pt::fields(node), "ctename"));
  for (const json& node : pt::list(with, "ctes")) {
    const json& cte = pt::fields(node);
    const json& query = cte.value("ctequery", json::object());
    const std::string kind = pt::node_type(query);
    if (kind == "SelectStmt") {
      selects.push_back(node);
      continue;
    }
    modifying_step step;
    step.name = pt::text(cte, "ctename");
    step.node_type = kind;
    step.statement = pt::fields(query);
    step.returning = step.statement.contains("returningList");
    step.aliases = pt::strings(pt::list(cte, "aliascolnames"));
    if (!selects.empty()) {
      json own = json::array();
      for (const json& s : selects)
        own.push_back(s);
      if (step.statement.contains("withClause"))
        for (const json& inner : pt::list(step.statement["withClause"], "ctes"))
          own.push_back(inner);
      step.statement["withClause"]["ctes"] = std::move(own);
      if (recursive)
        step.statement["withClause"]["recursive"] = true;
    }
    const json& relation = step.statement.value("relation", json::object());
    modified.push_back({pt::text(relation, "schemaname"), pt::text(relation, "relname"), plan.steps.size(),
                        plain_insert(kind, step.statement)});
    plan.steps.push_back(std::move(step));
  }
  if (plan.steps.empty())
    return std::optional<modifying_with_plan>{};
  plan.main = statement;
  if (selects.empty())
    plan.main.erase("withClause");
  else
    plan.main["withClause"]["ctes"] = selects;

  snapshot_check check{modified, names, plan.pre_images};
  try {
    for (size_t i = 0; i < plan.steps.size(); ++i) {
      modifying_step& step = plan.steps[i];
      const json* target = plain_insert(step.node_type, step.statement) ? &step.statement.at("relation") : nullptr;
      check.redirect_reads(step.statement, i, target);
    }
    const json* target = plain_insert(node_type, plan.main) && plan.main.contains("relation")
                             ? &plan.main.at("relation")
                             : nullptr;
    check.redirect_reads(plan.main, SIZE_MAX, target);  // with its SELECT WITH queries
  } catch (located_error& refused) {
    return fail(std::move(refused));
  }
  return std::optional<modifying_with_plan>{std::move(plan)};
}

}  // namespace tributary
