// ALTER SUBSCRIPTION name RENAME TO new_name and ALTER SUBSCRIPTION name OWNER
// TO role, as PostgreSQL's AlterObjectRename_internal and
// AlterSubscriptionOwner_internal check them:
//
//   42704  subscription "s" does not exist / role "r" does not exist
//   42501  must be owner of subscription s (superusers may always)
//   42501  password_required=false is superuser-only (with PostgreSQL's hint)
//   42710  subscription "n" already exists (RENAME)
//   42501  permission denied for database d (OWNER TO: CREATE on the database)
//   42501  must be able to SET ROLE "r" (OWNER TO: a non-superuser names
//          itself or a role it is a member of)
//
// Both rewrite the pg_subscription row in the statement's transaction and, on
// commit, restart the pipeline as any ALTER does: the slot and the origin keep
// their names (the slot is named once, at CREATE; the origin is pg_<oid>), so
// replication goes on where it was; only application_name, which defaults to
// the subscription's name, follows a rename.
#include "storage/role_membership.hpp"
#include "storage/table_access.hpp"
#include "cli/commands/subscription_ddl.hpp"

namespace tributary {

namespace {

// The String node's value ("object": {"String": {"sval": "s"}}).
std::string object_name(const nlohmann::json& statement) {
  const auto& object = statement.value("object", nlohmann::json::object());
  if (object.contains("String"))
    return object["String"].value("sval", "");
  return "";
}

}  // namespace

pg_error password_not_required_is_superuser_only() {
  return make_pg_error("42501", "password_required=false is superuser-only", {},
                       "Subscriptions with the password_required option set to false may only be "
                       "created or modified by the superuser.");
}

result<subscription_row, pg_error> subscription_ddl::subscription_to_change(const std::string& name,
                                                                            command_context& context) {
  auto found = find_subscription(context.database(), name);
  if (!found)
    return fail(catalog_failure(found.error()));
  if (!*found)
    return fail(make_pg_error("42704", "subscription \"" + name + "\" does not exist"));
  const subscription_row& row = **found;
  if (!context.is_superuser()) {
    auto caller = directory_->find_role(context.user_name());
    if (!caller || caller->oid != row.owner)
      return fail(make_pg_error("42501", "must be owner of subscription " + name));
    if (!row.password_required)
      return fail(password_not_required_is_superuser_only());
  }
  return row;
}

result<command_outcome, pg_error> subscription_ddl::rename_subscription(const nlohmann::json& statement,
                                                                        command_context& context) {
  auto row = subscription_to_change(object_name(statement), context);
  if (!row)
    return fail(row.error());
  const std::string new_name = statement.value("newname", "");
  auto existing = find_subscription(context.database(), new_name);
  if (!existing)
    return fail(catalog_failure(existing.error()));
  if (*existing)
    return fail(make_pg_error("42710", "subscription \"" + new_name + "\" already exists"));
  row->name = new_name;
  if (auto r = update_subscription(context.database(), *row); !r)
    return fail(catalog_failure(r.error()));
  notify_on_commit(context, row->oid);
  return command_outcome::tag_only("ALTER SUBSCRIPTION");
}

result<command_outcome, pg_error> subscription_ddl::alter_subscription_owner(
    const nlohmann::json& statement, command_context& context) {
  const std::string name = object_name(statement);
  const auto& spec = statement.value("newowner", nlohmann::json::object());
  const auto& role_spec = spec.contains("RoleSpec") ? spec["RoleSpec"] : spec;
  const std::string role_type = role_spec.value("roletype", "ROLESPEC_CSTRING");
  std::string role_name;
  if (role_type == "ROLESPEC_CSTRING")
    role_name = role_spec.value("rolename", "");
  else if (role_type == "ROLESPEC_PUBLIC")
    role_name = "public";
  else if (role_type == "ROLESPEC_SESSION_USER")
    role_name = context.session_user_name();
  else  // CURRENT_USER, CURRENT_ROLE
    role_name = context.user_name();
  // The role first, as ExecAlterOwnerStmt resolves it before the object.
  auto new_owner = directory_->lookup_role(role_name);
  if (!new_owner)
    return fail(new_owner.error());
  if (!*new_owner || role_type == "ROLESPEC_PUBLIC")
    return fail(make_pg_error("42704", "role \"" + role_name + "\" does not exist"));
  auto found = find_subscription(context.database(), name);
  if (!found)
    return fail(catalog_failure(found.error()));
  if (!*found)
    return fail(make_pg_error("42704", "subscription \"" + name + "\" does not exist"));
  if ((*found)->owner == (*new_owner)->oid)  // nothing to change, nothing checked
    return command_outcome::tag_only("ALTER SUBSCRIPTION");
  auto row = subscription_to_change(name, context);
  if (!row)
    return fail(row.error());
  if (!context.is_superuser() && (*new_owner)->name != context.user_name()) {
    // The caller must be able to become the new owner: a member of it.
    auto grants = role_membership{*directory_}.list();
    if (!grants)
      return fail(grants.error());
    auto caller = directory_->find_role(context.user_name());
    if (!caller || !is_member_of(*grants, caller->oid, (*new_owner)->oid))
      return fail(make_pg_error("42501", "must be able to SET ROLE \"" + (*new_owner)->name + "\""));
  }
  if (!context.is_superuser()) {  // and CREATE on the database, as for CREATE SUBSCRIPTION
    auto access = load_table_access(context.database(), *directory_, context.user_name(), context.database_name());
    if (!access)
      return fail(access.error());
    if (!(*access)->allows_database(privilege_create))
      return fail(permission_denied_for(acl_object::database, context.database_name()));
  }
  row->owner = (*new_owner)->oid;
  if (auto r = update_subscription(context.database(), *row); !r)
    return fail(catalog_failure(r.error()));
  notify_on_commit(context, row->oid);
  return command_outcome::tag_only("ALTER SUBSCRIPTION");
}

}  // namespace tributary
