// privilege_checks: see the header.
#include "cli/server/privilege_checks.hpp"

#include <algorithm>
#include <optional>
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
    // Which columns it reads the authorizer checks: here the table's SELECT or
    // one column's (SELECT count(*) FROM t needs no more).
    if (!access.allows_some_column(name, privilege_select))
      return fail(access.views.count(name) != 0
                      ? make_pg_error("42501", "permission denied for view " + table_display_name(name))
                      : table_permission_denied(name));
  }
  return ok_v;
}

result<ok_t, pg_error> check_privilege(const std::string& name, uint32_t privilege,
                                       const table_access& access) {
  if (!access.allows(name, privilege))
    return fail(table_permission_denied(name));
  return ok_v;
}

// The names of a list of String nodes (COPY's column list).
std::vector<std::string> column_names(const nlohmann::json& list) {
  std::vector<std::string> out;
  for (const auto& item : list)
    if (item.contains("String"))
      out.push_back(item["String"].value("sval", std::string()));
  return out;
}

// The target of INSERT / UPDATE / DELETE: the table's privilege, or, for
// INSERT (a column list) and UPDATE, each target column's own.
result<ok_t, pg_error> check_target_columns(const std::string& type, const nlohmann::json& fields,
                                            const std::string& name, uint32_t action, const table_access& access) {
  if (access.allows(name, action))
    return ok_v;
  const auto list_key = type == "InsertStmt" ? "cols" : type == "UpdateStmt" ? "targetList" : "";
  std::vector<std::string> targets;
  for (const auto& item : fields.value(list_key, nlohmann::json::array()))
    targets.push_back(item.value("ResTarget", nlohmann::json::object()).value("name", std::string()));
  if (targets.empty() && type == "InsertStmt") {
    // DEFAULT VALUES names no column: any column's INSERT will do.
    if (!fields.contains("selectStmt"))
      return access.allows_some_column(name, action) ? result<ok_t, pg_error>(ok_v)
                                                     : result<ok_t, pg_error>(fail(table_permission_denied(name)));
    // No column list: the first columns, as many as the first VALUES row or the
    // SELECT gives (all of them for a SELECT with a *).
    auto order = access.column_order.find(name);
    if (order != access.column_order.end()) {
      size_t count = order->second.size();
      const auto& select = fields.value("selectStmt", nlohmann::json::object()).value("SelectStmt", nlohmann::json::object());
      const auto rows = select.value("valuesLists", nlohmann::json::array());
      const auto outputs = select.value("targetList", nlohmann::json::array());
      const bool star = outputs.dump().find("\"A_Star\"") != std::string::npos;
      if (!rows.empty())
        count = std::min(count, rows[0].value("List", nlohmann::json::object()).value("items", nlohmann::json::array()).size());
      else if (!outputs.empty() && !star)
        count = std::min(count, outputs.size());
      targets.assign(order->second.begin(), order->second.begin() + static_cast<std::ptrdiff_t>(count));
    }
  }
  if (targets.empty())
    return fail(table_permission_denied(name));
  for (const auto& column : targets)
    if (!access.allows_column(name, column, action))
      return fail(table_permission_denied(name));
  return ok_v;
}

result<ok_t, pg_error> check_owner(const std::string& name, const table_access& access) {
  if (!access.owns(name))
    return fail(access.views.count(name) != 0 ? not_view_owner(name) : not_table_owner(name));
  return ok_v;
}

// DROP TABLE's (DROP VIEW's) objects: lists of String ([schema,] name).
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

// The schema a local name lies in: the part before its dot when a schema of
// that name exists, else public.
std::string schema_of(const std::string& local, const table_access& access) {
  const size_t dot = local.find('.');
  if (dot == std::string::npos)
    return "public";
  const std::string schema = local.substr(0, dot);
  return access.schemas.count(schema) != 0 ? schema : "public";
}

// The RangeVar a CREATE names its new relation with (nullptr for others).
const nlohmann::json* creation_range_var(const std::string& type, const nlohmann::json& fields) {
  const char* key = type == "CreateStmt" ? "relation" : type == "ViewStmt" ? "view"
                    : type == "CreateSeqStmt" ? "sequence" : type == "CompositeTypeStmt" ? "typevar" : nullptr;
  if (type == "CreateTableAsStmt" && fields.contains("into"))
    return fields["into"].contains("rel") ? &fields["into"]["rel"] : nullptr;
  return key != nullptr && fields.contains(key) ? &fields[key] : nullptr;
}

