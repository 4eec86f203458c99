// Specification of copy_statement: COPY's parse tree and options read as
// PostgreSQL 15's ProcessCopyOptions reads them, with its errors.
#include <gtest/gtest.h>

#include <pg_query.h>

#include "stages/sql/copy_statement.hpp"

namespace tributary {
namespace {

result<copy_statement, pg_error> read(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return read_copy_statement(tree["stmts"][0]["stmt"]["CopyStmt"], sql);
}

std::string error_of(const std::string& sql) {
  auto r = read(sql);
  return r ? "no error" : r.error().sqlstate + " " + r.error().message;
}

TEST(CopyStatement, ReadsTableColumnsDirectionAndFormatDefaults) {
  auto c = read("COPY s.t (a, b) FROM STDIN");
  ASSERT_TRUE(c.ok());
  EXPECT_TRUE(c->from);
  EXPECT_EQ(c->table, "t");
  EXPECT_EQ(c->columns, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(c->format, copy_format::text);
  EXPECT_EQ(c->options.delimiter, '\t');
  EXPECT_EQ(c->options.null_marker, "\\N");
  EXPECT_TRUE(c->options.client_data);

  auto csv = read("COPY t TO STDOUT WITH CSV HEADER");
  ASSERT_TRUE(csv.ok());
  EXPECT_FALSE(csv->from);
  EXPECT_EQ(csv->format, copy_format::csv);
  EXPECT_EQ(csv->options.delimiter, ',');
  EXPECT_EQ(csv->options.null_marker, "");
  EXPECT_TRUE(csv->options.header);
}

TEST(CopyStatement, ReadsTheQueryOfCopyToAndTheFileName) {
  auto q = read("COPY (SELECT '(', \")\" FROM t /* ) */) TO STDOUT");
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(q->query, "SELECT '(', \")\" FROM t /* ) */");
  auto f = read("COPY t TO '/tmp/x' (FORCE_QUOTE *, FORMAT csv)");
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->file, "/tmp/x");
  EXPECT_TRUE(f->force_quote_all);
}

TEST(CopyStatement, RefusesOptionsAsPostgres) {
  EXPECT_EQ(error_of("COPY t FROM STDIN (FORMAT xml)"), "22023 COPY format \"xml\" not recognized");
  EXPECT_EQ(error_of("COPY t FROM STDIN (nosuch 1)"), "42601 option \"nosuch\" not recognized");
  EXPECT_EQ(error_of("COPY t FROM STDIN (FORMAT csv, FORMAT text)"), "42601 conflicting or redundant options");
  EXPECT_EQ(error_of("COPY t FROM STDIN (DELIMITER 'ab')"),
            "0A000 COPY delimiter must be a single one-byte character");
  EXPECT_EQ(error_of("COPY t FROM STDIN (DELIMITER '\\')"), "22023 COPY delimiter cannot be \"\\\"");
  EXPECT_EQ(error_of("COPY t FROM STDIN (QUOTE '\"')"), "0A000 COPY quote available only in CSV mode");
  EXPECT_EQ(error_of("COPY t FROM STDIN (FORMAT csv, QUOTE ',')"),
            "22023 COPY delimiter and quote must be different");
  EXPECT_EQ(error_of("COPY t FROM STDIN (FORMAT csv, FORCE_QUOTE (a))"),
            "0A000 COPY force quote only available using COPY TO");
  EXPECT_EQ(error_of("COPY t TO STDOUT (FORMAT csv, FORCE_NULL (a))"),
            "0A000 COPY force null only available using COPY FROM");
  EXPECT_EQ(error_of("COPY t FROM STDIN (FORMAT binary, NULL 'x')"), "42601 cannot specify NULL in BINARY mode");
  EXPECT_EQ(error_of("COPY t FROM STDIN (NULL 'a|b', DELIMITER '|')"),
            "0A000 COPY delimiter must not appear in the NULL specification");
  EXPECT_EQ(error_of("COPY t FROM PROGRAM 'cat'"), "0A000 COPY FROM PROGRAM is not supported");
  EXPECT_EQ(error_of("COPY t FROM STDIN (HEADER match)"), "0A000 COPY HEADER MATCH is not supported");
}

TEST(CopyStatement, PointsAtTheOptionItRefuses) {
  auto r = read("COPY t FROM STDIN (nosuch 1)");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().position, 20);
}

}  // namespace
}  // namespace tributary
