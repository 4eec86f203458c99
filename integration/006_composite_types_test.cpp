// 006_types (composite types of their own): part of the integration_006_types
// executable.
//
// CREATE TYPE pair AS (...) and a table with a column of it, the same DDL on a
// PostgreSQL 15 publisher and on Tributary; a subscription with binary = false (the
// publisher's record_out text) and one with binary = true (record_send: the field
// count, then each field's type OID, length and send bytes, decoded field by field
// by the local type's attributes) each replicate the initial copy and a stream of
// inserts, updates and deletes. Then, on both servers: every value as text and
// through its fields, ORDER BY the column (record_cmp), and the column's bytes
// in a binary result (record_send) must be PostgreSQL's.
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

constexpr const char* pair_ddl =
    "CREATE TYPE pair AS (a int, b text, n numeric(6,2), d date, tags text[], ok boolean)";
constexpr const char* table_ddl = "CREATE TABLE w (id int PRIMARY KEY, p pair)";

std::string pair_rows(int first_id) {
  const auto id = [&](int i) { return std::to_string(first_id + i); };
  return "INSERT INTO w VALUES "
         "(" + id(0) + ", ROW(1, 'x y', 1.5, '2024-02-29', ARRAY['a', 'b c'], true)), "
         "(" + id(1) + ", ROW(NULL, '', -0.1, 'infinity', '{}', false)), "
         "(" + id(2) + ", '(,,,,,)'), "
         "(" + id(3) + ", NULL), "
         "(" + id(4) + ", ROW(-7, 'q\"uote\\back', 1234.567, '0044-03-15 BC', ARRAY[NULL, 'z'], NULL)), "
         "(" + id(5) + ", ROW(10, 'a', 1.50, NULL, NULL, true))";
}

class CompositeTypes : public ReplicationTest {
protected:
  void replicate(bool binary) {
    publisher_.exec(std::string(pair_ddl) + "; " + table_ddl + "; CREATE PUBLICATION pub FOR TABLE w");
    publisher_.exec(pair_rows(1));
    local_exec(pair_ddl);
    local_exec(table_ddl);
    local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub WITH (binary = " +
               (binary ? "true" : "false") + ")");
    ASSERT_TRUE(wait_local("SELECT count(*) FROM w", "6"));
    publisher_.exec(pair_rows(100));
    publisher_.exec("UPDATE w SET p = ROW(9, 'z', 2, '2000-01-01', ARRAY['u'], false) WHERE id = 1");
    publisher_.exec("UPDATE w SET p = NULL WHERE id = 2");
    publisher_.exec("DELETE FROM w WHERE id = 3");
    ASSERT_TRUE(wait_local("SELECT count(*) FROM w", "11"));
    ASSERT_TRUE(wait_local("SELECT (p).a FROM w WHERE id = 1", "9"));
    ASSERT_TRUE(wait_local("SELECT p IS NULL FROM w WHERE id = 2", "t"));
    auto publisher = publisher_.connect();
    for (const std::string sql :
         {"SELECT id, p::text FROM w ORDER BY id", "SELECT id, (p).a, (p).b, (p).n, (p).d, (p).tags, (p).ok FROM w ORDER BY id",
          "SELECT id FROM w ORDER BY p, id", "SELECT id FROM w ORDER BY p DESC, id",
          "SELECT count(DISTINCT p) FROM w"}) {
      auto theirs = exec(publisher.get(), sql);
      ASSERT_EQ(PQresultStatus(theirs.get()), PGRES_TUPLES_OK) << sql << PQresultErrorMessage(theirs.get());
      EXPECT_EQ(local_rows(sql), rows_of(theirs.get())) << sql << (binary ? " (binary = true)" : "");
    }
    // record_send: the field count, each field's OID (built-in types: the same on both),
    // its length and its send bytes.
    const std::string sql = "SELECT p FROM w ORDER BY id";
    pg_result mine(PQexecParams(local_.get(), sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 1));
    pg_result theirs(PQexecParams(publisher.get(), sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 1));
    ASSERT_EQ(PQresultStatus(mine.get()), PGRES_TUPLES_OK) << PQresultErrorMessage(mine.get());
    ASSERT_EQ(PQntuples(mine.get()), PQntuples(theirs.get()));
    EXPECT_EQ(PQfformat(mine.get(), 0), 1);
    for (int row = 0; row < PQntuples(theirs.get()); ++row) {
      const auto bytes = [&](const PGresult* r) {
        return PQgetisnull(r, row, 0) ? std::string("<NULL>")
                                      : std::string(PQgetvalue(r, row, 0), static_cast<size_t>(PQgetlength(r, row, 0)));
      };
      EXPECT_EQ(bytes(mine.get()), bytes(theirs.get())) << "row " << row + 1;
    }
  }
};

TEST_F(CompositeTypes, ATextSubscriptionKeepsThePublishersValuesAndOrder) { replicate(false); }

TEST_F(CompositeTypes, ABinarySubscriptionDecodesRecordSendFieldByField) { replicate(true); }

}  // namespace
}  // namespace tributary::integration
