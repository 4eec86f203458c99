// 023_object_privileges: privileges on databases (CREATE, CONNECT, TEMPORARY)
// and schemas (USAGE, CREATE), their owners, PostgreSQL 15's rule that only
// the database's owner creates in public, has_database_privilege /
// has_schema_privilege and pg_database.datacl / pg_namespace.nspacl — each
// statement run as the same role on PostgreSQL 15 (the fixture's publisher,
// used as a plain server) and on Tributary, every answer compared (SQLSTATE,
// message, DETAIL, tag, rows, notices). The subscription rules that follow
// PostgreSQL 16 (CREATE on the database for CREATE SUBSCRIPTION) are checked
// on Tributary alone.
#include <gtest/gtest.h>

#include "integration/differential_test.hpp"
#include "integration/role_sessions.hpp"

namespace tributary::integration {
namespace {

// The error a login gets, from its "FATAL:" on (libpq's prefix names the server).
std::string login_error(const std::string& conninfo) {
  auto c = connect_with(conninfo);
  if (PQstatus(c.get()) == CONNECTION_OK)
    return "connected";
  const std::string message = PQerrorMessage(c.get());
  const size_t fatal = message.find("FATAL:");
  return fatal == std::string::npos ? message : message.substr(fatal);
}

class ObjectPrivileges : public RoleDifferentialTest {
protected:
  void SetUp() override {
    RoleDifferentialTest::SetUp();
    both("CREATE ROLE ra LOGIN; CREATE ROLE rb LOGIN; CREATE ROLE rc LOGIN; CREATE ROLE rown LOGIN");
  }
  void create_database_d() {
    both("CREATE DATABASE d OWNER ra");
  }
  // The same login on both servers: both connect, or both fail the same way.
  void same_login(const std::string& role, const std::string& database) {
    EXPECT_EQ(login_error(subscriber_.conninfo(database) + " user=" + role),
              login_error(publisher_.conninfo(database) + " user=" + role))
        << role << " to " << database;
  }
};

TEST_F(ObjectPrivileges, CreateSchemaNeedsCreateOnTheDatabaseAndOnlyItsOwnerCreatesInPublic) {
  create_database_d();
  auto b = as_in("rb", "d");
  for (const char* sql : {"CREATE SCHEMA s", "CREATE SCHEMA s AUTHORIZATION nosuch", "CREATE TABLE t (x integer)",
                          "SELECT has_database_privilege('d', 'CREATE'), has_schema_privilege('public', 'CREATE')"})
    b.same(sql);
  auto a = as_in("ra", "d");  // the owner of d
  for (const char* sql : {"CREATE TABLE t (x integer)", "CREATE SCHEMA sa", "CREATE SCHEMA sb AUTHORIZATION rb",
                          "CREATE TABLE sa.t (x integer)", "GRANT CREATE ON DATABASE d TO rb",
                          "SELECT has_database_privilege('rb', 'd', 'CREATE'), has_schema_privilege('rb', 'sa', 'USAGE')",
                          "SELECT datacl FROM pg_database WHERE datname = 'd'"})
    a.same(sql);
  for (const char* sql : {"CREATE SCHEMA s", "CREATE TABLE s.mine (x integer)", "CREATE TABLE t2 (x integer)",
                          "SELECT * FROM sa.t", "ALTER SCHEMA sa OWNER TO rb"})
    b.same(sql);
}

TEST_F(ObjectPrivileges, ConnectIsCheckedAtLogin) {
  create_database_d();
  same_login("rb", "d");  // PUBLIC has CONNECT by default
  both("REVOKE CONNECT ON DATABASE d FROM PUBLIC");
  same_login("rb", "d");  // FATAL: permission denied for database "d", DETAIL
  same_login("ra", "d");  // the owner
  auto a = as_in("ra", "d");
  a.same("GRANT CONNECT ON DATABASE d TO rb");
  same_login("rb", "d");
  same_login("rc", "d");
  a.same("SELECT has_database_privilege('rb', 'd', 'connect'), has_database_privilege('rc', 'd', 'CONNECT'), "
         "has_database_privilege('rc', 'd', 'TEMP'), has_database_privilege('ra', 'd', 'create WITH GRANT OPTION')");
  a.same("SELECT datacl FROM pg_database WHERE datname = 'd'");
}

TEST_F(ObjectPrivileges, GrantOnDatabaseAnswersAsPostgres) {
  create_database_d();
  auto s = as_superuser();
  for (const char* sql : {
           "GRANT SELECT ON DATABASE d TO rb",
           "GRANT CONNECT ON DATABASE nosuch TO rb",
           "GRANT CONNECT ON DATABASE d TO nosuch",
           "GRANT ALL ON DATABASE d TO rb WITH GRANT OPTION",
           "GRANT TEMP ON DATABASE d TO PUBLIC WITH GRANT OPTION",
           "SELECT has_database_privilege('nosuch', 'CONNECT')",
           "SELECT has_database_privilege('d', 'SELECT')",
           "SELECT has_database_privilege('nosuch', 'd', 'CONNECT')",
       })
    s.same(sql);
  auto b = as("rb");
  b.same("GRANT CREATE ON DATABASE d TO rc");  // rb holds it WITH GRANT OPTION
  auto c = as("rc");
  for (const char* sql : {
           "GRANT CONNECT ON DATABASE d TO ra",          // WARNING: no privileges were granted
           "GRANT CREATE, CONNECT ON DATABASE d TO ra",  // the same
           "REVOKE CREATE ON DATABASE d FROM rc",        // WARNING: no privileges could be revoked
           "ALTER DATABASE d OWNER TO rc",               // must be owner of database d
       })
    c.same(sql);
  b.same("REVOKE GRANT OPTION FOR CONNECT ON DATABASE d FROM rc");
  auto a = as("ra");
  a.same("ALTER DATABASE d OWNER TO rc");  // must be member of role "rc"
  both("GRANT rc TO ra");
  a.same("ALTER DATABASE d OWNER TO rc");  // permission denied to change owner of database (no CREATEDB)
  a.same("ALTER DATABASE d OWNER TO ra");  // the owner already: nothing checked
  s.same("SELECT datacl FROM pg_database WHERE datname = 'd'");
  s.same("ALTER DATABASE d OWNER TO rb");
  s.same("SELECT datacl FROM pg_database WHERE datname = 'd'");
  s.same("DROP ROLE rc");  // 2BP01: privileges for database d
}

TEST_F(ObjectPrivileges, SchemaUsageAndCreate) {
  both("CREATE SCHEMA s AUTHORIZATION rown");
  both("CREATE TABLE s.t (id integer); INSERT INTO s.t VALUES (1); GRANT SELECT ON s.t TO ra");
  auto a = as("ra");
  for (const char* sql : {"SELECT * FROM s.t", "CREATE TABLE mine (x integer)", "CREATE TABLE s.mine (x integer)",
                          "SELECT has_schema_privilege('s', 'USAGE'), has_schema_privilege('public', 'CREATE')"})
    a.same(sql);
  auto own = as("rown");
  for (const char* sql : {"GRANT USAGE ON SCHEMA s TO ra", "GRANT SELECT ON SCHEMA s TO ra",
                          "GRANT USAGE ON SCHEMA nosuch TO ra"})
    own.same(sql);
  for (const char* sql : {"SELECT * FROM s.t", "CREATE TABLE s.mine (x integer)"})
    a.same(sql);
  own.same("GRANT ALL ON SCHEMA s TO ra WITH GRANT OPTION");
  both("GRANT CREATE ON SCHEMA public TO ra");
  for (const char* sql : {"CREATE TABLE s.mine (x integer)", "INSERT INTO s.mine VALUES (1)",
                          "CREATE TABLE mine (x integer)", "GRANT USAGE ON SCHEMA s TO rb",
                          "GRANT CREATE ON SCHEMA public TO rb",  // WARNING: no privileges were granted
                          "ALTER SCHEMA s OWNER TO ra"})           // must be owner of schema s
    a.same(sql);
  auto s = as_superuser();
  for (const char* sql : {
           "SELECT has_schema_privilege('ra', 's', 'USAGE'), has_schema_privilege('rb', 's', 'usage'), "
           "has_schema_privilege('rb', 'public', 'CREATE'), has_schema_privilege('rc', 'public', 'USAGE'), "
           "has_schema_privilege('ra', 's', 'CREATE WITH GRANT OPTION'), has_schema_privilege('rb', 'pg_catalog', 'USAGE')",
           "SELECT has_schema_privilege('nosuch', 'USAGE')",
           "SELECT has_schema_privilege('s', 'SELECT')",
           "SELECT nspname, nspacl FROM pg_namespace WHERE nspname IN ('public', 's') ORDER BY 1",
           "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 's'",
       })
    s.same(sql);
  own.same("ALTER SCHEMA s OWNER TO rc");  // must be member of role "rc"
  s.same("DROP ROLE rown");                // 2BP01: owner of schema s
}

// Without USAGE on public the search path skips it: its tables are not found by
// their bare names and nothing is created unqualified.
TEST_F(ObjectPrivileges, WithoutUsageOnPublicItsTablesAreNotFound) {
  both("CREATE TABLE pt (a integer); GRANT ALL ON pt TO ra; GRANT CREATE ON SCHEMA public TO ra; "
       "REVOKE USAGE ON SCHEMA public FROM PUBLIC");
  auto a = as("ra");
  for (const char* sql : {"SELECT * FROM pt", "INSERT INTO pt VALUES (1)", "UPDATE pt SET a = 2", "DELETE FROM pt",
                          "WITH pt AS (SELECT 1 AS a) SELECT * FROM pt", "SELECT count(*) FROM pg_class WHERE relname = 'pt'",
                          "CREATE TABLE nt (a integer)", "CREATE VIEW nv AS SELECT 1 AS x"})
    a.same(sql);
  // Named public.x, a table (or none) is refused as in any schema without USAGE.
  for (const char* sql : {"SELECT * FROM public.pt", "SELECT * FROM public.nosuch", "INSERT INTO public.pt VALUES (1)",
                          "UPDATE public.pt SET a = 2", "DELETE FROM public.pt", "TRUNCATE public.pt",
                          "COPY public.pt TO STDOUT", "SELECT * FROM (SELECT a FROM public.pt) s",
                          "ALTER TABLE public.pt ADD COLUMN b integer", "CREATE INDEX ON public.pt (a)",
                          "CREATE TABLE public.nt (a integer)", "DROP TABLE public.nt"})
    a.same(sql);
  both("GRANT USAGE ON SCHEMA public TO ra");
  for (const char* sql : {"INSERT INTO pt VALUES (1)", "SELECT * FROM pt", "SELECT * FROM public.pt",
                          "CREATE TABLE nt (a integer)", "DROP TABLE nt"})
    a.same(sql);
  both("GRANT USAGE ON SCHEMA public TO PUBLIC");
}

// PostgreSQL 15's public belongs to pg_database_owner; ALTER SCHEMA public
// OWNER TO gives it (and its ACL's owner entries) to a role, as any schema.
TEST_F(ObjectPrivileges, PublicChangesOwnerAsAnySchema) {
  both("CREATE TABLE pt (a integer); GRANT ALL ON pt TO ra");
  const char* public_row = "SELECT pg_get_userbyid(nspowner), nspacl FROM pg_namespace WHERE nspname = 'public'";
  auto s = as_superuser();
  for (const char* sql : {public_row, "ALTER SCHEMA public OWNER TO nosuch", "ALTER SCHEMA public OWNER TO ra", public_row,
                          "SELECT has_schema_privilege('ra', 'public', 'CREATE'), has_schema_privilege('rb', 'public', 'CREATE')"})
    s.same(sql);
  auto a = as("ra");
  for (const char* sql : {"CREATE TABLE rat (x integer)", "GRANT CREATE ON SCHEMA public TO rb",
                          "ALTER SCHEMA public OWNER TO rb"})  // must be member of role "rb"
    a.same(sql);
  auto b = as("rb");
  for (const char* sql : {"CREATE TABLE rbt (x integer)", "ALTER SCHEMA public OWNER TO rb"})  // must be owner
    b.same(sql);
  for (const char* sql : {"DROP ROLE ra", "DROP TABLE rat", public_row})  // 2BP01: owner of schema public, ...
    s.same(sql);
  a.same("REVOKE USAGE ON SCHEMA public FROM PUBLIC");
  as("rc").same("SELECT * FROM public.pt");  // permission denied for schema public
  for (const char* sql : {"ALTER SCHEMA public OWNER TO pg_database_owner", public_row,
                          "GRANT USAGE ON SCHEMA public TO PUBLIC", "REVOKE ALL ON pt FROM ra", "DROP TABLE rbt",
                          "REVOKE CREATE ON SCHEMA public FROM rb", "DROP ROLE ra"})
    s.same(sql);
}

// A database's CONNECTION LIMIT and ALLOW_CONNECTIONS (CREATE / ALTER
// DATABASE, pg_database.datconnlimit and datallowconn), checked at login as
// CheckMyDatabase does: the limit counts every session but binds only
// non-superusers; a database that allows no connections refuses everyone.
TEST_F(ObjectPrivileges, DatabaseConnectionLimitAndAllowConnections) {
  const char* database_row = "SELECT datname, datconnlimit, datallowconn FROM pg_database WHERE datname LIKE 'd%' ORDER BY 1";
  auto s = as_superuser();
  for (const char* sql : {"CREATE DATABASE d OWNER ra CONNECTION LIMIT 1", "CREATE DATABASE dx CONNECTION LIMIT -2",
                          "CREATE DATABASE dx CONNECTION LIMIT 'many'", "CREATE DATABASE dx CONNECTION LIMIT 1 CONNECTION LIMIT 2",
                          "CREATE DATABASE dx WITH ALLOW_CONNECTIONS maybe", "CREATE DATABASE dx WITH FLAVOR = 'x'",
                          "CREATE DATABASE dz WITH CONNECTION_LIMIT = 0 ALLOW_CONNECTIONS = false", database_row,
                          "ALTER DATABASE nosuch CONNECTION LIMIT 3", "ALTER DATABASE d CONNECTION LIMIT -5",
                          "ALTER DATABASE d ENCODING 'UTF8'", "ALTER DATABASE postgres ALLOW_CONNECTIONS false"})
    s.same(sql);
  same_login("rb", "dz");  // 55000: not currently accepting connections
  {
    auto first = as_in("rb", "d");
    first.same("SELECT current_database()");
    same_login("rc", "d");  // 53300 too many connections for database "d"
    EXPECT_EQ(login_error(subscriber_.conninfo("d")), "connected");  // a superuser
    auto b = as("rb");
    b.same("ALTER DATABASE d CONNECTION LIMIT 3");  // must be owner of database d
    auto a = as("ra");
    a.same("ALTER DATABASE d WITH CONNECTION LIMIT 2");
    s.same(database_row);
    same_login("rc", "d");
    a.same("ALTER DATABASE d CONNECTION LIMIT DEFAULT");
    a.same("ALTER DATABASE d ALLOW_CONNECTIONS false");
    same_login("rc", "d");
  }
  for (const char* sql : {database_row, "ALTER DATABASE d ALLOW_CONNECTIONS true", "DROP DATABASE dz"})
    s.same(sql);
}

// ALTER DATABASE d SET is the row of no role in d (pg_db_role_setting), set
// by d's owner; later logins to d take it.
TEST_F(ObjectPrivileges, AlterDatabaseSetGivesLaterLoginsTheirParameters) {
  create_database_d();
  const char* settings_query = "SELECT d.datname, s.setrole, s.setconfig FROM pg_db_role_setting s "
                               "JOIN pg_database d ON d.oid = s.setdatabase ORDER BY 1";
  as("rb").same("ALTER DATABASE d SET statement_timeout = '4s'");  // must be owner of database d
  auto a = as("ra");
  for (const char* sql : {"ALTER DATABASE d SET statement_timeout = '4s'", "ALTER DATABASE d SET nosuch = 1",
                          "ALTER DATABASE nosuch SET statement_timeout = '4s'", settings_query})
    a.same(sql);
  as_in("rb", "d").same("SHOW statement_timeout");
  for (const char* sql : {"ALTER DATABASE d RESET statement_timeout", settings_query})
    a.same(sql);
}

TEST_F(ObjectPrivileges, SequencesNeedUsageSelectOrUpdateAndASerialsBelongsToItsTable) {
  both("CREATE SEQUENCE sq; CREATE TABLE ser (id serial, v text); GRANT INSERT, SELECT ON ser TO ra");
  auto a = as("ra");
  for (const char* sql : {"SELECT nextval('sq')", "SELECT currval('sq')", "SELECT setval('sq', 5)",
                          "INSERT INTO ser (v) VALUES ('x')", "GRANT USAGE ON SEQUENCE sq TO rb"})
    a.same(sql);
  both("GRANT USAGE ON SEQUENCE sq TO ra; GRANT USAGE ON SEQUENCE ser_id_seq TO ra");
  for (const char* sql : {"SELECT nextval('sq')", "SELECT currval('sq')", "SELECT setval('sq', 5)",
                          "INSERT INTO ser (v) VALUES ('x')", "SELECT id, v FROM ser", "SELECT lastval()"})
    a.same(sql);
  both("GRANT UPDATE ON SEQUENCE sq TO ra");
  a.same("SELECT setval('sq', 5)");
  // pg_class.relacl (the owner, each server's superuser, is named differently).
  EXPECT_NE(local_value("SELECT relacl FROM pg_class WHERE relname = 'sq'").find(",ra=wU/"), std::string::npos);
  EXPECT_NE(local_value("SELECT relacl FROM pg_class WHERE relname = 'ser_id_seq'").find(",ra=U/"), std::string::npos);
  auto s = as_superuser();
  for (const char* sql : {"GRANT INSERT ON SEQUENCE sq TO ra", "GRANT USAGE ON SEQUENCE nosuch TO ra",
                          "REVOKE ALL ON SEQUENCE sq FROM ra"})
    s.same(sql);
  a.same("SELECT nextval('sq')");
  s.same("DROP ROLE ra");  // 2BP01: privileges for table ser, sequence ser_id_seq
}

TEST_F(ObjectPrivileges, AllSequencesInASchemaAndASequencesOwner) {
  both("CREATE SCHEMA sx; CREATE SEQUENCE sq; CREATE SEQUENCE sx.sq2; CREATE TABLE ser (id serial, v text); "
       "GRANT USAGE ON SCHEMA sx TO ra");
  auto s = as_superuser();
  for (const char* sql : {"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public, sx TO ra",
                          "GRANT SELECT ON ALL SEQUENCES IN SCHEMA nosuch TO ra",
                          "SELECT relname, has_sequence_privilege('ra', oid, 'USAGE') FROM pg_class WHERE relkind = 'S' ORDER BY 1",
                          "ALTER SEQUENCE ser_id_seq OWNER TO ra",  // linked to table ser
                          "ALTER SEQUENCE nosuch OWNER TO ra", "ALTER SEQUENCE IF EXISTS nosuch OWNER TO ra",
                          "ALTER SEQUENCE sq OWNER TO ra",
                          "SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 'sq'"})
    s.same(sql);
  auto a = as("ra");
  for (const char* sql : {"SELECT setval('sq', 7)", "SELECT nextval('sx.sq2')", "ALTER SEQUENCE sx.sq2 OWNER TO ra",
                          "ALTER SEQUENCE sq OWNER TO rb"})  // must be member of role "rb"
    a.same(sql);
  both("GRANT rb TO ra");
  a.same("ALTER SEQUENCE sq OWNER TO rb");  // rb may not create in public
  both("GRANT CREATE ON SCHEMA public TO rb");
  a.same("ALTER SEQUENCE sq OWNER TO rb");
  s.same("SELECT pg_get_userbyid(relowner) FROM pg_class WHERE relname = 'sq'");
}

TEST_F(ObjectPrivileges, ARoleWithCreatedbCreatesDatabasesForRolesItBelongsTo) {
  both("CREATE ROLE rcdb LOGIN CREATEDB");
  auto creator = as("rcdb");
  for (const char* sql : {"CREATE DATABASE dd", "CREATE DATABASE df OWNER ra",
                          "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'dd'"})
    creator.same(sql);
  as("ra").same("CREATE DATABASE de");  // no CREATEDB
  both("GRANT ra TO rcdb");
  creator.same("CREATE DATABASE df OWNER ra");
  creator.same("SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'df'");
  creator.same("DROP DATABASE df");
  creator.same("DROP DATABASE dd");
}

// Functions and types keep PostgreSQL's defaults (EXECUTE and USAGE for
// PUBLIC); changing them is refused plainly rather than ignored.
TEST_F(ObjectPrivileges, PrivilegesOnFunctionsAndTypesAreRefusedPlainly) {
  local_exec("CREATE TYPE mood AS ENUM ('sad', 'happy'); CREATE DOMAIN posint AS integer CHECK (VALUE > 0)");
  for (const auto& [sql, message] : std::vector<std::pair<std::string, std::string>>{
           {"GRANT EXECUTE ON FUNCTION now() TO ra", "GRANT on FUNCTION objects is not supported"},
           {"REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC", "REVOKE on FUNCTION objects is not supported"},
           {"REVOKE USAGE ON TYPE mood FROM PUBLIC", "REVOKE on TYPE objects is not supported"},
           {"GRANT USAGE ON DOMAIN posint TO ra", "GRANT on DOMAIN objects is not supported"}}) {
    auto r = local_try(sql);
    EXPECT_EQ(sqlstate_of(r.get()), "0A000") << sql;
    EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY), message.c_str()) << sql;
  }
  auto a = connect_with(subscriber_.conninfo() + " user=ra");
  auto used = exec(a.get(), "SELECT 'happy'::mood, 3::posint, now() IS NOT NULL");
  EXPECT_EQ(PQresultStatus(used.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(used.get());
}

TEST_F(ObjectPrivileges, ResettingSubscriptionStatisticsIsForSuperusers) {
  as("ra").same("SELECT pg_stat_reset_subscription_stats(NULL)");
}

// SKIP is for superusers, even the subscription's own owner may not (checked
// on Tributary alone: PostgreSQL 15 gives subscriptions to superusers only).
TEST_F(ObjectPrivileges, SkippingATransactionIsForSuperusersOnly) {
  local_exec("CREATE SUBSCRIPTION sub CONNECTION 'host=127.0.0.1 port=1 password=secret' PUBLICATION p "
             "WITH (connect = false); GRANT CREATE ON DATABASE postgres TO ra; ALTER SUBSCRIPTION sub OWNER TO ra");
  auto a = connect_with(subscriber_.conninfo() + " user=ra");
  auto skipped = exec(a.get(), "ALTER SUBSCRIPTION sub SKIP (lsn = '0/1')");
  EXPECT_EQ(sqlstate_of(skipped.get()), "42501");
  EXPECT_STREQ(PQresultErrorField(skipped.get(), PG_DIAG_MESSAGE_PRIMARY), "must be superuser to skip transaction");
  auto by_superuser = local_try("ALTER SUBSCRIPTION sub SKIP (lsn = NONE)");
  EXPECT_EQ(PQresultStatus(by_superuser.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(by_superuser.get());
}

// PostgreSQL 16's rule (15 allows only superusers): only roles with the
// privileges of the predefined pg_create_subscription create subscriptions,
// and a subscription is an object of the database: CREATE on it is needed to
// create one or to be given one.
TEST_F(ObjectPrivileges, CreateSubscriptionNeedsPgCreateSubscriptionAndCreateOnTheDatabase) {
  const std::string create = "CREATE SUBSCRIPTION sub CONNECTION 'host=127.0.0.1 port=1 password=secret' "
                             "PUBLICATION p WITH (connect = false)";
  auto c = connect_with(subscriber_.conninfo() + " user=rc");
  auto not_member = exec(c.get(), create);
  EXPECT_STREQ(PQresultErrorField(not_member.get(), PG_DIAG_SQLSTATE), "42501");
  EXPECT_STREQ(PQresultErrorField(not_member.get(), PG_DIAG_MESSAGE_PRIMARY), "permission denied to create subscription");
  EXPECT_STREQ(PQresultErrorField(not_member.get(), PG_DIAG_MESSAGE_DETAIL),
               "Only roles with privileges of the \"pg_create_subscription\" role may create subscriptions.");
  local_exec("GRANT pg_create_subscription TO rb, rc");
  EXPECT_EQ(local_value("SELECT oid FROM pg_roles WHERE rolname = 'pg_create_subscription'"), "6304");
  auto drop_predefined = local_try("DROP ROLE pg_create_subscription");
  EXPECT_STREQ(PQresultErrorField(drop_predefined.get(), PG_DIAG_MESSAGE_PRIMARY),
               "cannot drop role pg_create_subscription because it is required by the database system");
  local_exec("GRANT CREATE ON DATABASE postgres TO rb");
  auto refused = exec(c.get(), create);
  EXPECT_STREQ(PQresultErrorField(refused.get(), PG_DIAG_SQLSTATE), "42501");
  EXPECT_STREQ(PQresultErrorField(refused.get(), PG_DIAG_MESSAGE_PRIMARY), "permission denied for database postgres");
  auto b = connect_with(subscriber_.conninfo() + " user=rb");
  auto created = exec(b.get(), create);
  ASSERT_EQ(PQresultStatus(created.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(created.get());
  local_exec("GRANT rc TO rb");
  auto given = exec(b.get(), "ALTER SUBSCRIPTION sub OWNER TO rc");
  EXPECT_EQ(PQresultStatus(given.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(given.get());
  auto stranger = connect_with(subscriber_.conninfo() + " user=ra");
  auto not_owner = exec(stranger.get(), "DROP SUBSCRIPTION sub");
  EXPECT_STREQ(PQresultErrorField(not_owner.get(), PG_DIAG_MESSAGE_PRIMARY), "must be owner of subscription sub");
  local_exec("CREATE ROLE rd; GRANT rd TO rc");
  auto onward = exec(c.get(), "ALTER SUBSCRIPTION sub OWNER TO rd");  // rc has no CREATE on postgres
  EXPECT_STREQ(PQresultErrorField(onward.get(), PG_DIAG_MESSAGE_PRIMARY), "permission denied for database postgres");
}

}  // namespace
}  // namespace tributary::integration
