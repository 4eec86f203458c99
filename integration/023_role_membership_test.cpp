// 023_role_membership: role membership (GRANT / REVOKE role), SET ROLE, what
// pg_roles and pg_auth_members show, and the login limits of a role (VALID
// UNTIL, CONNECTION LIMIT) — each statement run as the same role on PostgreSQL
// 15 (the fixture's publisher, used as a plain server) and on Tributary, and
// every answer compared: SQLSTATE, message, tag, rows and the notices sent.
#include <gtest/gtest.h>

#include <fstream>

#include "integration/differential_test.hpp"
#include "integration/role_sessions.hpp"
#include "integration/wait_until.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

// The fixture's roles are not compared (each server has its own superuser, shown
// as "superuser" when it granted, and PostgreSQL has its predefined pg_* roles).
constexpr const char* memberships_query =
    "SELECT r.rolname, m.rolname, CASE WHEN g.rolsuper THEN 'superuser' ELSE g.rolname END, a.admin_option "
    "FROM pg_auth_members a "
    "JOIN pg_roles r ON r.oid = a.roleid JOIN pg_roles m ON m.oid = a.member "
    "JOIN pg_roles g ON g.oid = a.grantor WHERE r.rolname LIKE 'r_' ORDER BY 1, 2";

class RoleMembership : public RoleDifferentialTest {};

TEST_F(RoleMembership, GrantAndRevokeAnswerAsPostgres) {
  both("CREATE ROLE ra; CREATE ROLE rb; CREATE ROLE rc LOGIN; CREATE ROLE su SUPERUSER");
  auto s = as_superuser();
  for (const char* sql : {
           "GRANT ra TO rb",
           "GRANT ra TO rb",                    // NOTICE: already a member
           "GRANT ra TO rb WITH ADMIN OPTION",  // adds the admin option, no notice
           "GRANT rb TO ra",                    // 0LP01: a loop
           "GRANT ra TO ra",
           "GRANT nosuch TO rb",
           "GRANT ra TO nosuch",
           "GRANT ra, rb TO rc",
           "REVOKE ra FROM rc",
           "REVOKE ra FROM rc",  // WARNING: not a member
           "REVOKE ADMIN OPTION FOR ra FROM rb",
           "GRANT ra TO rc GRANTED BY nosuch",
       })
    s.same(sql);
  s.same(memberships_query);
}

TEST_F(RoleMembership, NonSuperusersNeedCreateroleOrTheAdminOption) {
  both("CREATE ROLE ra; CREATE ROLE rb; CREATE ROLE rc LOGIN; CREATE ROLE su SUPERUSER; "
       "CREATE ROLE rd LOGIN CREATEROLE; GRANT ra TO rc WITH ADMIN OPTION");
  auto c = as("rc");
  for (const char* sql : {"GRANT rb TO rc", "GRANT ra TO rb", "GRANT su TO rc", "REVOKE rb FROM rc",
                          "GRANT ra TO rb GRANTED BY rd", "REVOKE ra FROM rb"})
    c.same(sql);
  auto d = as("rd");
  for (const char* sql : {"GRANT rb TO rc", "GRANT su TO rc", "GRANT ra TO rb GRANTED BY rc"})
    d.same(sql);
  as_superuser().same(memberships_query);
}

TEST_F(RoleMembership, SetRoleChangesTheCurrentUserUntilResetOrRollback) {
  both("CREATE ROLE ra; CREATE ROLE rb; CREATE ROLE rc LOGIN; CREATE ROLE su SUPERUSER; GRANT ra TO rb; "
       "GRANT rb TO rc");
  auto s = as_superuser();
  for (const char* sql : {"SHOW role", "SET ROLE rc", "SELECT current_user, current_role", "SHOW role",
                          "SHOW is_superuser", "CREATE ROLE zz",  // rc may not: the current user's privileges
                          "SET ROLE NONE", "SELECT current_user = session_user", "SHOW role",
                          "SET ROLE nosuch", "BEGIN", "SET ROLE rb", "SELECT current_user", "ROLLBACK",
                          "SELECT current_user = session_user", "SET ROLE rc", "RESET ROLE", "SHOW is_superuser"})
    s.same(sql);
  auto c = as("rc");
  for (const char* sql : {"SET ROLE ra",  // a member through rb
                          "SELECT current_user, session_user", "SET ROLE su", "SET ROLE 'rb'",
                          "SELECT current_user, session_user", "RESET ROLE", "SELECT current_user"})
    c.same(sql);
}

