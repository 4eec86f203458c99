// 009_psql_catalog: psql 15's meta-commands read pg_catalog on Tributary as on
// PostgreSQL (issue 12). The same DDL runs on a PostgreSQL 15 (the fixture's
// publisher, not replicating here) and on Tributary; then the real psql runs each
// meta-command against both (unaligned output, so the width of the owner's name
// does not matter) and the outputs must be the same, with the owner's name (the
// connecting role, which differs between the two servers) written as <owner>.
// Error paths: a missing relation, and the system catalogs refuse writes.
#include <fstream>
#include <sstream>

#include "integration/process.hpp"
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

const char* const psql_binary = "/usr/lib/postgresql/15/bin/psql";

const std::vector<std::string> schema_ddl = {
    "CREATE TABLE orders (id int PRIMARY KEY, customer text NOT NULL, amount numeric(12,2) DEFAULT 0 "
    "CHECK (amount >= 0), note varchar(20), placed timestamptz, UNIQUE (customer, note))",
    // Foreign keys ("Foreign-key constraints:" / "Referenced by:") and checks.
    "CREATE TABLE lines (order_id int REFERENCES orders ON DELETE CASCADE, n int, qty int CHECK (qty > 0), "
    "sku varchar(10), CONSTRAINT lines_sku CHECK (sku <> '' AND sku IS NOT NULL), "
    "CONSTRAINT lines_pkey PRIMARY KEY (order_id, n))",
    "CREATE TABLE audit (line_order int, line_n int, FOREIGN KEY (line_order, line_n) REFERENCES lines)",
    "CREATE INDEX orders_amount_idx ON orders (amount)",
    "CREATE SCHEMA sales",
    "CREATE TABLE sales.items (a bigint, b text, c boolean NOT NULL)",
    "CREATE SEQUENCE s1",
};

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  if (from.empty())
    return text;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

class PsqlCatalogTest : public ReplicationTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ReplicationTest::SetUp());
    auto publisher = publisher_.connect();
    for (const auto& sql : schema_ddl) {
      local_exec(sql);
      auto r = exec(publisher.get(), sql);
      ASSERT_TRUE(succeeded(r.get())) << sql << "\n" << PQresultErrorMessage(r.get());
    }
  }

  // psql's output (stdout and stderr) for `command`, with `owner` as <owner>.
  std::string psql(const std::string& conninfo, const std::string& command, const std::string& owner) {
    const auto log = std::filesystem::temp_directory_path() /
                     ("tributary_009_psql_" + std::to_string(::getpid()) + ".out");
    std::filesystem::remove(log);
    process_options options;
    options.argv = {psql_binary, "-X", "-A", "-d", conninfo, "-c", command};
    options.environment = {"LC_ALL=C.UTF-8", "TZ=UTC", "PGTZ=UTC"};
    options.log_file = log;
    auto status = run_to_completion(options, std::chrono::seconds(30));
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    std::filesystem::remove(log);
    if (!status)
      return "psql did not run: " + status.error();
    return replace_all(replace_all(text.str(), "|" + owner + "\n", "|<owner>\n"), "|" + owner + "|", "|<owner>|");
  }

  std::string on_postgresql(const std::string& command) {
    return psql(publisher_conninfo(), command, "postgres");
  }
  std::string on_tributary(const std::string& command) {
    return psql(subscriber_.conninfo(), command, subscriber_.user());
  }

  void expect_same_output(const std::string& command) {
    EXPECT_EQ(on_tributary(command), on_postgresql(command)) << command;
  }
};

// Each test starts both servers: the commands are grouped to keep the suite short.
TEST_F(PsqlCatalogTest, ListsRelationsAndSchemasAsPostgreSQL) {
  for (const char* command : {"\\dt", "\\dt sales.*", "\\dt orders", "\\d", "\\di", "\\ds", "\\dn",
                              "\\d nosuch", "\\dt nosuch*"})
    expect_same_output(command);
}

TEST_F(PsqlCatalogTest, DescribesTablesIndexesAndSequencesAsPostgreSQL) {
  for (const char* command : {"\\d orders", "\\d sales.items", "\\d s1", "\\d orders_pkey",
                              "\\d orders_customer_note_key", "\\d lines", "\\d audit", "\\d+ orders",
                              "\\d+ lines"})
    expect_same_output(command);
}

TEST_F(PsqlCatalogTest, ListsDatabasesRolesAndSubscriptionsAndRefusesCatalogWrites) {
  const std::string databases = on_tributary("\\l");
  EXPECT_NE(databases.find("postgres|<owner>|UTF8|C|C||libc|"), std::string::npos) << databases;
  const std::string roles = on_tributary("\\du");
  EXPECT_NE(roles.find(subscriber_.user() + "|Superuser, Create role, Create DB, Replication, Bypass RLS|{}"),
            std::string::npos)
      << roles;
  expect_same_output("\\dRs");
  expect_same_output("\\dRs+");

  for (const char* write : {"INSERT INTO pg_class (oid, relname) VALUES (1, 'x')", "DELETE FROM pg_namespace",
                            "DELETE FROM pg_subscription", "UPDATE pg_replication_origin SET roname = 'x'",
                            "INSERT INTO pg_catalog.pg_subscription_rel VALUES (1, 1, 'r', NULL, 'a', 'b')",
                            "DELETE FROM tributary_columns", "TRUNCATE pg_replication_origin_status"}) {
    auto r = local_try(write);
    EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_SQLSTATE), "42501") << write;
  }
  for (const char* drop : {"DROP TABLE pg_subscription", "DROP TABLE pg_replication_origin",
                           "DROP TABLE tributary_types"}) {
    auto r = local_try(drop);
    EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_SQLSTATE), "42501") << drop;
  }
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_catalog.pg_namespace WHERE nspname = 'sales'"), "1");
  EXPECT_EQ(local_value("SELECT count(*) FROM tributary_columns WHERE relname = 'orders'"), "5");
}

}  // namespace
}  // namespace tributary::integration
