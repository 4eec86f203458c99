// 006_types_notices: the NOTICEs a type's input function sends while the parser
// reads a statement's literals reach the client as PostgreSQL's do: severity,
// SQLSTATE, message and the literal's position, once per literal, in order; and
// those it sends reading a value at run time or a Bind parameter, without a position.
//
// Differential against a real PostgreSQL 15: the same statements on both servers,
// the same notices and the same rows or error.
#include "integration/differential_test.hpp"

namespace tributary::integration {
namespace {

// A notice as "SEVERITY SQLSTATE message @position".
void collect_located_notice(void* into, const PGresult* r) {
  const auto field = [r](int code) {
    const char* value = PQresultErrorField(r, code);
    return std::string(value ? value : "-");
  };
  static_cast<std::vector<std::string>*>(into)->push_back(
      field(PG_DIAG_SEVERITY_NONLOCALIZED) + " " + field(PG_DIAG_SQLSTATE) + " " +
      field(PG_DIAG_MESSAGE_PRIMARY) + " @" + field(PG_DIAG_STATEMENT_POSITION));
}

class TypesNotices : public DifferentialTest {
protected:
  void expect_same_notices(const std::vector<std::string>& statements) {
    auto publisher = publisher_.connect();
    std::vector<std::string> mine, theirs;
    PQsetNoticeReceiver(local_.get(), collect_located_notice, &mine);
    PQsetNoticeReceiver(publisher.get(), collect_located_notice, &theirs);
    for (const std::string& sql : statements) {
      mine.clear();
      theirs.clear();
      auto a = local_try(sql);
      auto b = exec(publisher.get(), sql);
      EXPECT_EQ(mine, theirs) << sql;
      EXPECT_EQ(std::string(PQresultErrorMessage(a.get())), std::string(PQresultErrorMessage(b.get()))) << sql;
      if (PQresultStatus(b.get()) == PGRES_TUPLES_OK)
        EXPECT_EQ(rows_of(a.get()), rows_of(b.get())) << sql;
    }
    PQsetNoticeReceiver(local_.get(), nullptr, nullptr);
  }
};

// tsquery_in of a query without lexemes: NOTICE 00000 text-search query doesn't
// contain lexemes: "<text>", at the literal, for each literal (an array's each
// element), also when no row is computed; the value is the empty query.
TEST_F(TypesNotices, ATsqueryWithoutLexemesSendsPostgresNotice) {
  expect_same_notices({
      "CREATE TABLE tq (id int, q tsquery, qs tsquery[])",
      "SELECT ''::tsquery, 1",
      "SELECT '  '::tsquery WHERE false",
      "SELECT CAST('' AS tsquery), 'a & b'::tsquery, ' '::tsquery",
      "SELECT '{\"\", \" \",a}'::tsquery[]",
      "INSERT INTO tq (id, q) VALUES (1, '')",
      "INSERT INTO tq (id, q) VALUES (2, ''), (3, '\t')",
      "INSERT INTO tq (id, qs) VALUES (4, '{\"\",x}')",
      "UPDATE tq SET q = '' WHERE id = 4",
      "SELECT id FROM tq WHERE q = '' ORDER BY id",
      "SELECT id, q, qs FROM tq ORDER BY id",
      // an EXECUTE's argument: at the argument
      "PREPARE q2(int, tsquery) AS SELECT $1, $2",
      "EXECUTE q2(1,  '')",
      "EXECUTE q2( 'x', '')",
      // no notice: lexemes, NULL, an input error
      "SELECT 'x'::tsquery, NULL::tsquery",
      "SELECT '!'::tsquery",
  });
}

// The same NOTICE when tsquery_in reads a value at run time — a cast of a column's
// text, row by row, in the rows' order, without a position — and when it reads a Bind
// parameter's text (at Bind).
TEST_F(TypesNotices, ATsqueryReadAtRunTimeOrFromABindParameterSendsPostgresNotice) {
  expect_same_notices({
      "SELECT x::tsquery FROM (VALUES (''), ('a'), (' '), ('')) v(x)",
      "SELECT x::tsquery FROM (VALUES (''), ('b')) v(x) ORDER BY 1",
      "SELECT count(*) FROM (VALUES (''), ('b')) v(x) WHERE x::tsquery IS NOT NULL",
      "SELECT x::tsquery[] FROM (VALUES ('{\"\", a}'), ('{\" \"}')) v(x)",
      "SELECT CAST(x AS tsquery) FROM (VALUES (''::varchar), ('c')) v(x)",
      "PREPARE q3(text) AS SELECT $1::tsquery",
      "EXECUTE q3('')",
      "CREATE TABLE tr (id int, t text, q tsquery)",
      "INSERT INTO tr VALUES (1, '', NULL), (2, 'x', NULL), (3, ' ', NULL)",
      "UPDATE tr SET q = t::tsquery",
      "INSERT INTO tr SELECT 9, t, t::tsquery FROM tr WHERE id = 1",
      "SELECT id, q FROM tr ORDER BY id",
  });
  auto publisher = publisher_.connect();
  for (const auto& [sql, value] : std::vector<std::pair<std::string, std::string>>{
           {"SELECT $1::tsquery", ""}, {"SELECT $1::tsquery[]", "{\"\", \" \", a}"},
           {"SELECT $1::text::tsquery", " "}, {"SELECT x::tsquery FROM (VALUES ($1), ($1)) v(x)", ""},
           {"INSERT INTO tr (id, q) VALUES (50, $1) RETURNING q", ""},
           {"UPDATE tr SET q = $1 WHERE id = 50 RETURNING q", " "}, {"SELECT $1", ""}}) {
    std::vector<std::string> mine, theirs;
    PQsetNoticeReceiver(local_.get(), collect_located_notice, &mine);
    PQsetNoticeReceiver(publisher.get(), collect_located_notice, &theirs);
    const char* values[] = {value.c_str()};
    for (PGconn* c : {local_.get(), publisher.get()}) {
      pg_result r(PQexecParams(c, sql.c_str(), 1, nullptr, values, nullptr, nullptr, 0));
      EXPECT_EQ(PQresultStatus(r.get()), PGRES_TUPLES_OK) << sql << ": " << PQresultErrorMessage(r.get());
    }
    EXPECT_EQ(mine, theirs) << sql << " with $1 = '" << value << "'";
    EXPECT_FALSE(theirs.empty() && sql != "SELECT $1") << sql;
  }
  PQsetNoticeReceiver(local_.get(), nullptr, nullptr);
}

}  // namespace
}  // namespace tributary::integration
