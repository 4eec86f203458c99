// statement_dispatcher's CREATE DATABASE / DROP DATABASE (the header's rules):
// refused in a transaction block (25001); CREATE reads its options
// (stages/auth/database_options), the template (cli/commands/database_templates),
// needs CREATEDB and membership in the owner-to-be (42501), then adds the database
// to global.db; DROP refuses the session's own database (55006) and templates,
// needs the owner's privileges (42501), with IF EXISTS's NOTICE.
#include "cli/server/statement_dispatcher.hpp"

#include <algorithm>

#include "cli/commands/database_templates.hpp"
#include "stages/auth/database_options.hpp"
#include "stages/auth/role_graph.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_membership.hpp"

namespace tributary {

result<command_outcome, pg_error> statement_dispatcher::database_command(
    const routed_statement& statement) {
  const bool create = statement.kind == statement_kind::create_database;
  if (prevent_transaction_block_)
    return fail(make_pg_error("25001", std::string(create ? "CREATE" : "DROP") +
                                           " DATABASE cannot run inside a transaction block"));
  const std::string name = statement.fields().value("dbname", std::string());
  if (create) {
    auto options = parse_database_options(statement.fields().value("options", nlohmann::json::array()),
                                          database_statement::create, statement.text);
    if (!options)
      return fail(options.error());
    const std::string owner = options->owner.value_or(identity_.user);  // OWNER r: the role must exist
    std::optional<std::string> template_name;
    for (const auto& option : statement.fields().value("options", nlohmann::json::array())) {
      const auto& def = option.value("DefElem", nlohmann::json::object());
      if (def.value("defname", std::string()) == "template")
        template_name =
            def.value("arg", nlohmann::json::object()).value("String", nlohmann::json::object()).value("sval", "");
    }
    if (auto r = check_database_template(name, template_name,
                                         template_name && directory_.find_database(*template_name).has_value());
        !r)
      return fail(r.error());
    auto owner_role = directory_.find_role(owner);
    if (!owner_role)
      return fail(make_pg_error("42704", "role \"" + owner + "\" does not exist"));
    if (!identity_.superuser) {  // CREATEDB, and a member of the owner-to-be (createdb())
      auto me = role_catalog{directory_}.find(identity_.user);
      if (!me)
        return fail(me.error());
      if (!*me || !(*me)->create_db)
        return fail(make_pg_error("42501", "permission denied to create database"));
      auto grants = role_membership{directory_}.list();
      if (!grants)
        return fail(grants.error());
      if (!is_member_of(*grants, (*me)->oid, owner_role->oid))
        return fail(make_pg_error("42501", "must be member of role \"" + owner + "\""));
    }
    if (auto r = directory_.create_database(name, owner, options->connection_limit.value_or(-1),
                                            options->allow_connections.value_or(true));
        !r)
      return fail(r.error());
    return command_outcome::tag_only("CREATE DATABASE");
  }
  if (name == identity_.database)
    return fail(make_pg_error("55006", "cannot drop the currently open database"));
  if (auto r = check_drop_database(name); !r)
    return fail(r.error());
  if (auto db = directory_.find_database(name); db && !identity_.superuser && db->owner != identity_.user) {
    // The owner, or a role with its privileges (pg_database_ownercheck).
    auto roles = role_catalog{directory_}.list();
    auto grants = role_membership{directory_}.list();
    if (!roles || !grants)
      return fail(!roles ? roles.error() : grants.error());
    auto me = std::find_if(roles->begin(), roles->end(), [&](const role_record& r) { return r.name == identity_.user; });
    if (me == roles->end() || acting_roles(*roles, *grants, me->oid, db->owner_oid).count(db->owner_oid) == 0)
      return fail(make_pg_error("42501", "must be owner of database " + name));
  }
  const bool if_exists = statement.fields().value("missing_ok", false);
  if (if_exists && !directory_.find_database(name)) {
    pg_error notice = make_pg_error("00000", "database \"" + name + "\" does not exist, skipping");
    notice.severity = "NOTICE";
    emit_notice(std::move(notice));
  }
  if (auto r = directory_.drop_database(name, if_exists); !r)
    return fail(r.error());
  return command_outcome::tag_only("DROP DATABASE");
}

}  // namespace tributary
