// 049_client_workflows: what applications do besides plain queries — COPY both ways,
// batches, server-side cursors, parameterized queries — through the real clients of
// issue 11's "per-client scripts": psql (`\copy` both ways), psycopg2 (named cursors,
// copy_expert), Node's pg (`$1::int`), JDBC (batches, CopyManager).
//
// The fixture's publisher (a PostgreSQL 15, not replicating here) is the reference:
// both servers get the same table `items` with the same rows, each client runs the
// same steps against both, and its output must be identical (values, command tags,
// row counts, SQLSTATEs and messages of the errors on the way).
//
// Skipped only when the client is missing: scripts/setup.sh installs psql
// (postgresql-client-15), python3-psycopg2, default-jdk-headless with
// libpostgresql-jdbc-java, and Node's pg (scripts/install_node_clients.sh).
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>

#include "integration/postgres_tools_fixture.hpp"

namespace tributary::integration {
namespace {

const std::filesystem::path jdbc_jar = "/usr/share/java/postgresql.jar";
const std::filesystem::path system_python = "/usr/bin/python3";
const std::filesystem::path node_modules = std::filesystem::path(TRIBUTARY_NODE_CLIENTS) / "node_modules";
constexpr auto client_timeout = std::chrono::seconds(120);

const char* const items_setup =
    "CREATE TABLE items (id int PRIMARY KEY, name text, price numeric(10,2), added date); "
    "INSERT INTO items VALUES (1, 'one', 1.00, '2024-01-01'), (2, 'two', 2.50, '2024-02-29'), "
    "(3, 'three', NULL, NULL), (4, 'four', 4.44, '1999-12-31'), (5, 'five, with comma', 0.05, '2000-01-01')";

class ClientWorkflows : public PostgresTools {
protected:
  void SetUp() override {
    PostgresTools::SetUp();
    if (HasFatalFailure()) return;
    ASSERT_NO_FATAL_FAILURE(publisher_.exec(items_setup));
    ASSERT_NO_FATAL_FAILURE(local_exec(items_setup));
    auto scratch = scratch_directory::create("tributary-client-workflows");
    ASSERT_TRUE(scratch.ok()) << scratch.error();
    scratch_ = std::move(*scratch);
  }
  std::filesystem::path dir() const { return scratch_->path(); }
  std::string conninfo(bool tributary) const {
    return "host=127.0.0.1 port=" + std::to_string(tributary ? subscriber_.port() : publisher_.port()) +
           " user=" + (tributary ? subscriber_.user() : std::string("postgres")) +
           " dbname=postgres sslmode=disable";
  }
  client_output run(std::vector<std::string> argv, const std::string& log_name) {
    return run_client(std::move(argv), dir() / log_name, client_timeout);
  }
  // Runs `check(tributary?)` against PostgreSQL, then Tributary: both succeed, and
  // print the same.
  template <typename Check>
  void expect_same_output(Check check, const std::string& reference_must_contain) {
    auto reference = check(false);
    ASSERT_TRUE(reference.succeeded) << "against PostgreSQL: " << reference.status << "\n" << reference.text;
    ASSERT_NE(reference.text.find(reference_must_contain), std::string::npos) << reference.text;
    auto tributary = check(true);
    EXPECT_TRUE(tributary.succeeded) << "against Tributary: " << tributary.status << "\n" << tributary.text;
    EXPECT_EQ(tributary.text, reference.text) << first_difference(reference.text, tributary.text);
  }

