// Statement splitting, classification, PostgreSQL's syntax errors with their
// position, the SQLite fallback, and command tags.
#include <gtest/gtest.h>

#include "cli/server/command_tags.hpp"
#include "stages/sql/sql_text_scan.hpp"
#include "cli/server/statement_router.hpp"

using namespace tributary;

namespace {

std::vector<std::string> texts(const routed_query& q) {
  std::vector<std::string> out;
  for (const auto& s : q.statements)
    out.push_back(s.text);
  return out;
}

statement_kind kind_of(const std::string& sql) {
  routed_query q = route_query(sql);
  EXPECT_EQ(q.statements.size(), 1u) << sql;
  return q.statements.empty() ? statement_kind::sqlite : q.statements[0].kind;
}

std::string tag_of(const std::string& sql) {
  routed_query q = route_query(sql);
  EXPECT_EQ(q.statements.size(), 1u) << sql;
  return q.statements.empty() ? std::string() : q.statements[0].tag;
}

}  // namespace

TEST(StatementRouter, SplitsAtSemicolonsAndKeepsPositions) {
  routed_query q = route_query("SELECT 1; INSERT INTO t VALUES (2);SELECT 'a;b'");
  ASSERT_EQ(q.statements.size(), 3u);
  EXPECT_EQ(q.statements[0].text, "SELECT 1");
  EXPECT_EQ(q.statements[0].position, 0);
  EXPECT_EQ(q.statements[1].text, " INSERT INTO t VALUES (2)");
  EXPECT_EQ(q.statements[1].position, 9);
  EXPECT_EQ(q.statements[2].text, "SELECT 'a;b'");
  EXPECT_EQ(q.statements[2].position, 35);
}

TEST(StatementRouter, EmptyStringsAndLoneSemicolonsHoldNoStatement) {
  EXPECT_TRUE(route_query("").statements.empty());
  EXPECT_TRUE(route_query(" ; ;; ").statements.empty());
  EXPECT_TRUE(route_query("-- only a comment").statements.empty());
  EXPECT_TRUE(route_query("/* block */ ;").statements.empty());
}

TEST(StatementRouter, KeywordlessStatementsAreNotLost) {
  // libpg_query's scanner splitter drops statements without a PostgreSQL keyword.
  routed_query q = route_query("SELECT 1; PRAGMA foreign_keys; SELECT 2");
  EXPECT_EQ(texts(q), (std::vector<std::string>{"SELECT 1", " PRAGMA foreign_keys", " SELECT 2"}));
  EXPECT_EQ(q.statements[1].kind, statement_kind::sqlite_only);
  EXPECT_EQ(q.statements[1].tag, "PRAGMA");
}

TEST(StatementRouter, PragmaAloneIsSqliteOnly) {
  routed_query q = route_query("PRAGMA table_info(t)");
  ASSERT_EQ(q.statements.size(), 1u);
  EXPECT_EQ(q.statements[0].kind, statement_kind::sqlite_only);
  EXPECT_EQ(q.statements[0].parse_error.sqlstate, "42601");
  EXPECT_EQ(q.statements[0].parse_error.message, "syntax error at or near \"PRAGMA\"");
  EXPECT_EQ(q.statements[0].parse_error.position, 1);
}

TEST(StatementRouter, SyntaxErrorPositionCountsFromTheStartOfTheWholeString) {
  routed_query q = route_query("SELECT 1; SELECT 1 FROM FROM");
  ASSERT_EQ(q.statements.size(), 2u);
  EXPECT_EQ(q.statements[0].kind, statement_kind::sqlite);
  const routed_statement& bad = q.statements[1];
  EXPECT_EQ(bad.kind, statement_kind::sqlite_only);
  EXPECT_EQ(bad.parse_error.message, "syntax error at or near \"FROM\"");
  EXPECT_EQ(bad.parse_error.position, 25);  // 1-based, the second FROM
}

TEST(StatementRouter, SyntaxErrorPositionCountsCharactersNotBytes) {
  routed_query q = route_query("SELECT 'é'; SELECT FROM FROM");
  ASSERT_EQ(q.statements.size(), 2u);
  // 'é' is two bytes but one character: PostgreSQL positions are in characters.
  EXPECT_EQ(q.statements[1].parse_error.position, 25);
}

