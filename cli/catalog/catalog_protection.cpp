#include "cli/catalog/catalog_protection.hpp"

#include "cli/catalog/catalog_relations.hpp"

namespace tributary {

namespace {

bool is_protected(const std::string& schema, const std::string& name) {
  if (schema == "pg_catalog" || schema == "information_schema")
    return true;
  if (!schema.empty() && schema != "public")
    return false;
  return catalog_relation_columns(name) != nullptr || name.rfind("tributary_", 0) == 0;
}

std::optional<pg_error> refusal_of(const nlohmann::json& range_var) {
  const nlohmann::json& f = range_var.contains("RangeVar") ? range_var["RangeVar"] : range_var;
  const std::string name = f.value("relname", std::string());
  if (!is_protected(f.value("schemaname", std::string()), name))
    return std::nullopt;
  return make_pg_error("42501", "permission denied for table " + name);
}

}  // namespace

std::optional<pg_error> catalog_write_refusal(const std::string& node_type, const nlohmann::json& fields) {
  if (node_type == "InsertStmt" || node_type == "UpdateStmt" || node_type == "DeleteStmt")
    return refusal_of(fields.value("relation", nlohmann::json::object()));
  if (node_type == "TruncateStmt")
    for (const auto& relation : fields.value("relations", nlohmann::json::array()))
      if (auto refused = refusal_of(relation))
        return refused;
  return std::nullopt;
}

}  // namespace tributary