// USAGE on the schema of every relation named with its schema, as PostgreSQL's
// name lookup checks it before any privilege on the relations (an INSERT,
// UPDATE, DELETE or COPY target too: a typed field, not under a "RangeVar").
// Without USAGE on public the search path skips it: a name of one of its
// tables is not found (42P01), and public.x is refused as s.x is (the router
// has already turned public.x into x and listed x) — but a CREATE's new
// relation needs CREATE there only.
result<ok_t, pg_error> check_schema_usage(const routed_statement& statement, const table_access& access) {
  const std::string type = statement.node_type();
  const nlohmann::json& fields = statement.fields();
  std::vector<nlohmann::json> relations;
  if ((type == "InsertStmt" || type == "UpdateStmt" || type == "DeleteStmt" || type == "CopyStmt" ||
       type == "AlterTableStmt" || type == "IndexStmt" || type == "CreateTrigStmt" || type == "RenameStmt") &&
      fields.contains("relation") && fields["relation"].is_object())
    relations.push_back(fields["relation"]);
  collect_read_relations(fields, creation_range_var(type, fields), relations);
  const bool public_usable = access.allows_schema("public", privilege_usage);
  std::set<std::string> ctes;
  if (!public_usable)
    collect_cte_names(fields, ctes);
  for (const auto& range_var : relations) {
    const std::string name = range_var_name(range_var);
    const std::string written = range_var.value("schemaname", std::string());
    const auto& named_public = statement.public_relations;
    if (!public_usable && written.empty() &&
        std::find(named_public.begin(), named_public.end(), range_var.value("relname", std::string())) !=
            named_public.end())
      return fail(permission_denied_for(acl_object::schema, "public"));
    if (!public_usable && written.empty() && ctes.count(name) == 0 && access.is_user_table(name))
      return fail(make_pg_error("42P01", "relation \"" + name + "\" does not exist"));
    if (name.find('.') == std::string::npos)
      continue;
    const std::string schema = schema_of(name, access);
    if (schema != "public" && !access.allows_schema(schema, privilege_usage))
      return fail(permission_denied_for(acl_object::schema, schema));
  }
  // DROP's names are lists ([schema,] name), left as written.
  if (type == "DropStmt")
    for (const auto& object : fields.value("objects", nlohmann::json::array())) {
      const auto parts = object.value("List", nlohmann::json::object()).value("items", nlohmann::json::array());
      if (parts.size() < 2)
        continue;
      const std::string schema =
          parts[parts.size() - 2].value("String", nlohmann::json::object()).value("sval", std::string());
      if (access.schemas.count(schema) != 0 && !access.allows_schema(schema, privilege_usage))
        return fail(permission_denied_for(acl_object::schema, schema));
    }
  return ok_v;
}

// The schema a CREATE puts its object in: a RangeVar's, or the next to last of
// a name list (CREATE TYPE s.x); unqualified: public.
std::optional<std::string> creation_schema(const std::string& type, const nlohmann::json& fields,
                                           const table_access& access) {
  auto of_range_var = [&](const nlohmann::json& range_var) { return schema_of(range_var_name(range_var), access); };
  auto of_list = [](const nlohmann::json& list) {
    std::vector<std::string> parts;
    for (const auto& part : list)
      parts.push_back(part.value("String", nlohmann::json::object()).value("sval", std::string()));
    return parts.size() >= 2 ? parts[parts.size() - 2] : std::string("public");
  };
  if (type == "CreateStmt")
    return of_range_var(fields.value("relation", nlohmann::json::object()));
  if (type == "CreateTableAsStmt")
    return of_range_var(fields.value("into", nlohmann::json::object()).value("rel", nlohmann::json::object()));
  if (type == "ViewStmt")
    return of_range_var(fields.value("view", nlohmann::json::object()));
  if (type == "CreateSeqStmt")
    return of_range_var(fields.value("sequence", nlohmann::json::object()));
  if (type == "CompositeTypeStmt")
    return of_range_var(fields.value("typevar", nlohmann::json::object()));
  if (type == "CreateEnumStmt" || type == "CreateRangeStmt")
    return of_list(fields.value("typeName", nlohmann::json::array()));
  if (type == "CreateDomainStmt")
    return of_list(fields.value("domainname", nlohmann::json::array()));
  if (type == "CreateFunctionStmt")
    return of_list(fields.value("funcname", nlohmann::json::array()));
  return std::nullopt;
}

