// schema_commands: see the header.
#include "cli/commands/schema_commands.hpp"

#include "cli/commands/role_lookup.hpp"
#include "cli/commands/table_privilege_records.hpp"
#include "cli/commands/type_commands.hpp"
#include "cli/commands/view_dependents.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/description_catalog.hpp"
#include "storage/namespace_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/role_membership.hpp"
#include "storage/table_access.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) { return make_pg_error("XX000", e.message); }

void notice(command_context& context, std::string message, std::string detail = {}) {
  pg_error n = make_pg_error("00000", std::move(message));
  n.severity = "NOTICE";
  n.detail = std::move(detail);
  context.emit_notice(std::move(n));
}

bool is_builtin_schema(const std::string& schema) {
  return schema == "public" || schema == "pg_catalog" || schema == "information_schema";
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& line : lines)
    out += (out.empty() ? "" : "\n") + line;
  return out;
}

result<ok_t, pg_error> drop_schema(const std::string& schema, bool cascade, bool if_exists,
                                   command_context& context) {
  sqlite_connection& db = context.database();
  if (is_builtin_schema(schema))
    return fail(make_pg_error("2BP01", "cannot drop schema " + schema +
                                           " because it is required by the database system"));
  auto owner = find_schema(db, schema);
  if (!owner)
    return fail(storage_error(owner.error()));
  if (!*owner) {
    if (!if_exists)
      return fail(make_pg_error("3F000", "schema \"" + schema + "\" does not exist"));
    notice(context, "schema \"" + schema + "\" does not exist, skipping");
    return ok_v;
  }
  if (!context.is_superuser() && **owner != context.user_name())
    return fail(make_pg_error("42501", "must be owner of schema " + schema));
  auto model = read_catalog_model(db);
  if (!model)
    return fail(storage_error(model.error()));
  // Its tables and views, and the views outside that read them, in PostgreSQL's order.
  const std::vector<schema_dependent> relations = schema_dependents(db, *model, schema);
  auto types = schema_types(schema, context);
  if (!types)
    return fail(types.error());
  if (!relations.empty() || !types->empty()) {
    std::vector<std::string> lines;
    const auto kind = [](const catalog_relation& r) { return std::string(r.kind == 'v' ? "view " : "table "); };
    for (const auto& d : relations)
      lines.push_back(cascade ? "drop cascades to " + kind(*d.relation) + described_table(*d.relation)
                              : kind(*d.relation) + described_table(*d.relation) + " depends on " +
                                    (d.reached_from == nullptr ? "schema " + schema
                                                               : kind(*d.reached_from) + described_table(*d.reached_from)));
    for (const auto& t : *types)
      lines.push_back((cascade ? "drop cascades to type " : "type ") + t.display_name() +
                      (cascade ? "" : " depends on schema " + schema));
    if (!cascade)
      return fail(make_pg_error("2BP01",
                                "cannot drop schema " + schema +
                                    " because other objects depend on it",
                                join_lines(lines),
                                "Use DROP ... CASCADE to drop the dependent objects too."));
    for (auto d = relations.rbegin(); d != relations.rend(); ++d) {  // each before what it reads
      const std::string& local = d->relation->local_name;
      if (d->relation->kind == 'v') {
        if (auto r = db.exec("DROP VIEW " + quote_identifier(local)); !r)
          return fail(storage_error(r.error()));
        if (auto r = forget_relation_acl(db, local); !r)
          return fail(storage_error(r.error()));
      } else {
        if (auto r = db.exec("DROP TABLE " + quote_identifier(local)); !r)
          return fail(storage_error(r.error()));
        if (auto r = forget_table_columns(db, local); !r)
          return fail(storage_error(r.error()));
        if (auto r = forget_dropped_table(db, local); !r)  // its privileges, as DROP TABLE's
          return r;
      }
      if (auto r = forget_descriptions(db, local); !r)
        return fail(storage_error(r.error()));
    }
    // The types go after the tables, so only what lies outside the schema is
    // left to cascade to.
    for (const auto& t : *types)
      if (auto r = drop_type_cascading(t, context, lines); !r)
        return r;
    if (lines.size() == 1)
      notice(context, lines.front());
    else
      notice(context, "drop cascades to " + std::to_string(lines.size()) + " other objects",
             join_lines(lines));
  }
  if (auto r = forget_schema(db, schema); !r)
    return fail(storage_error(r.error()));
  return ok_v;
}

}  // namespace