TEST(StatementRouter, UnterminatedQuoteIsOneStatementWithPostgresError) {
  routed_query q = route_query("SELECT 1; SELECT 'abc");
  ASSERT_EQ(q.statements.size(), 2u);
  EXPECT_EQ(q.statements[1].kind, statement_kind::sqlite_only);
  EXPECT_EQ(q.statements[1].parse_error.message, "unterminated quoted string at or near \"'abc\"");
  EXPECT_EQ(q.statements[1].parse_error.position, 18);
}

TEST(StatementRouter, SqliteTriggerBodyStaysOneStatement) {
  std::string sql =
      "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a); "
      "UPDATE c SET n = n + 1; END; SELECT 1";
  routed_query q = route_query(sql);
  ASSERT_EQ(q.statements.size(), 2u);
  EXPECT_EQ(q.statements[0].kind, statement_kind::sqlite_only);
  EXPECT_EQ(q.statements[0].text,
            "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a); "
            "UPDATE c SET n = n + 1; END");
  EXPECT_EQ(q.statements[0].tag, "CREATE TRIGGER");
  EXPECT_EQ(q.statements[1].text, " SELECT 1");
}

TEST(StatementRouter, TransactionControlIsClassified) {
  EXPECT_EQ(kind_of("BEGIN"), statement_kind::begin);
  EXPECT_EQ(kind_of("START TRANSACTION ISOLATION LEVEL SERIALIZABLE"), statement_kind::begin);
  EXPECT_EQ(kind_of("COMMIT"), statement_kind::commit);
  EXPECT_EQ(kind_of("END"), statement_kind::commit);
  EXPECT_EQ(kind_of("ROLLBACK"), statement_kind::rollback);
  EXPECT_EQ(kind_of("ABORT"), statement_kind::rollback);
  EXPECT_EQ(kind_of("SAVEPOINT a"), statement_kind::savepoint);
  EXPECT_EQ(kind_of("RELEASE SAVEPOINT a"), statement_kind::release_savepoint);
  EXPECT_EQ(kind_of("RELEASE a"), statement_kind::release_savepoint);
  EXPECT_EQ(kind_of("ROLLBACK TO SAVEPOINT a"), statement_kind::rollback_to_savepoint);
  EXPECT_EQ(kind_of("PREPARE TRANSACTION 'x'"), statement_kind::prepared_transaction);
}

TEST(StatementRouter, SqlPreparedStatementsAreTheSessions) {
  EXPECT_EQ(kind_of("PREPARE p(integer) AS SELECT $1"), statement_kind::sql_prepare);
  EXPECT_EQ(kind_of("EXECUTE p(1)"), statement_kind::sql_prepare);
  EXPECT_EQ(kind_of("DEALLOCATE p"), statement_kind::sql_prepare);
  EXPECT_EQ(kind_of("DEALLOCATE ALL"), statement_kind::sql_prepare);
  EXPECT_EQ(kind_of("DISCARD ALL"), statement_kind::sql_prepare);
  EXPECT_EQ(kind_of("PREPARE TRANSACTION 'x'"), statement_kind::prepared_transaction);
}

TEST(StatementRouter, TransactionTagsFollowPostgres) {
  EXPECT_EQ(tag_of("BEGIN"), "BEGIN");
  EXPECT_EQ(tag_of("START TRANSACTION"), "START TRANSACTION");
  EXPECT_EQ(tag_of("END"), "COMMIT");
  EXPECT_EQ(tag_of("ABORT"), "ROLLBACK");
  EXPECT_EQ(tag_of("ROLLBACK TO a"), "ROLLBACK");
  EXPECT_EQ(tag_of("RELEASE a"), "RELEASE");
}

