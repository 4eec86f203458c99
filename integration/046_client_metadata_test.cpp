// 046_client_metadata: real client libraries read Tributary's metadata and values the
// same as PostgreSQL's (issue 12: "JDBC getTables/getColumns/getPrimaryKeys;
// psycopg2/psycopg3 type introspection").
//
// The fixture's publisher (a PostgreSQL 15, not replicating here) is the reference;
// both servers get the same DDL and rows, then each client program runs against both
// and its output must be identical:
// - integration/jdbc/MetaCheck.java with the Debian PostgreSQL JDBC driver: every
//   column of java.sql.DatabaseMetaData's getTables and getColumns (the driver's own
//   queries on pg_class, pg_attribute, pg_namespace, pg_type, pg_attrdef,
//   pg_description, format_type, ...);
// - integration/python/types_check.py with psycopg2: cursor.description's type codes
//   (the OIDs psycopg2 picks the Python type by) and every fetched value's Python class
//   and repr for int, bigint, numeric, text, bool, date, timestamptz, uuid, json.
// - the same program's getPrimaryKeys and getIndexInfo, whose queries expand
//   pg_index.indkey with information_schema._pg_expandarray in the select list.
// The SQL forms the driver's queries need are compared statement by statement:
// int2vector / oidvector subscripts (from 0), the integer bitwise operators, and
// set-returning functions in a select list (unnest, generate_series, _pg_expandarray).
//
// Skipped only when the client is missing (scripts/setup.sh installs
// default-jdk-headless, libpostgresql-jdbc-java and python3-psycopg2).
#include <unistd.h>

#include <sstream>

#include "integration/client_program.hpp"
#include "integration/differential_test.hpp"