TEST_F(RoleMembership, SetSessionAuthorizationIsForSuperusersWhoLoggedIn) {
  both("CREATE ROLE ra LOGIN; CREATE ROLE rb LOGIN");
  auto s = as_superuser();
  for (const char* sql : {"SET SESSION AUTHORIZATION nosuch", "SET SESSION AUTHORIZATION ra",
                          "SELECT session_user, current_user", "SHOW is_superuser", "SHOW session_authorization",
                          "SET ROLE rb", "CREATE ROLE zz", "SET SESSION AUTHORIZATION rb",
                          "SELECT session_user, current_user", "RESET SESSION AUTHORIZATION", "SHOW is_superuser",
                          "SELECT session_user = current_user", "BEGIN", "SET SESSION AUTHORIZATION 'ra'",
                          "SELECT session_user", "ROLLBACK", "SHOW is_superuser", "SET SESSION AUTHORIZATION ra",
                          "SET SESSION AUTHORIZATION DEFAULT", "SHOW is_superuser"})
    s.same(sql);
  auto a = as("ra");
  for (const char* sql : {"SET SESSION AUTHORIZATION rb", "SET SESSION AUTHORIZATION ra",
                          "SELECT session_user, current_user"})
    a.same(sql);
}

TEST_F(RoleMembership, AlterRoleSetGivesLaterLoginsTheirParameters) {
  both("CREATE ROLE ra LOGIN; CREATE ROLE rb LOGIN");
  const char* settings_query =
      "SELECT r.rolname, d.datname, s.setconfig FROM pg_db_role_setting s LEFT JOIN pg_roles r ON r.oid = s.setrole "
      "LEFT JOIN pg_database d ON d.oid = s.setdatabase ORDER BY 1, 2";
  auto s = as_superuser();
  for (const char* sql : {"ALTER ROLE ra SET search_path = myschema, public", "ALTER ROLE ra SET statement_timeout = '5s'",
                          "ALTER USER ra SET statement_timeout TO '7s'",
                          "ALTER ROLE ra IN DATABASE postgres SET application_name = 'per database'",
                          "ALTER ROLE ALL SET lock_timeout = '3s'", "ALTER ROLE ra SET nosuch_setting = 1",
                          "ALTER ROLE ra SET statement_timeout = 'abc'", "ALTER ROLE ra IN DATABASE nosuch SET work_mem = '1MB'",
                          "ALTER ROLE nosuch SET work_mem = '1MB'", "ALTER ROLE ra SET my.custom = 'v'",
                          settings_query})
    s.same(sql);
  {
    auto a = as("ra");
    for (const char* sql : {"SHOW search_path", "SHOW statement_timeout", "SHOW application_name", "SHOW lock_timeout",
                            "SET statement_timeout = '1s'", "RESET statement_timeout", "SHOW statement_timeout",
                            "SHOW my.custom"})
      a.same(sql);
  }
  auto b = as("rb");
  for (const char* sql : {"ALTER ROLE ra SET work_mem = '1MB'", "ALTER ROLE rb SET work_mem = '1MB'",
                          "ALTER ROLE rb SET session_replication_role = replica", "ALTER ROLE rb SET my.custom = 'v'",
                          "ALTER ROLE ALL SET work_mem = '1MB'", "ALTER ROLE rb RESET nosuch_setting", "SHOW work_mem"})
    b.same(sql);
  for (const char* sql : {"ALTER ROLE ra RESET statement_timeout", settings_query, "ALTER ROLE ra RESET ALL",
                          "ALTER ROLE ALL RESET lock_timeout", "DROP ROLE rb", settings_query})
    s.same(sql);
}

