// 011_prepare: SQL-level prepared statements — PREPARE, EXECUTE, DEALLOCATE —
// answer as PostgreSQL 15 does.
//
// Differential: the same statements on one session of a real PostgreSQL 15 and one
// of Tributary; each answer must match: command tag, column names, column type
// OIDs, rows, and for an error its SQLSTATE, message, DETAIL and HINT.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

std::string answer(PGresult* r) {
  if (PQresultStatus(r) == PGRES_FATAL_ERROR) {
    std::string out = "ERROR";
    for (int field : {PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY, PG_DIAG_MESSAGE_DETAIL,
                      PG_DIAG_MESSAGE_HINT, PG_DIAG_STATEMENT_POSITION}) {
      const char* v = PQresultErrorField(r, field);
      out += std::string(" | ") + (v ? v : "-");
    }
    return out;
  }
  std::string out = PQcmdStatus(r);
  for (int j = 0; j < PQnfields(r); ++j)
    out += std::string(" ") + PQfname(r, j) + ":" + std::to_string(PQftype(r, j));
  for (int i = 0; i < PQntuples(r); ++i) {
    out += " [";
    for (int j = 0; j < PQnfields(r); ++j)
      out += (j ? "|" : "") + std::string(PQgetisnull(r, i, j) ? "NULL" : PQgetvalue(r, i, j));
    out += "]";
  }
  return out;
}

class SqlPrepare : public ReplicationTest {
protected:
  void SetUp() override {
    ReplicationTest::SetUp();
    publisher_db_ = publisher_.connect();
    expect_same_answers({"CREATE TABLE items (id integer PRIMARY KEY, name text, price numeric(8,2))",
                         "INSERT INTO items VALUES (1, 'pen', 1.50), (2, 'ink', 4.25), (3, 'pad', 2.00)"});
  }

  void expect_same_answers(const std::vector<std::string>& statements) {
    for (const auto& sql : statements) {
      auto mine = local_try(sql);
      auto theirs = exec(publisher_db_.get(), sql);
      EXPECT_EQ(answer(mine.get()), answer(theirs.get())) << sql;
    }
  }

  pg_connection publisher_db_;
};

TEST_F(SqlPrepare, ExecuteRunsThePreparedStatementWithItsArguments) {
  expect_same_answers({
      "PREPARE by_id(integer) AS SELECT id, name, price FROM items WHERE id = $1",
      "EXECUTE by_id(2)",
      "EXECUTE by_id('3')",       // an unknown literal is read as the parameter's type
      "EXECUTE by_id(1.6)",       // numeric to integer by assignment: rounds
      "EXECUTE by_id(NULL)",
      "EXECUTE by_id(1 + 1)",
      "PREPARE cheaper(numeric) AS SELECT name FROM items WHERE price < $1 ORDER BY name",
      "EXECUTE cheaper(3)",
      "EXECUTE cheaper('2.5'::numeric)",
  });
}

TEST_F(SqlPrepare, UnspecifiedParameterTypesAreInferred) {
  expect_same_answers({
      "PREPARE plus_one AS SELECT $1::integer + 1 AS n",
      "EXECUTE plus_one(41)",
      "PREPARE two(integer, integer) AS SELECT $1 + $2 AS total, 'x'::text AS label",
      "EXECUTE two(2, 3)",
  });
}

TEST_F(SqlPrepare, ParameterWithoutADeterminableTypeIs42P18) {
  expect_same_answers({
      "PREPARE in_list AS SELECT $1 AS shown",       // a select-list parameter is text
      "EXECUTE in_list('x')",
      "PREPARE is_null AS SELECT 1 WHERE $1 IS NULL",  // 42P18
      "PREPARE gap AS SELECT $2::integer AS n",        // 42P18 for the unused $1
      "PREPARE declared(integer) AS SELECT 1 WHERE $1 IS NULL",
      "EXECUTE declared(NULL)",
  });
}

TEST_F(SqlPrepare, WritingStatementsAnswerWithTheirOwnCommandTags) {
  expect_same_answers({
      "PREPARE add(integer, text, numeric) AS INSERT INTO items VALUES ($1, $2, $3)",
      "EXECUTE add(4, 'cap', 9.99)",
      "PREPARE rename(text, integer) AS UPDATE items SET name = $1 WHERE id >= $2",
      "EXECUTE rename('x', 3)",
      "PREPARE remove(integer) AS DELETE FROM items WHERE id = $1 RETURNING name",
      "EXECUTE remove(4)",
      "SELECT id, name, price FROM items ORDER BY id",
  });
}

