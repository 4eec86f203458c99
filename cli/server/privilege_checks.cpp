// privilege_checks: see the header.
#include "cli/server/privilege_checks.hpp"

#include <set>
#include <string>

#include "stages/core/local_relation_name.hpp"

namespace tributary {
namespace {

std::string range_var_name(const nlohmann::json& range_var) {
  return local_relation_name(range_var.value("schemaname", std::string()),
                             range_var.value("relname", std::string()));
}

void collect_cte_names(const nlohmann::json& node, std::set<std::string>& names) {
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (it.key() == "CommonTableExpr" && it.value().is_object())
        names.insert(it.value().value("ctename", std::string()));
      collect_cte_names(it.value(), names);
    }
  } else if (node.is_array()) {
    for (const auto& element : node)
      collect_cte_names(element, names);
  }
}

// Every RangeVar under `node` except the one object `skip` (a DML statement's
// target): tables the statement reads.
void collect_read_relations(const nlohmann::json& node, const nlohmann::json* skip,
                            std::vector<nlohmann::json>& out) {
  if (&node == skip)
    return;
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (it.key() == "RangeVar" && it.value().is_object() && &it.value() != skip)
        out.push_back(it.value());
      else
        collect_read_relations(it.value(), skip, out);
    }
  } else if (node.is_array()) {
    for (const auto& element : node)
      collect_read_relations(element, skip, out);
  }
}

result<ok_t, pg_error> check_reads(const nlohmann::json& fields, const nlohmann::json* target,
                                   const table_access& access) {
  std::set<std::string> ctes;
  collect_cte_names(fields, ctes);
  std::vector<nlohmann::json> reads;
  collect_read_relations(fields, target, reads);
  for (const auto& range_var : reads) {
    const std::string schema = range_var.value("schemaname", std::string());
    if (schema.empty() && ctes.count(range_var.value("relname", std::string())) != 0)
      continue;
    const std::string name = range_var_name(range_var);
    if (!access.allows(name, privilege_select))
      return fail(table_permission_denied(name));
  }
  return ok_v;
}

result<ok_t, pg_error> check_privilege(const std::string& name, uint32_t privilege,
                                       const table_access& access) {
  if (!access.allows(name, privilege))
    return fail(table_permission_denied(name));
  return ok_v;
}

result<ok_t, pg_error> check_owner(const std::string& name, const table_access& access) {
  if (!access.owns(name))
    return fail(not_table_owner(name));
  return ok_v;
}

// DROP TABLE's objects: lists of String ([schema,] name).
result<ok_t, pg_error> check_dropped(const nlohmann::json& fields, const table_access& access) {
  for (const auto& object : fields.value("objects", nlohmann::json::array())) {
    std::vector<std::string> parts;
    for (const auto& part : object.value("List", nlohmann::json::object()).value("items", nlohmann::json::array()))
      if (part.contains("String"))
        parts.push_back(part["String"].value("sval", std::string()));
    if (parts.empty())
      continue;
    const std::string name = parts.size() == 1 ? parts[0] : local_relation_name(parts[parts.size() - 2], parts.back());
    if (auto r = check_owner(name, access); !r)
      return r;
  }
  return ok_v;
}

// COMMENT ON TABLE t / COLUMN t.c: the table's owner only ("must be owner of
// relation t" for a column, as PostgreSQL words it).
result<ok_t, pg_error> check_commented(const nlohmann::json& fields, const table_access& access) {
  const std::string objtype = fields.value("objtype", std::string());
  if (objtype != "OBJECT_TABLE" && objtype != "OBJECT_COLUMN")
    return ok_v;
  std::vector<std::string> parts;
  for (const auto& part : fields.value("object", nlohmann::json::object())
                              .value("List", nlohmann::json::object())
                              .value("items", nlohmann::json::array()))
    parts.push_back(part.value("String", nlohmann::json::object()).value("sval", std::string()));
  if (objtype == "OBJECT_COLUMN" && !parts.empty())
    parts.pop_back();
  if (parts.empty())
    return ok_v;
  const std::string name = parts.size() == 1 ? parts[0] : local_relation_name(parts[parts.size() - 2], parts.back());
  if (access.owns(name))
    return ok_v;
  if (objtype == "OBJECT_TABLE")
    return fail(not_table_owner(name));
  return fail(make_pg_error("42501", "must be owner of relation " + table_display_name(name)));
}

result<ok_t, pg_error> check_node(const std::string& type, const nlohmann::json& fields,
                                  const table_access& access);

// EXPLAIN's and CREATE TABLE AS's query: {"NodeType": {...}}.
result<ok_t, pg_error> check_inner_query(const nlohmann::json& fields, const table_access& access) {
  const auto& query = fields.value("query", nlohmann::json::object());
  if (!query.is_object() || query.empty())
    return ok_v;
  return check_node(query.begin().key(), query.begin().value(), access);
}

result<ok_t, pg_error> check_node(const std::string& type, const nlohmann::json& fields,
                                  const table_access& access) {
  if (type == "ExplainStmt" || type == "CreateTableAsStmt")
    return check_inner_query(fields, access);
  if (type == "SelectStmt")
    return check_reads(fields, nullptr, access);
  if (type == "InsertStmt" || type == "UpdateStmt" || type == "DeleteStmt") {
    const nlohmann::json* target = fields.contains("relation") ? &fields["relation"] : nullptr;
    // The target comes first in PostgreSQL's range table: its privilege first.
    const uint32_t action = type == "InsertStmt"   ? privilege_insert
                            : type == "UpdateStmt" ? privilege_update
                                                   : privilege_delete;
    if (target != nullptr)
      if (auto r = check_privilege(range_var_name(*target), action, access); !r)
        return r;
    return check_reads(fields, target, access);
  }
  if (type == "CopyStmt") {
    if (fields.contains("query"))
      return check_reads(fields["query"], nullptr, access);
    if (!fields.contains("relation"))
      return ok_v;
    const std::string name = range_var_name(fields["relation"]);
    return check_privilege(name, fields.value("is_from", false) ? privilege_insert : privilege_select, access);
  }
  if (type == "TruncateStmt") {
    for (const auto& relation : fields.value("relations", nlohmann::json::array()))
      if (relation.contains("RangeVar"))
        if (auto r = check_privilege(range_var_name(relation["RangeVar"]), privilege_truncate, access); !r)
          return r;
    return ok_v;
  }
  if (type == "AlterTableStmt" || type == "IndexStmt" || type == "CreateTrigStmt" || type == "RenameStmt") {
    const nlohmann::json& relation = fields.value("relation", nlohmann::json::object());
    if (relation.empty() || (type == "RenameStmt" && fields.value("renameType", std::string()) != "OBJECT_TABLE" &&
                             fields.value("renameType", std::string()) != "OBJECT_COLUMN"))
      return ok_v;
    return check_owner(range_var_name(relation), access);
  }
  if (type == "DropStmt" && fields.value("removeType", std::string()) == "OBJECT_TABLE")
    return check_dropped(fields, access);
  if (type == "CommentStmt")
    return check_commented(fields, access);
  return ok_v;
}

}  // namespace

result<ok_t, pg_error> check_statement_privileges(const routed_statement& statement,
                                                  const table_access& access) {
  return check_node(statement.node_type(), statement.fields(), access);
}

}  // namespace tributary