TEST(StatementRouter, DatabaseSettingAndSubscriptionStatementsAreClassified) {
  EXPECT_EQ(kind_of("CREATE DATABASE shop"), statement_kind::create_database);
  EXPECT_EQ(kind_of("DROP DATABASE IF EXISTS shop"), statement_kind::drop_database);
  EXPECT_EQ(kind_of("SET client_encoding TO 'UTF8'"), statement_kind::set);
  EXPECT_EQ(kind_of("SET LOCAL search_path = a, b"), statement_kind::set);
  EXPECT_EQ(kind_of("RESET ALL"), statement_kind::reset);
  EXPECT_EQ(kind_of("SHOW DateStyle"), statement_kind::show);
  EXPECT_EQ(kind_of("CREATE SUBSCRIPTION s CONNECTION 'host=x' PUBLICATION p"),
            statement_kind::create_subscription);
  EXPECT_EQ(kind_of("ALTER SUBSCRIPTION s DISABLE"), statement_kind::alter_subscription);
  EXPECT_EQ(kind_of("ALTER SUBSCRIPTION s RENAME TO t"), statement_kind::alter_subscription);
  EXPECT_EQ(kind_of("ALTER SUBSCRIPTION s OWNER TO CURRENT_USER"), statement_kind::alter_subscription);
  EXPECT_EQ(kind_of("ALTER PUBLICATION p OWNER TO r"), statement_kind::sqlite);
  EXPECT_EQ(kind_of("DROP SUBSCRIPTION IF EXISTS s"), statement_kind::drop_subscription);
}

TEST(StatementRouter, TableDdlAndInsertGoToTheTypeLayer) {
  EXPECT_EQ(kind_of("CREATE TABLE t(a int PRIMARY KEY, b text)"), statement_kind::create_table);
  EXPECT_EQ(kind_of("DROP TABLE IF EXISTS a, b"), statement_kind::drop_table);
  EXPECT_EQ(kind_of("INSERT INTO t VALUES (1)"), statement_kind::insert);
  EXPECT_EQ(kind_of("DROP INDEX i"), statement_kind::drop_index);
  EXPECT_EQ(kind_of("CREATE INDEX ON t (a)"), statement_kind::create_index);
}

TEST(StatementRouter, EverythingElseGoesToSqlite) {
  EXPECT_EQ(kind_of("SELECT * FROM t WHERE a = $1"), statement_kind::sqlite);
  EXPECT_EQ(kind_of("UPDATE t SET a = 1"), statement_kind::sqlite);
  EXPECT_EQ(kind_of("INSERT OR REPLACE INTO t VALUES (1)"), statement_kind::sqlite_only);
}

TEST(StatementRouter, NodeAndFieldsOfTheStatementAreKept) {
  routed_query q = route_query("DROP DATABASE IF EXISTS shop");
  ASSERT_EQ(q.statements.size(), 1u);
  EXPECT_EQ(q.statements[0].node_type(), "DropdbStmt");
  EXPECT_EQ(q.statements[0].fields().value("dbname", ""), "shop");
  EXPECT_TRUE(q.statements[0].fields().value("missing_ok", false));
}

TEST(CommandTags, TagsFromParseTreeNodes) {
  EXPECT_EQ(tag_of("SELECT 1"), "SELECT");
  EXPECT_EQ(tag_of("VALUES (1)"), "SELECT");
  EXPECT_EQ(tag_of("INSERT INTO t VALUES (1)"), "INSERT");
  EXPECT_EQ(tag_of("UPDATE t SET a = 1"), "UPDATE");
  EXPECT_EQ(tag_of("DELETE FROM t"), "DELETE");
  EXPECT_EQ(tag_of("CREATE TABLE t(a int)"), "CREATE TABLE");
  EXPECT_EQ(tag_of("CREATE TABLE u AS SELECT 1"), "SELECT");
  EXPECT_EQ(tag_of("CREATE UNIQUE INDEX i ON t(a)"), "CREATE INDEX");
  EXPECT_EQ(tag_of("CREATE VIEW v AS SELECT 1"), "CREATE VIEW");
  EXPECT_EQ(tag_of("DROP TABLE t"), "DROP TABLE");
  EXPECT_EQ(tag_of("DROP INDEX IF EXISTS i"), "DROP INDEX");
  EXPECT_EQ(tag_of("DROP VIEW v"), "DROP VIEW");
  EXPECT_EQ(tag_of("ALTER TABLE t ADD COLUMN c int"), "ALTER TABLE");
  EXPECT_EQ(tag_of("ALTER TABLE t RENAME COLUMN a TO b"), "ALTER TABLE");
  EXPECT_EQ(tag_of("ALTER TABLE t RENAME TO u"), "ALTER TABLE");
  EXPECT_EQ(tag_of("CREATE DATABASE d"), "CREATE DATABASE");
  EXPECT_EQ(tag_of("SET a.b = 1"), "SET");
  EXPECT_EQ(tag_of("RESET ALL"), "RESET");
  EXPECT_EQ(tag_of("SHOW ALL"), "SHOW");
  EXPECT_EQ(tag_of("VACUUM"), "VACUUM");
  EXPECT_EQ(tag_of("ANALYZE t"), "ANALYZE");
  EXPECT_EQ(tag_of("TRUNCATE t"), "TRUNCATE TABLE");
  EXPECT_EQ(tag_of("EXPLAIN SELECT 1"), "EXPLAIN");
}

