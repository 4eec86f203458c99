// 006_types (binary results and users' composite and range types): part of the
// integration_006_types executable.
//
// Binary results: every type family of type_families.hpp, inserted by the same
// literals on a PostgreSQL 15 and on Tributary, read with a binary result format
// (PQexecParams, resultFormat = 1) under two session time zones; each column's type
// OID and each value's bytes must be PostgreSQL's. A user's type has each
// server's own OID: an enum array's or a domain array's (price[]: PostgreSQL's
// _price, not numeric[]) column type must be a user's type on both, and the element
// type array_send writes must be that type's typelem on each server (the enum,
// the domain).
//
// Users' composite and range types on a publisher (CREATE TYPE ... AS (...), AS
// RANGE, with the range's multirange) are not types Tributary defines: a local
// table declared with their names keeps the publisher's text of each value, so a
// text subscription (initial copy and stream) shows PostgreSQL's text byte for
// byte, and binary = true is refused at CREATE SUBSCRIPTION, naming the type and
// the column, with the hint to use binary = false.
#include <arpa/inet.h>

#include <cstring>

#include "integration/replication_fixture.hpp"
#include "integration/type_families.hpp"

namespace tributary::integration {
namespace {

constexpr Oid first_user_oid = 16384;

pg_result binary_select(PGconn* connection, const std::string& sql) {
  return pg_result(PQexecParams(connection, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 1));
}

// A value's bytes, with an array's element type OID (bytes 8-11 of array_send)
// replaced by 0 when it is a user's type: those OIDs differ between two servers.
std::string value_bytes(const PGresult* r, int row, int column) {
  if (PQgetisnull(r, row, column))
    return "<NULL>";
  std::string bytes(PQgetvalue(r, row, column), static_cast<size_t>(PQgetlength(r, row, column)));
  if (PQftype(r, column) >= first_user_oid && bytes.size() >= 12) {
    uint32_t element;
    std::memcpy(&element, bytes.data() + 8, 4);
    if (ntohl(element) >= first_user_oid)
      std::memset(bytes.data() + 8, 0, 4);
  }
  return bytes;
}

std::string hex(const std::string& bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

// Each value of a column of a user's array type names, as its element type,
// the typelem of that type on the server that sent it.
void expect_user_array_elements(PGconn* connection, const PGresult* r, int column) {
  auto typelem = exec(connection, "SELECT typelem FROM pg_type WHERE oid = " +
                                      std::to_string(PQftype(r, column)));
  ASSERT_EQ(PQntuples(typelem.get()), 1) << PQfname(r, column);
  const std::string element = PQgetvalue(typelem.get(), 0, 0);
  if (element == "0")
    return;  // not an array
  for (int row = 0; row < PQntuples(r); ++row) {
    if (PQgetisnull(r, row, column) || PQgetlength(r, row, column) < 12)
      continue;
    uint32_t sent;
    std::memcpy(&sent, PQgetvalue(r, row, column) + 8, 4);
    EXPECT_EQ(std::to_string(ntohl(sent)), element) << PQfname(r, column) << ", row " << row + 1;
  }
}

class TypesBinary : public ReplicationTest {};

TEST_F(TypesBinary, BinaryResultsOfEveryTypeFamilyAreThoseOfPostgres) {
  publisher_.exec(user_types_ddl);
  local_exec(user_types_ddl);
  std::string publisher_sql;
  for (const auto& f : families()) {
    if (!f.local_input)
      continue;
    publisher_sql += ddl(f) + "; " + inserts(f) + "; ";
    local_exec(ddl(f));
    local_exec(inserts(f));
  }
  publisher_.exec(publisher_sql);
  auto publisher = publisher_.connect();
  for (const std::string zone : {"America/New_York", "Asia/Kolkata"}) {
    for (PGconn* c : {local_.get(), publisher.get()}) {
      auto set = exec(c, "SET TimeZone = '" + zone + "'");
      ASSERT_TRUE(succeeded(set.get())) << PQresultErrorMessage(set.get());
    }
    for (const auto& f : families()) {
      if (!f.local_input)
        continue;
      const std::string sql = "SELECT * FROM " + f.table + " ORDER BY id";
      auto mine = binary_select(local_.get(), sql);
      auto theirs = binary_select(publisher.get(), sql);
      ASSERT_EQ(PQresultStatus(theirs.get()), PGRES_TUPLES_OK) << sql << PQresultErrorMessage(theirs.get());
      ASSERT_EQ(PQresultStatus(mine.get()), PGRES_TUPLES_OK) << sql << ": " << PQresultErrorMessage(mine.get());
      ASSERT_EQ(PQnfields(mine.get()), PQnfields(theirs.get())) << sql;
      ASSERT_EQ(PQntuples(mine.get()), PQntuples(theirs.get())) << sql;
      for (int column = 0; column < PQnfields(theirs.get()); ++column) {
        for (auto* r : {mine.get(), theirs.get()})
          if (PQftype(r, column) >= first_user_oid)
            expect_user_array_elements(r == mine.get() ? local_.get() : publisher.get(), r, column);
        const Oid want = PQftype(theirs.get(), column), got = PQftype(mine.get(), column);
        EXPECT_TRUE(want == got || (want >= first_user_oid && got >= first_user_oid))
            << f.table << "." << PQfname(theirs.get(), column) << ": type " << got << ", PostgreSQL's " << want;
        EXPECT_EQ(PQfformat(mine.get(), column), 1) << f.table << "." << PQfname(theirs.get(), column);
        for (int row = 0; row < PQntuples(theirs.get()); ++row)
          EXPECT_EQ(hex(value_bytes(mine.get(), row, column)), hex(value_bytes(theirs.get(), row, column)))
              << f.table << "." << PQfname(theirs.get(), column) << ", row " << row + 1 << ", TimeZone "
              << zone;
      }
    }
  }
}

// The publisher's composite and range types, and a table of them.
constexpr const char* publisher_user_types =
    "CREATE TYPE comp AS (a int, b text, n numeric); "
    "CREATE TYPE floatrange AS RANGE (subtype = float8); "
    "CREATE TABLE u (id int PRIMARY KEY, c comp, fr floatrange, fm floatmultirange, ca comp[]); "
    "CREATE PUBLICATION pub FOR TABLE u";
// The same table on Tributary: the type names are not Tributary's types.
constexpr const char* local_table =
    "CREATE TABLE u (id int PRIMARY KEY, c comp, fr floatrange, fm floatmultirange, ca comp[])";

std::string composite_rows(int first_id) {
  auto id = [&](int i) { return std::to_string(first_id + i); };
  return "INSERT INTO u VALUES "
         "(" + id(0) + ", '(1,\"x y\",1.50)', '[1.5,2.5)', '{[1,2),[3,4]}', '{\"(1,a,0)\",\"(,,)\"}'), "
         "(" + id(1) + ", '(,,)', 'empty', '{}', NULL), "
         "(" + id(2) + ", ROW(-2, 'q\"uote\\back', 'NaN'), '(,3]', '{(,-1e300]}', '{}'), "
         "(" + id(3) + ", ROW(NULL, '', -0.0), '[-Infinity,Infinity]', '{empty}', "
         "ARRAY[ROW(7, 'b', 1e-5)::comp]), "
         "(" + id(4) + ", NULL, NULL, NULL, NULL)";
}

TEST_F(TypesBinary, CompositeAndRangeTypesOfThePublisherReplicateAsItsText) {
  publisher_.exec(publisher_user_types);
  publisher_.exec(composite_rows(1));
  local_exec(local_table);
  // binary = true: refused at CREATE SUBSCRIPTION, not at the first change.
  auto refused = local_try("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() +
                           "' PUBLICATION pub WITH (binary = true)");
  EXPECT_STREQ(PQresultErrorField(refused.get(), PG_DIAG_SQLSTATE), "0A000");
  EXPECT_STREQ(PQresultErrorField(refused.get(), PG_DIAG_MESSAGE_PRIMARY),
               "column \"c\" of relation \"public.u\" has type comp, which cannot be received in "
               "binary format");
  EXPECT_STREQ(PQresultErrorField(refused.get(), PG_DIAG_MESSAGE_HINT),
               "Use binary = false for this subscription.");
  EXPECT_EQ(local_rows("SELECT count(*) FROM pg_subscription"), (std::vector<std::string>{"0"}));
  // Text: the initial copy, then the stream, each value the publisher's text.
  local_exec("CREATE SUBSCRIPTION sub CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM u", "5"));
  publisher_.exec(composite_rows(100));
  publisher_.exec("UPDATE u SET c = '(9,\"z\",2)' WHERE id = 1");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM u", "10"));
  ASSERT_TRUE(wait_local("SELECT c FROM u WHERE id = 1", "(9,z,2)"));
  auto publisher = publisher_.connect();
  const std::string all = "SELECT * FROM u ORDER BY id";
  auto theirs = exec(publisher.get(), all);
  EXPECT_EQ(local_rows(all), rows_of(theirs.get()));
  // Once subscribed in text, ALTER SUBSCRIPTION ... SET (binary = true) is refused too.
  auto altered = local_try("ALTER SUBSCRIPTION sub SET (binary = true)");
  EXPECT_STREQ(PQresultErrorField(altered.get(), PG_DIAG_SQLSTATE), "0A000");
  EXPECT_STREQ(PQresultErrorField(altered.get(), PG_DIAG_MESSAGE_HINT),
               "Use binary = false for this subscription.");
}

}  // namespace
}  // namespace tributary::integration
