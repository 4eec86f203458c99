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
//
// The same for psycopg 3 (integration/python/psycopg3_check.py: one query ten times,
// prepared on the server from the 6th; twice with binary results; typed INSERTs) and
// Go's pgx v4 (integration/go/types_check.go, built offline in GOPATH mode from
// Debian's golang-github-jackc-pgx-v4-dev: every query prepared, binary results of
// every type pgx decodes in binary), both at their defaults, reading client_types,
// a table of every type family (no BC dates or infinities: Python's datetime has
// none). Skipped only when python3-psycopg / golang-go and pgx are missing.
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

// Every type family a client decodes (the enum mood included), for psycopg 3 and pgx.
const char* const client_types_ddl =
    "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy'); "
    "CREATE TABLE client_types (id int PRIMARY KEY, i2 int2, i4 int4, i8 int8, n numeric(12,2), "
    "nn numeric, f4 float4, f8 float8, b bool, t text, v varchar(10), c char(3), d date, tm time, "
    "tz timetz, ts timestamp, tstz timestamptz, iv interval, u uuid, by bytea, j json, jb jsonb, "
    "ia int4[], ta text[], na numeric[], ip inet, ci cidr, mac macaddr, bt bit(4), vb varbit, "
    "mo money, m mood, r int4range, pt point)";

const char* const client_types_rows =
    "INSERT INTO client_types VALUES "
    "(1, 32767, 2147483647, 9223372036854775807, 1234.50, 'NaN', 0.1, 0.30000000000000004, true, "
    "'hello', 'varchar', 'ab', '2024-02-29', '13:45:30.5', '13:45:30+02', '2024-02-29 06:45:30.123456', "
    "'2024-02-29 06:45:30.5-05', '1 year 2 mons 3 days 04:05:06.789', "
    "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '\\xdeadbeef', '{\"a\": [1, 2.50]}', "
    "'{\"b\": 1, \"a\": [1, 2.50]}', '{1,NULL,3}', '{\"a b\",c}', '{1.50,NaN}', '192.168.1.5/24', "
    "'10.0.0.0/8', '08:00:2b:01:02:03', '1010', '101', 1234.5, 'happy', '[1,5)', '(1.5,2)'), "
    "(2, -32768, -2147483648, -9223372036854775808, -0.10, '-Infinity', '-Infinity', 'NaN', false, "
    "'äö \"q\"', '', 'x', '1900-01-01', '00:00', '00:00-05:30', '1999-12-31 23:59:59.999999', "
    "'1883-11-18 12:00:00-05', '-1 days +01:00:00', '00000000-0000-0000-0000-000000000000', '\\x', "
    "'[]', 'null', '{}', '{}', '{}', '::1', '2001:db8::/32', 'ff:ff:ff:ff:ff:ff', '0000', '', -1, "
    "'sad', 'empty', '(0,0)'), "
    "(3, 0, 0, 0, 0, 12345678901234567890.0123456789, 3.4028235e38, 1e-310, true, '', 'x', '', "
    "'9999-12-31', '23:59:59.999999', '23:59:59+14', '0001-01-01 00:00:00', '2000-01-01 00:00:00+00', "
    "'0', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '\\x00ff', 'null', '[1, \"x\"]', '[0:1]={7,8}', "
    "'{NULL,\"\"}', '{-1e3}', '10.0.0.1', '10.0.0.0/16', '00:00:00:00:00:01', '1111', '1', 0, 'ok', "
    "'(,10]', '(-1e-05,1e+20)'), "
    "(4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "
    "NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "
    "NULL, NULL)";

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

// The same table with the same rows on the publisher (the reference) and on Tributary.
class Clients : public ReplicationTest {
protected:
  void create_client_types() {
    ASSERT_NO_FATAL_FAILURE(publisher_.exec(std::string(client_types_ddl) + "; " + client_types_rows));
    ASSERT_NO_FATAL_FAILURE(local_exec(client_types_ddl));
    ASSERT_NO_FATAL_FAILURE(local_exec(client_types_rows));
  }
  std::string publisher_conninfo_for_client() const {
    return "host=127.0.0.1 port=" + std::to_string(publisher_.port()) +
           " user=postgres dbname=postgres sslmode=disable";
  }
  std::string tributary_conninfo_for_client() const {
    return "host=127.0.0.1 port=" + std::to_string(subscriber_.port()) + " user=" + subscriber_.user() +
           " dbname=postgres sslmode=disable";
  }
};