// Server-wide parameters: those set at server start (55P02 "without
// restarting the server"), on reload (55P02 "cannot be changed now"), and the
// log levels only a superuser sets (42501 for others; a superuser's value is
// checked and stored).
TEST_F(RoleMembership, AlterRoleSetOfServerWideParametersAnswersAsPostgres) {
  both("CREATE ROLE ra LOGIN; CREATE ROLE rb LOGIN");
  const char* settings_query =
      "SELECT r.rolname, s.setconfig FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole ORDER BY 1";
  auto s = as_superuser();
  for (const char* sql : {"ALTER ROLE ra SET max_connections = 10", "ALTER ROLE ra SET port = 5",
                          "ALTER ROLE ALL SET listen_addresses = '*'", "ALTER ROLE ra SET ssl = on",
                          "ALTER ROLE ra IN DATABASE postgres SET ssl_cert_file = 'x'",
                          "ALTER ROLE ra SET authentication_timeout = '10s'", "ALTER ROLE ra SET log_min_messages = debug1",
                          "ALTER ROLE ra SET log_min_error_statement = 'loud'", "ALTER ROLE ra RESET max_connections",
                          "SET max_connections = 10", "SET ssl_ca_file = 'x'", settings_query})
    s.same(sql);
  auto b = as("rb");
  for (const char* sql : {"ALTER ROLE rb SET log_min_messages = warning", "ALTER ROLE rb SET max_connections = 10",
                          "ALTER ROLE rb SET wal_receiver_timeout = '1s'", "SET log_min_error_statement = error",
                          "SET port = 1"})
    b.same(sql);
  s.same("ALTER ROLE ra RESET ALL");
  s.same(settings_query);
}

TEST_F(RoleMembership, AfterSetRoleToAnotherUserSuperuserOnlyThingsAreRefused) {
  both("CREATE ROLE rc LOGIN");
  local_exec("SET ROLE rc");
  auto reload = local_try("SELECT pg_reload_conf()");
  EXPECT_EQ(sqlstate_of(reload.get()), "42501") << PQresultErrorMessage(reload.get());
  auto secrets = local_try("SELECT subconninfo FROM pg_subscription");
  EXPECT_EQ(sqlstate_of(secrets.get()), "42501") << PQresultErrorMessage(secrets.get());
  auto verifiers = local_try("SELECT rolpassword FROM pg_authid");
  EXPECT_EQ(std::string(PQresultErrorMessage(verifiers.get())),
            "ERROR:  permission denied for table pg_authid\n");
  local_exec("RESET ROLE");
  EXPECT_EQ(local_value("SELECT count(*) > 0 FROM pg_authid"), "t");
}

TEST_F(RoleMembership, PgRolesShowsEachAttributeAsPostgres) {
  both("CREATE ROLE ra NOINHERIT CREATEROLE CREATEDB LOGIN REPLICATION BYPASSRLS CONNECTION LIMIT 7 "
       "PASSWORD 'secret' VALID UNTIL '2031-02-03 04:05:06+02'; "
       "CREATE ROLE rb VALID UNTIL 'infinity'; CREATE USER rc; GRANT ra TO rc");
  auto s = as_superuser();
  s.same("SET TimeZone = 'America/New_York'");
  s.same("ALTER ROLE rb VALID UNTIL '2030-06-01 12:00'");  // read in the session's zone
  s.same("SELECT rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, "
         "rolconnlimit, rolpassword, rolvaliduntil, rolbypassrls FROM pg_roles WHERE rolname LIKE 'r_' ORDER BY 1");
  s.same("SELECT usename, usecreatedb, usesuper, userepl, usebypassrls, passwd, valuntil FROM pg_user "
         "WHERE usename LIKE 'r_' ORDER BY 1");
  s.same("SELECT rolname, rolpassword LIKE 'SCRAM-SHA-256$4096:%' FROM pg_authid WHERE rolname LIKE 'r_' ORDER BY 1");
  s.same("ALTER ROLE rb VALID UNTIL 'not a time'");
  s.same(memberships_query);
  s.same("DROP ROLE ra");
  s.same(memberships_query);  // DROP ROLE takes its memberships with it
}

}  // namespace
}  // namespace tributary::integration