  std::optional<scratch_directory> scratch_;
};

TEST_F(ClientWorkflows, PsqlCopiesBothWaysLikePostgres) {
  {
    std::ofstream csv(dir() / "in.csv");
    csv << "id,name,price,added\n10,\"a, b\",1.5,2024-02-29\n11,,0.10,\n12,\"q\"\"uote\",-3,1999-12-31\n"
           "13,\"multi\nline\",12345678.99,0044-03-15 BC\n";
    std::ofstream text(dir() / "in.txt");
    text << "20\ttab\\there\t7.25\t2000-01-01\n21\t\\N\t\\N\t\\N\n";
    std::ofstream bad(dir() / "bad.csv");
    bad << "30,ok,1,2024-01-01\nx,bad,1,\n";
  }
  // Each server writes its own output files; psql prints the command tags and errors.
  auto check = [&](bool tributary) {
    const std::string side = tributary ? "tributary" : "postgresql";
    const auto out = [&](const std::string& name) { return (dir() / (side + "-" + name)).string(); };
    const std::string script =
        "\\copy items (id, name, price, added) from '" + (dir() / "in.csv").string() +
        "' with (format csv, header)\n"
        "\\copy items from '" + (dir() / "in.txt").string() + "'\n"
        "\\copy items from '" + (dir() / "bad.csv").string() + "' csv\n"
        "\\copy items to '" + out("items.txt") + "'\n"
        "\\copy (select id, price * 2 as twice from items where price is not null order by id desc) to '" +
        out("query.csv") + "' with (format csv, header, force_quote *)\n"
        "\\copy items (id, added) to '" + out("dates.csv") + "' csv null 'none' delimiter ';'\n"
        "select count(*), sum(price) from items;\n";
    std::ofstream(dir() / (side + ".sql")) << script;
    auto result = tributary ? on_tributary("psql", {"-X", "-d", "postgres", "-f", (dir() / (side + ".sql")).string()})
                            : on_postgresql("psql", {"-X", "-d", "postgres", "-f", (dir() / (side + ".sql")).string()});
    // The psql output, then the files the copies wrote (named without the side).
    result.text = std::regex_replace(result.text, std::regex(side + "\\.sql"), "script.sql");
    for (const char* file : {"items.txt", "query.csv", "dates.csv"})
      result.text += std::string("-- ") + file + "\n" + read_text_file(out(file));
    return result;
  };
  expect_same_output(check, "COPY 4\nCOPY 2\n");
}

TEST_F(ClientWorkflows, Psycopg2CopyExpertAndNamedCursorsLikePostgres) {
  auto probe = run({system_python.string(), "-c", "import psycopg2"}, "probe.out");
  if (!probe.succeeded)
    GTEST_SKIP() << "psycopg2 missing (python3-psycopg2; scripts/setup.sh installs it):\n" << probe.text;
  expect_same_output(
      [&](bool tributary) {
        return run({system_python.string(), TRIBUTARY_PSYCOPG2_WORKFLOWS_SCRIPT, conninfo(tributary)},
                   tributary ? "psycopg2-tributary.out" : "psycopg2-postgresql.out");
      },
      "-- named cursor, itersize 3\n(1, 'one', Decimal('1.00'), datetime.date(2024, 1, 1))");
}

TEST_F(ClientWorkflows, NodePgParameterizedQueriesLikePostgres) {
  const std::string node = find_on_path("node");
  if (node.empty() || !std::filesystem::exists(node_modules / "pg"))
    GTEST_SKIP() << "node or " << node_modules / "pg"
                 << " missing (scripts/setup.sh installs nodejs and scripts/install_node_clients.sh pg)";
  expect_same_output(
      [&](bool tributary) {
        const std::string url = "postgresql://" + (tributary ? subscriber_.user() : std::string("postgres")) +
                                "@127.0.0.1:" + std::to_string(tributary ? subscriber_.port() : publisher_.port()) +
                                "/postgres?sslmode=disable";
        return run({node, TRIBUTARY_NODE_WORKFLOWS_SCRIPT, url, node_modules.string()},
                   tributary ? "node-tributary.out" : "node-postgresql.out");
      },
      "\"fields\":[[\"n\",23],[\"big\",20],[\"x\",1700],[\"t\",25],[\"d\",1082],[\"b\",16]]");
}

TEST_F(ClientWorkflows, JdbcBatchesAndCopyManagerLikePostgres) {
  const std::string javac = find_on_path("javac"), java = find_on_path("java");
  if (javac.empty() || java.empty() || !std::filesystem::exists(jdbc_jar))
    GTEST_SKIP() << "javac/java (default-jdk-headless) or " << jdbc_jar
                 << " (libpostgresql-jdbc-java) missing; scripts/setup.sh installs them";
  auto compiled = run({javac, "-encoding", "UTF-8", "-cp", jdbc_jar.string(), "-d", dir().string(),
                       TRIBUTARY_JDBC_WORKFLOWS_SOURCE},
                      "javac.out");
  ASSERT_TRUE(compiled.succeeded) << "javac " << compiled.status << "\n" << compiled.text;
  expect_same_output(
      [&](bool tributary) {
        const std::string url = "jdbc:postgresql://127.0.0.1:" +
                                std::to_string(tributary ? subscriber_.port() : publisher_.port()) +
                                "/postgres?sslmode=disable";
        return run({java, "-Duser.timezone=UTC", "-cp", jdbc_jar.string() + ":" + dir().string(), "WorkflowsCheck",
                    url, tributary ? subscriber_.user() : std::string("postgres")},
                   tributary ? "jdbc-tributary.out" : "jdbc-postgresql.out");
      },
      "executeBatch: [1, 1, 1, 1, 1, 1, 1]");
}

}  // namespace
}  // namespace tributary::integration
