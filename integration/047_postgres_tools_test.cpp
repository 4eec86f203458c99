// 047_postgres_tools: PostgreSQL 15's own programs against Tributary (issue 12):
// pg_settings and SHOW ALL as psql's \dconfig reads them, psql's \gdesc (and
// VALUES lists), pg_isready, createdb / dropdb, vacuumdb, and what pgAdmin and
// DBeaver send when they connect, psql's \watch. Constraints are in
// 047_postgres_tools_constraints_test.cpp, catalog rows (COMMENT ON,
// information_schema, domains, triggers) in 047_postgres_tools_catalog_rows_test.cpp,
// views in 047_postgres_tools_views_test.cpp, pg_dumpall, pg_dump and pgbench in
// 047_postgres_tools_dump_test.cpp. Where the output is deterministic it is compared
// with the same program's output against a PostgreSQL 15 (the fixture's publisher,
// not replicating here).
#include <fstream>

#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

TEST_F(PostgresTools, PgSettingsDescribesParametersAsPostgres) {
  // What PostgreSQL says about each parameter both servers have.
  const std::string described =
      "SELECT name, unit, category, short_desc, extra_desc, context, vartype, min_val, max_val, enumvals "
      "FROM pg_catalog.pg_settings WHERE name IN ('statement_timeout', 'lock_timeout', 'work_mem', "
      "'DateStyle', 'IntervalStyle', 'TimeZone', 'extra_float_digits', 'bytea_output', 'search_path', "
      "'client_min_messages', 'default_transaction_isolation', 'enable_seqscan', 'port', "
      "'wal_receiver_timeout', 'max_connections', 'random_page_cost', 'application_name') ORDER BY name";
  // Values in the unit column's unit, and where they come from.
  expect_same_answers({
      described,
      "SELECT name, setting, unit, source, boot_val, reset_val FROM pg_settings "
      "WHERE name IN ('statement_timeout', 'work_mem', 'extra_float_digits', 'enable_seqscan', "
      "'wal_receiver_timeout', 'bytea_output') ORDER BY name",
      "SET statement_timeout = '2min'",
      "SET work_mem = '64MB'",
      "SELECT name, setting, unit, source, boot_val, reset_val FROM pg_settings "
      "WHERE name IN ('statement_timeout', 'work_mem') ORDER BY name",
      "SELECT current_setting(name) FROM pg_settings WHERE name = 'statement_timeout'",
      "RESET ALL",
      "SELECT name, setting, source FROM pg_settings WHERE name IN ('statement_timeout', 'work_mem') ORDER BY 1",
      // Hidden as in PostgreSQL.
      "SELECT count(*) FROM pg_settings WHERE name IN ('is_superuser', 'session_authorization')",
      // pg_dump's first catalog read (an empty answer: neither server has this one set).
      "SELECT set_config(name, 'view, foreign-table', false) FROM pg_settings "
      "WHERE name = 'restrict_nonsystem_relation_kind' AND false",
      "SELECT name, setting FROM pg_settings WHERE name = 'no_such_parameter'",
  });
}

