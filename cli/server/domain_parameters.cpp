#include "cli/server/domain_parameters.hpp"

#include "stages/core/local_relation_name.hpp"
#include "stages/sql/parse_tree.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/user_type_catalog.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

// The parameter number of a bare ParamRef node, else 0.
int parameter_number(const json& node) {
  if (pt::node_type(node) != "ParamRef")
    return 0;
  return static_cast<int>(pt::integer(pt::fields(node), "number"));
}

const user_type* domain_named(const user_type_set& types, const std::vector<std::string>& names) {
  if (names.empty() || names.size() > 2)
    return nullptr;
  const user_type* t = types.find(names.size() == 2 ? names[0] : "", names.back());
  return t != nullptr && t->kind == 'd' ? t : nullptr;
}

// Every TypeCast of a bare parameter to a domain (not to its array).
void find_casts(const json& node, const user_type_set& types, std::map<int, oid_t>& out) {
  if (node.is_array()) {
    for (const auto& item : node)
      find_casts(item, types, out);
    return;
  }
  if (!node.is_object())
    return;
  if (const auto it = node.find("TypeCast"); it != node.end() && it->is_object()) {
    const json& cast = *it;
    if (const int number = parameter_number(cast.value("arg", json()))) {
      json type = cast.value("typeName", json::object());
      if (type.contains("TypeName"))
        type = type["TypeName"];
      if (!type.contains("arrayBounds"))
        if (const user_type* domain = domain_named(types, pt::strings(pt::list(type, "names"))))
          out[number] = domain->oid;
    }
  }
  for (const auto& [key, value] : node.items())
    find_casts(value, types, out);
}

// The domains of a table's columns, by column name ("" for a column of no domain),
// and the names in order.
struct table_domains {
  std::vector<std::string> order;
  std::map<std::string, std::string> domain;
};

std::optional<table_domains> read_table_domains(sqlite_connection& db, const json& relation) {
  const std::string table = local_relation_name(pt::text(relation, "schemaname"), pt::text(relation, "relname"));
  auto columns = read_table_columns(db, table);
  if (!columns)
    return std::nullopt;
  table_domains out;
  for (const auto& c : *columns) {
    out.order.push_back(c.name);
    out.domain[c.name] = c.type.domain_array ? std::string() : c.domain;  // price[]: not price
  }
  return out;
}

void mark(int number, const std::string& column, const table_domains& table, const user_type_set& types,
          std::map<int, oid_t>& out) {
  const auto it = table.domain.find(column);
  if (number == 0 || it == table.domain.end() || it->second.empty())  // not a plain domain's column
    return;
  const size_t dot = it->second.find('.');
  const user_type* domain = dot == std::string::npos
                                ? types.find("", it->second)
                                : types.find(it->second.substr(0, dot), it->second.substr(dot + 1));
  if (domain != nullptr && domain->kind == 'd')
    out.emplace(number, domain->oid);
}

}  // namespace

std::map<int, oid_t> domain_parameters(const json& fields, const std::string& node_type, sqlite_connection& db) {
  std::map<int, oid_t> out;
  auto types = read_user_types(db);
  if (!types || types->types.empty())
    return out;
  find_casts(fields, *types, out);
  if (node_type == "InsertStmt") {
    const auto table = read_table_domains(db, fields.value("relation", json::object()));
    if (!table)
      return out;
    std::vector<std::string> targets;
    for (const auto& col : pt::list(fields, "cols"))
      targets.push_back(pt::text(pt::fields(col), "name"));
    if (targets.empty())
      targets = table->order;
    const json select_node = fields.value("selectStmt", json::object());
    const json& select = pt::fields(select_node);
    const auto row = [&](const json& items, bool result_targets) {
      for (size_t i = 0; i < items.size() && i < targets.size(); ++i) {
        const json& item = result_targets ? pt::fields(items[i]).value("val", json()) : items[i];
        mark(parameter_number(item), targets[i], *table, *types, out);
      }
    };
    for (const auto& values : pt::list(select, "valuesLists"))
      row(pt::list(pt::fields(values), "items"), false);
    row(pt::list(select, "targetList"), true);
  } else if (node_type == "UpdateStmt") {
    const auto table = read_table_domains(db, fields.value("relation", json::object()));
    if (!table)
      return out;
    for (const auto& target : pt::list(fields, "targetList")) {
      const json& t = pt::fields(target);
      mark(parameter_number(t.value("val", json())), pt::text(t, "name"), *table, *types, out);
    }
  }
  return out;
}

}  // namespace tributary
