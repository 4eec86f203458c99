// 047_postgres_tools_regproc: a function's name and OID both ways, as PostgreSQL
// 15's regproc and regprocedure read and print them (issue 12), compared with the
// fixture's publisher: 'name'::regproc, 'name(types)'::regprocedure, a column of
// function OIDs printed ::regproc / ::regprocedure (pg_trigger.tgfoid), and their
// errors; pg_get_functiondef and psql's \sf, which read a function by its name so.
// Same fixture as 047_postgres_tools_test.cpp.
#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

TEST_F(PostgresTools, RegprocAndRegprocedureNameFunctionsAsPostgres) {
  expect_same_answers({
      "CREATE TABLE rp_t (id int PRIMARY KEY, amount numeric)",
      "CREATE FUNCTION rp_check() RETURNS trigger LANGUAGE plpgsql AS "
      "$$ BEGIN IF NEW.amount < 0 THEN RAISE EXCEPTION 'negative'; END IF; RETURN NEW; END $$",
      "CREATE TRIGGER rp_trg BEFORE INSERT ON rp_t FOR EACH ROW EXECUTE FUNCTION rp_check()",
      // A column of OIDs prints the function's name; ::text too.
      "SELECT tgname, tgfoid::regproc, tgfoid::regprocedure, tgfoid::regproc::text, tgfoid::regprocedure::text "
      "FROM pg_trigger WHERE tgname = 'rp_trg'",
      // A name (optionally qualified) or a signature is the function's OID.
      "SELECT 'rp_check'::regproc = (SELECT oid FROM pg_proc WHERE proname = 'rp_check'), "
      "'public.rp_check'::regproc::oid = (SELECT oid FROM pg_proc WHERE proname = 'rp_check')",
      "SELECT 'rp_check()'::regprocedure = (SELECT oid FROM pg_proc WHERE proname = 'rp_check'), "
      "'public.rp_check( )'::regprocedure::oid > 0",
      "SELECT proname FROM pg_proc WHERE oid = 'rp_check'::regproc",
      "SELECT 'plpgsql_validator(oid)'::regprocedure::oid, 'plpgsql_validator'::regproc, "
      "'plpgsql_validator'::regproc::oid",
      "SELECT 0::regproc, 0::regprocedure::text, pg_typeof('rp_check'::regproc)",
      "SELECT pg_get_functiondef('rp_check'::regproc), pg_get_functiondef(0), pg_get_functiondef(99999999)",
      "SELECT proname, pg_get_functiondef(oid) FROM pg_proc WHERE proname LIKE 'plpgsql%' ORDER BY 1",
      // PostgreSQL's errors.
      "SELECT 'nosuch'::regproc",
      "SELECT 'rp_check(int)'::regprocedure",
      "SELECT 'rp_check(nosuchtype)'::regprocedure",
  });
  auto theirs = on_postgresql("psql", {"-X", "-d", "postgres", "-c", "\\sf rp_check", "-c", "\\sf+ rp_check"});
  auto mine = on_tributary("psql", {"-X", "-d", "postgres", "-c", "\\sf rp_check", "-c", "\\sf+ rp_check"});
  EXPECT_NE(theirs.text.find("CREATE OR REPLACE FUNCTION public.rp_check()"), std::string::npos) << theirs.text;
  EXPECT_EQ(mine.text, theirs.text);
  expect_same_answers({"DROP TABLE rp_t", "DROP FUNCTION rp_check()"});
}

}  // namespace
}  // namespace tributary::integration
