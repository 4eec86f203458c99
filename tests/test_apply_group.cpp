// Specification of apply_group: when a group of remote transactions commits,
// what its commit records (progress and the SKIP to clear) for the whole group
// and for the prefix kept when a later transaction fails, wherever the skipped
// transaction sits in the group.
#include <gtest/gtest.h>

#include "stages/pipeline/apply_group.hpp"

namespace tributary {
namespace {

using namespace std::chrono_literals;
using clock_type = apply_group::clock;

remote_transaction_ptr txn(xid_t xid, uint64_t final_lsn, std::optional<uint64_t> consumed_skip = std::nullopt) {
  auto t = std::make_shared<remote_transaction>();
  t->xid = xid;
  t->final_lsn = lsn{final_lsn};
  t->end_lsn = lsn{final_lsn + 0x30};
  if (consumed_skip) {
    t->consumed_skip_lsn = lsn{*consumed_skip};
    t->skipped_by_user = *consumed_skip == final_lsn;
  }
  return t;
}

std::vector<remote_transaction_ptr> three_with_skip_at(size_t skipped_index) {
  std::vector<remote_transaction_ptr> out;
  for (size_t i = 0; i < 3; ++i) {
    uint64_t final_lsn = 0x100 * (i + 1);
    out.push_back(i == skipped_index ? txn(static_cast<xid_t>(i + 1), final_lsn, final_lsn)
                                     : txn(static_cast<xid_t>(i + 1), final_lsn));
  }
  return out;
}

TEST(ApplyGroup, CommitRecordHoldsTheGreatestEndLsnAndNoSkipWhenNoneWasConsumed) {
  auto record = commit_record_of(three_with_skip_at(99));
  EXPECT_EQ(record.end_lsn, lsn{0x330});
  EXPECT_FALSE(record.skip.has_value());
}

TEST(ApplyGroup, CommitRecordOfAnEmptyRunRecordsNothing) {
  auto record = commit_record_of({});
  EXPECT_EQ(record.end_lsn, lsn{0});
  EXPECT_FALSE(record.skip.has_value());
}

TEST(ApplyGroup, ASkippedTransactionAloneClearsItsSkipWithItsOwnProgress) {
  std::vector<remote_transaction_ptr> alone{txn(7, 0x28263E0, 0x28263E0)};
  auto record = commit_record_of(alone);
  EXPECT_EQ(record.end_lsn, lsn{0x2826410});
  ASSERT_TRUE(record.skip.has_value());
  EXPECT_EQ(record.skip->skip_lsn, lsn{0x28263E0});
  EXPECT_EQ(record.skip->xid, 7u);
  EXPECT_TRUE(record.skip->skipped());
}

TEST(ApplyGroup, ASkippedTransactionFirstInTheGroupClearsItsSkipInTheGroupCommit) {
  auto record = commit_record_of(three_with_skip_at(0));
  EXPECT_EQ(record.end_lsn, lsn{0x330});
  ASSERT_TRUE(record.skip.has_value());
  EXPECT_EQ(record.skip->finish_lsn, lsn{0x100});
}

TEST(ApplyGroup, ASkippedTransactionInTheMiddleClearsItsSkipInTheGroupCommit) {
  auto record = commit_record_of(three_with_skip_at(1));
  EXPECT_EQ(record.end_lsn, lsn{0x330});
  ASSERT_TRUE(record.skip.has_value());
  EXPECT_EQ(record.skip->finish_lsn, lsn{0x200});
}

// The failing transaction comes after the skipped one: the prefix kept before
// it carries the skip, so subskiplsn is cleared although the group fails.
TEST(ApplyGroup, APrefixBeforeALaterFailureKeepsTheSkipAndItsProgress) {
  apply_group group{group_limits{}};
  auto txns = three_with_skip_at(0);
  group.add(txns, clock_type::now());
  auto prefix = commit_record_of(group.prefix(2));  // transaction 3 failed
  EXPECT_EQ(prefix.end_lsn, lsn{0x230});
  ASSERT_TRUE(prefix.skip.has_value());
  EXPECT_EQ(prefix.skip->skip_lsn, lsn{0x100});
}

TEST(ApplyGroup, APrefixBeforeTheSkippedTransactionDoesNotClearTheSkip) {
  apply_group group{group_limits{}};
  group.add(three_with_skip_at(2), clock_type::now());
  auto prefix = commit_record_of(group.prefix(1));
  EXPECT_EQ(prefix.end_lsn, lsn{0x130});
  EXPECT_FALSE(prefix.skip.has_value());
}

TEST(ApplyGroup, ASkipThatNamedNoTransactionIsClearedButNotReportedAsSkipped) {
  std::vector<remote_transaction_ptr> txns{txn(1, 0x100, 0x180), txn(2, 0x180)};
  auto record = commit_record_of(txns);
  ASSERT_TRUE(record.skip.has_value());
  EXPECT_EQ(record.skip->skip_lsn, lsn{0x180});
  EXPECT_EQ(record.skip->finish_lsn, lsn{0x100});
  EXPECT_FALSE(record.skip->skipped());
}

TEST(ApplyGroup, OnlyAGroupOfSeveralTransactionsNeedsItsFailureIsolated) {
  apply_group group{group_limits{}};
  EXPECT_FALSE(group.must_isolate_failure());
  std::vector<remote_transaction_ptr> one{txn(1, 0x100)};
  group.add(one, clock_type::now());
  EXPECT_FALSE(group.must_isolate_failure());
  std::vector<remote_transaction_ptr> another{txn(2, 0x200)};
  group.add(another, clock_type::now());
  EXPECT_TRUE(group.must_isolate_failure());
}

TEST(ApplyGroup, IsDueWhenTheInputRunsOutOrALimitIsReached) {
  apply_group group{group_limits{3, 100ms}};
  auto opened = clock_type::now();
  EXPECT_FALSE(group.due(true, opened)) << "an empty group never commits";
  std::vector<remote_transaction_ptr> two{txn(1, 0x100), txn(2, 0x200)};
  group.add(two, opened);
  EXPECT_EQ(group.opened_at(), opened);
  EXPECT_FALSE(group.due(false, opened + 10ms));
  EXPECT_TRUE(group.due(true, opened + 10ms));
  EXPECT_TRUE(group.due(false, opened + 100ms));
  std::vector<remote_transaction_ptr> third{txn(3, 0x300)};
  group.add(third, opened + 20ms);
  EXPECT_EQ(group.opened_at(), opened) << "the group keeps its opening time";
  EXPECT_TRUE(group.due(false, opened + 20ms)) << "max_transactions";
}

TEST(ApplyGroup, IsDueOnceItsTransactionsArrivedInMaxReceivedBytes) {
  group_limits limits;
  limits.max_received_bytes = 1000;
  apply_group group{limits};
  auto opened = clock_type::now();
  std::vector<remote_transaction_ptr> one{txn(1, 0x100)};
  group.add(one, opened);
  group.add_received_bytes(999);
  EXPECT_FALSE(group.due(false, opened));
  group.add_received_bytes(1);
  EXPECT_TRUE(group.due(false, opened));
  group.clear();
  EXPECT_EQ(group.received_bytes(), size_t{0}) << "a new group counts from nothing";
  group.add(one, opened);
  EXPECT_FALSE(group.due(false, opened));
}

TEST(ApplyGroup, ByDefaultAGroupHoldsAboutAMegabyteOfReceivedChanges) {
  EXPECT_EQ(group_limits{}.max_received_bytes, size_t{1} << 20);
}

TEST(ApplyGroup, ClearEmptiesTheGroupAndTheNextAddOpensItAgain) {
  apply_group group{group_limits{}};
  auto first = clock_type::now();
  std::vector<remote_transaction_ptr> one{txn(1, 0x100)};
  group.add(one, first);
  group.clear();
  EXPECT_TRUE(group.empty());
  group.add({}, first + 5ms);
  EXPECT_TRUE(group.empty()) << "no transactions, no group";
  group.add(one, first + 50ms);
  EXPECT_EQ(group.opened_at(), first + 50ms);
  EXPECT_EQ(group.size(), 1u);
}

}  // namespace
}  // namespace tributary
