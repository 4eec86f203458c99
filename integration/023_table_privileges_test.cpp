// 023_table_privileges: GRANT / REVOKE on tables, table ownership and the
// 42501 every statement gets without the privilege it needs — each statement
// run as the same role on PostgreSQL 15 (the fixture's publisher, used as a
// plain server) and on Tributary, every answer compared (SQLSTATE, message,
// tag, rows, notices).
#include <gtest/gtest.h>

#include "integration/differential_test.hpp"
#include "integration/role_sessions.hpp"

namespace tributary::integration {
namespace {

class TablePrivileges : public RoleDifferentialTest {
protected:
  void SetUp() override {
    RoleDifferentialTest::SetUp();
    both("CREATE ROLE ra LOGIN; CREATE ROLE rb LOGIN; CREATE ROLE rgroup; GRANT rgroup TO rb; "
         "CREATE TABLE t (id integer PRIMARY KEY, v text); CREATE TABLE u (id integer, w text); "
         "INSERT INTO t VALUES (1, 'one'), (2, 'two'); INSERT INTO u VALUES (1, 'uno')");
  }
};

TEST_F(TablePrivileges, EachStatementNeedsItsPrivilegeAndGetsItFromGrant) {
  auto a = as("ra");
  for (const char* sql : {"SELECT * FROM t", "SELECT count(*) FROM t", "INSERT INTO t VALUES (3, 'three')",
                          "UPDATE t SET v = 'x'", "DELETE FROM t", "TRUNCATE t", "COPY t TO STDOUT"})
    a.same(sql);
  both("GRANT SELECT ON t TO ra");
  for (const char* sql : {"SELECT * FROM t ORDER BY id", "SELECT count(*) FROM t",
                          "INSERT INTO t VALUES (3, 'three')", "UPDATE t SET v = 'x' WHERE id = 1"})
    a.same(sql);
  both("GRANT INSERT, UPDATE ON TABLE t TO ra");
  for (const char* sql : {"INSERT INTO t VALUES (3, 'three')", "UPDATE t SET v = v || '!' WHERE id = 3",
                          "INSERT INTO t VALUES (4, 'four') RETURNING id", "DELETE FROM t WHERE id = 4",
                          "SELECT * FROM t ORDER BY id"})
    a.same(sql);
  both("REVOKE SELECT ON t FROM ra");
  for (const char* sql : {"UPDATE t SET v = 'y' WHERE id = 1",  // reading id needs SELECT
                          "UPDATE t SET v = 'y'",              // an UPDATE that reads nothing does not
                          "INSERT INTO t VALUES (5, 'five') RETURNING v", "INSERT INTO t VALUES (5, 'five')"})
    a.same(sql);
  both("GRANT DELETE, TRUNCATE ON t TO PUBLIC");
  for (const char* sql : {"DELETE FROM t", "TRUNCATE t"})
    a.same(sql);
  // CASCADE: each table it adds needs TRUNCATE too (after its NOTICE).
  both("CREATE TABLE tref (id integer REFERENCES t (id))");
  a.same("TRUNCATE t CASCADE");
  both("GRANT TRUNCATE ON tref TO ra");
  a.same("TRUNCATE t CASCADE");
}

TEST_F(TablePrivileges, EveryTableAQueryReadsNeedsSelect) {
  both("GRANT SELECT ON t TO ra");
  auto a = as("ra");
  for (const char* sql : {
           "SELECT 1 FROM t JOIN u USING (id)",  // SQLite's authorizer does not see u here
           "SELECT 1 FROM t NATURAL JOIN u",
           "SELECT * FROM t WHERE id IN (SELECT id FROM u)",
           "SELECT (SELECT count(*) FROM u)",
           "WITH u AS (SELECT 1 AS id) SELECT * FROM t JOIN u USING (id)",  // u is the CTE
           "INSERT INTO t SELECT * FROM u",  // the target's INSERT is checked first
           "EXPLAIN SELECT 1 FROM t JOIN u USING (id)",
       })
    a.same(sql);
  both("GRANT INSERT ON t TO ra");
  a.same("INSERT INTO t SELECT id + 10, w FROM u");
}

TEST_F(TablePrivileges, PrivilegesOfInheritedRolesAndPublicCount) {
  both("GRANT SELECT ON u TO rgroup; GRANT SELECT ON t TO PUBLIC");
  auto b = as("rb");
  b.same("SELECT * FROM u");
  b.same("SELECT * FROM t ORDER BY id");
  both("ALTER ROLE rb NOINHERIT");
  b.same("SELECT * FROM u");
  b.same("SET ROLE rgroup");
  b.same("SELECT * FROM u");
}

TEST_F(TablePrivileges, GrantAndRevokeAnswerAsPostgres) {
  auto s = as_superuser();
  for (const char* sql : {
           "GRANT SELECT ON nosuch TO ra",
           "GRANT SELECT ON t TO nosuch",
           "GRANT USAGE ON t TO ra",
           "GRANT SELECT ON ALL TABLES IN SCHEMA nosuch TO ra",
           "GRANT SELECT ON t TO PUBLIC WITH GRANT OPTION",
           "GRANT SELECT ON ALL TABLES IN SCHEMA public TO ra WITH GRANT OPTION",
           "GRANT ALL PRIVILEGES ON u TO rb",
           "REVOKE GRANT OPTION FOR SELECT ON t FROM ra",
       })
    s.same(sql);
  for (const char* sql : {
           "SELECT has_table_privilege('ra', 't', 'SELECT'), has_table_privilege('rb', 'u', 'insert'), "
           "has_table_privilege('ra', 'u', ' select WITH GRANT OPTION'), has_table_privilege('t', 'DELETE'), "
           "has_table_privilege('rb', 't', 'update, delete')",
           "SELECT has_table_privilege('ra', 'nosuch', 'SELECT')",
           "SELECT has_table_privilege('nosuch', 't', 'SELECT')",
           "SELECT has_table_privilege('t', 'insert , FLY ')",
           "SELECT has_table_privilege('pg_class', 'SELECT')",
       })
    s.same(sql);
  auto a = as("ra");
  for (const char* sql : {
           "GRANT SELECT ON u TO rb",   // ra holds SELECT on u WITH GRANT OPTION
           "GRANT INSERT ON u TO rb",   // WARNING: no privileges were granted
           "GRANT SELECT, INSERT ON u TO rb",  // WARNING: not all privileges were granted
           "GRANT ALL ON u TO rb",      // no WARNING for ALL
           "REVOKE SELECT ON u FROM rb",
           "GRANT SELECT ON t TO rb",   // no grant option on t
       })
    a.same(sql);
  both("CREATE TABLE w (x integer)");
  a.same("GRANT SELECT ON w TO rb");  // no privilege at all on w: an error
  s.same("DROP ROLE ra");             // 2BP01: privileges for table t, u
}

TEST_F(TablePrivileges, OnlyTheOwnerAltersOrDropsAndOwnerToMovesTheGrants) {
  both("GRANT SELECT ON t TO rb");
  auto a = as("ra");
  for (const char* sql : {"DROP TABLE t", "ALTER TABLE t ADD COLUMN c integer", "CREATE INDEX ON t (v)",
                          "ALTER TABLE t RENAME TO t2", "ALTER TABLE t OWNER TO ra",
                          "COMMENT ON TABLE t IS 'mine'", "COMMENT ON COLUMN t.v IS 'mine'"})
    a.same(sql);
  auto s = as_superuser();
  s.same("ALTER TABLE t OWNER TO ra");
  for (const char* sql : {"ALTER TABLE t ADD COLUMN c integer", "GRANT UPDATE ON t TO rb",
                          "ALTER TABLE t OWNER TO rb", "SELECT * FROM t ORDER BY id"})
    a.same(sql);
  auto b = as("rb");
  b.same("UPDATE t SET c = id WHERE id = 1");
  b.same("DROP TABLE t");
  a.same("DROP TABLE t");
}

TEST_F(TablePrivileges, RevokingAGrantOptionCascadesOnlyWhenAsked) {
  both("GRANT SELECT, UPDATE ON t TO ra WITH GRANT OPTION");
  as("ra").same("GRANT SELECT, UPDATE ON t TO rb WITH GRANT OPTION");
  as("rb").same("GRANT SELECT ON t TO rgroup");
  const std::string held =
      "SELECT has_table_privilege('ra', 't', 'SELECT'), has_table_privilege('ra', 't', 'UPDATE'), "
      "has_table_privilege('ra', 't', 'UPDATE WITH GRANT OPTION'), has_table_privilege('rb', 't', 'UPDATE'), "
      "has_table_privilege('rb', 't', 'SELECT'), has_table_privilege('rgroup', 't', 'SELECT')";
  auto s = as_superuser();
  for (const char* sql : {"REVOKE GRANT OPTION FOR SELECT ON t FROM ra",  // 2BP01 dependent privileges exist
                          "REVOKE SELECT ON t FROM ra RESTRICT", "REVOKE GRANT OPTION FOR UPDATE ON t FROM ra CASCADE"})
    s.same(sql);
  s.same(held);
  s.same("REVOKE SELECT ON t FROM ra CASCADE");  // and rb's, and rgroup's from rb
  s.same(held);
}

// Column privileges: a role granted SELECT (id) reads that column only, UPDATE
// (v) updates that one; has_column_privilege answers from them; a table-level
// REVOKE takes the columns' privileges too.
TEST_F(TablePrivileges, ColumnPrivilegesGrantSomeColumnsOnly) {
  auto s = as_superuser();
  for (const char* sql : {"GRANT SELECT (id), UPDATE (v) ON t TO ra", "GRANT DELETE (id) ON t TO ra",
                          "GRANT SELECT (nosuch) ON t TO ra", "GRANT SELECT (id) ON SCHEMA public TO ra"})
    s.same(sql);
  auto a = as("ra");
  for (const char* sql : {"SELECT id FROM t ORDER BY id", "SELECT v FROM t", "SELECT * FROM t", "SELECT count(*) FROM t",
                          "UPDATE t SET v = 'x' WHERE id = 1", "UPDATE t SET id = 5", "UPDATE t SET v = v || 'y'",
                          "INSERT INTO t (id) VALUES (9)", "SELECT * FROM u",
                          "SELECT has_column_privilege('t', 'id', 'SELECT'), has_column_privilege('t', 'v', 'SELECT'), "
                          "has_column_privilege('t', 'v', 'UPDATE'), has_column_privilege('ra', 't', 'id', 'SELECT WITH GRANT OPTION'), "
                          "has_table_privilege('t', 'SELECT')",
                          "SELECT has_column_privilege('t', 'nosuch', 'SELECT')",
                          "GRANT SELECT (id) ON t TO rb"})
    a.same(sql);
  s.same("GRANT INSERT (id, v) ON t TO ra WITH GRANT OPTION");
  for (const char* sql : {"INSERT INTO t (id, v) VALUES (3, 'three')", "INSERT INTO t VALUES (4, 'four')",
                          "GRANT INSERT (v) ON t TO rb", "SELECT id FROM t ORDER BY id"})
    a.same(sql);
  // information_schema.column_privileges as a role sees it (the grantor, each
  // server's superuser, is named differently: left out).
  const char* column_privileges =
      "SELECT grantee, table_name, column_name, privilege_type, is_grantable FROM information_schema.column_privileges "
      "WHERE table_name IN ('t', 'u') ORDER BY 1, 2, 3, 4";
  a.same(column_privileges);
  a.same("SELECT grantor, grantee, column_name, privilege_type FROM information_schema.column_privileges "
         "WHERE grantor = 'ra' ORDER BY 1, 2, 3, 4");
  as("rb").same(column_privileges);
  s.same("REVOKE SELECT ON t FROM ra");
  a.same("SELECT id FROM t");
  // pg_attribute.attacl (the grantor, each server's superuser, is named differently).
  EXPECT_NE(local_value("SELECT attacl FROM pg_attribute WHERE attrelid = 't'::regclass AND attname = 'v'").find("ra=a*w/"),
            std::string::npos);
  EXPECT_NE(local_value("SELECT attacl FROM pg_attribute WHERE attrelid = 't'::regclass AND attname = 'v'").find("rb=a/ra"),
            std::string::npos);
  a.same("SELECT has_column_privilege('t', 'id', 'SELECT'), has_column_privilege('t', 'v', 'INSERT')");
  s.same("DROP ROLE rb");  // 2BP01: privileges for column v of table t
}

// Without a column list INSERT names the first columns (as many as it gives
// values for), COPY every column: privileges on those columns are enough. A
// view's owner reads through its column privileges too; an owner may revoke
// its own privileges and is then refused like anyone.
TEST_F(TablePrivileges, ColumnPrivilegesCoverStatementsWithoutAColumnList) {
  auto s = as_superuser();
  for (const char* sql : {"CREATE TABLE c3 (a integer, b text, c integer)",
                          "GRANT INSERT (a, b), SELECT (a, b) ON c3 TO ra", "GRANT CREATE ON SCHEMA public TO ra"})
    s.same(sql);
  auto a = as("ra");
  for (const char* sql : {"INSERT INTO c3 VALUES (1, 'x')", "INSERT INTO c3 VALUES (2, 'y', 3)",
                          "INSERT INTO c3 SELECT 3, 'z'", "INSERT INTO c3 SELECT 3, 'z', 5", "INSERT INTO c3 VALUES (4)",
                          "INSERT INTO c3 DEFAULT VALUES", "COPY c3 TO STDOUT",
                          "COPY c3 FROM STDIN", "SELECT a, b FROM c3 ORDER BY a"})
    a.same(sql);
  s.same("GRANT SELECT (c) ON c3 TO ra");
  {  // SELECT on every column: COPY starts on both (the connections end in COPY OUT)
    auto copy = as("ra");
    EXPECT_EQ(PQresultStatus(exec(copy.mine.get(), "COPY c3 TO STDOUT").get()), PGRES_COPY_OUT);
    EXPECT_EQ(PQresultStatus(exec(copy.theirs.get(), "COPY c3 TO STDOUT").get()), PGRES_COPY_OUT);
  }
  for (const char* sql : {"CREATE VIEW cv AS SELECT a, b FROM c3", "CREATE VIEW cv2 AS SELECT v FROM t",
                          "GRANT SELECT ON cv, cv2 TO rb"})
    a.same(sql);
  auto b = as("rb");
  for (const char* sql : {"SELECT * FROM cv ORDER BY a", "SELECT * FROM cv2"})
    b.same(sql);
  s.same("ALTER TABLE u OWNER TO ra");
  for (const char* sql : {"REVOKE SELECT ON u FROM ra", "SELECT w FROM u", "INSERT INTO u VALUES (2, 'dos')",
                          "SELECT relacl FROM pg_class WHERE relname = 'u'", "GRANT SELECT ON u TO ra",
                          "SELECT w FROM u ORDER BY id", "REVOKE ALL ON u FROM ra", "TRUNCATE u",
                          "SELECT relacl FROM pg_class WHERE relname = 'u'",
                          "SELECT has_table_privilege('u', 'SELECT'), has_table_privilege('u', 'SELECT WITH GRANT OPTION')",
                          "ALTER TABLE u ADD COLUMN z integer", "DROP VIEW cv2", "DROP VIEW cv"})
    a.same(sql);
  // Once the last is revoked a column's attacl is NULL again (PostgreSQL 15's ExecGrant_Attribute).
  s.same("REVOKE ALL (a, b, c) ON c3 FROM ra");
  s.same("SELECT attname, attacl FROM pg_attribute WHERE attrelid = 'c3'::regclass AND attnum > 0 ORDER BY attnum");
}

// A view runs with its owner's privileges on what it reads (PostgreSQL's
// security_invoker = false); its reader needs SELECT on the view.
TEST_F(TablePrivileges, AViewReadsWithItsOwnersPrivileges) {
  both("GRANT SELECT ON t TO ra; GRANT CREATE ON SCHEMA public TO ra, rb");
  auto a = as("ra");
  auto b = as("rb");
  for (const char* sql : {"CREATE VIEW va AS SELECT id, v FROM t", "CREATE VIEW vu AS SELECT * FROM u"})
    a.same(sql);
  for (const char* sql : {"SELECT * FROM va", "SELECT has_table_privilege('va', 'SELECT')", "DROP VIEW va",
                          "CREATE OR REPLACE VIEW va AS SELECT 1 AS id, 'x' AS v"})
    b.same(sql);
  for (const char* sql : {"GRANT SELECT ON va, vu TO rb", "SELECT * FROM vu",
                          "SELECT relname, relacl FROM pg_class WHERE relname IN ('va', 'vu') ORDER BY 1"})
    a.same(sql);
  for (const char* sql : {"SELECT * FROM va ORDER BY id", "SELECT * FROM t", "SELECT count(*) FROM vu"})
    b.same(sql);
  a.same("DROP VIEW vu");
  a.same("DROP VIEW va");
}

}  // namespace
}  // namespace tributary::integration
