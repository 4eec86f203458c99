// 011_sql_corpus: PostgreSQL's SQL on the replica answers as PostgreSQL does.
//
// The corpus is plain SQL in integration/sql_corpus/: setup.sql creates and
// fills tables on a real PostgreSQL 15 publisher (the same DDL runs on
// Tributary), a subscription copies them; then every statement of each other
// *.sql file (one statement per line; `--` lines are comments) runs on both
// servers, and the answers must be equal: success or failure; for a failure
// the SQLSTATE, message, DETAIL, HINT and the error's position in the statement; for rows
// the column names, the type OIDs and every value as text. Adding a case is adding a
// line.
//
// pending/*.sql holds statements Tributary does not answer as PostgreSQL yet:
// they run too and are listed in the output, and the test fails when one of
// them starts to answer the same (move it into the corpus then).
#include <filesystem>
#include <fstream>
#include <sstream>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> statements_of(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line)) {
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line.compare(first, 2, "--") == 0)
      continue;
    out.push_back(line);
  }
  return out;
}

std::vector<fs::path> corpus_files(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().extension() == ".sql" && entry.path().filename() != "setup.sql")
      out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

// Everything a client sees of one statement's answer, as one text.
std::string answer(PGconn* c, const std::string& sql, bool with_position = false) {
  auto r = exec(c, sql);
  std::ostringstream out;
  const auto status = PQresultStatus(r.get());
  if (status == PGRES_FATAL_ERROR) {
    const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
    const char* message = PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY);
    const char* detail = PQresultErrorField(r.get(), PG_DIAG_MESSAGE_DETAIL);
    const char* position = PQresultErrorField(r.get(), PG_DIAG_STATEMENT_POSITION);
    const char* hint = PQresultErrorField(r.get(), PG_DIAG_MESSAGE_HINT);
    out << "ERROR " << (state ? state : "?") << ": " << (message ? message : "?");
    if (position && with_position)
      out << "\nPOSITION: " << position;
    if (detail)
      out << "\nDETAIL: " << detail;
    if (hint)
      out << "\nHINT: " << hint;
    return out.str();
  }
  out << PQcmdStatus(r.get());
  if (status != PGRES_TUPLES_OK)
    return out.str();
  out << "\n";
  for (int j = 0; j < PQnfields(r.get()); ++j)
    out << (j ? " | " : "") << PQfname(r.get(), j) << "::" << PQftype(r.get(), j);
  for (int i = 0; i < PQntuples(r.get()); ++i) {
    out << "\n";
    for (int j = 0; j < PQnfields(r.get()); ++j)
      out << (j ? " | " : "")
          << (PQgetisnull(r.get(), i, j) ? std::string("NULL") : std::string(PQgetvalue(r.get(), i, j)));
  }
  return out.str();
}

class SqlCorpus : public ReplicationTest {
protected:
  const fs::path dir_ = TRIBUTARY_SQL_CORPUS;

  void SetUp() override {
    ReplicationTest::SetUp();
    for (const std::string& sql : statements_of(dir_ / "setup.sql")) {
      publisher_.exec(sql);
      if (sql.rfind("CREATE TABLE", 0) == 0)
        local_exec(sql);
    }
    publisher_.exec("CREATE PUBLICATION corpus FOR TABLE items, orders");
    local_exec("CREATE SUBSCRIPTION corpus CONNECTION '" + publisher_conninfo() +
               "' PUBLICATION corpus");
    ASSERT_TRUE(wait_local("SELECT count(*) FROM pg_subscription_rel WHERE srsubstate <> 'r'", "0"));
    ASSERT_TRUE(wait_caught_up("corpus"));
    const std::string zone = "SET TimeZone = 'America/New_York'";
    local_exec(zone);
    publisher_session_ = publisher_.connect();
    exec(publisher_session_.get(), zone);
  }

  pg_connection publisher_session_;
};

}  // namespace

TEST_F(SqlCorpus, EveryStatementAnswersAsPostgres) {
  int compared = 0;
  for (const fs::path& file : corpus_files(dir_)) {
    for (const std::string& sql : statements_of(file)) {
      ++compared;
      EXPECT_EQ(answer(local_.get(), sql, true), answer(publisher_session_.get(), sql, true))
          << file.filename().string() << ": " << sql;
    }
  }
  EXPECT_GT(compared, 0);
}

