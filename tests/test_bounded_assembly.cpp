// Bounded memory in the transaction assembler (issue 9): large ordinary
// transactions are handed on in pieces, streamed ones spill to their spool
// file (storage/transaction_spool, a real directory) past the memory limit and
// are read back in order at their commit, without aborted subtransactions.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>

#include "stages/pipeline/transaction_assembler.hpp"
#include "storage/transaction_spool.hpp"
#include "kept_bytes.hpp"

namespace tributary {
namespace {

namespace fs = std::filesystem;
constexpr oid_t t_oid = 16385;

relation_message relation_msg(std::string table, std::optional<xid_t> xid = std::nullopt) {
  relation_message m;
  m.xid = xid;
  m.relation.relation_oid = t_oid;
  m.relation.schema_name = "public";
  m.relation.table_name = std::move(table);
  m.relation.columns.push_back(relation_column{true, "id", 23, -1});
  return m;
}

insert_message insert_msg(std::string value, std::optional<xid_t> xid = std::nullopt) {
  return insert_message{xid, t_oid, {kept_value(tuple_value::kind::text, std::move(value))}};
}

class BoundedAssembly : public ::testing::Test {
protected:
  fs::path dir = fs::temp_directory_path() /
                 ("bounded_assembly_" + std::to_string(::getpid()) + "_" +
                  ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::vector<remote_transaction_ptr> out;
  uint64_t wal = 0x1000;

  void SetUp() override { fs::remove_all(dir); }
  void TearDown() override { fs::remove_all(dir); }

  assembler_config config(size_t memory_limit, size_t piece_bytes) {
    assembler_config c{lsn{0}, std::nullopt, {{{"public", "t"}, {true, lsn{0}}}}};
    c.spill = transaction_spool(dir).factory();
    c.spool_memory_limit = memory_limit;
    c.piece_bytes = piece_bytes;
    return c;
  }
  result<ok_t, assembler_error> feed(transaction_assembler& a, std::vector<pgoutput_message> messages) {
    std::vector<wal_message> batch;
    for (auto& m : messages)
      batch.push_back(wal_message{lsn{wal++}, std::move(m)});
    return a.push(std::move(batch), out);
  }
  void feed_ok(transaction_assembler& a, std::vector<pgoutput_message> messages) {
    auto r = feed(a, std::move(messages));
    ASSERT_TRUE(r.ok()) << r.error().to_string();
  }
  size_t files() {
    size_t n = 0;
    std::error_code ec;
    if (fs::exists(dir, ec))
      for (auto& e : fs::directory_iterator(dir))
        n += e.is_regular_file() ? 1 : 0;
    return n;
  }
  // Every change of a transaction: spooled ones first, then those in memory.
  static std::vector<std::string> values_of(const remote_transaction& txn) {
    std::vector<std::string> values;
    std::vector<row_change> spooled;
    if (txn.spooled)
      for (bool more = true; more;) {
        auto r = txn.spooled->read(spooled, 64);
        EXPECT_TRUE(r) << r.error().message;
        more = r && *r;
      }
    for (const std::vector<row_change>* list : std::array<const std::vector<row_change>*, 2>{&spooled, &txn.changes})
      for (const auto& c : *list)
        values.emplace_back(c.new_tuple.at(0).bytes);
    return values;
  }
};

TEST_F(BoundedAssembly, ALargeOrdinaryTransactionTravelsInPiecesTheLastCarryingItsEnd) {
  transaction_assembler a(config(size_t{1} << 20, 1));  // every change fills a piece
  feed_ok(a, {relation_msg("t"), begin_message{lsn{0x200}, 0, 740}, insert_msg("1"), insert_msg("2")});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(out[0]->more_follows);
  EXPECT_EQ(out[0]->xid, 740u);
  EXPECT_EQ(out[0]->final_lsn, lsn{0x200});
  EXPECT_EQ(a.buffered_bytes(), 0u);
  feed_ok(a, {insert_msg("3"), commit_message{0, lsn{0x200}, lsn{0x230}, 0}});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_TRUE(out[2]->more_follows);
  EXPECT_FALSE(out[3]->more_follows);
  EXPECT_EQ(out[3]->end_lsn, lsn{0x230});
  EXPECT_TRUE(out[3]->changes.empty());
  std::vector<std::string> all;
  for (auto& piece : out)
    for (auto& v : values_of(*piece))
      all.push_back(v);
  EXPECT_EQ(all, (std::vector<std::string>{"1", "2", "3"}));
}

TEST_F(BoundedAssembly, ASkipNamingATransactionInPiecesDropsEveryPiece) {
  auto c = config(size_t{1} << 20, 1);
  c.skip_lsn = lsn{0x200};
  transaction_assembler a(std::move(c));
  feed_ok(a, {relation_msg("t"), begin_message{lsn{0x200}, 0, 740}, insert_msg("1"), insert_msg("2"),
              commit_message{0, lsn{0x200}, lsn{0x230}, 0}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0]->skipped_by_user);
  EXPECT_EQ(out[0]->consumed_skip_lsn, lsn{0x200});
  EXPECT_TRUE(out[0]->changes.empty());
  EXPECT_FALSE(a.config().skip_lsn);
}

TEST_F(BoundedAssembly, ASkipOfAnotherTransactionIsClearedByTheLastPiece) {
  auto c = config(size_t{1} << 20, 1);
  c.skip_lsn = lsn{0x900};
  transaction_assembler a(std::move(c));
  feed_ok(a, {relation_msg("t"), begin_message{lsn{0x200}, 0, 740}, insert_msg("1"),
              commit_message{0, lsn{0x200}, lsn{0x230}, 0}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_FALSE(out[0]->consumed_skip_lsn);
  EXPECT_EQ(out[1]->consumed_skip_lsn, lsn{0x900});
  EXPECT_FALSE(out[1]->skipped_by_user);
  EXPECT_EQ(values_of(*out[0]), std::vector<std::string>{"1"});
}

TEST_F(BoundedAssembly, AStreamedTransactionPastTheLimitSpillsAndReadsBackInOrder) {
  transaction_assembler a(config(1, 0));  // anything in memory is too much
  feed_ok(a, {relation_msg("t"), stream_start_message{7, true}, insert_msg("a", 7), insert_msg("b", 8),
              insert_msg("c", 9), stream_stop_message{}});
  auto spool = a.spool();
  EXPECT_EQ(spool.open_transactions, 1u);
  EXPECT_EQ(spool.bytes_in_memory, 0u);
  EXPECT_GT(spool.bytes_on_disk, 0u);
  EXPECT_EQ(spool.spilled_transactions, 1u);
  EXPECT_EQ(files(), 1u);
  EXPECT_TRUE(fs::exists(dir / "7"));
  // Subtransaction 8 rolls back after its change was spilled.
  feed_ok(a, {stream_abort_message{7, 8, std::nullopt, std::nullopt}, stream_start_message{7, false},
              insert_msg("d", 7), stream_stop_message{},
              stream_commit_message{7, 0, lsn{0x400}, lsn{0x430}, 0}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0]->streamed);
  ASSERT_TRUE(out[0]->spooled);
  EXPECT_EQ(values_of(*out[0]), (std::vector<std::string>{"a", "c", "d"}));
  EXPECT_EQ(a.spool().open_transactions, 0u);
  out.clear();  // the applier is done with it: the file goes
  EXPECT_EQ(files(), 0u);
}

TEST_F(BoundedAssembly, BelowTheLimitAStreamedTransactionStaysInMemory) {
  transaction_assembler a(config(size_t{1} << 20, 0));
  feed_ok(a, {relation_msg("t"), stream_start_message{7, true}, insert_msg("a", 7), stream_stop_message{},
              stream_commit_message{7, 0, lsn{0x400}, lsn{0x430}, 0}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_FALSE(out[0]->spooled);
  EXPECT_EQ(files(), 0u);
  EXPECT_EQ(a.spool().spilled_transactions, 0u);
}

TEST_F(BoundedAssembly, AnAbortedOrForgottenStreamedTransactionLeavesNoFile) {
  transaction_assembler a(config(1, 0));
  feed_ok(a, {relation_msg("t"), stream_start_message{7, true}, insert_msg("a", 7), stream_stop_message{},
              stream_start_message{8, true}, insert_msg("b", 8), stream_stop_message{}});
  EXPECT_EQ(files(), 2u);
  feed_ok(a, {stream_abort_message{7, 7, std::nullopt, std::nullopt}});
  EXPECT_EQ(files(), 1u);
  a.reset();  // reconnect
  EXPECT_EQ(files(), 0u);
  EXPECT_TRUE(out.empty());
}

TEST_F(BoundedAssembly, AStreamedTransactionBeforeTheStartPositionIsDroppedWithItsFile) {
  auto c = config(1, 0);
  c.start_position = lsn{0x1000};
  transaction_assembler a(std::move(c));
  feed_ok(a, {relation_msg("t"), stream_start_message{7, true}, insert_msg("a", 7), stream_stop_message{},
              stream_commit_message{7, 0, lsn{0x400}, lsn{0x430}, 0}});
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(files(), 0u);
}

TEST_F(BoundedAssembly, ASpoolThatCannotBeWrittenIsAnErrorWithItsSqlstate) {
  { std::ofstream blocker(dir); }  // a file where the spool directory's parent should be
  assembler_config c{lsn{0}, std::nullopt, {{{"public", "t"}, {true, lsn{0}}}}};
  c.spill = transaction_spool(dir / "16384").factory();
  c.spool_memory_limit = 1;
  transaction_assembler a(std::move(c));
  auto r = feed(a, {relation_msg("t"), stream_start_message{7, true}, insert_msg("a", 7)});
  ASSERT_FALSE(r);
  ASSERT_TRUE(r.error().spool_failure);
  EXPECT_EQ(r.error().spool_failure->sqlstate, "58030");
  EXPECT_NE(r.error().to_string().find("could not create directory"), std::string::npos) << r.error().to_string();
}


// Optimistic apply: streamed changes also leave as they arrive.
TEST_F(BoundedAssembly, StreamedChangesLeaveAheadAtEachStreamStopWithTheirSubtransactionsAndAborts) {
  auto c = config(size_t{1} << 20, 0);
  c.send_in_progress = true;
  transaction_assembler a(std::move(c));
  feed_ok(a, {relation_msg("t"), stream_start_message{7, true}, insert_msg("a", 7), insert_msg("b", 8)});
  EXPECT_TRUE(out.empty());  // nothing before the block ends
  feed_ok(a, {stream_stop_message{}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]->part, transaction_part::in_progress);
  EXPECT_EQ(out[0]->xid, 7u);
  EXPECT_EQ(values_of(*out[0]), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(out[0]->change_subxids, (std::vector<xid_t>{7, 8}));
  feed_ok(a, {stream_abort_message{7, 8, std::nullopt, std::nullopt}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1]->part, transaction_part::stream_abort);
  EXPECT_EQ(out[1]->abort_subxid, 8u);
  feed_ok(a, {stream_start_message{7, false}, insert_msg("c", 7), stream_stop_message{},
              stream_commit_message{7, 0, lsn{0x400}, lsn{0x430}, 0}});
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[2]->part, transaction_part::in_progress);
  EXPECT_EQ(values_of(*out[2]), std::vector<std::string>{"c"});
  // The whole transaction follows, for an applier that gave the part ahead up.
  EXPECT_EQ(out[3]->part, transaction_part::whole);
  EXPECT_EQ(out[3]->end_lsn, lsn{0x430});
  EXPECT_EQ(values_of(*out[3]), (std::vector<std::string>{"a", "c"}));
}

TEST_F(BoundedAssembly, AChangeTheCommitMightDropGivesTheTransactionAheadUp) {
  auto c = config(size_t{1} << 20, 0);
  c.send_in_progress = true;
  c.tables[{"public", "late"}] = table_sync_state{true, lsn{0x5000}};  // copied after what was seen
  transaction_assembler a(std::move(c));
  feed_ok(a, {relation_msg("t"), stream_start_message{7, true}, insert_msg("a", 7), stream_stop_message{}});
  ASSERT_EQ(out.size(), 1u);
  feed_ok(a, {relation_msg("late", 7), stream_start_message{7, false}, insert_msg("b", 7), stream_stop_message{}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1]->part, transaction_part::stream_abort);
  EXPECT_EQ(out[1]->abort_subxid, 7u);  // the whole transaction: applied at its commit instead
  feed_ok(a, {relation_msg("t", 7), stream_start_message{7, false}, insert_msg("c", 7), stream_stop_message{},
              stream_commit_message{7, 0, lsn{0x6000}, lsn{0x6030}, 0}});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[2]->part, transaction_part::whole);
  EXPECT_EQ(values_of(*out[2]), (std::vector<std::string>{"a", "b", "c"}));
}

TEST_F(BoundedAssembly, AStreamedTransactionSentAheadAndDroppedAsAlreadyAppliedIsRolledBack) {
  auto c = config(size_t{1} << 20, 0);
  c.send_in_progress = true;
  c.start_position = lsn{0x1000};
  transaction_assembler a(std::move(c));
  feed_ok(a, {relation_msg("t"), stream_start_message{7, true}, insert_msg("a", 7), stream_stop_message{},
              stream_commit_message{7, 0, lsn{0x400}, lsn{0x430}, 0}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0]->part, transaction_part::in_progress);
  EXPECT_EQ(out[1]->part, transaction_part::stream_abort);
  EXPECT_EQ(out[1]->abort_subxid, 7u);
}

// A spill that records the batches it is given (how many changes each).
class recording_spill final : public change_spill {
public:
  explicit recording_spill(std::vector<size_t>& batches) : batches_(batches) {}
  result<ok_t, pg_error> write(const row_change&, xid_t) override {
    batches_.push_back(1);
    return ok_v;
  }
  result<ok_t, pg_error> write_batch(std::vector<row_change>&& changes, std::vector<xid_t>&&) override {
    batches_.push_back(changes.size());
    return ok_v;
  }
  result<std::shared_ptr<change_source>, pg_error> finish(std::set<xid_t>, change_filter) override {
    return fail(make_pg_error("XX000", "not read back in this test"));
  }
  uint64_t bytes_written() const override { return 0; }

private:
  std::vector<size_t>& batches_;
};

TEST_F(BoundedAssembly, ASpillGoesToTheSpoolerInBatchesOfAPieceThenAPieceAtATime) {
  // What waits for the spooler's disk stays a few pieces, not a second
  // spool_memory_limit: the first spill is cut into pieces, and the
  // transaction's later changes go on to its file each time they fill one.
  std::vector<size_t> batches;
  row_change change;
  change.new_tuple.push_back(kept_value(tuple_value::kind::text, "v"));
  const size_t one = estimated_bytes(change);
  auto c = config(10 * one, 3 * one);
  c.spill = [&](xid_t) -> result<std::unique_ptr<change_spill>, pg_error> {
    return std::unique_ptr<change_spill>(std::make_unique<recording_spill>(batches));
  };
  transaction_assembler a(std::move(c));
  feed_ok(a, {relation_msg("t"), stream_start_message{7, true}});
  for (int i = 0; i < 10; ++i)
    feed_ok(a, {insert_msg("v", 7)});
  EXPECT_TRUE(batches.empty()) << "within the limit";
  feed_ok(a, {insert_msg("v", 7)});
  EXPECT_EQ(batches, (std::vector<size_t>{3, 3, 3, 2}));
  EXPECT_EQ(a.buffered_bytes(), 0u);
  for (int i = 0; i < 2; ++i)
    feed_ok(a, {insert_msg("v", 7)});
  EXPECT_EQ(batches.size(), 4u) << "less than a piece stays in memory";
  feed_ok(a, {insert_msg("v", 7)});
  EXPECT_EQ(batches, (std::vector<size_t>{3, 3, 3, 2, 3}));
  EXPECT_EQ(a.buffered_bytes(), 0u);
}

}  // namespace
}  // namespace tributary
