// UniqueConflicts: the unique keys of a local table with PostgreSQL's names, and the
// row text of PostgreSQL 18's conflict DETAIL.
#include <gtest/gtest.h>

#include "storage/unique_conflicts.hpp"

using namespace tributary;

namespace {

class UniqueConflicts : public ::testing::Test {
protected:
  void SetUp() override {
    auto db = sqlite_connection::open(":memory:");
    ASSERT_TRUE(db) << db.error().message;
    db_.emplace(std::move(*db));
  }
  void exec(const std::string& sql) {
    auto r = db_->exec(sql);
    ASSERT_TRUE(r) << r.error().message;
  }
  std::vector<std::string> keys_of(const std::string& table) {
    auto keys = unique_keys_of(*db_, table, table);
    EXPECT_TRUE(keys) << keys.error().message;
    std::vector<std::string> out;
    for (const auto& k : keys ? *keys : std::vector<unique_key>{}) {
      std::string line = k.name + ":";
      for (const auto& c : k.columns) line += " " + c;
      out.push_back(line);
    }
    return out;
  }
  std::optional<sqlite_connection> db_;
};

}  // namespace

TEST_F(UniqueConflicts, KeysAreNamedAsPostgresNamesThemPrimaryKeyFirst) {
  exec("CREATE TABLE t (a integer PRIMARY KEY, b integer UNIQUE, c text, d text, UNIQUE (c, d));"
       "CREATE UNIQUE INDEX t_lower_c ON t (lower(c));"         // an expression: not probed
       "CREATE UNIQUE INDEX t_d_partial ON t (d) WHERE d > 'm';"  // partial: not probed
       "CREATE INDEX t_c_plain ON t (c);"                         // not unique
       "CREATE UNIQUE INDEX t_named ON t (d, a)");
  EXPECT_EQ(keys_of("t"),
            (std::vector<std::string>{"t_pkey: a", "t_b_key: b", "t_c_d_key: c d", "t_named: d a"}));
}

TEST_F(UniqueConflicts, ACompositePrimaryKeyKeepsItsColumnOrderAndATableWithoutKeysHasNone) {
  exec("CREATE TABLE k (x text, y integer, z integer, PRIMARY KEY (z, x)); CREATE TABLE plain (v integer)");
  EXPECT_EQ(keys_of("k"), (std::vector<std::string>{"k_pkey: z x"}));
  EXPECT_TRUE(keys_of("plain").empty());
}

TEST_F(UniqueConflicts, RowsAreWrittenAsPostgresWritesThemInAConflictDetail) {
  EXPECT_EQ(row_description({"1", std::nullopt, "a, b"}), "(1, null, a, b)");
  const std::string long_ascii(70, 'x');
  EXPECT_EQ(row_description({long_ascii}), "(" + std::string(64, 'x') + "...)") << "64 bytes, then ...";
  // 63 ASCII bytes then a two-byte character: clipping never splits the character.
  const std::string accented = std::string(63, 'a') + "\xC3\xA9" + "zz";
  EXPECT_EQ(row_description({accented}), "(" + std::string(63, 'a') + "...)");
  EXPECT_EQ(row_description({}), "()");
}

TEST_F(UniqueConflicts, TheDetailHasTwoLinesPerKeyAndTheIdentityOfAnUpdate) {
  std::vector<key_conflict> conflicts{{"t_pkey", "(a)=(1)", "(1, x)"}, {"t_b_key", "(b)=(2)", "(5, 2)"}};
  EXPECT_EQ(conflict_detail(conflicts, "(1, 2)", ""),
            "Key already exists in unique index \"t_pkey\".\nKey (a)=(1); existing local row (1, x); remote row (1, 2).\n"
            "Key already exists in unique index \"t_b_key\".\nKey (b)=(2); existing local row (5, 2); remote row (1, 2).");
  EXPECT_EQ(conflict_detail({conflicts[1]}, "(1, 2)", "replica identity (a)=(1)"),
            "Key already exists in unique index \"t_b_key\".\n"
            "Key (b)=(2); existing local row (5, 2); remote row (1, 2); replica identity (a)=(1).");
}
