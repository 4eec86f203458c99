// sql_function_notices: a cast the SQLite functions run reads a text with the target
// type's input, and tsquery's input sends PostgreSQL 15's NOTICE for a text without
// lexemes — once per value read, in order — kept until the session takes them.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <string>
#include <vector>

#include "storage/sql_function_notices.hpp"
#include "storage/sql_functions.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {
namespace {

class SqlFunctionNotices : public ::testing::Test {
protected:
  void SetUp() override {
    auto opened = sqlite_connection::open(":memory:");
    ASSERT_TRUE(opened.ok());
    db_.emplace(std::move(*opened));
    register_sql_functions(db_->handle());
  }

  void run(const std::string& sql) {
    ASSERT_EQ(sqlite3_exec(db_->handle(), sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
        << sqlite3_errmsg(db_->handle());
  }

  std::vector<std::string> messages() {
    std::vector<std::string> out;
    for (const pg_error& n : take_sql_function_notices(db_->handle())) {
      EXPECT_EQ(n.sqlstate, "00000");
      EXPECT_EQ(n.severity, "NOTICE");
      out.push_back(n.message);
    }
    return out;
  }

  std::optional<sqlite_connection> db_;
};

TEST_F(SqlFunctionNotices, ATextCastToTsqueryWithoutLexemesRaisesOneNoticePerValue) {
  run("SELECT pg_cast(column1, 25, -1, 3615, -1) FROM (VALUES (''), ('a'), (' '), (NULL))");
  EXPECT_EQ(messages(), (std::vector<std::string>{"text-search query doesn't contain lexemes: \"\"",
                                                   "text-search query doesn't contain lexemes: \" \""}));
  EXPECT_TRUE(messages().empty());  // taken once
}

TEST_F(SqlFunctionNotices, EachElementOfATsqueryArrayWithoutLexemesRaisesOne) {
  run("SELECT pg_cast('{\"\",a,\" \"}', 1043, -1, 3645, -1)");
  EXPECT_EQ(messages(), (std::vector<std::string>{"text-search query doesn't contain lexemes: \"\"",
                                                   "text-search query doesn't contain lexemes: \" \""}));
}

TEST_F(SqlFunctionNotices, OtherCastsAndTsqueriesWithLexemesRaiseNone) {
  run("SELECT pg_cast('a & b', 25, -1, 3615, -1), pg_cast('', 25, -1, 25, -1), pg_cast('1', 25, -1, 23, -1)");
  EXPECT_TRUE(messages().empty());
}

}  // namespace
}  // namespace tributary