result<command_outcome, pg_error> create_schema(const nlohmann::json& stmt,
                                                command_context& context, data_directory& directory) {
  std::string schema = stmt.value("schemaname", std::string());
  const auto role = stmt.value("authrole", nlohmann::json::object());
  const std::string role_name = role.empty() ? std::string() : role_spec_name(role, context);
  if (schema.empty())
    schema = role_name;  // CREATE SCHEMA AUTHORIZATION joe: the schema is named joe
  role_catalog roles{directory};
  std::optional<role_record> owner;
  if (!role_name.empty()) {
    auto found = existing_role(roles, role_name);
    if (!found)
      return fail(found.error());
    owner = *found;
  }
  if (!context.is_superuser()) {
    auto access = load_table_access(context.database(), directory, context.user_name(), context.database_name());
    if (!access)
      return fail(access.error());
    if (!(*access)->allows_database(privilege_create))
      return fail(permission_denied_for(acl_object::database, context.database_name()));
    if (owner && owner->name != context.user_name()) {
      auto grants = role_membership{directory}.list();
      if (!grants)
        return fail(grants.error());
      if (!is_member_of(*grants, (*access)->user, owner->oid))
        return fail(permission_denied("must be member of role \"" + owner->name + "\""));
    }
  }
  if (!stmt.value("schemaElts", nlohmann::json::array()).empty())
    return fail(make_pg_error("0A000", "CREATE SCHEMA with schema elements is not supported",
                              {}, "Create the schema, then its objects one by one."));
  if (schema.rfind("pg_", 0) == 0)
    return fail(make_pg_error("42939", "unacceptable schema name \"" + schema + "\"",
                              "The prefix \"pg_\" is reserved for system schemas."));
  sqlite_connection& db = context.database();
  auto existing = find_schema(db, schema);
  if (!existing)
    return fail(storage_error(existing.error()));
  if (*existing) {
    if (!stmt.value("if_not_exists", false))
      return fail(make_pg_error("42P06", "schema \"" + schema + "\" already exists"));
    pg_error n = make_pg_error("42P06", "schema \"" + schema + "\" already exists, skipping");
    n.severity = "NOTICE";
    context.emit_notice(std::move(n));
    return command_outcome::tag_only("CREATE SCHEMA");
  }
  if (auto r = record_schema(db, schema, role_name.empty() ? context.user_name() : role_name); !r)
    return fail(storage_error(r.error()));
  return command_outcome::tag_only("CREATE SCHEMA");
}

result<command_outcome, pg_error> drop_schemas(const nlohmann::json& stmt,
                                               command_context& context) {
  const bool cascade = stmt.value("behavior", std::string()) == "DROP_CASCADE";
  const bool if_exists = stmt.value("missing_ok", false);
  for (const auto& object : stmt.value("objects", nlohmann::json::array())) {
    const std::string schema =
        object.value("String", nlohmann::json::object()).value("sval", std::string());
    if (auto r = drop_schema(schema, cascade, if_exists, context); !r)
      return fail(r.error());
  }
  return command_outcome::tag_only("DROP SCHEMA");
}

result<ok_t, pg_error> check_schemas_exist(const std::vector<std::string>& schemas, sqlite_connection& db) {
  for (const auto& schema : schemas) {
    if (is_public_schema(schema))
      continue;
    auto owner = find_schema(db, schema);
    if (!owner)
      return fail(storage_error(owner.error()));
    if (!*owner)
      return fail(make_pg_error("3F000", "schema \"" + schema + "\" does not exist"));
  }
  return ok_v;
}

}  // namespace tributary
