// 021_server_log: the server log reads as PostgreSQL's (issue 16, item 11).
//
// Read back from the real server's stderr:
//   - every line starts with the line prefix ("2026-12-01 06:00:00.000 UTC [pid] ")
//     or, continuing a field, with a tab: DETAIL/HINT/CONTEXT/STATEMENT lines carry
//     the prefix, a libpq error over several lines is indented as PostgreSQL's
//     apply worker logs it;
//   - errors sent to clients are logged as the publisher (a real PostgreSQL 15,
//     log_line_prefix '%m [%p] %q%a ') logs the same statement: ERROR with
//     " at character N", DETAIL, and STATEMENT as log_min_error_statement says;
//   - subscription messages name the subscription by its name.
#include <regex>
#include <sstream>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

// A log line without its prefix (timestamp, [pid] and, in PostgreSQL's, the
// application name): "ERROR:  ...". Continuation lines (tab) stay as they are.
std::string without_prefix(const std::string& line) {
  if (!line.empty() && line[0] == '\t')
    return line;
  static const std::regex prefix(R"(^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \S+ \[\d+\] (?:(?![A-Z]+:  )\S* )?)");
  return std::regex_replace(line, prefix, "");
}

// The report that starts with the first line containing `anchor`: that line and
// the field lines after it, each without its prefix.
std::vector<std::string> report_of(const std::string& log, const std::string& anchor) {
  std::vector<std::string> out;
  auto lines = lines_of(log);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find(anchor) == std::string::npos)
      continue;
    out.push_back(without_prefix(lines[i]));
    static const std::regex field(R"(^(DETAIL|HINT|CONTEXT|STATEMENT|QUERY):  )");
    for (size_t j = i + 1; j < lines.size(); ++j) {
      std::string rest = without_prefix(lines[j]);
      if (rest[0] != '\t' && !std::regex_search(rest, field))
        break;
      out.push_back(rest);
    }
    break;
  }
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines)
    out += l + "\n";
  return out;
}

// Every line is a prefixed line or a tab-indented continuation.
void expect_every_line_prefixed(const std::string& log) {
  static const std::regex prefixed(R"(^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC \[\d+\] [A-Z]+:  )");
  for (const auto& line : lines_of(log))
    EXPECT_TRUE(line.empty() || line[0] == '\t' || std::regex_search(line, prefixed)) << "line: " << line;
}

class ServerLog : public ReplicationTest {
protected:
  // Runs `sql` on both servers (it must fail on both) and returns each log's report.
  void expect_logged_as_postgresql(const std::string& sql, const std::string& anchor) {
    auto pg = publisher_.connect();
    auto pg_result = exec(pg.get(), sql);
    ASSERT_EQ(PQresultStatus(pg_result.get()), PGRES_FATAL_ERROR) << sql;
    auto ours = local_try(sql);
    ASSERT_EQ(PQresultStatus(ours.get()), PGRES_FATAL_ERROR) << sql;
    std::vector<std::string> expected, actual;
    ASSERT_TRUE(wait_until([&] { return !(expected = report_of(publisher_.log_text(), anchor)).empty(); }, 10s,
                           50ms))
        << publisher_.log_text();
    ASSERT_TRUE(wait_until([&] { return !(actual = report_of(subscriber_.log_text(), anchor)).empty(); }, 10s,
                           50ms))
        << subscriber_.log_text();
    // The primary line and STATEMENT exactly; the other fields by their word
    // (their texts are the statement's business, not the log's).
    ASSERT_FALSE(actual.empty());
    EXPECT_EQ(actual.front(), expected.front());
    EXPECT_EQ(actual.back(), expected.back());
    EXPECT_EQ(field_words(actual), field_words(expected)) << joined(actual) << "---\n" << joined(expected);
  }

  static std::vector<std::string> field_words(const std::vector<std::string>& report) {
    std::vector<std::string> out;
    for (const auto& line : report)
      out.push_back(line.substr(0, line.find(':')));
    return out;
  }
};

TEST_F(ServerLog, AClientErrorIsLoggedWithItsPositionAndStatementAsPostgreSQLLogsIt) {
  expect_logged_as_postgresql("SELEC 1", "\"SELEC\"");
  expect_logged_as_postgresql("SELECT 'x'::int", "\"x\" at character");
}

TEST_F(ServerLog, AClientErrorsDetailAndStatementEachHaveTheirOwnPrefixedLine) {
  publisher_.exec("CREATE TABLE dup (a int PRIMARY KEY); INSERT INTO dup VALUES (1)");
  local_exec("CREATE TABLE dup (a int PRIMARY KEY); INSERT INTO dup VALUES (1)");
  expect_logged_as_postgresql("INSERT INTO dup VALUES (1)", "duplicate key value");
  expect_every_line_prefixed(subscriber_.log_text());
}

