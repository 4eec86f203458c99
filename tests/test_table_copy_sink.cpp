// Specification of table_copy_sink on real temporary SQLite files: one table's
// copy and its state 'r' + srsublsn commit together or not at all.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <optional>

#include "stages/pipeline/copy_format.hpp"
#include "storage/catalog_schema.hpp"
#include "storage/subscription_catalog.hpp"
#include "storage/table_copy_sink.hpp"

namespace tributary {
namespace {

constexpr oid_t int4 = 23;
constexpr oid_t text_type = 25;
constexpr int64_t subscription_oid = 16384;
const lsn sync_point{0x1A2B3C8};

relation_info relation(std::string table, std::vector<std::pair<std::string, oid_t>> columns) {
  relation_info r;
  r.relation_oid = 16390;
  r.schema_name = "public";
  r.table_name = std::move(table);
  for (auto& [name, type] : columns)
    r.columns.push_back(relation_column{false, name, type, -1});
  return r;
}

copy_rows text_rows(size_t columns, const std::string& text) {
  std::vector<std::string> names(columns, "c");
  copy_parser parser(copy_format::text, names);
  copy_rows rows(columns);
  auto r = parser.feed(text, rows);
  EXPECT_TRUE(r.ok()) << r.error().to_string();
  return rows;
}

class TableCopySinkTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/table_copy_sink_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
    file_ = (dir_ / "db.db").string();
    auto db = sqlite_connection::open(file_);
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(migrate_catalog(*db).ok());
    db_.emplace(std::move(*db));
    exec("INSERT INTO pg_subscription (oid, subdbid, subskiplsn, subname, subowner, subenabled, subconninfo,"
         " subpublications) VALUES (16384, 1, '0/0', 'sub', 10, 1, '', '{pub}');"
         "CREATE TABLE t (a int4 PRIMARY KEY, b text, extra text DEFAULT 'd');");
    for (auto [relid, table] : {std::pair<int64_t, const char*>{16390, "t"}, {16391, "other"}}) {
      subscription_rel_row rel;
      rel.subid = subscription_oid;
      rel.relid = relid;
      rel.state = 'i';
      rel.schema_name = "public";
      rel.table_name = table;
      ASSERT_TRUE(upsert_subscription_rel(*db_, rel).ok());
    }
  }
  void TearDown() override {
    sink_.reset();
    db_.reset();
    std::filesystem::remove_all(dir_);
  }

  void exec(const std::string& sql) {
    auto r = db_->exec(sql);
    ASSERT_TRUE(r.ok()) << r.error().message;
  }

  void open_sink(relation_info rel, copy_format format = copy_format::text) {
    table_copy_config config;
    config.database_file = file_;
    config.subscription_oid = subscription_oid;
    config.relation = std::move(rel);
    config.format = format;
    auto s = table_copy_sink::open(std::move(config));
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    sink_.emplace(std::move(*s));
  }

  std::vector<std::string> rows(const std::string& sql) {
    std::vector<std::string> out;
    auto q = db_->prepare(sql);
    EXPECT_TRUE(q.ok()) << sql;
    if (!q)
      return out;
    while (true) {
      auto s = q->step();
      EXPECT_TRUE(s.ok());
      if (!s || *s == sqlite_statement::step_result::done)
        break;
      std::string line;
      for (int i = 0; i < q->column_count(); ++i)
        line += (i ? "|" : "") + (q->column_is_null(i) ? std::string("null") : q->column_text(i));
      out.push_back(line);
    }
    return out;
  }

  std::vector<std::string> rel_states() {
    return rows("SELECT srrelname, srrelid, srsubstate, coalesce(srsublsn, 'null') FROM pg_subscription_rel "
                "ORDER BY srrelname");
  }

  std::filesystem::path dir_;
  std::string file_;
  std::optional<sqlite_connection> db_;  // another connection, as a client would have
  std::optional<table_copy_sink> sink_;
};

TEST_F(TableCopySinkTest, CommitWritesRowsStateReadyAndSyncLsnTogether) {
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  ASSERT_TRUE(sink_->insert(text_rows(2, "1\tone\n2\t\\N\n3\tthree\n")).ok());
  EXPECT_EQ(sink_->rows_copied(), 3u);
  auto c = sink_->commit(sync_point);
  ASSERT_TRUE(c.ok()) << c.error().to_string();
  EXPECT_FALSE(sink_->transaction_open());
  EXPECT_EQ(rows("SELECT a, typeof(a), b, extra FROM t ORDER BY a"),
            (std::vector<std::string>{"1|integer|one|d", "2|integer|null|d", "3|integer|three|d"}));
  EXPECT_EQ(rel_states(), (std::vector<std::string>{"other|16391|i|null", "t|16390|r|0/1A2B3C8"}));
}