TEST(CommandTags, TagsFromLeadingWordsWhenPostgresCannotParse) {
  EXPECT_EQ(command_tag_for_text("INSERT OR REPLACE INTO t VALUES (1)"), "INSERT");
  EXPECT_EQ(command_tag_for_text("REPLACE INTO t VALUES (1)"), "INSERT");
  EXPECT_EQ(command_tag_for_text("  -- note\n  pragma foreign_keys"), "PRAGMA");
  EXPECT_EQ(command_tag_for_text("CREATE TEMP TRIGGER x AFTER ..."), "CREATE TRIGGER");
  EXPECT_EQ(command_tag_for_text("create virtual table v using fts5(x)"), "CREATE TABLE");
  EXPECT_EQ(command_tag_for_text("WITH x AS (SELECT 1) SELECT * FROM x"), "SELECT");
  EXPECT_EQ(command_tag_for_text("END TRANSACTION"), "COMMIT");
  EXPECT_EQ(command_tag_for_text(""), "");
}

TEST(CommandTags, CompleteTagsCarryPostgresCounts) {
  EXPECT_EQ(complete_tag("SELECT", 3), "SELECT 3");
  EXPECT_EQ(complete_tag("INSERT", 2), "INSERT 0 2");
  EXPECT_EQ(complete_tag("UPDATE", 0), "UPDATE 0");
  EXPECT_EQ(complete_tag("DELETE", 5), "DELETE 5");
  EXPECT_EQ(complete_tag("CREATE TABLE", 7), "CREATE TABLE");
}

TEST(SqlTextScan, SemicolonsInsideQuotesCommentsAndDollarQuotesDoNotSplit) {
  std::string sql = "a ';' \"x;y\" $f$;$f$ /* ; /* ; */ */ -- ;\n b; c E'\\';'; d";
  auto pieces = split_at_semicolons(sql);
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(sql.substr(pieces[0].begin, pieces[0].end - pieces[0].begin),
            "a ';' \"x;y\" $f$;$f$ /* ; /* ; */ */ -- ;\n b");
  EXPECT_EQ(sql.substr(pieces[1].begin, pieces[1].end - pieces[1].begin), " c E'\\';'");
  EXPECT_EQ(sql.substr(pieces[2].begin, pieces[2].end - pieces[2].begin), " d");
}

TEST(SqlTextScan, CommentOnlyPiecesAreDropped) {
  EXPECT_TRUE(split_at_semicolons(" -- x\n ; /* y */ ;").empty());
  EXPECT_FALSE(has_sql_token("  /* a */ -- b"));
  EXPECT_TRUE(has_sql_token("  /* a */ x"));
}

TEST(SqlTextScan, LeadingWordsSkipCommentsAndStopAtPunctuation) {
  EXPECT_EQ(leading_words("/* c */ create  temp table(x)", 5),
            (std::vector<std::string>{"CREATE", "TEMP", "TABLE"}));
  EXPECT_EQ(leading_words("pragma x", 1), std::vector<std::string>{"PRAGMA"});
}

TEST(SqlTextScan, UnterminatedQuoteRunsToTheEnd) {
  auto pieces = split_at_semicolons("select 'a; b");
  ASSERT_EQ(pieces.size(), 1u);
  EXPECT_EQ(pieces[0].end, 12u);
}