TEST_F(PostgresTools, ShowAllAndDconfigAsPostgres) {
  // SHOW ALL: name, setting (as SHOW prints it), description; the rows of the
  // parameters both servers have are PostgreSQL's.
  auto postgres = publisher_.connect();
  pg_result theirs(PQexec(postgres.get(), "SHOW ALL"));
  pg_result mine(local_try("SHOW ALL"));
  ASSERT_EQ(PQresultStatus(mine.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(mine.get());
  ASSERT_EQ(PQnfields(mine.get()), 3);
  for (int c = 0; c < 3; ++c)
    EXPECT_STREQ(PQfname(mine.get(), c), PQfname(theirs.get(), c));
  std::map<std::string, std::string> reference;
  for (int r = 0; r < PQntuples(theirs.get()); ++r)
    reference[PQgetvalue(theirs.get(), r, 0)] =
        std::string(PQgetvalue(theirs.get(), r, 1)) + "|" + PQgetvalue(theirs.get(), r, 2);
  int compared = 0;
  std::string previous;
  for (int r = 0; r < PQntuples(mine.get()); ++r) {
    const std::string name = PQgetvalue(mine.get(), r, 0);
    EXPECT_NE(name, "is_superuser");
    EXPECT_NE(name, "session_authorization");
    for (const char* same : {"work_mem", "statement_timeout", "IntervalStyle", "enable_seqscan", "bytea_output",
                             "wal_receiver_timeout", "max_connections", "random_page_cost"})
      if (name == same) {
        ++compared;
        EXPECT_EQ(std::string(PQgetvalue(mine.get(), r, 1)) + "|" + PQgetvalue(mine.get(), r, 2), reference[name])
            << name;
      }
    previous = name;
  }
  EXPECT_EQ(compared, 8);

  // psql's \dconfig reads pg_settings and pg_parameter_acl; \dx lists plpgsql
  // (pg_extension and its pg_description row), \dx+ its members (pg_depend,
  // pg_describe_object), \dL the language (pg_language; owned by the bootstrap
  // superuser, which is this test's user on Tributary and postgres there).
  for (const char* command :
       {"\\dconfig+ work*", "\\dconfig+ enable_*", "\\dconfig bytea_output", "\\dx", "\\dx+", "\\dL"}) {
    auto theirs_out = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    auto mine_out = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-c", command});
    EXPECT_TRUE(theirs_out.succeeded) << theirs_out.text;
    const std::string owner = "|" + subscriber_.user() + "|";
    if (auto at = mine_out.text.find(owner); std::string(command) == "\\dL" && at != std::string::npos)
      mine_out.text.replace(at, owner.size(), "|postgres|");
    EXPECT_EQ(mine_out.text, theirs_out.text) << command;
  }
}

TEST_F(PostgresTools, PsqlGdescAndValuesListsAsPostgres) {
  // \gdesc: Parse + Describe of the query, then psql's own
  // SELECT ... format_type(tp, tpm) FROM (VALUES (...), ...) s(name, tp, tpm).
  const auto script = std::filesystem::temp_directory_path() /
                      ("tributary_047_gdesc_" + std::to_string(::getpid()) + ".sql");
  {
    std::ofstream out(script);
    out << "SELECT 1 AS a, 'x'::text AS b, now() AS c, 1.5::numeric(5,2) AS d, 'q' AS e, "
           "NULL::varchar(7) AS f \\gdesc\n";
  }
  auto theirs = on_postgresql("psql", {"-X", "-A", "-d", "postgres", "-f", script.string()});
  auto mine = on_tributary("psql", {"-X", "-A", "-d", "postgres", "-f", script.string()});
  std::filesystem::remove(script);
  ASSERT_NE(theirs.text.find("d|numeric(5,2)"), std::string::npos) << theirs.text;
  EXPECT_EQ(mine.text, theirs.text);
  expect_same_answers({
      "SELECT * FROM (VALUES (1, 'a'), (2, NULL)) v(n, t) ORDER BY 1",
      "VALUES (1), (2.5)",
      "VALUES ('x', 1)",
      "SELECT column1, column2 FROM (VALUES (1, true)) v",
      "SELECT * FROM (VALUES (1, 2), (3)) v",
      "SELECT * FROM (VALUES (1, 2)) v(a, b, c)",
  });
}

TEST_F(PostgresTools, PgIsreadyCreatedbAndDropdb) {
  auto ready = on_tributary("pg_isready", {});
  EXPECT_TRUE(ready.succeeded) << ready.status << "\n" << ready.text;
  EXPECT_EQ(ready.text, "127.0.0.1:" + std::to_string(subscriber_.port()) + " - accepting connections\n");

  // psql's \conninfo reads the connection's own parameters (no catalog query).
  auto connection = on_tributary("psql", {"-X", "-d", "postgres", "-c", "\\conninfo"});
  EXPECT_EQ(connection.text, "You are connected to database \"postgres\" as user \"" + subscriber_.user() +
                                 "\" on host \"127.0.0.1\" at port \"" + std::to_string(subscriber_.port()) + "\".\n");

  auto created = on_tributary("createdb", {"tools_db"});
  EXPECT_TRUE(created.succeeded) << created.text;
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_database WHERE datname = 'tools_db'"), "1");
  // The same refusals as PostgreSQL's, word for word (but for the program's path).
  for (const std::vector<std::string>& call :
       {std::vector<std::string>{"createdb", "tools_db"}, std::vector<std::string>{"dropdb", "no_such_db"}}) {
    if (call[0] == "createdb")
      ASSERT_TRUE(on_postgresql("createdb", {"tools_db"}).succeeded);
    auto theirs = on_postgresql(call[0], {call[1]});
    auto mine = on_tributary(call[0], {call[1]});
    EXPECT_FALSE(mine.succeeded) << mine.text;
    EXPECT_EQ(mine.text, theirs.text) << call[0] << " " << call[1];
  }
  // template0 and template1 are listed as PostgreSQL lists them; a new database
  // from either starts empty; another template, or dropping or creating one, is
  // refused with PostgreSQL's errors.
  expect_same_answers({"SELECT datname, datistemplate, encoding, datlocprovider, datconnlimit, "
                       "datacl IS NOT NULL AS acl FROM pg_database WHERE datname LIKE 'template_' ORDER BY 1"});
  auto from_template = on_tributary("createdb", {"-T", "template0", "tools_t0"});
  EXPECT_TRUE(from_template.succeeded) << from_template.text;
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_database WHERE datname = 'tools_t0'"), "1");
  EXPECT_TRUE(on_tributary("dropdb", {"tools_t0"}).succeeded);
  for (const std::vector<std::string>& call :
       {std::vector<std::string>{"createdb", "-T", "no_such_template", "tools_t1"},
        std::vector<std::string>{"createdb", "template1"}, std::vector<std::string>{"dropdb", "template1"},
        std::vector<std::string>{"dropdb", "template0"}}) {
    auto theirs = on_postgresql(call[0], std::vector<std::string>(call.begin() + 1, call.end()));
    auto mine = on_tributary(call[0], std::vector<std::string>(call.begin() + 1, call.end()));
    EXPECT_FALSE(mine.succeeded) << mine.text;
    EXPECT_EQ(mine.text, theirs.text) << call[0] << " " << call.back();
  }
  auto copied = on_tributary("createdb", {"-T", "tools_db", "tools_t2"});
  EXPECT_FALSE(copied.succeeded);
  EXPECT_NE(copied.text.find("is not supported by Tributary"), std::string::npos) << copied.text;
  auto dropped = on_tributary("dropdb", {"tools_db"});
  EXPECT_TRUE(dropped.succeeded) << dropped.text;
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_database WHERE datname = 'tools_db'"), "0");
  auto if_exists = on_tributary("dropdb", {"--if-exists", "tools_db"});
  EXPECT_TRUE(if_exists.succeeded) << if_exists.text;
  // vacuumdb lists the tables to vacuum (OPERATOR(pg_catalog.=) ANY (array[...])),
  // then VACUUM / ANALYZE each; --all lists the databases that allow connections.
  expect_same_answers({"CREATE TABLE vacuumed (id int PRIMARY KEY)"});
  for (const std::vector<std::string>& arguments :
       {std::vector<std::string>{"-d", "postgres"}, std::vector<std::string>{"-d", "postgres", "-z", "-t", "vacuumed"},
        std::vector<std::string>{"-d", "postgres", "--analyze-in-stages"}}) {
    auto mine = on_tributary("vacuumdb", arguments);
    EXPECT_TRUE(mine.succeeded) << mine.text;
    EXPECT_EQ(mine.text, on_postgresql("vacuumdb", arguments).text) << arguments.back();
  }
  auto all = on_tributary("vacuumdb", {"--all", "-z"});
  EXPECT_TRUE(all.succeeded) << all.text;
  EXPECT_NE(all.text.find("vacuumdb: vacuuming database \"postgres\""), std::string::npos) << all.text;
  expect_same_answers({"DROP TABLE vacuumed"});
}

TEST_F(PostgresTools, GuiClientsConnectQueriesAndWatchAsPostgres) {
  // What pgAdmin 4 sends when it connects (its psycopg3 driver's _initialize and
  // _set_user_info; the role's name differs: the bootstrap superuser is not
  // "postgres" here), and what DBeaver reads when it opens a PostgreSQL connection.
  expect_same_answers({
      "SET DateStyle=ISO; SET client_min_messages=notice; SELECT set_config('bytea_output','hex',false) "
      "FROM pg_settings WHERE name = 'bytea_output'; SET client_encoding='UTF8';",
      "SELECT version() LIKE 'PostgreSQL 15.%' AS fifteen",
      "SELECT db.oid = (SELECT oid FROM pg_database WHERE datname = 'postgres') AS did, db.datname, db.datallowconn, "
      "pg_encoding_to_char(db.encoding) AS serverencoding, has_database_privilege(db.oid, 'CREATE') as cancreate, "
      "datistemplate FROM pg_catalog.pg_database db WHERE db.datname = current_database()",
      "SELECT gss_authenticated, encrypted FROM pg_catalog.pg_stat_gssapi WHERE pid = pg_backend_pid()",
      "SELECT roles.rolsuper as is_superuser, CASE WHEN roles.rolsuper THEN true ELSE roles.rolcreaterole END as "
      "can_create_role, CASE WHEN roles.rolsuper THEN true ELSE roles.rolcreatedb END as can_create_db, "
      "CASE WHEN 'pg_signal_backend'=ANY(ARRAY(WITH RECURSIVE cte AS (SELECT pg_roles.oid,pg_roles.rolname "
      "FROM pg_roles WHERE pg_roles.oid = roles.oid UNION ALL SELECT m.roleid,pgr.rolname FROM cte cte_1 "
      "JOIN pg_auth_members m ON m.member = cte_1.oid JOIN pg_roles pgr ON pgr.oid = m.roleid) "
      "SELECT rolname FROM cte)) THEN True ELSE False END as can_signal_backend "
      "FROM pg_catalog.pg_roles as roles WHERE rolname = current_user",
      "SELECT CASE WHEN usesuper THEN pg_catalog.pg_is_in_recovery() ELSE FALSE END as inrecovery, "
      "CASE WHEN usesuper AND pg_catalog.pg_is_in_recovery() THEN pg_is_wal_replay_paused() ELSE FALSE END "
      "as isreplaypaused FROM pg_catalog.pg_user WHERE usename=current_user",
      "SELECT pg_is_wal_replay_paused()",
      // DBeaver.
      "SELECT current_database()",
      "SELECT db.datname FROM pg_catalog.pg_database db WHERE 1 = 1 AND datallowconn AND NOT datistemplate "
      "OR db.datname = 'postgres'",
      "SELECT count(*) FROM (SELECT db.oid,db.* FROM pg_catalog.pg_database db WHERE datname='postgres') x",
      "SELECT reset_val FROM pg_settings WHERE name = 'search_path'",
      "SELECT current_schema(), session_user = current_user",
      "SELECT n.nspname, d.description FROM pg_catalog.pg_namespace n LEFT OUTER JOIN pg_catalog.pg_description d "
      "ON d.objoid=n.oid AND d.objsubid=0 AND d.classoid='pg_namespace'::regclass ORDER BY nspname",
      "SHOW search_path",
      "SELECT t.typname, format_type(nullif(t.typbasetype, 0), t.typtypmod) AS base_type_name, c.relkind "
      "FROM pg_catalog.pg_type t LEFT OUTER JOIN pg_catalog.pg_type et ON et.oid=t.typelem "
      "LEFT OUTER JOIN pg_catalog.pg_class c ON c.oid=t.typrelid WHERE t.typname IN ('int4', '_text', 'numeric') "
      "AND (c.relkind IS NULL OR c.relkind = 'c') AND (et.typcategory IS NULL OR et.typcategory <> 'C') ORDER BY 1",
  });
  // psql's \watch runs the query again every interval until psql is stopped.
  const auto script = std::filesystem::temp_directory_path() /
                      ("tributary_047_watch_" + std::to_string(::getpid()) + ".sql");
  {
    std::ofstream out(script);
    out << "SELECT 41 + 1 AS answer\n\\watch 0.2\n";
  }
  const std::vector<std::string> argv = {(postgres_tools_bin / "psql").string(), "-X", "-A", "-h", "127.0.0.1",
                                         "-p", std::to_string(subscriber_.port()), "-U", subscriber_.user(),
                                         "-d", "postgres", "-f", script.string()};
  const auto log = std::filesystem::temp_directory_path() /
                   ("tributary_047_watch_" + std::to_string(::getpid()) + ".out");
  auto watched = run_client(argv, log, std::chrono::milliseconds(1500));
  std::filesystem::remove(log);
  std::filesystem::remove(script);
  size_t runs = 0;
  for (size_t at = watched.text.find("answer\n42\n(1 row)"); at != std::string::npos;
       at = watched.text.find("answer\n42\n(1 row)", at + 1))
    ++runs;
  EXPECT_GE(runs, 3u) << watched.text;
  EXPECT_EQ(watched.text.find("ERROR"), std::string::npos) << watched.text;
}

}  // namespace
}  // namespace tributary::integration
