// view_deparse: see the header.
#include "stages/sql/view_deparse.hpp"

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/default_deparse.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {

namespace {
namespace pt = parse_tree;
using json = nlohmann::json;
}  // namespace

std::optional<std::string> deparse_view(const json& view, std::string_view source, const view_source_lookup& lookup,
                                        bool pretty) {
  const json& query = view.value("query", json::object());
  if (!query.contains("SelectStmt"))
    return std::nullopt;
  const json& select = query["SelectStmt"];
  for (const char* clause : {"distinctClause", "intoClause", "groupClause", "havingClause", "windowClause",
                             "valuesLists", "sortClause", "limitOffset", "limitCount", "lockingClause", "withClause"})
    if (select.contains(clause))
      return std::nullopt;
  if (const std::string op = pt::text(select, "op"); !op.empty() && op != "SETOP_NONE")
    return std::nullopt;
  const json& from = pt::list(select, "fromClause");
  if (from.size() != 1 || pt::node_type(from[0]) != "RangeVar")
    return std::nullopt;
  const json& range = pt::fields(from[0]);
  const std::string relname = pt::text(range, "relname");
  auto relation = lookup(local_relation_name(pt::text(range, "schemaname"), relname));
  if (!relation)
    return std::nullopt;
  // FROM sales.o reaches here as FROM "sales.o" AS "o" (qualified_names.hpp): not an alias of the user's.
  const json& alias_node = range.value("alias", json::object());
  std::string alias = pt::text(alias_node.contains("aliasname") ? alias_node : pt::fields(alias_node), "aliasname");
  const size_t at = static_cast<size_t>(pt::integer(range, "location"));
  if (alias == relation->name && relname.find('.') != std::string::npos && at < source.size() &&
      source.substr(at).starts_with(quote_identifier(relname) + " AS " + quote_identifier(alias)))
    alias.clear();
  const std::string qualifier = alias.empty() ? relation->name : alias;
  std::vector<std::string> renamed;
  for (const auto& a : view.value("aliases", json::array()))
    renamed.push_back(a.value("String", json::object()).value("sval", std::string()));

  std::vector<std::string> targets;
  const auto add = [&](const std::string& text, const std::string& own_name, const std::string& column) {
    const std::string name = targets.size() < renamed.size() ? renamed[targets.size()] : own_name;
    targets.push_back(name == column ? text : text + " AS " + quote_identifier_if_needed(name));
  };
  for (const json& target : pt::list(select, "targetList")) {
    const json& t = pt::fields(target);
    const json& value = t.value("val", json());
    const std::string explicit_name = pt::text(t, "name");
    if (pt::node_type(value) == "ColumnRef") {
      const json& fields = pt::list(pt::fields(value), "fields");
      if (!fields.empty() && pt::node_type(fields.back()) == "A_Star") {
        if (fields.size() > 2 || (fields.size() == 2 && pt::text(pt::fields(fields[0]), "sval") != qualifier))
          return std::nullopt;
        for (const auto& c : relation->columns)
          add(quote_identifier_if_needed(qualifier) + "." + quote_identifier_if_needed(c.name), c.name, c.name);
        continue;
      }
    }
    oid_t type = 0;
    auto text = deparse_view_expression(value, source, relation->columns, qualifier, pretty, &type);
    if (!text)
      return std::nullopt;
    std::string column;  // a plain column keeps its name without AS
    if (pt::node_type(value) == "ColumnRef")
      column = pt::text(pt::fields(pt::list(pt::fields(value), "fields").back()), "sval");
    const std::string name = explicit_name.empty() ? column : explicit_name;
    if (name.empty())
      return std::nullopt;  // PostgreSQL's own name for the expression: not derived here
    add(*text, name, column);
  }
  if (targets.empty())
    return std::nullopt;
  std::string out = " SELECT ";
  for (size_t i = 0; i < targets.size(); ++i)
    out += (i ? ",\n    " : "") + targets[i];
  out += "\n   FROM " + relation->printed_name + (alias.empty() ? "" : " " + quote_identifier_if_needed(alias));
  if (select.contains("whereClause")) {
    oid_t type = 0;
    auto where = deparse_view_expression(select["whereClause"], source, relation->columns, qualifier, pretty, &type);
    if (!where || type != pg_type_oid::boolean)
      return std::nullopt;
    out += "\n  WHERE " + *where;
  }
  return out + ";";
}

}  // namespace tributary
