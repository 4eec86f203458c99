// 011_generated: publishers' stored generated columns, as PostgreSQL's own
// 011_generated checks them. Before PostgreSQL 18, and on 18 with the default
// publish_generated_columns = none, a generated column is neither streamed nor
// copied: the local column of that name is a plain one and takes its local
// default, on INSERT and in the initial copy, and keeps it on UPDATE. A PG 18
// publication with publish_generated_columns = stored sends the computed values,
// which land in the plain local column. (Local generated columns are refused by
// CREATE TABLE here; a local generated column that would receive published values
// fails the apply with PostgreSQL 18's `has incompatible generated column`,
// covered by test_apply_sink.)
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

class Generated : public ReplicationTest {};

TEST_F(Generated, APublishersGeneratedColumnIsNotSentAndTheLocalColumnTakesItsDefault) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b int, g int GENERATED ALWAYS AS (b * 2) STORED);"
                  "INSERT INTO t (a, b) VALUES (1, 10);"
                  "CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY, b int, g int DEFAULT -1)");
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1")) << "the initial copy";
  publisher_.exec("INSERT INTO t (a, b) VALUES (2, 20); UPDATE t SET b = 11 WHERE a = 1");
  ASSERT_TRUE(wait_local("SELECT group_concat(a || ':' || b || ':' || g, ',') FROM (SELECT * FROM t ORDER BY a)",
                         "1:11:-1,2:20:-1"));
  EXPECT_EQ(publisher_rows("SELECT g FROM t ORDER BY a"), (std::vector<std::string>{"22", "40"}))
      << "the publisher computed them; they were not sent";
}

TEST_F(Generated, PublishGeneratedColumnsStoredSendsTheValuesIntoAPlainLocalColumn) {
  if (publisher_.server_version_num() < 180000)
    GTEST_SKIP() << "publish_generated_columns is PostgreSQL 18's";
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b int, g int GENERATED ALWAYS AS (b * 2) STORED);"
                  "INSERT INTO t (a, b) VALUES (1, 10);"
                  "CREATE PUBLICATION pub FOR TABLE t WITH (publish_generated_columns = stored)");
  local_exec("CREATE TABLE t (a int PRIMARY KEY, b int, g int DEFAULT -1)");
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  ASSERT_TRUE(wait_local("SELECT group_concat(a || ':' || g) FROM t", "1:20")) << "copied with its value";
  publisher_.exec("INSERT INTO t (a, b) VALUES (2, 20); UPDATE t SET b = 11 WHERE a = 1");
  ASSERT_TRUE(wait_local("SELECT group_concat(a || ':' || b || ':' || g, ',') FROM (SELECT * FROM t ORDER BY a)",
                         "1:11:22,2:20:40"));
}

TEST_F(Generated, PublishGeneratedColumnsStoredNeedsTheLocalColumn) {
  if (publisher_.server_version_num() < 180000)
    GTEST_SKIP() << "publish_generated_columns is PostgreSQL 18's";
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, g int GENERATED ALWAYS AS (a * 2) STORED);"
                  "CREATE PUBLICATION pub FOR TABLE t WITH (publish_generated_columns = stored)");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  auto r = local_try("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() +
                     "' PUBLICATION pub WITH (copy_data = false)");
  ASSERT_EQ(PQresultStatus(r.get()), PGRES_FATAL_ERROR);
  EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_SQLSTATE), "55000");
  EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY),
               "logical replication target relation \"public.t\" is missing replicated column: \"g\"");
}

}  // namespace
}  // namespace tributary::integration
