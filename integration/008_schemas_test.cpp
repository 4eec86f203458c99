// 008_schemas: a publisher's tables in several schemas replicate into the local
// tables of the same schema and name (spec: same schema and table name), kept
// apart from the public table of the same name; CREATE/DROP SCHEMA as PostgreSQL.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

class Schemas : public ReplicationTest {};

TEST_F(Schemas, SameNamedTablesOfTwoSchemasReplicateApart) {
  publisher_.exec(
      "CREATE SCHEMA sales; CREATE TABLE orders (id int PRIMARY KEY, note text);"
      "CREATE TABLE sales.orders (id int PRIMARY KEY, amount numeric(12,2));"
      "INSERT INTO orders VALUES (1, 'public one'); INSERT INTO sales.orders VALUES (1, 10.50);"
      "CREATE PUBLICATION pub FOR TABLE orders, sales.orders");
  local_exec("CREATE SCHEMA sales");
  local_exec("CREATE TABLE orders (id int PRIMARY KEY, note text)");
  local_exec("CREATE TABLE sales.orders (id int PRIMARY KEY, amount numeric(12,2))");
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM pg_subscription_rel WHERE srsubstate = 'r'", "2"));
  // srrelid is the local table's pg_class oid, as on a PostgreSQL subscriber.
  EXPECT_EQ(local_rows("SELECT srrelid::regclass::text FROM pg_subscription_rel ORDER BY 1"),
            (std::vector<std::string>{"orders", "sales.orders"}));
  EXPECT_EQ(local_rows("SELECT n.nspname || '.' || c.relname FROM pg_subscription_rel r JOIN pg_class c ON "
                       "c.oid = r.srrelid JOIN pg_namespace n ON n.oid = c.relnamespace ORDER BY 1"),
            (std::vector<std::string>{"public.orders", "sales.orders"}));
  EXPECT_EQ(local_rows("SELECT * FROM sales.orders"), (std::vector<std::string>{"1|10.50"}));
  EXPECT_EQ(local_rows("SELECT * FROM orders"), (std::vector<std::string>{"1|public one"}));

  publisher_.exec("INSERT INTO sales.orders VALUES (2, 3.00); UPDATE sales.orders SET amount = 11 "
                  "WHERE id = 1; INSERT INTO orders VALUES (2, 'public two'); DELETE FROM orders "
                  "WHERE id = 1");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM orders WHERE id = 2", "1"));
  ASSERT_TRUE(wait_local("SELECT count(*) FROM sales.orders", "2"));
  EXPECT_EQ(local_rows("SELECT id, amount FROM sales.orders ORDER BY id"),
            (std::vector<std::string>{"1|11.00", "2|3.00"}));
  EXPECT_EQ(local_rows("SELECT * FROM public.orders"), (std::vector<std::string>{"2|public two"}));

  publisher_.exec("TRUNCATE sales.orders");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM sales.orders", "0"));
  EXPECT_EQ(local_value("SELECT count(*) FROM orders"), "1");
}

TEST_F(Schemas, AMissingLocalSchemaTableFailsTheSubscriptionNamingIt) {
  publisher_.exec("CREATE SCHEMA sales; CREATE TABLE sales.orders (id int PRIMARY KEY);"
                  "CREATE PUBLICATION pub FOR TABLE sales.orders");
  local_exec("CREATE TABLE orders (id int PRIMARY KEY)");
  auto r = local_try("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() +
                     "' PUBLICATION pub WITH (copy_data = false)");
  EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_SQLSTATE), "55000");
  EXPECT_STREQ(PQresultErrorMessage(r.get()),
               "ERROR:  logical replication target relation \"sales.orders\" does not exist\n");
}

TEST_F(Schemas, CreateAndDropSchemaFollowPostgreSQL) {
  auto create_missing = local_try("CREATE TABLE nosuch.t (a int)");
  EXPECT_STREQ(PQresultErrorField(create_missing.get(), PG_DIAG_SQLSTATE), "3F000");
  EXPECT_STREQ(PQresultErrorField(create_missing.get(), PG_DIAG_MESSAGE_PRIMARY),
               "schema \"nosuch\" does not exist");
  local_exec("CREATE SCHEMA s");
  auto again = local_try("CREATE SCHEMA s");
  EXPECT_STREQ(PQresultErrorField(again.get(), PG_DIAG_SQLSTATE), "42P06");
  local_exec("CREATE TABLE s.a (x int); CREATE TABLE s.b (y text)");
  local_exec("INSERT INTO s.a VALUES (1)");
  auto restrict_drop = local_try("DROP SCHEMA s");
  EXPECT_STREQ(PQresultErrorField(restrict_drop.get(), PG_DIAG_SQLSTATE), "2BP01");
  EXPECT_STREQ(PQresultErrorField(restrict_drop.get(), PG_DIAG_MESSAGE_DETAIL),
               "table s.a depends on schema s\ntable s.b depends on schema s");
  EXPECT_EQ(local_value("SELECT x FROM s.a"), "1") << "RESTRICT dropped nothing";
  local_exec("DROP SCHEMA s CASCADE");
  auto gone = local_try("SELECT * FROM s.a");
  EXPECT_STREQ(PQresultErrorField(gone.get(), PG_DIAG_SQLSTATE), "42P01");
  auto missing = local_try("DROP SCHEMA s");
  EXPECT_STREQ(PQresultErrorField(missing.get(), PG_DIAG_SQLSTATE), "3F000");
}

}  // namespace
}  // namespace tributary::integration
