// 007_jdbc: a real JDBC client reads every column type the same from Tributary as
// from PostgreSQL (issue 7: "a JDBC check that executes one PreparedStatement ten
// times and reads every column type").
//
// integration/jdbc/TypesCheck.java is compiled with javac and run with the Debian
// PostgreSQL JDBC driver at its default settings against a PostgreSQL 15 (the
// reference; the fixture's publisher, not replicating here) and against Tributary,
// each holding the same table jdbc_types with the same rows. The program executes
// one PreparedStatement ten times, so from the driver's prepareThreshold (5) on it
// uses a named server-side statement with BINARY results; it also inserts ten rows
// through typed setters and reads them back. Its output (every column through
// getObject, with the Java class, and getString) must be identical on both servers.
//
// Skipped only when javac or the driver jar is missing (scripts/setup.sh installs
// default-jdk-headless and libpostgresql-jdbc-java).
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "integration/client_program.hpp"
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

const std::filesystem::path jdbc_jar = "/usr/share/java/postgresql.jar";
const std::filesystem::path java_source = TRIBUTARY_JDBC_SOURCE;
constexpr auto java_timeout = std::chrono::seconds(120);

const char* const table_ddl =
    "CREATE TABLE jdbc_types (id int PRIMARY KEY, i2 int2, i4 int4, i8 int8, n numeric(12,2), "
    "f4 float4, f8 float8, b bool, t text, v varchar(10), d date, ts timestamp, tstz timestamptz, "
    "u uuid, by bytea, j json)";

const char* const table_rows =
    "INSERT INTO jdbc_types VALUES "
    "(1, 32767, 2147483647, 9223372036854775807, 1234.50, 0.1, 0.30000000000000004, true, 'hello', "
    "'varchar', '2024-02-29', '2024-02-29 06:45:30.123456', '2024-02-29 06:45:30.5-05', "
    "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '\\xdeadbeef', '{\"a\": [1, 2.50]}'), "
    "(2, -32768, -2147483648, -9223372036854775808, -0.10, '-Infinity', 'NaN', false, 'äö \"q\"', "
    "'', '0044-03-15 BC', '1999-12-31 23:59:59.999999', '1883-11-18 12:00:00-05', "
    "'00000000-0000-0000-0000-000000000000', '\\x', '[]'), "
    "(3, 0, 0, 0, 0, 3.4028235e38, 1e-310, true, '', 'x', 'infinity', '-infinity', 'infinity', "
    "'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '\\x00ff', 'null'), "
    "(4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)";

client_output run(std::vector<std::string> argv, const std::filesystem::path& log) {
  return run_client(std::move(argv), log, java_timeout);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The lines where the outputs part (the first `shown`), each with the columns that
// differ and the execution ("-- ..." line) it belongs to.
std::string differences(const std::string& reference, const std::string& actual, size_t shown = 5) {
  auto want = lines_of(reference), got = lines_of(actual);
  std::ostringstream out;
  size_t count = 0;
  std::string header;  // the last "-- ..." line of the reference
  for (size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
    std::string w = i < want.size() ? want[i] : "<end>", g = i < got.size() ? got[i] : "<end>";
    if (w.rfind("-- ", 0) == 0) header = w;
    if (w == g || ++count > shown) continue;
    out << "line " << i + 1 << " (" << header << "):\n";
    std::vector<std::string> wf, gf;
    for (std::istringstream s(w); std::getline(s, w, '\t');) wf.push_back(w);
    for (std::istringstream s(g); std::getline(s, g, '\t');) gf.push_back(g);
    for (size_t f = 0; f < std::max(wf.size(), gf.size()); ++f) {
      std::string a = f < wf.size() ? wf[f] : "<none>", b = f < gf.size() ? gf[f] : "<none>";
      if (a != b) out << "  PostgreSQL: " << a << "\n  Tributary:  " << b << "\n";
    }
  }
  out << count << " of " << want.size() << " lines differ";
  return out.str();
}

// The output from the last "-- ..." header on: the execution that failed, and why.
std::string last_execution(const std::string& text) {
  auto at = text.rfind("-- ");
  return at == std::string::npos ? text : text.substr(at);
}

class Jdbc : public ReplicationTest {};

TEST_F(Jdbc, PreparedStatementTenTimesReadsEveryTypeLikePostgres) {
  const std::string javac = find_on_path("javac"), java = find_on_path("java");
  if (javac.empty() || java.empty() || !std::filesystem::exists(jdbc_jar))
    GTEST_SKIP() << "javac/java (default-jdk-headless) or " << jdbc_jar
                 << " (libpostgresql-jdbc-java) missing; scripts/setup.sh installs them";

  auto scratch = scratch_directory::create("tributary-jdbc");
  ASSERT_TRUE(scratch.ok()) << scratch.error();
  const auto dir = scratch->path();
  auto compiled = run({javac, "-encoding", "UTF-8", "-cp", jdbc_jar.string(), "-d", dir.string(),
                       java_source.string()},
                      dir / "javac.out");
  ASSERT_TRUE(compiled.succeeded) << "javac " << compiled.status << "\n" << compiled.text;

  ASSERT_NO_FATAL_FAILURE(publisher_.exec(std::string(table_ddl) + "; " + table_rows));
  ASSERT_NO_FATAL_FAILURE(local_exec(table_ddl));
  ASSERT_NO_FATAL_FAILURE(local_exec(table_rows));

  auto check = [&](int port, const std::string& user, const std::string& name) {
    return run({java, "-Duser.timezone=UTC", "-cp", jdbc_jar.string() + ":" + dir.string(), "TypesCheck",
                "jdbc:postgresql://127.0.0.1:" + std::to_string(port) + "/postgres?sslmode=disable", user},
               dir / (name + ".out"));
  };
  auto reference = check(publisher_.port(), "postgres", "postgresql");
  ASSERT_TRUE(reference.succeeded) << "against PostgreSQL: " << reference.status << "\n" << reference.text;
  // The driver did switch to binary results (its getString on a binary bytea is "[B@...").
  ASSERT_NE(reference.text.find("by=[B:\\xdeadbeef|[B@"), std::string::npos)
      << "the driver never asked for binary results:\n" << reference.text;
  auto tributary = check(subscriber_.port(), subscriber_.user(), "tributary");
  EXPECT_TRUE(tributary.succeeded) << "against Tributary: " << tributary.status << "\n"
                                   << last_execution(tributary.text);
  EXPECT_TRUE(tributary.text == reference.text) << differences(reference.text, tributary.text);
}

}  // namespace
}  // namespace tributary::integration
