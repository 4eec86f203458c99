// apply_sink_fixture: the fixture of apply_sink's specification (test_apply_sink*.cpp):
// a real temporary SQLite file with the catalog, one subscription (16384) and its
// origin, an open apply_sink on it, and helpers that apply a group and read rows.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "stages/pipeline/apply_plan.hpp"
#include "storage/apply_sink.hpp"
#include "storage/catalog_schema.hpp"
#include "remote_transaction_builders.hpp"

namespace tributary {

constexpr int64_t origin_id = 1;
constexpr int64_t subscription_oid = 16384;

class ApplySinkTest : public ::testing::Test {
protected:
  void SetUp() override {
    char pattern[] = "/tmp/apply_sink_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    dir_ = pattern;
    file_ = (dir_ / "db.db").string();
    auto db = sqlite_connection::open(file_);
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(migrate_catalog(*db).ok());
    ASSERT_TRUE(db->exec("INSERT INTO pg_subscription (oid, subdbid, subskiplsn, subname, subowner,"
                         " subenabled, subconninfo, subpublications) VALUES (16384, 1, '0/14C0378',"
                         " 'sub', 10, 1, '', '{pub}');"
                         "INSERT INTO pg_replication_origin VALUES (1, 'pg_16384');")
                    .ok());
    auto s = apply_sink::open(apply_sink_config{file_, subscription_oid, origin_id, 1000, nullptr});
    ASSERT_TRUE(s.ok()) << s.error().to_string();
    sink_.emplace(std::move(*s));
  }
  void TearDown() override {
    sink_.reset();
    std::filesystem::remove_all(dir_);
  }

  void exec(const std::string& sql) {
    auto r = sink_->connection().exec(sql);
    ASSERT_TRUE(r.ok()) << r.error().message;
  }

  // Rows of a query, each row's columns joined with '|' (NULL shown as "null").
  std::vector<std::string> rows(const std::string& sql) {
    return rows_on(sink_->connection(), sql);
  }
  static std::vector<std::string> rows_on(sqlite_connection& db, const std::string& sql) {
    std::vector<std::string> out;
    auto q = db.prepare(sql);
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

  result<ok_t, apply_error> apply_only(std::vector<remote_transaction_ptr> group) {
    if (auto r = sink_->begin_group(); !r)
      return r;
    return sink_->apply(make_apply_plan(group), group);
  }
  void apply_group(std::vector<remote_transaction_ptr> group) {
    auto r = apply_only(group);
    ASSERT_TRUE(r.ok()) << r.error().to_string();
    auto c = sink_->commit_group(group.back()->end_lsn);
    ASSERT_TRUE(c.ok()) << c.error().to_string();
  }
  apply_error apply_error_of(std::vector<remote_transaction_ptr> group) {
    auto r = apply_only(group);
    EXPECT_FALSE(r.ok());
    sink_->rollback_group();
    return r.ok() ? apply_error{} : r.error();
  }

  std::filesystem::path dir_;
  std::string file_;
  std::optional<apply_sink> sink_;
};

}  // namespace tributary
