// 013_partition: a partitioned table on the publisher, as PostgreSQL's own
// 013_partition checks it. With publish_via_partition_root = true its initial
// copy (one COPY of the root) and its changes arrive under the root's name, so
// one plain local table named like the root receives every partition's rows,
// also a row that an UPDATE moves to another partition. With false (the
// default) they arrive under each leaf partition's name, so each partition has
// its own local table; a row moved between partitions leaves one table for
// the other.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

class Partition : public ReplicationTest {
protected:
  void create_partitioned_table() {
    publisher_.exec("CREATE TABLE p (a int PRIMARY KEY, b text) PARTITION BY RANGE (a);"
                    "CREATE TABLE p1 PARTITION OF p FOR VALUES FROM (0) TO (100);"
                    "CREATE TABLE p2 PARTITION OF p FOR VALUES FROM (100) TO (200);"
                    "INSERT INTO p VALUES (1, 'one'), (150, 'one fifty')");
  }
  void create_subscription_with_copy() {
    local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  }
};

TEST_F(Partition, ViaRootEverythingArrivesUnderTheRootsName) {
  create_partitioned_table();
  publisher_.exec("CREATE PUBLICATION pub FOR TABLE p WITH (publish_via_partition_root = true)");
  local_exec("CREATE TABLE p (a int PRIMARY KEY, b text)");
  create_subscription_with_copy();
  EXPECT_EQ(local_value("SELECT group_concat(srrelname) FROM pg_subscription_rel"), "p");
  ASSERT_TRUE(wait_local("SELECT group_concat(a || b, ',') FROM (SELECT * FROM p ORDER BY a)",
                         "1one,150one fifty"))
      << "the copy reads the root: rows of both partitions";
  publisher_.exec("INSERT INTO p VALUES (2, 'two'), (160, 'one sixty');"
                  "UPDATE p SET a = 120 WHERE a = 1;"  // moves from p1 to p2
                  "DELETE FROM p WHERE a = 160; UPDATE p SET b = 'changed' WHERE a = 150");
  ASSERT_TRUE(wait_local("SELECT group_concat(a || b, ',') FROM (SELECT * FROM p ORDER BY a)",
                         "2two,120one,150changed"));
  publisher_.exec("TRUNCATE p");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM p", "0"));
}

TEST_F(Partition, WithoutViaRootEachPartitionArrivesUnderItsOwnName) {
  create_partitioned_table();
  publisher_.exec("CREATE PUBLICATION pub FOR TABLE p");
  local_exec("CREATE TABLE p1 (a int PRIMARY KEY, b text); CREATE TABLE p2 (a int PRIMARY KEY, b text)");
  create_subscription_with_copy();
  EXPECT_EQ(local_value("SELECT group_concat(srrelname) FROM "
                        "(SELECT srrelname FROM pg_subscription_rel ORDER BY 1)"),
            "p1,p2");
  ASSERT_TRUE(wait_local("SELECT (SELECT group_concat(a) FROM p1) || '/' || (SELECT group_concat(a) FROM p2)",
                         "1/150"));
  publisher_.exec("INSERT INTO p VALUES (2, 'two'); UPDATE p SET a = 120 WHERE a = 1");
  ASSERT_TRUE(wait_local("SELECT (SELECT group_concat(a) FROM p1) || '/' || "
                         "(SELECT group_concat(a, ',') FROM (SELECT a FROM p2 ORDER BY a))",
                         "2/120,150"))
      << "the moved row left p1 for p2";
  publisher_.exec("TRUNCATE p");
  ASSERT_TRUE(wait_local("SELECT (SELECT count(*) FROM p1) + (SELECT count(*) FROM p2)", "0"));
}

TEST_F(Partition, WithoutViaRootAPlainLocalTableNamedLikeTheRootIsNotEnough) {
  create_partitioned_table();
  publisher_.exec("CREATE PUBLICATION pub FOR TABLE p");
  local_exec("CREATE TABLE p (a int PRIMARY KEY, b text)");
  auto r = local_try("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() +
                     "' PUBLICATION pub WITH (copy_data = false)");
  ASSERT_EQ(PQresultStatus(r.get()), PGRES_FATAL_ERROR);
  EXPECT_NE(std::string(PQresultErrorMessage(r.get())).find("\"public.p1\""), std::string::npos)
      << PQresultErrorMessage(r.get());
}

}  // namespace
}  // namespace tributary::integration