// The corpus compares type OIDs, which differ between the servers for a table's own
// types: here each server's whole-row column is typed with its own table's row type.
TEST_F(SqlCorpus, AWholeRowIsTypedAsItsTablesRowType) {
  for (PGconn* c : {local_.get(), publisher_session_.get()}) {
    auto row = exec(c, "SELECT t FROM items t WHERE id = 1");
    auto reltype = exec(c, "SELECT reltype FROM pg_class WHERE relname = 'items'");
    ASSERT_EQ(PQresultStatus(row.get()), PGRES_TUPLES_OK) << PQerrorMessage(c);
    ASSERT_EQ(PQntuples(reltype.get()), 1);
    EXPECT_NE(std::string(PQgetvalue(reltype.get(), 0, 0)), "0");
    EXPECT_EQ(std::to_string(PQftype(row.get(), 0)), PQgetvalue(reltype.get(), 0, 0));
    auto typarray = exec(c, "SELECT typarray FROM pg_type t JOIN pg_class c ON c.reltype = t.oid WHERE c.relname = 'items'");
    ASSERT_EQ(PQntuples(typarray.get()), 1);  // the row type is in pg_type, with an array type
    EXPECT_NE(std::string(PQgetvalue(typarray.get(), 0, 0)), "0");
  }
}

// A cursor reads the rows as they were at its DECLARE, as PostgreSQL's snapshot: a
// replicated commit between DECLARE and the first FETCH does not show, the next
// transaction sees it.
TEST_F(SqlCorpus, ACursorReadsTheRowsAsAtItsDeclare) {
  pg_connection reader = subscriber_.connect();
  for (const char* sql : {"BEGIN", "DECLARE c CURSOR FOR SELECT id FROM orders WHERE id > 6 ORDER BY id"})
    ASSERT_EQ(PQresultStatus(exec(reader.get(), sql).get()), PGRES_COMMAND_OK) << sql;
  publisher_.exec("INSERT INTO orders VALUES (100, 1, 1, 'late', '2024-01-01')");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM orders WHERE id = 100", "1"));
  EXPECT_EQ(answer(reader.get(), "FETCH ALL FROM c"), "FETCH 1\nid::20\n7");
  EXPECT_EQ(answer(reader.get(), "COMMIT"), "COMMIT");
  EXPECT_EQ(answer(reader.get(), "SELECT id FROM orders WHERE id > 6 ORDER BY id"), "SELECT 2\nid::20\n7\n100");
}

// array_agg of a table's rows (whole rows, ROW(...)::t, '(...)'::t) is typed with the
// row type's array type (t[]), a record literal cast to t with t; array_agg of plain
// rows stays record[].
TEST_F(SqlCorpus, ArrayAggOfATablesRowsIsTypedAsItsArrayType) {
  for (PGconn* c : {local_.get(), publisher_session_.get()}) {
    auto rows = exec(c, "SELECT array_agg(t), array_agg(ROW(id, note)), '(1,2,3,x,2024-01-01)'::orders, "
                        "array_agg(ROW(t.id, t.item_id, t.amount, t.note, t.placed)::orders) FROM orders t");
    auto types = exec(c, "SELECT t.oid, t.typarray FROM pg_type t JOIN pg_class c ON c.reltype = t.oid "
                         "WHERE c.relname = 'orders'");
    ASSERT_EQ(PQresultStatus(rows.get()), PGRES_TUPLES_OK) << PQerrorMessage(c);
    ASSERT_EQ(PQntuples(types.get()), 1);
    EXPECT_EQ(std::to_string(PQftype(rows.get(), 0)), PQgetvalue(types.get(), 0, 1));
    EXPECT_EQ(PQftype(rows.get(), 1), 2287u) << "record[]";
    EXPECT_EQ(std::to_string(PQftype(rows.get(), 2)), PQgetvalue(types.get(), 0, 0));
    EXPECT_EQ(std::to_string(PQftype(rows.get(), 3)), PQgetvalue(types.get(), 0, 1));
  }
}

TEST_F(SqlCorpus, PendingStatementsStillDiffer) {
  if (!fs::exists(dir_ / "pending"))
    GTEST_SKIP() << "no pending statements";
  for (const fs::path& file : corpus_files(dir_ / "pending")) {
    for (const std::string& sql : statements_of(file)) {
      const std::string mine = answer(local_.get(), sql);
      const std::string theirs = answer(publisher_session_.get(), sql);
      EXPECT_NE(mine, theirs) << "now answers as PostgreSQL: move it into the corpus: " << sql;
      std::cout << "pending: " << sql << "\n  tributary:  " << mine.substr(0, 200)
                << "\n  postgresql: " << theirs.substr(0, 200) << "\n";
    }
  }
}

}  // namespace tributary::integration
