// 021_copy: COPY ... FROM STDIN and COPY ... TO STDOUT answer as PostgreSQL's.
//
// Differential against a real PostgreSQL 15: the same table, the same COPY and the
// same client bytes (sent cut into small CopyData pieces, as a client may) go to
// both servers over libpq's COPY API — what psql's \copy, pg_dump/pg_restore and
// drivers use — and the answers must be equal: the command tag, or the error's
// SQLSTATE, message, DETAIL, HINT and CONTEXT; the rows stored afterwards; and
// for COPY TO every byte of the data.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

std::string field(const PGresult* r, int code) {
  const char* v = PQresultErrorField(r, code);
  return v ? v : "";
}

// What a client sees of a finished COPY (or of a statement that did not start one).
std::string outcome_of(const PGresult* r) {
  if (PQresultStatus(r) == PGRES_COMMAND_OK)
    return std::string("OK ") + PQcmdStatus(const_cast<PGresult*>(r));
  return "ERROR " + field(r, PG_DIAG_SQLSTATE) + " " + field(r, PG_DIAG_MESSAGE_PRIMARY) +
         " | detail: " + field(r, PG_DIAG_MESSAGE_DETAIL) + " | hint: " + field(r, PG_DIAG_MESSAGE_HINT) +
         " | context: " + field(r, PG_DIAG_CONTEXT);
}

// COPY ... FROM STDIN with `data` sent in pieces of `piece` bytes; `client_failure`
// ends it with CopyFail instead of CopyDone.
std::string copy_in(PGconn* conn, const std::string& sql, const std::string& data, size_t piece = 3,
                    const char* client_failure = nullptr) {
  pg_result started(PQexec(conn, sql.c_str()));
  if (PQresultStatus(started.get()) != PGRES_COPY_IN)
    return outcome_of(started.get());
  for (size_t at = 0; at < data.size(); at += piece) {
    const std::string part = data.substr(at, piece);
    if (PQputCopyData(conn, part.data(), static_cast<int>(part.size())) != 1)
      return "client: PQputCopyData failed";
  }
  if (PQputCopyEnd(conn, client_failure) != 1)
    return "client: PQputCopyEnd failed";
  std::string out;
  while (PGresult* r = PQgetResult(conn)) {
    out += outcome_of(r);
    PQclear(r);
  }
  return out;
}

// COPY ... TO STDOUT: every byte of the data, then the outcome.
std::string copy_out(PGconn* conn, const std::string& sql) {
  pg_result started(PQexec(conn, sql.c_str()));
  if (PQresultStatus(started.get()) != PGRES_COPY_OUT)
    return outcome_of(started.get());
  std::string out;
  char* buffer = nullptr;
  int n = 0;
  while ((n = PQgetCopyData(conn, &buffer, 0)) > 0) {
    out.append(buffer, static_cast<size_t>(n));
    PQfreemem(buffer);
  }
  while (PGresult* r = PQgetResult(conn)) {
    out += "\n-- " + outcome_of(r);
    PQclear(r);
  }
  return out;
}

class Copy : public ReplicationTest {
protected:
  void SetUp() override {
    ReplicationTest::SetUp();
    publisher_db_ = publisher_.connect();
  }

  // The same statement on both servers; a failure stops nothing.
  void on_both(const std::string& sql) {
    local_try(sql);
    exec(publisher_db_.get(), sql);
  }

  void expect_same_copy_in(const std::string& sql, const std::string& data, size_t piece = 3,
                           const char* client_failure = nullptr) {
    EXPECT_EQ(copy_in(local_.get(), sql, data, piece, client_failure),
              copy_in(publisher_db_.get(), sql, data, piece, client_failure))
        << sql << "\n" << data;
  }

  void expect_same_rows(const std::string& sql) {
    EXPECT_EQ(local_rows(sql), publisher_rows(sql)) << sql;
  }

  void expect_same_copy_out(const std::string& sql) {
    EXPECT_EQ(copy_out(local_.get(), sql), copy_out(publisher_db_.get(), sql)) << sql;
  }

  pg_connection publisher_db_;
};

TEST_F(Copy, TextAndCsvDataIsReadAsPostgresReadsIt) {
  on_both("CREATE TABLE t (id int PRIMARY KEY, s text, n numeric(8,2), b bool, "
          "ts timestamptz, d float8 DEFAULT 1.5)");
  expect_same_copy_in("COPY t (id, s, n, b, ts) FROM STDIN",
                      "1\tplain\t1.5\tt\t2024-02-29 06:45:30-05\n"
                      "2\ttab\\there \\\\ back\\nslash\t-0.10\tno\t\\N\n"
                      "3\t\\N\t\\N\t\\N\tinfinity\n"
                      "4\toctal \\101\\x42\t3\tyes\t2024-01-01\n"
                      "\\.\n");
  expect_same_copy_in("COPY t FROM STDIN (FORMAT csv, HEADER true)",
                      "id,s,n,b,ts,d\r\n"
                      "10,\"a, \"\"quoted\"\"\nline\",1,true,,\r\n"
                      "11,,2.5,false,2024-06-15 12:00:00+09,-0\r\n"
                      "12,\"\",3,,,1e300\r\n"
                      "13,last line without LF,4,t,,NaN",
                      5);
  expect_same_copy_in("COPY t (id, s) FROM STDIN (FORMAT csv, NULL 'NULL', DELIMITER ';', "
                      "FORCE_NOT_NULL (s))",
                      "20;NULL\n21;\n");
  expect_same_copy_in("COPY t (id, s) FROM STDIN (FORMAT csv, FORCE_NULL (s))", "30,\"\"\n31,x\n");
  expect_same_copy_in("COPY t (id, s) FROM STDIN (DELIMITER '|', NULL '')", "40|\n41|a\\|b\n");
  expect_same_rows("SELECT * FROM t ORDER BY id");
  expect_same_rows("SELECT id FROM t WHERE s IS NULL ORDER BY id");
}