TEST_F(Clients, Psycopg3ReadsEveryTypeLikePostgresPreparedAndInBinary) {
  const std::filesystem::path system_python = "/usr/bin/python3";  // where python3-psycopg installs
  auto scratch = scratch_directory::create("tributary-psycopg3");
  ASSERT_TRUE(scratch.ok()) << scratch.error();
  const auto dir = scratch->path();
  auto probe = run({system_python.string(), "-c", "import psycopg"}, dir / "probe.out");
  if (!probe.succeeded)
    GTEST_SKIP() << "psycopg 3 missing (python3-psycopg; scripts/setup.sh installs it):\n" << probe.text;
  ASSERT_NO_FATAL_FAILURE(create_client_types());
  auto check = [&](const std::string& conninfo, const std::string& name) {
    return run({system_python.string(), TRIBUTARY_PSYCOPG3_SCRIPT, conninfo}, dir / (name + ".out"));
  };
  auto reference = check(publisher_conninfo_for_client(), "postgresql");
  ASSERT_TRUE(reference.succeeded) << "against PostgreSQL: " << reference.status << "\n" << reference.text;
  auto tributary = check(tributary_conninfo_for_client(), "tributary");
  EXPECT_TRUE(tributary.succeeded) << "against Tributary: " << tributary.status << "\n"
                                   << last_execution(tributary.text);
  EXPECT_TRUE(tributary.text == reference.text) << differences(reference.text, tributary.text);
}

TEST_F(Clients, PgxReadsEveryTypeLikePostgresPreparedAndInBinary) {
  const std::string go = find_on_path("go");
  const std::filesystem::path pgx = "/usr/share/gocode/src/github.com/jackc/pgx/v4";
  if (go.empty() || !std::filesystem::exists(pgx))
    GTEST_SKIP() << "go (golang-go) or " << pgx
                 << " (golang-github-jackc-pgx-v4-dev) missing; scripts/setup.sh installs them";
  auto scratch = scratch_directory::create("tributary-pgx");
  ASSERT_TRUE(scratch.ok()) << scratch.error();
  const auto dir = scratch->path();
  // GOPATH mode, offline: Debian's Go sources; the build cache kept in the build
  // tree, so only the first run compiles pgx (~15 CPU-s).
  const auto binary = dir / "types_check";
  auto built = run({"/usr/bin/env", "GO111MODULE=off", "GOPATH=/usr/share/gocode", "GOFLAGS=",
                    "GOCACHE=" TRIBUTARY_GO_CACHE, "HOME=" + dir.string(), go, "build", "-o",
                    binary.string(), TRIBUTARY_PGX_SOURCE},
                   dir / "build.out");
  ASSERT_TRUE(built.succeeded) << "go build " << built.status << "\n" << built.text;
  ASSERT_NO_FATAL_FAILURE(create_client_types());
  auto check = [&](const std::string& conninfo, const std::string& name) {
    return run({binary.string(), conninfo}, dir / (name + ".out"));
  };
  auto reference = check(publisher_conninfo_for_client(), "postgresql");
  ASSERT_TRUE(reference.succeeded) << "against PostgreSQL: " << reference.status << "\n" << reference.text;
  // pgx did ask for binary results (format 1 in the field descriptions).
  ASSERT_NE(reference.text.find("tstz=1184/1"), std::string::npos) << reference.text;
  auto tributary = check(tributary_conninfo_for_client(), "tributary");
  EXPECT_TRUE(tributary.succeeded) << "against Tributary: " << tributary.status << "\n"
                                   << last_execution(tributary.text);
  EXPECT_TRUE(tributary.text == reference.text) << differences(reference.text, tributary.text);
}

}  // namespace
}  // namespace tributary::integration