TEST_F(SqlPrepare, ErrorsAreThoseOfPostgreSQL) {
  expect_same_answers({
      "PREPARE p(integer) AS SELECT name FROM items WHERE id = $1",
      "PREPARE p AS SELECT 1",                  // 42P05
      "EXECUTE nosuch",                          // 26000
      "EXECUTE p",                               // 42601, DETAIL Expected 1 ...
      "EXECUTE p(1, 2)",
      "EXECUTE p('abc')",                        // 22P02 of integer's input
      "EXECUTE p(true)",                         // 42804
      "EXECUTE p('1'::text)",                    // 42804: no assignment cast text -> integer
      "PREPARE flag(boolean, text) AS SELECT $1 AS flag, $2 AS label",
      "EXECUTE flag(1, 'a')",                    // 42804: integer -> boolean
      "EXECUTE flag('yes', 7)",                  // any type -> text by assignment
      "EXECUTE flag('maybe', 'a')",              // 22P02 of boolean's input
      "EXECUTE flag( 'maybe' , 'b' )",           // the error at the argument, as PostgreSQL's
      "PREPARE pair(text, integer) AS SELECT $1, $2",
      "EXECUTE pair('äö', 'x')",                 // positions count characters
      "EXECUTE pair('a',  true)",               // 42804 at the argument
      "EXECUTE pair('a', 1/0)",                  // 22012: no position
      "PREPARE bad(nosuchtype) AS SELECT 1",    // 42704
      "DEALLOCATE nosuch",                       // 26000
      "EXECUTE p(1)",                            // still there after the errors
  });
}

TEST_F(SqlPrepare, DeallocateRemovesOneOrAll) {
  expect_same_answers({
      "PREPARE a AS SELECT 1 AS one",
      "PREPARE b AS SELECT 2 AS two",
      "DEALLOCATE a",
      "EXECUTE a",
      "EXECUTE b",
      "DEALLOCATE PREPARE b",
      "EXECUTE b",
      "PREPARE a AS SELECT 3 AS three",
      "PREPARE c AS SELECT 4 AS four",
      "DEALLOCATE ALL",
      "EXECUTE a",
      "EXECUTE c",
  });
}

TEST_F(SqlPrepare, ErrorsFailTheTransactionBlock) {
  expect_same_answers({
      "BEGIN",
      "PREPARE q(integer) AS SELECT name FROM items WHERE id = $1",
      "EXECUTE q(1)",
      "EXECUTE q('x')",
      "EXECUTE q(1)",  // 25P02
      "DEALLOCATE q",  // 25P02
      "ROLLBACK",
      "EXECUTE q(2)",  // PREPARE is not transactional
  });
}

TEST_F(SqlPrepare, DiscardAllDeallocatesAndResets) {
  expect_same_answers({
      "PREPARE kept AS SELECT 1 AS one",
      "SET extra_float_digits = 1",
      "BEGIN",
      "DISCARD ALL",  // 25001
      "ROLLBACK",
      "DISCARD PLANS",
      "EXECUTE kept",
      "DISCARD ALL",
      "EXECUTE kept",
      "SHOW extra_float_digits",
      "PREPARE kept AS SELECT 2 AS two",
      "EXECUTE kept",
  });
}

TEST_F(SqlPrepare, ProtocolAndSqlPreparedStatementsShareOneNamespace) {
  for (PGconn* c : {local_.get(), publisher_db_.get()}) {
    auto r = pg_result(PQprepare(c, "proto", "SELECT $1::integer * 2 AS doubled", 0, nullptr));
    ASSERT_EQ(PQresultStatus(r.get()), PGRES_COMMAND_OK) << PQresultErrorMessage(r.get());
  }
  expect_same_answers({"EXECUTE proto(21)", "PREPARE proto AS SELECT 1", "PREPARE by_id(integer) AS "
                       "SELECT name FROM items WHERE id = $1"});
  // EXECUTE itself sent through the extended protocol (Parse, Bind, Describe, Execute)
  auto mine = pg_result(PQexecParams(local_.get(), "EXECUTE by_id(2)", 0, nullptr, nullptr, nullptr, nullptr, 0));
  auto theirs = pg_result(
      PQexecParams(publisher_db_.get(), "EXECUTE by_id(2)", 0, nullptr, nullptr, nullptr, nullptr, 0));
  EXPECT_EQ(answer(mine.get()), answer(theirs.get()));
  expect_same_answers({"DEALLOCATE proto", "EXECUTE proto(1)"});
}

// CREATE TABLE AS and SELECT INTO through the extended protocol with a parameter (as
// psycopg 3 and JDBC send them): Parse describes no rows, Execute stores the query's.
TEST_F(SqlPrepare, CreateTableAsAndSelectIntoTakeParameters) {
  for (const char* sql : {"CREATE TABLE cheap AS SELECT id, name FROM items WHERE price < $1",
                          "SELECT id, price INTO dear FROM items WHERE price >= $1"}) {
    const char* values[] = {"2.00"};
    auto mine = pg_result(PQexecParams(local_.get(), sql, 1, nullptr, values, nullptr, nullptr, 0));
    auto theirs = pg_result(PQexecParams(publisher_db_.get(), sql, 1, nullptr, values, nullptr, nullptr, 0));
    EXPECT_EQ(answer(mine.get()), answer(theirs.get())) << sql;
  }
  expect_same_answers({"SELECT * FROM cheap ORDER BY id", "SELECT * FROM dear ORDER BY id",
                       "SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = "
                       "'dear'::regclass AND attnum > 0 ORDER BY attnum",
                       "DROP TABLE cheap, dear"});
}

}  // namespace
}  // namespace tributary::integration