TEST_F(Copy, BadDataFailsWithPostgresErrorsAndStoresNothing) {
  on_both("CREATE TABLE t (id int PRIMARY KEY, s text, n numeric(4,1))");
  on_both("INSERT INTO t VALUES (100, 'kept', 1)");
  expect_same_copy_in("COPY t FROM STDIN", "1\tx\t1\n2\tmissing\n");
  expect_same_copy_in("COPY t FROM STDIN", "1\tx\t1\textra\n");
  expect_same_copy_in("COPY t FROM STDIN", "1\tx\t1\nq\tbad id\t1\n");
  expect_same_copy_in("COPY t FROM STDIN", "1\tx\t12345\n");
  expect_same_copy_in("COPY t FROM STDIN", "1\tx\t1\n100\tduplicate\t2\n");
  expect_same_copy_in("COPY t FROM STDIN (FORMAT csv)", "1,\"open quote\n");
  expect_same_copy_in("COPY t FROM STDIN", "1\tx\t1\n", 3, "the client gave up");
  expect_same_copy_in("COPY t (id, nope) FROM STDIN", "");
  expect_same_copy_in("COPY t (id, id) FROM STDIN", "");
  expect_same_copy_in("COPY missing FROM STDIN", "");
  expect_same_copy_in("COPY t FROM STDIN (FORMAT xml)", "");
  expect_same_copy_in("COPY t FROM STDIN (DELIMITER 'ab')", "");
  expect_same_copy_in("COPY t FROM STDIN (QUOTE '\"')", "");
  expect_same_copy_in("COPY t FROM STDIN (FORMAT csv, FORCE_QUOTE (s))", "");
  expect_same_copy_in("COPY t FROM STDIN (FORMAT csv, FORCE_NOT_NULL (n2))", "");
  expect_same_copy_in("COPY t FROM STDIN (nosuch 1)", "");
  expect_same_copy_in("COPY t FROM STDIN (FORMAT csv, FORMAT text)", "");
  expect_same_rows("SELECT * FROM t ORDER BY id");
  // Inside a transaction block the COPY's rows go with the block.
  on_both("BEGIN");
  expect_same_copy_in("COPY t FROM STDIN", "7\tin block\t7\n");
  on_both("ROLLBACK");
  expect_same_rows("SELECT * FROM t ORDER BY id");
  // A row that breaks NOT NULL, a CHECK or a unique key gets PostgreSQL's DETAIL and
  // CONTEXT (the line quoted for NOT NULL and CHECK, not for a unique key).
  on_both("CREATE TABLE nn (id int PRIMARY KEY, s text NOT NULL CHECK (s <> 'bad'), d date, u int UNIQUE)");
  on_both("INSERT INTO nn VALUES (1, 'kept', NULL, 10)");
  const auto expect_same_detail = [&](const std::string& sql, const std::string& data) {
    const std::string mine = copy_in(local_.get(), sql, data);
    EXPECT_EQ(mine, copy_in(publisher_db_.get(), sql, data)) << sql;
    return mine;
  };
  EXPECT_NE(expect_same_detail("COPY nn FROM STDIN", "2\t\\N\t2024-01-02\t20\n").find(
                "detail: Failing row contains (2, null, 2024-01-02, 20)."),
            std::string::npos);
  expect_same_detail("COPY nn FROM STDIN (FORMAT csv)", "3,c,,30\n4,,,40\n");
  expect_same_detail("COPY nn (u, d, s, id) FROM STDIN", "50\t2024-02-29\t\\N\t5\n");
  expect_same_detail("COPY nn FROM STDIN", "6\tf\t\\N\t10\n");
  expect_same_detail("COPY nn FROM STDIN", "7\tg\t\\N\t70\n1\th\t\\N\t80\n");
  expect_same_detail("COPY nn FROM STDIN", "8\tbad\t\\N\t90\n");
  expect_same_detail("COPY nn FROM STDIN (FORMAT csv)", "9,ok,,91\n10,bad,,92\n");
  // Line numbers of CSV rows over several lines, and a binary header names no line.
  expect_same_detail("COPY nn FROM STDIN (FORMAT csv)", "11,ok,,93\n12,\"open\nmore\n");
  expect_same_detail("COPY nn FROM STDIN (FORMAT csv)", "13,\"a\nb\",,94,extra\n");
  expect_same_detail("COPY nn FROM STDIN (FORMAT binary)", "not a binary COPY signature");
  expect_same_rows("SELECT * FROM nn ORDER BY id");
}