TEST_F(TableCopySinkTest, NothingIsVisibleBeforeTheCommit) {
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  ASSERT_TRUE(sink_->insert(text_rows(2, "1\tone\n")).ok());
  EXPECT_TRUE(rows("SELECT * FROM t").empty());
  EXPECT_EQ(rel_states()[1], "t|16390|i|null");
}

TEST_F(TableCopySinkTest, ConflictingKeyRollsBackEverythingIncludingTheState) {
  exec("INSERT INTO t (a, b) VALUES (2, 'local')");
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  auto r = sink_->insert(text_rows(2, "1\tone\n2\ttwo\n3\tthree\n"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().error.sqlstate, "23505");
  EXPECT_EQ(r.error().error.detail, "Key (a)=(2) already exists.");
  EXPECT_EQ(r.error().context, "COPY t, line 2");
  EXPECT_FALSE(r.error().retryable);
  EXPECT_FALSE(sink_->transaction_open());
  EXPECT_FALSE(sink_->commit(sync_point).ok());
  EXPECT_EQ(rows("SELECT a, b FROM t"), (std::vector<std::string>{"2|local"}));
  EXPECT_EQ(rel_states()[1], "t|16390|i|null");
}

TEST_F(TableCopySinkTest, LineNumbersCountAcrossBatches) {
  exec("INSERT INTO t (a, b) VALUES (4, 'local')");
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  ASSERT_TRUE(sink_->insert(text_rows(2, "1\ta\n2\tb\n")).ok());
  auto r = sink_->insert(text_rows(2, "3\tc\n4\td\n"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().context, "COPY t, line 4");
  EXPECT_EQ(r.error().to_string(),  // PostgreSQL's words, as a client session reports the same failure
            "duplicate key value violates unique constraint \"t_pkey\"\nDETAIL: Key (a)=(4) already "
            "exists.\nCONTEXT: COPY t, line 4");
}

TEST_F(TableCopySinkTest, ValueTheCodecRefusesNamesTheColumnAndValue) {
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  auto r = sink_->insert(text_rows(2, "1\tok\nabc\tbad\n"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().error.sqlstate, "22P02");
  EXPECT_EQ(r.error().error.message, "invalid input syntax for type integer: \"abc\"");
  EXPECT_EQ(r.error().context, "COPY t, line 2, column a: \"abc\"");
  EXPECT_TRUE(rows("SELECT * FROM t").empty());
}

// Rows go 64 per INSERT statement and the rest one by one: every row lands
// with its own values, and a failure inside a chunk names its own line.
TEST_F(TableCopySinkTest, ManyRowsLandWithTheirValuesAndAFailureNamesItsOwnLine) {
  auto lines = [](int from, int to, int bad) {
    std::string text;
    for (int i = from; i <= to; ++i)
      text += (i == bad ? std::string("x") : std::to_string(i)) + "\t" + (i % 5 ? "v" + std::to_string(i) : "\\N") + "\n";
    return text;
  };
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  ASSERT_TRUE(sink_->insert(text_rows(2, lines(1, 150, 0))).ok());
  EXPECT_EQ(sink_->rows_copied(), 150u);
  ASSERT_TRUE(sink_->commit(sync_point).ok());
  EXPECT_EQ(rows("SELECT count(*), count(b), sum(a) FROM t"), (std::vector<std::string>{"150|120|11325"}));
  EXPECT_EQ(rows("SELECT a, b FROM t WHERE a IN (64, 65, 128, 150) ORDER BY a"),
            (std::vector<std::string>{"64|v64", "65|null", "128|v128", "150|null"}));

  exec("DELETE FROM t; INSERT INTO t (a, b) VALUES (100, 'local')");
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  auto exists = sink_->insert(text_rows(2, lines(1, 150, 0)));
  ASSERT_FALSE(exists.ok());
  EXPECT_EQ(exists.error().error.detail, "Key (a)=(100) already exists.");
  EXPECT_EQ(exists.error().context, "COPY t, line 100");

  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  auto bad = sink_->insert(text_rows(2, lines(1, 150, 30)));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().context, "COPY t, line 30, column a: \"x\"");
  EXPECT_EQ(rows("SELECT a, b FROM t"), (std::vector<std::string>{"100|local"}));
}

TEST_F(TableCopySinkTest, ColumnsMatchByNameInAnyOrderAndLocalExtrasKeepDefaults) {
  open_sink(relation("t", {{"B", text_type}, {"a", int4}}));
  ASSERT_TRUE(sink_->begin().ok());
  ASSERT_TRUE(sink_->insert(text_rows(2, "x\t7\n")).ok());
  ASSERT_TRUE(sink_->commit(sync_point).ok());
  EXPECT_EQ(rows("SELECT a, b, extra FROM t"), (std::vector<std::string>{"7|x|d"}));
}

TEST_F(TableCopySinkTest, BinaryValuesGoThroughTheBinaryCodec) {
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}), copy_format::binary);
  copy_rows rows_in(2);
  rows_in.add_value(std::string("\0\0\1\0", 4));
  rows_in.add_value("text");
  ASSERT_TRUE(sink_->begin().ok());
  ASSERT_TRUE(sink_->insert(rows_in).ok());
  ASSERT_TRUE(sink_->commit(sync_point).ok());
  EXPECT_EQ(rows("SELECT a, b FROM t"), (std::vector<std::string>{"256|text"}));
}