// CREATE on the schema a new object goes to; a temporary table needs
// TEMPORARY on the database instead.
result<ok_t, pg_error> check_creation(const routed_statement& statement, const table_access& access) {
  const std::string type = statement.node_type();
  const nlohmann::json& fields = statement.fields();
  const nlohmann::json& relation = type == "CreateStmt" ? fields.value("relation", nlohmann::json::object())
                                   : type == "CreateTableAsStmt"
                                       ? fields.value("into", nlohmann::json::object()).value("rel", nlohmann::json::object())
                                       : nlohmann::json::object();
  if (relation.value("relpersistence", std::string()) == "t" ||
      (type != "ViewStmt" && relation.value("schemaname", std::string()) == "pg_temp")) {
    if (!access.allows_database(privilege_temporary))
      return fail(make_pg_error("42501", "permission denied to create temporary tables in database \"" +
                                             access.database + "\""));
    return ok_v;
  }
  auto schema = creation_schema(type, fields, access);
  // Unqualified, without USAGE on public: nowhere to create it (the search path
  // is empty); public.x needs CREATE only.
  const nlohmann::json* range_var = creation_range_var(type, fields);
  const auto& named_public = statement.public_relations;
  if (schema == "public" && range_var != nullptr && range_var->value("schemaname", std::string()).empty() &&
      std::find(named_public.begin(), named_public.end(), range_var->value("relname", std::string())) ==
          named_public.end() &&
      !access.allows_schema("public", privilege_usage))
    return fail(make_pg_error("3F000", "no schema has been selected to create in"));
  if (schema && !access.allows_schema(*schema, privilege_create))
    return fail(permission_denied_for(acl_object::schema, *schema));
  return ok_v;
}

// Functions PostgreSQL revokes EXECUTE on from PUBLIC (only superusers call
// them): "permission denied for function f".
result<ok_t, pg_error> check_functions(const nlohmann::json& node) {
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (it.key() == "FuncCall" && it.value().is_object()) {
        const auto names = it.value().value("funcname", nlohmann::json::array());
        const std::string name =
            names.empty() ? std::string() : names.back().value("String", nlohmann::json::object()).value("sval", std::string());
        if (name == "pg_stat_reset_subscription_stats")
          return fail(make_pg_error("42501", "permission denied for function " + name));
      }
      if (auto r = check_functions(it.value()); !r)
        return r;
    }
  } else if (node.is_array()) {
    for (const auto& element : node)
      if (auto r = check_functions(element); !r)
        return r;
  }
  return ok_v;
}

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
      if (auto r = check_target_columns(type, fields, range_var_name(*target), action, access); !r)
        return r;
    return check_reads(fields, target, access);
  }
  if (type == "CopyStmt") {
    if (fields.contains("query"))
      return check_reads(fields["query"], nullptr, access);
    if (!fields.contains("relation"))
      return ok_v;
    const std::string name = range_var_name(fields["relation"]);
    const uint32_t wanted = fields.value("is_from", false) ? privilege_insert : privilege_select;
    auto named = column_names(fields.value("attlist", nlohmann::json::array()));
    if (named.empty()) {
      // Every column: the table's privilege, or each column's own.
      if (access.allows(name, wanted))
        return ok_v;
      auto order = access.column_order.find(name);
      if (order == access.column_order.end())
        return fail(table_permission_denied(name));
      named = order->second;
    }
    for (const auto& column : named)
      if (!access.allows_column(name, column, wanted))
        return fail(table_permission_denied(name));
    return ok_v;
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
  if (type == "DropStmt" && fields.value("removeType", std::string()) == "OBJECT_VIEW")
    return check_dropped(fields, access);
  if (type == "ViewStmt" && fields.value("replace", false)) {  // CREATE OR REPLACE of another's view
    const std::string name = range_var_name(fields.value("view", nlohmann::json::object()));
    if (access.views.count(name) != 0 && !access.owns(name))
      return fail(not_view_owner(name));
  }
  if (type == "CommentStmt")
    return check_commented(fields, access);
  return ok_v;
}

}  // namespace

result<ok_t, pg_error> check_statement_privileges(const routed_statement& statement,
                                                  const table_access& access) {
  if (auto r = check_schema_usage(statement, access); !r)
    return r;
  if (auto r = check_creation(statement, access); !r)
    return r;
  if (auto r = check_node(statement.node_type(), statement.fields(), access); !r)
    return r;
  return check_functions(statement.fields());
}

}  // namespace tributary
