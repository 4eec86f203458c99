// The server log's lines in PostgreSQL's stderr shape (stages/core/server_log).
#include <gtest/gtest.h>

#include "stages/core/server_log.hpp"

using tributary::format_log_report;
using tributary::log_text_of;
using tributary::make_pg_error;
using tributary::server_log_rank;

namespace {
constexpr std::string_view prefix = "2026-12-01 06:00:00.000 UTC [42] ";
}

TEST(ServerLog, OneLineMessageGetsPrefixAndSeverity) {
  EXPECT_EQ(format_log_report(prefix, "LOG", "database system is ready to accept connections"),
            "2026-12-01 06:00:00.000 UTC [42] LOG:  database system is ready to accept connections\n");
}

TEST(ServerLog, FieldLinesCarryThePrefixWithTwoSpacesAfterTheirWord) {
  EXPECT_EQ(format_log_report(prefix, "ERROR",
                              "duplicate key value violates unique constraint \"t_pkey\"\nDETAIL: Key (a)=(1) "
                              "already exists.\nCONTEXT:  processing remote data\nSTATEMENT:  insert into t"),
            "2026-12-01 06:00:00.000 UTC [42] ERROR:  duplicate key value violates unique constraint \"t_pkey\"\n"
            "2026-12-01 06:00:00.000 UTC [42] DETAIL:  Key (a)=(1) already exists.\n"
            "2026-12-01 06:00:00.000 UTC [42] CONTEXT:  processing remote data\n"
            "2026-12-01 06:00:00.000 UTC [42] STATEMENT:  insert into t\n");
}

TEST(ServerLog, LineBreaksInsideAFieldAreIndentedWithATabAsPostgreSQLDoes) {
  // A libpq error that tried two addresses: two lines, the second with its own tab.
  EXPECT_EQ(format_log_report(prefix, "ERROR",
                              "could not connect to the publisher: connection to server at \"::1\", port 1 failed: "
                              "Connection refused\n\tIs the server running on that host and accepting TCP/IP "
                              "connections?\nconnection to server at \"127.0.0.1\", port 1 failed: Connection "
                              "refused\n"),
            "2026-12-01 06:00:00.000 UTC [42] ERROR:  could not connect to the publisher: connection to server at "
            "\"::1\", port 1 failed: Connection refused\n"
            "\t\tIs the server running on that host and accepting TCP/IP connections?\n"
            "\tconnection to server at \"127.0.0.1\", port 1 failed: Connection refused\n");
}

TEST(ServerLog, AWordThatIsNotAFieldStaysInsideTheMessage) {
  EXPECT_EQ(format_log_report(prefix, "LOG", "first\nDETAILS: no\nHINTS"),
            "2026-12-01 06:00:00.000 UTC [42] LOG:  first\n\tDETAILS: no\n\tHINTS\n");
}

TEST(ServerLog, ClientErrorTextHasPositionDetailHintAndContext) {
  auto e = make_pg_error("42P01", "relation \"nope\" does not exist", "some detail", "some hint");
  e.position = 15;
  e.context = "SQL function";
  EXPECT_EQ(log_text_of(e),
            "relation \"nope\" does not exist at character 15\nDETAIL:  some detail\nHINT:  some hint\n"
            "CONTEXT:  SQL function");
}

TEST(ServerLog, RanksFollowPostgreSQLsServerLogOrderWhereLogIsAboveError) {
  EXPECT_LT(server_log_rank("debug5"), server_log_rank("debug1"));
  EXPECT_LT(server_log_rank("debug1"), server_log_rank("info"));
  EXPECT_LT(server_log_rank("warning"), server_log_rank("ERROR"));
  EXPECT_LT(server_log_rank("error"), server_log_rank("log"));
  EXPECT_LT(server_log_rank("log"), server_log_rank("fatal"));
  EXPECT_LT(server_log_rank("fatal"), server_log_rank("panic"));
  EXPECT_EQ(server_log_rank("loud"), -1);
  EXPECT_EQ(server_log_rank("debug9"), -1);
}