namespace tributary::integration {
namespace {

const std::filesystem::path jdbc_jar = "/usr/share/java/postgresql.jar";
const std::filesystem::path meta_check_source = TRIBUTARY_JDBC_META_SOURCE;
const std::filesystem::path types_check_script = TRIBUTARY_PSYCOPG2_SCRIPT;
// Debian's python3 (python3-psycopg2 installs there), whatever python3 PATH finds first.
const std::filesystem::path system_python = "/usr/bin/python3";
constexpr auto client_timeout = std::chrono::seconds(60);

const char* const meta_ddl =
    "CREATE TABLE meta_orders (id bigint PRIMARY KEY, customer text NOT NULL, "
    "amount numeric(12,2) DEFAULT 0, placed date, note varchar(40), flag boolean DEFAULT false); "
    "CREATE TABLE meta_lines (order_id bigint, line int, qty int NOT NULL, ts timestamptz, u uuid, "
    "j json, PRIMARY KEY (order_id, line)); "
    "CREATE UNIQUE INDEX meta_orders_note ON meta_orders (note); "
    "CREATE INDEX meta_lines_ts ON meta_lines (ts DESC)";

const char* const types_ddl =
    "CREATE TABLE py_types (id int PRIMARY KEY, i8 bigint, n numeric(12,2), t text, b bool, d date, "
    "tstz timestamptz, u uuid, j json)";

const char* const types_rows =
    "INSERT INTO py_types VALUES "
    "(1, 9223372036854775807, 1234.50, 'hello', true, '2024-02-29', '2024-02-29 06:45:30.5-05', "
    "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{\"a\": [1, 2.50]}'), "
    "(2, -1, -0.10, 'äö \"q\"', false, '0001-01-01', '1883-11-18 12:00:00-05', "
    "'00000000-0000-0000-0000-000000000000', '[]'), "
    "(3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)";

client_output run(std::vector<std::string> argv, const std::filesystem::path& log) {
  return run_client(std::move(argv), log, client_timeout);
}

class ClientMetadata : public DifferentialTest {
protected:
  // The same statement on both servers: the same column names, type OIDs and rows
  // (as printed), or the same error.
  static void expect_same_result(PGconn* tributary, PGconn* postgres, const std::string& sql) {
    pg_result mine(PQexec(tributary, sql.c_str()));
    pg_result theirs(PQexec(postgres, sql.c_str()));
    for (int field : {PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY}) {
      const char* a = PQresultErrorField(mine.get(), field);
      const char* b = PQresultErrorField(theirs.get(), field);
      EXPECT_EQ(std::string(a ? a : "<none>"), std::string(b ? b : "<none>")) << sql;
    }
    if (PQresultStatus(theirs.get()) != PGRES_TUPLES_OK)
      return;
    std::string want, got;
    for (auto [result, text] : {std::pair{theirs.get(), &want}, std::pair{mine.get(), &got}}) {
      for (int c = 0; c < PQnfields(result); ++c)
        *text += std::string(PQfname(result, c)) + ":" + std::to_string(PQftype(result, c)) + " ";
      *text += "\n";
      for (const std::string& row : rows_of(result))
        *text += row + "\n";
    }
    EXPECT_EQ(got, want) << sql;
  }
};

TEST_F(ClientMetadata, JdbcGetTablesAndGetColumnsMatchPostgres) {
  const std::string javac = find_on_path("javac"), java = find_on_path("java");
  if (javac.empty() || java.empty() || !std::filesystem::exists(jdbc_jar))
    GTEST_SKIP() << "javac/java (default-jdk-headless) or " << jdbc_jar
                 << " (libpostgresql-jdbc-java) missing; scripts/setup.sh installs them";
  auto scratch = scratch_directory::create("tributary-jdbc-meta");
  ASSERT_TRUE(scratch.ok()) << scratch.error();
  const auto dir = scratch->path();
  auto compiled = run({javac, "-encoding", "UTF-8", "-cp", jdbc_jar.string(), "-d", dir.string(),
                       meta_check_source.string()},
                      dir / "javac.out");
  ASSERT_TRUE(compiled.succeeded) << "javac " << compiled.status << "\n" << compiled.text;

  ASSERT_NO_FATAL_FAILURE(publisher_.exec(meta_ddl));
  ASSERT_NO_FATAL_FAILURE(local_exec(meta_ddl));

  auto check = [&](int port, const std::string& user, const std::string& name) {
    return run({java, "-Duser.timezone=UTC", "-cp", jdbc_jar.string() + ":" + dir.string(), "MetaCheck",
                "jdbc:postgresql://127.0.0.1:" + std::to_string(port) + "/postgres?sslmode=disable", user,
                "tables,columns", "meta_orders", "meta_lines"},
               dir / (name + ".out"));
  };
  auto reference = check(publisher_.port(), "postgres", "postgresql");
  ASSERT_TRUE(reference.succeeded) << "against PostgreSQL: " << reference.status << "\n" << reference.text;
  // The reference lists both tables and a column with its type, size and default.
  ASSERT_NE(reference.text.find("TABLE_NAME=meta_lines\tTABLE_TYPE=TABLE"), std::string::npos) << reference.text;
  ASSERT_NE(reference.text.find("COLUMN_NAME=amount\tDATA_TYPE=2\tTYPE_NAME=numeric\tCOLUMN_SIZE=12"),
            std::string::npos)
      << reference.text;

  auto tributary = check(subscriber_.port(), subscriber_.user(), "tributary");
  EXPECT_TRUE(tributary.succeeded) << "against Tributary: " << tributary.status << "\n" << tributary.text;
  EXPECT_EQ(tributary.text, reference.text) << first_difference(reference.text, tributary.text);
}

TEST_F(ClientMetadata, JdbcGetPrimaryKeysAndGetIndexInfoMatchPostgres) {
  const std::string javac = find_on_path("javac"), java = find_on_path("java");
  if (javac.empty() || java.empty() || !std::filesystem::exists(jdbc_jar))
    GTEST_SKIP() << "javac/java (default-jdk-headless) or " << jdbc_jar
                 << " (libpostgresql-jdbc-java) missing; scripts/setup.sh installs them";
  auto scratch = scratch_directory::create("tributary-jdbc-keys");
  ASSERT_TRUE(scratch.ok()) << scratch.error();
  const auto dir = scratch->path();
  auto compiled = run({javac, "-encoding", "UTF-8", "-cp", jdbc_jar.string(), "-d", dir.string(),
                       meta_check_source.string()},
                      dir / "javac.out");
  ASSERT_TRUE(compiled.succeeded) << "javac " << compiled.status << "\n" << compiled.text;

  ASSERT_NO_FATAL_FAILURE(publisher_.exec(meta_ddl));
  ASSERT_NO_FATAL_FAILURE(local_exec(meta_ddl));

  // The driver's queries expand pg_index.indkey with
  // (information_schema._pg_expandarray(i.indkey)).n in the select list and read
  // the record's fields in the outer query ((result.KEYS).x).
  auto check = [&](int port, const std::string& user, const std::string& name) {
    return run({java, "-Duser.timezone=UTC", "-cp", jdbc_jar.string() + ":" + dir.string(), "MetaCheck",
                "jdbc:postgresql://127.0.0.1:" + std::to_string(port) + "/postgres?sslmode=disable", user,
                "primarykeys,indexinfo", "meta_orders", "meta_lines"},
               dir / (name + ".out"));
  };
  auto reference = check(publisher_.port(), "postgres", "postgresql");
  ASSERT_TRUE(reference.succeeded) << "against PostgreSQL: " << reference.status << "\n" << reference.text;
  // Two-column primary key in key order; a descending index column.
  ASSERT_NE(reference.text.find("column_name=line\tkey_seq=2\tpk_name=meta_lines_pkey"), std::string::npos)
      << reference.text;
  ASSERT_NE(reference.text.find("INDEX_NAME=meta_lines_ts\tTYPE=3\tORDINAL_POSITION=1\tCOLUMN_NAME=ts\tASC_OR_DESC=D"),
            std::string::npos)
      << reference.text;

  auto tributary = check(subscriber_.port(), subscriber_.user(), "tributary");
  EXPECT_TRUE(tributary.succeeded) << "against Tributary: " << tributary.status << "\n" << tributary.text;
  EXPECT_EQ(tributary.text, reference.text) << first_difference(reference.text, tributary.text);
}

TEST_F(ClientMetadata, SetReturningFunctionsInTheSelectListAnswerLikePostgres) {
  const std::string setup =
      "CREATE TABLE srf_t (id int PRIMARY KEY, a int[], t text[]); "
      "INSERT INTO srf_t VALUES (1, '{30,10,20}', '{x,\"y z\",NULL}'), (2, '{}', '{}'), (3, NULL, NULL), "
      "(4, '{5}', '{\"\",\"(a,b)\"}')";
  ASSERT_NO_FATAL_FAILURE(publisher_.exec(setup));
  ASSERT_NO_FATAL_FAILURE(local_exec(setup));
  ASSERT_NO_FATAL_FAILURE(publisher_.exec(meta_ddl));
  ASSERT_NO_FATAL_FAILURE(local_exec(meta_ddl));
  auto postgres = publisher_.connect();
  for (const char* sql : {
           // One row per element; an empty or NULL array gives no row.
           "SELECT id, unnest(a) FROM srf_t ORDER BY id",
           "SELECT id, unnest(t) AS v FROM srf_t ORDER BY id",
           // Several functions advance in lockstep; the shorter is NULL past its end.
           "SELECT id, unnest(a), generate_series(1, 2) AS g, unnest(t) FROM srf_t ORDER BY id, g",
           "SELECT generate_series(1, 3) AS a, generate_series(5, 4) AS b",
           "SELECT generate_series(2, 4) * 10 AS tens",
           // _pg_expandarray's records, whole (record_out's quoting) and by field.
           "SELECT id, information_schema._pg_expandarray(t) FROM srf_t ORDER BY id",
           "SELECT (information_schema._pg_expandarray(a)).n, (information_schema._pg_expandarray(a)).x "
           "FROM srf_t WHERE id = 1",
           "SELECT (s.k).x, (s.k).n FROM (SELECT information_schema._pg_expandarray(t) AS k FROM srf_t "
           "WHERE id = 1) s ORDER BY 2",
           "SELECT (information_schema._pg_expandarray(a)).y FROM srf_t",
           // pg_index.indkey (int2vector) expanded, as the JDBC driver does for primary keys.
           "SELECT ci.relname, (information_schema._pg_expandarray(i.indkey)).n AS key_seq, "
           "(information_schema._pg_expandarray(i.indkey)).x AS attnum FROM pg_catalog.pg_index i "
           "JOIN pg_catalog.pg_class ci ON ci.oid = i.indexrelid WHERE ci.relname LIKE 'meta%' ORDER BY 1, 2",
           "SELECT count(*) FROM (SELECT unnest(a) FROM srf_t) s",
       })
    expect_same_result(local_.get(), postgres.get(), sql);
}

TEST_F(ClientMetadata, Psycopg2TypeCodesAndPythonValuesMatchPostgres) {
  if (!std::filesystem::exists(system_python))
    GTEST_SKIP() << system_python << " missing";
  auto scratch = scratch_directory::create("tributary-psycopg2");
  ASSERT_TRUE(scratch.ok()) << scratch.error();
  const auto dir = scratch->path();
  auto probe = run({system_python.string(), "-c", "import psycopg2"}, dir / "probe.out");
  if (!probe.succeeded)
    GTEST_SKIP() << "psycopg2 missing (python3-psycopg2; scripts/setup.sh installs it):\n" << probe.text;

  const std::string setup = std::string(types_ddl) + "; " + types_rows;
  ASSERT_NO_FATAL_FAILURE(publisher_.exec(setup));
  ASSERT_NO_FATAL_FAILURE(local_exec(types_ddl));
  ASSERT_NO_FATAL_FAILURE(local_exec(types_rows));

  auto check = [&](int port, const std::string& user, const std::string& name) {
    return run({system_python.string(), types_check_script.string(), "127.0.0.1", std::to_string(port), user},
               dir / (name + ".out"));
  };
  auto reference = check(publisher_.port(), "postgres", "postgresql");
  ASSERT_TRUE(reference.succeeded) << "against PostgreSQL: " << reference.status << "\n" << reference.text;
  ASSERT_NE(reference.text.find("description: id=23, i8=20, n=1700, t=25, b=16, d=1082, tstz=1184, u=2950, j=114"),
            std::string::npos)
      << reference.text;
  ASSERT_NE(reference.text.find("UUID:UUID('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11')\tdict:{'a': [1, 2.5]}"),
            std::string::npos)
      << reference.text;

  auto tributary = check(subscriber_.port(), subscriber_.user(), "tributary");
  EXPECT_TRUE(tributary.succeeded) << "against Tributary: " << tributary.status << "\n" << tributary.text;
  EXPECT_EQ(tributary.text, reference.text) << first_difference(reference.text, tributary.text);
}

TEST_F(ClientMetadata, IndexKeyVectorsAndBitwiseOperatorsAnswerLikePostgres) {
  ASSERT_NO_FATAL_FAILURE(publisher_.exec(meta_ddl));
  ASSERT_NO_FATAL_FAILURE(local_exec(meta_ddl));
  expect_same_answers({
      // pg_index's int2vector columns subscript from 0; out of range is NULL.
      "SELECT c.relname, i.indnatts, i.indkey[0], i.indkey[1], i.indkey[2], i.indkey[-1], "
      "i.indoption[0] & 1::smallint AS descending, i.indoption[0] | 4, i.indoption[0] # 3 "
      "FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indexrelid "
      "WHERE c.relname LIKE 'meta%' ORDER BY 1",
      // the column each key names, as the JDBC driver joins pg_attribute to them
      "SELECT ci.relname, a.attname FROM pg_catalog.pg_index i "
      "JOIN pg_catalog.pg_class ci ON ci.oid = i.indexrelid "
      "JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[1] "
      "WHERE ci.relname LIKE 'meta%' ORDER BY 1",
      "SELECT 12 & 10, 12 | 10, 12 # 10, (-32768)::int2 | 32767::int2, 5::int8 & NULL",
  });
}

}  // namespace
}  // namespace tributary::integration