TEST_F(ServerLog, TheExtendedProtocolsStatementIsTheParsedQuery) {
  local_exec("CREATE TABLE ext (a int PRIMARY KEY)");
  const char* values[] = {"x"};
  auto r = pg_result{PQexecParams(local_.get(), "INSERT INTO ext VALUES ($1::int)", 1, nullptr, values, nullptr,
                                  nullptr, 0)};
  ASSERT_EQ(PQresultStatus(r.get()), PGRES_FATAL_ERROR);
  std::vector<std::string> report;
  ASSERT_TRUE(wait_until([&] { return !(report = report_of(subscriber_.log_text(), "\"x\"")).empty(); }, 10s,
                         50ms));
  ASSERT_EQ(report.size(), 2u) << joined(report);
  EXPECT_EQ(report[0], "ERROR:  invalid input syntax for type integer: \"x\"") << joined(report);
  EXPECT_EQ(report[1], "STATEMENT:  INSERT INTO ext VALUES ($1::int)");
}

TEST_F(ServerLog, LogMinErrorStatementAboveErrorLeavesTheStatementOut) {
  tributary_server quiet{tributary_server_options{{"log_min_error_statement=fatal"}, {}}};
  ASSERT_NO_FATAL_FAILURE(quiet.start());
  auto c = quiet.connect();
  auto r = exec(c.get(), "SELEC not_there");
  ASSERT_EQ(PQresultStatus(r.get()), PGRES_FATAL_ERROR);
  std::vector<std::string> report;
  ASSERT_TRUE(wait_until([&] { return !(report = report_of(quiet.log_text(), "\"SELEC\"")).empty(); }, 10s,
                         50ms));
  EXPECT_EQ(joined(report), "ERROR:  syntax error at or near \"SELEC\" at character 1\n");
}

TEST_F(ServerLog, AnUnknownRoleIsLoggedAsFatal) {
  auto c = pg_connection{PQconnectdb((subscriber_.conninfo() + " user=nobody_here").c_str())};
  ASSERT_NE(PQstatus(c.get()), CONNECTION_OK);
  EXPECT_TRUE(wait_until(
      [&] { return subscriber_.log_text().find("FATAL:  role \"nobody_here\" does not exist") != std::string::npos; },
      10s, 50ms))
      << subscriber_.log_text();
}

TEST_F(ServerLog, SubscriptionMessagesNameTheSubscriptionAndLibpqErrorsKeepTheirLinesIndented) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY); INSERT INTO t VALUES (1)");
  create_subscription("named_sub", "pub");
  const std::string started = "LOG:  logical replication apply worker for subscription \"named_sub\" has started";
  ASSERT_TRUE(wait_until([&] { return subscriber_.log_text().find(started) != std::string::npos; }, 30s, 50ms))
      << subscriber_.log_text();

  // An apply error: message, DETAIL and CONTEXT each on a prefixed line.
  publisher_.exec("INSERT INTO t VALUES (1)");
  std::vector<std::string> report;
  ASSERT_TRUE(wait_until(
      [&] {
        report = report_of(subscriber_.log_text(), "for subscription \"named_sub\": conflict detected on relation");
        return report.size() >= 4;
      },
      30s, 50ms))
      << subscriber_.log_text();
  ASSERT_GE(report.size(), 4u) << joined(report);
  EXPECT_EQ(report[1], "DETAIL:  Key already exists in unique index \"t_pkey\".") << joined(report);
  EXPECT_EQ(report[2], "\tKey (a)=(1); existing local row (1); remote row (1).")
      << "a DETAIL's second line indented with a tab, as PostgreSQL 18 logs it\n" << joined(report);
  EXPECT_EQ(report[3].rfind("CONTEXT:  processing remote data for replication origin", 0), 0u) << joined(report);
  local_exec("DELETE FROM t");

  // The publisher goes away: libpq's two-line message, its second line indented
  // with two tabs as PostgreSQL's worker logs it.
  publisher_.stop();
  const std::string refused = "for subscription \"named_sub\": could not connect to the publisher: connection to server";
  ASSERT_TRUE(wait_until([&] { return report_of(subscriber_.log_text(), refused).size() >= 2; }, 30s, 50ms))
      << subscriber_.log_text();
  report = report_of(subscriber_.log_text(), refused);
  EXPECT_EQ(report[1], "\t\tIs the server running on that host and accepting TCP/IP connections?") << joined(report);
  expect_every_line_prefixed(subscriber_.log_text());
}

}  // namespace
}  // namespace tributary::integration
