// role_switch: SET ROLE for a session (statement_dispatcher's part of it).
//
// PostgreSQL's `role` setting names the current user: SET ROLE r / SET ROLE NONE /
// RESET ROLE, transactional like any SET (a ROLLBACK undoes it). The value is
// checked when set, as check_role does: 22023 "role \"r\" does not exist",
// 42501 "permission denied to set role \"r\"" unless the session user is a
// superuser or a member of r (directly or through other roles). After every
// statement the dispatcher follows the setting: the current user's name and
// superuser status change for every later privilege check, current_user, the
// SQL functions that check privileges (session_privileges.hpp) and the
// is_superuser report. session_user stays who logged in, unless SET SESSION
// AUTHORIZATION (the `session_authorization` setting, as transactional) names
// another: only a superuser who logged in may (or anyone naming itself, as
// check_session_authorization); session_user, current_user and is_superuser
// then become that role's and a SET ROLE in force ends (SetSessionUserId).
#include "cli/server/statement_dispatcher.hpp"

#include "stages/auth/role_graph.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_membership.hpp"

namespace tributary {

result<std::string, pg_error> statement_dispatcher::check_role_setting(const std::string& name) const {
  role_catalog roles{directory_};
  auto target = roles.find(name);
  if (!target)
    return fail(target.error());
  if (!*target)
    return fail(make_pg_error("22023", "role \"" + name + "\" does not exist"));
  const session_privileges& who = *identity_.privileges;
  if (who.session_superuser)
    return (*target)->name;
  auto me = roles.find(who.session_user);
  if (!me)
    return fail(me.error());
  auto grants = role_membership{directory_}.list();
  if (!grants)
    return fail(grants.error());
  if (!*me || !is_member_of(*grants, (*me)->oid, (*target)->oid))
    return fail(make_pg_error("42501", "permission denied to set role \"" + name + "\""));
  return (*target)->name;
}

result<std::string, pg_error> statement_dispatcher::check_session_authorization(const std::string& name) const {
  auto target = role_catalog{directory_}.find(name);
  if (!target)
    return fail(target.error());
  if (!*target)
    return fail(make_pg_error("22023", "role \"" + name + "\" does not exist"));
  if ((*target)->name != authenticated_user_ && !authenticated_superuser_)
    return fail(make_pg_error("42501", "permission denied to set session authorization \"" + name + "\""));
  return (*target)->name;
}

void statement_dispatcher::follow_role_setting() {
  session_privileges& who = *identity_.privileges;
  const std::string session = parameters_.value("session_authorization").value_or(who.session_user);
  if (session != who.session_user) {
    bool superuser = authenticated_superuser_;
    if (session != authenticated_user_) {
      auto found = role_catalog{directory_}.find(session);
      superuser = found && *found && (*found)->superuser;
    }
    who.session_user = session;
    who.session_superuser = superuser;
    parameters_.forget_role();
  }
  const std::string setting = parameters_.value("role").value_or("none");
  const std::string wanted = setting == "none" ? who.session_user : setting;
  if (wanted == who.current_user)
    return;
  bool superuser = who.session_superuser;
  if (wanted != who.session_user) {
    // A role dropped since SET ROLE keeps its name and loses every attribute.
    auto found = role_catalog{directory_}.find(wanted);
    superuser = found && *found && (*found)->superuser;
  }
  who.current_user = wanted;
  who.superuser = superuser;
  identity_.user = wanted;
  identity_.superuser = superuser;
  parameters_.set_current_user_superuser(superuser);
}

}  // namespace tributary