TEST_F(TableCopySinkTest, MissingLocalTableOrColumnFailsBegin) {
  open_sink(relation("absent", {{"a", int4}}));
  auto missing_table = sink_->begin();
  ASSERT_FALSE(missing_table.ok());
  EXPECT_EQ(missing_table.error().error.sqlstate, "55000");
  EXPECT_EQ(missing_table.error().error.message,
            "logical replication target relation \"public.absent\" does not exist");
  EXPECT_FALSE(sink_->transaction_open());
  open_sink(relation("t", {{"a", int4}, {"zz", text_type}}));
  auto missing_column = sink_->begin();
  ASSERT_FALSE(missing_column.ok());
  EXPECT_EQ(missing_column.error().error.sqlstate, "55000");
  EXPECT_FALSE(sink_->transaction_open());
}

TEST_F(TableCopySinkTest, BusyFileIsRetryableAndLeavesNothingOpen) {
  exec("BEGIN IMMEDIATE");
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  auto busy = sink_->begin();
  ASSERT_FALSE(busy.ok());
  EXPECT_TRUE(busy.error().retryable);
  EXPECT_FALSE(sink_->transaction_open());
  exec("COMMIT");
  EXPECT_TRUE(sink_->begin().ok());
}

TEST_F(TableCopySinkTest, TableNoLongerSubscribedFailsTheCommitAndRollsBack) {
  ASSERT_TRUE(delete_subscription_rel(*db_, subscription_oid, "public", "t").ok());
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  ASSERT_TRUE(sink_->insert(text_rows(2, "1\tone\n")).ok());
  auto c = sink_->commit(sync_point);
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().error.message, "subscription table \"public.t\" in subscription 16384 does not exist");
  EXPECT_TRUE(rows("SELECT * FROM t").empty());
}

TEST_F(TableCopySinkTest, DestroyingAnOpenCopyRollsItBack) {
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  ASSERT_TRUE(sink_->begin().ok());
  ASSERT_TRUE(sink_->insert(text_rows(2, "1\tone\n")).ok());
  sink_.reset();
  EXPECT_TRUE(rows("SELECT * FROM t").empty());
  EXPECT_EQ(rel_states()[1], "t|16390|i|null");
}

// Two copies of one table (two servers on one directory): the second one to
// commit finds the table ready and commits nothing.
TEST_F(TableCopySinkTest, ASecondCopyRollsBackAtCommitWhenTheTableIsNoLongerWaitingForIt) {
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  std::optional<table_copy_sink> first = std::move(sink_);
  sink_.reset();
  open_sink(relation("t", {{"a", int4}, {"b", text_type}}));
  std::optional<table_copy_sink> second = std::move(sink_);

  ASSERT_TRUE(first->begin().ok());
  ASSERT_TRUE(first->insert(text_rows(2, "1\tone\n2\ttwo\n")).ok());
  ASSERT_TRUE(first->commit(sync_point).ok());

  ASSERT_TRUE(second->begin().ok());
  ASSERT_TRUE(second->insert(text_rows(2, "3\tthree\n")).ok());
  auto c = second->commit(lsn{0x2000000});
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.error().error.sqlstate, "55000");
  EXPECT_NE(c.error().error.message.find("state \"r\", not \"i\""), std::string::npos) << c.error().to_string();
  EXPECT_FALSE(second->transaction_open());
  EXPECT_EQ(rows("SELECT a FROM t ORDER BY a"), (std::vector<std::string>{"1", "2"}));
  EXPECT_EQ(rel_states(), (std::vector<std::string>{"other|16391|i|null", "t|16390|r|0/1A2B3C8"}));
}

}  // namespace
}  // namespace tributary