TEST_F(Copy, CopyToWritesPostgresBytes) {
  on_both("CREATE TABLE t (id int PRIMARY KEY, s text, n numeric(8,2), b bool, ts timestamptz, f float8)");
  on_both("SET TimeZone = 'America/New_York'");
  on_both("INSERT INTO t VALUES (1, 'a,b', 1.50, true, '2024-02-29 06:45:30-05', 0.1), "
          "(2, E'tab\\there\\nnew \"q\" \\\\', -0.10, false, NULL, 'NaN'), (3, NULL, NULL, NULL, "
          "'-infinity', '-0'), (4, '', 0, true, '1999-01-08 04:05:06+02', 1e-7), (5, '\\.', 2, NULL, NULL, 1)");
  expect_same_copy_out("COPY t TO STDOUT");
  expect_same_copy_out("COPY t (s, id) TO STDOUT (DELIMITER '|', NULL 'null', HEADER)");
  expect_same_copy_out("COPY t TO STDOUT (FORMAT csv, HEADER)");
  expect_same_copy_out("COPY t (id, s) TO STDOUT (FORMAT csv, FORCE_QUOTE *, NULL 'N')");
  expect_same_copy_out("COPY t (id, s) TO STDOUT (FORMAT csv, FORCE_QUOTE (s), QUOTE '''', ESCAPE '\\')");
  expect_same_copy_out("COPY (SELECT id, n * 2 AS twice FROM t WHERE id > 1 ORDER BY id) TO STDOUT");
  expect_same_copy_out("COPY t (id, n, b, ts, f) TO STDOUT (FORMAT binary)");
  expect_same_copy_out("COPY t TO STDOUT (FORCE_QUOTE (s))");
  expect_same_copy_out("COPY t (nope) TO STDOUT");
  expect_same_copy_out("COPY t TO '/tmp'");
  expect_same_copy_out("COPY t TO 'relative/path'");
  // Not offered here (documented): a replica does not run shell commands.
  EXPECT_EQ(copy_out(local_.get(), "COPY t TO PROGRAM 'cat'"),
            "ERROR 0A000 COPY TO PROGRAM is not supported | detail:  | hint:  | context: ");
}

TEST_F(Copy, ASuperuserCopiesToAndFromServerFiles) {
  local_exec("CREATE TABLE t (id int PRIMARY KEY, s text, n numeric(8,2))");
  local_exec("CREATE TABLE u (id int PRIMARY KEY, s text, n numeric(8,2))");
  local_exec("INSERT INTO t VALUES (1, 'a,b', 1.50), (2, NULL, -0.10), (3, E'x\ty', NULL)");
  const std::string file = (subscriber_.data_dir() / "copied.csv").string();
  EXPECT_EQ(copy_out(local_.get(), "COPY t TO '" + file + "' (FORMAT csv)"), "OK COPY 3");
  EXPECT_EQ(copy_in(local_.get(), "COPY u FROM '" + file + "' (FORMAT csv)", ""), "OK COPY 3");
  EXPECT_EQ(local_rows("SELECT * FROM u ORDER BY id"), local_rows("SELECT * FROM t ORDER BY id"));
  // A relative path is read from the data directory.
  local_exec("DELETE FROM u");
  EXPECT_EQ(copy_in(local_.get(), "COPY u FROM 'copied.csv' CSV", ""), "OK COPY 3");
  EXPECT_EQ(copy_in(local_.get(), "COPY u FROM '/nonexistent/file'", ""),
            "ERROR 58P01 could not open file \"/nonexistent/file\" for reading: No such file or directory"
            " | detail:  | hint: COPY FROM instructs the PostgreSQL server process to read a file. You "
            "may want a client-side facility such as psql's \\copy. | context: ");
}

TEST_F(Copy, BinaryDataFromPostgresLoadsIntoTheSameRows) {
  const std::string ddl =
      "CREATE TABLE t (id bigint PRIMARY KEY, s text, n numeric, b bool, ts timestamptz, "
      "d date, u uuid, a int[])";
  on_both(ddl);
  exec(publisher_db_.get(),
       "INSERT INTO t VALUES (1, 'x', 12345678901234567890.0123456789, true, '2024-02-29 06:45:30-05', "
       "'2024-02-29', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{1,NULL,3}'), "
       "(2, NULL, 'NaN', false, 'infinity', '4713-01-01 BC', NULL, '{}')");
  const std::string binary = copy_out(publisher_db_.get(), "COPY t TO STDOUT (FORMAT binary)");
  const std::string data = binary.substr(0, binary.rfind("\n-- "));
  EXPECT_EQ(copy_in(local_.get(), "COPY t FROM STDIN (FORMAT binary)", data, 7), "OK COPY 2");
  expect_same_rows("SELECT * FROM t ORDER BY id");
}

}  // namespace
}  // namespace tributary::integration
