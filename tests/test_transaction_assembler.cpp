// Specification of transaction_assembler: ordinary and streamed transactions,
// the restart position, SKIP, per-table copy positions, and every protocol
// violation it reports.
#include <gtest/gtest.h>

#include "stages/pipeline/transaction_assembler.hpp"
#include "kept_bytes.hpp"

namespace tributary {
namespace {

constexpr oid_t t_oid = 16385;
constexpr oid_t u_oid = 16390;

relation_message relation_msg(oid_t oid, std::string table, std::vector<std::string> columns = {"id"},
                              std::optional<xid_t> xid = std::nullopt) {
  relation_message m;
  m.xid = xid;
  m.relation.relation_oid = oid;
  m.relation.schema_name = "public";
  m.relation.table_name = std::move(table);
  for (size_t i = 0; i < columns.size(); ++i)
    m.relation.columns.push_back(relation_column{i == 0, columns[i], 23, -1});
  return m;
}

tuple_data row(std::string value) {
  return {kept_value(tuple_value::kind::text, std::move(value))};
}

insert_message insert_msg(oid_t oid, std::string value, std::optional<xid_t> xid = std::nullopt) {
  return insert_message{xid, oid, row(std::move(value))};
}

begin_message begin_msg(uint64_t final_lsn, xid_t xid) { return begin_message{lsn{final_lsn}, 1000, xid}; }
commit_message commit_msg(uint64_t commit_lsn, uint64_t end_lsn) {
  return commit_message{0, lsn{commit_lsn}, lsn{end_lsn}, 2000};
}

table_sync_states all_ready() {
  return {{{"public", "t"}, {true, lsn{0}}}, {{"public", "u"}, {true, lsn{0}}}};
}

class TransactionAssemblerTest : public ::testing::Test {
protected:
  transaction_assembler assembler{assembler_config{lsn{0}, std::nullopt, all_ready()}};
  std::vector<remote_transaction_ptr> out;
  uint64_t wal = 0x1000;

  result<ok_t, assembler_error> feed(std::vector<pgoutput_message> messages) {
    std::vector<wal_message> batch;
    for (auto& m : messages)
      batch.push_back(wal_message{lsn{wal++}, std::move(m)});
    return assembler.push(std::move(batch), out);
  }
  void feed_ok(std::vector<pgoutput_message> messages) {
    auto r = feed(std::move(messages));
    ASSERT_TRUE(r.ok()) << r.error().to_string();
  }
  assembler_error feed_error(std::vector<pgoutput_message> messages) {
    auto r = feed(std::move(messages));
    EXPECT_FALSE(r.ok());
    return r.ok() ? assembler_error{} : r.error();
  }
  static std::string value_of(const row_change& c) { return std::string(c.new_tuple.at(0).bytes); }
};

TEST_F(TransactionAssemblerTest, BeginToCommitEmitsOneTransactionWithChangesInOrder) {
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x200, 740), origin_message{lsn{5}, "node_a"},
           insert_msg(t_oid, "1"),
           update_message{std::nullopt, t_oid, 'K', row("1"), row("2")},
           delete_message{std::nullopt, t_oid, 'K', row("2")}, commit_msg(0x200, 0x230)});
  ASSERT_EQ(out.size(), 1u);
  const auto& txn = *out[0];
  EXPECT_EQ(txn.xid, 740u);
  EXPECT_EQ(txn.final_lsn, lsn{0x200});
  EXPECT_EQ(txn.end_lsn, lsn{0x230});
  EXPECT_EQ(txn.commit_time, 2000);
  EXPECT_EQ(txn.origin, "node_a");
  EXPECT_FALSE(txn.streamed);
  EXPECT_FALSE(txn.skipped_by_user);
  ASSERT_EQ(txn.changes.size(), 3u);
  EXPECT_EQ(txn.changes[0].kind, change_kind::insert);
  EXPECT_EQ(txn.changes[1].kind, change_kind::update);
  EXPECT_EQ(txn.changes[1].old_kind, 'K');
  EXPECT_EQ(txn.changes[1].old_tuple.at(0).bytes, "1");
  EXPECT_EQ(txn.changes[2].kind, change_kind::delete_);
  EXPECT_EQ(txn.changes[0].relation->table_name, "t");
  EXPECT_EQ(assembler.buffered_bytes(), 0u);
  EXPECT_FALSE(assembler.in_transaction());
}

TEST_F(TransactionAssemblerTest, NothingIsEmittedBeforeCommit) {
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x200, 1), insert_msg(t_oid, "1")});
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(assembler.in_transaction());
  EXPECT_GT(assembler.buffered_bytes(), 0u);
}

TEST_F(TransactionAssemblerTest, CopyingPushLeavesTheInputIntact) {
  std::vector<wal_message> batch{{lsn{1}, relation_msg(t_oid, "t")},
                                 {lsn{2}, begin_msg(0x200, 1)},
                                 {lsn{3}, insert_msg(t_oid, "kept")},
                                 {lsn{4}, commit_msg(0x200, 0x210)}};
  ASSERT_TRUE(assembler.push(std::span<const wal_message>(batch), out).ok());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(value_of(out[0]->changes.at(0)), "kept");
  EXPECT_EQ(std::get<insert_message>(batch[2].message).new_tuple.at(0).bytes, "kept");
}

TEST_F(TransactionAssemblerTest, CommitWithoutBeginIsProtocolError) {
  auto e = feed_error({commit_msg(0x200, 0x230)});
  EXPECT_EQ(e.message_kind, "Commit");
  EXPECT_EQ(e.wal_end, lsn{0x1000});
  EXPECT_NE(e.to_string().find("Commit without Begin"), std::string::npos);
  EXPECT_NE(e.to_string().find("0/1000"), std::string::npos);
}

TEST_F(TransactionAssemblerTest, BeginInsideOpenTransactionIsProtocolError) {
  auto e = feed_error({begin_msg(0x200, 1), begin_msg(0x300, 2)});
  EXPECT_EQ(e.message_kind, "Begin");
  EXPECT_NE(e.detail.find("inside open transaction 1"), std::string::npos);
}

TEST_F(TransactionAssemblerTest, CommitLsnDifferentFromBeginFinalLsnIsProtocolError) {
  auto e = feed_error({begin_msg(0x200, 1), commit_msg(0x208, 0x230)});
  EXPECT_EQ(e.message_kind, "Commit");
  EXPECT_NE(e.detail.find("0/208"), std::string::npos);
  EXPECT_NE(e.detail.find("0/200"), std::string::npos);
  EXPECT_TRUE(out.empty());
}

TEST_F(TransactionAssemblerTest, ChangeOutsideTransactionIsProtocolError) {
  auto e = feed_error({relation_msg(t_oid, "t"), insert_msg(t_oid, "1")});
  EXPECT_EQ(e.message_kind, "Insert");
  EXPECT_EQ(e.detail, "Insert outside a transaction");
  EXPECT_EQ(e.wal_end, lsn{0x1001});
  auto t = feed_error({truncate_message{std::nullopt, 0, {t_oid}}});
  EXPECT_EQ(t.message_kind, "Truncate");
}

TEST_F(TransactionAssemblerTest, ChangeForUnknownRelationIsProtocolError) {
  auto e = feed_error({begin_msg(0x200, 1), delete_message{std::nullopt, 777, 'K', row("1")}});
  EXPECT_EQ(e.message_kind, "Delete");
  EXPECT_NE(e.detail.find("unknown relation OID 777"), std::string::npos);
}

TEST_F(TransactionAssemblerTest, TruncateOfUnknownRelationIsProtocolError) {
  auto e = feed_error({relation_msg(t_oid, "t"), begin_msg(0x200, 1),
                       truncate_message{std::nullopt, 0, {t_oid, 999}}});
  EXPECT_NE(e.detail.find("999"), std::string::npos);
}

TEST_F(TransactionAssemblerTest, OriginOutsideTransactionIsProtocolError) {
  auto e = feed_error({origin_message{lsn{1}, "x"}});
  EXPECT_EQ(e.message_kind, "Origin");
}

TEST_F(TransactionAssemblerTest, TwoPhaseMessagesAreNotSupported) {
  auto e = feed_error({begin_prepare_message{lsn{1}, lsn{2}, 0, 5, "gid"}});
  EXPECT_EQ(e.detail, "two_phase transactions are not supported");
  EXPECT_EQ(e.message_kind, "Begin Prepare");
  prepare_message stream_prepare;
  stream_prepare.streamed = true;
  EXPECT_EQ(feed_error({stream_prepare}).message_kind, "Stream Prepare");
  EXPECT_EQ(feed_error({commit_prepared_message{}}).detail,
            "two_phase transactions are not supported");
  EXPECT_EQ(feed_error({rollback_prepared_message{}}).message_kind, "Rollback Prepared");
}

TEST_F(TransactionAssemblerTest, TransactionBeforeStartPositionIsDroppedWhole) {
  assembler.set_start_position(lsn{0x300});
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x2F0, 1), insert_msg(t_oid, "old"),
           commit_msg(0x2F0, 0x300), begin_msg(0x300, 2), insert_msg(t_oid, "new"),
           commit_msg(0x300, 0x330)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]->xid, 2u);
  EXPECT_EQ(value_of(out[0]->changes.at(0)), "new");
  EXPECT_EQ(assembler.buffered_bytes(), 0u);
}

TEST_F(TransactionAssemblerTest, SkipLsnEmitsTheTransactionSkippedAndEmptyOnce) {
  assembler.set_skip_lsn(lsn{0x200});
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x200, 1), insert_msg(t_oid, "1"),
           commit_msg(0x200, 0x230), begin_msg(0x300, 2), insert_msg(t_oid, "2"),
           commit_msg(0x300, 0x330)});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_TRUE(out[0]->skipped_by_user);
  EXPECT_EQ(out[0]->consumed_skip_lsn, lsn{0x200});
  EXPECT_TRUE(out[0]->changes.empty());
  EXPECT_EQ(out[0]->end_lsn, lsn{0x230});
  EXPECT_FALSE(out[1]->skipped_by_user);
  EXPECT_FALSE(out[1]->consumed_skip_lsn.has_value());
  EXPECT_EQ(out[1]->changes.size(), 1u);
  EXPECT_FALSE(assembler.config().skip_lsn.has_value());
}

// PostgreSQL clears subskiplsn at the first transaction it finishes, whether it
// matched or not; a SKIP that names another LSN never drops a transaction.
TEST_F(TransactionAssemblerTest, SkipLsnNamingAnotherTransactionIsConsumedByTheFirstWithoutSkippingIt) {
  assembler.set_skip_lsn(lsn{0x400});
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x200, 1), insert_msg(t_oid, "1"),
           commit_msg(0x200, 0x230), begin_msg(0x400, 2), insert_msg(t_oid, "2"),
           commit_msg(0x400, 0x430)});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_FALSE(out[0]->skipped_by_user);
  EXPECT_EQ(out[0]->consumed_skip_lsn, lsn{0x400});
  EXPECT_EQ(out[0]->changes.size(), 1u);
  EXPECT_FALSE(out[1]->skipped_by_user) << "the skip was already consumed";
  EXPECT_FALSE(out[1]->consumed_skip_lsn.has_value());
  EXPECT_EQ(out[1]->changes.size(), 1u);
  EXPECT_FALSE(assembler.config().skip_lsn.has_value());
}

TEST_F(TransactionAssemblerTest, TransactionsBeforeTheStartPositionDoNotConsumeTheSkip) {
  assembler.set_start_position(lsn{0x300});
  assembler.set_skip_lsn(lsn{0x300});
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x200, 1), insert_msg(t_oid, "old"),
           commit_msg(0x200, 0x230), begin_msg(0x300, 2), insert_msg(t_oid, "failing"),
           commit_msg(0x300, 0x330)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]->xid, 2u);
  EXPECT_TRUE(out[0]->skipped_by_user);
  EXPECT_TRUE(out[0]->changes.empty());
}

TEST_F(TransactionAssemblerTest, APartialTransactionDroppedAtReconnectDoesNotConsumeTheSkip) {
  assembler.set_skip_lsn(lsn{0x200});
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x200, 1), insert_msg(t_oid, "1")});
  assembler.reset();
  EXPECT_EQ(assembler.config().skip_lsn, lsn{0x200});
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x200, 1), insert_msg(t_oid, "1"),
           commit_msg(0x200, 0x230)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0]->skipped_by_user);
}

TEST_F(TransactionAssemblerTest, ChangesToTablesNotReadyOrNotSubscribedAreDropped) {
  assembler.set_table_states({{{"public", "t"}, {false, lsn{0}}}});
  feed_ok({relation_msg(t_oid, "t"), relation_msg(u_oid, "u"), begin_msg(0x200, 1),
           insert_msg(t_oid, "1"), insert_msg(u_oid, "2"), commit_msg(0x200, 0x230)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0]->changes.empty());  // still emitted: its end_lsn is progress
  EXPECT_FALSE(out[0]->skipped_by_user);
  EXPECT_EQ(out[0]->end_lsn, lsn{0x230});
}

TEST_F(TransactionAssemblerTest, ReadyLsnDropsChangesTheCopyAlreadyHolds) {
  assembler.set_table_states({{{"public", "t"}, {true, lsn{0x300}}}});
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x2FF, 1), insert_msg(t_oid, "in copy"),
           commit_msg(0x2FF, 0x320), begin_msg(0x300, 2), insert_msg(t_oid, "at ready"),
           commit_msg(0x300, 0x330), begin_msg(0x400, 3), insert_msg(t_oid, "after"),
           commit_msg(0x400, 0x430)});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(out[0]->changes.empty());
  ASSERT_EQ(out[1]->changes.size(), 1u);
  EXPECT_EQ(value_of(out[1]->changes[0]), "at ready");
  EXPECT_EQ(out[2]->changes.size(), 1u);
}

TEST_F(TransactionAssemblerTest, TableStatesInForceAtCommitDecide) {
  assembler.set_table_states({{{"public", "t"}, {false, lsn{0}}}});
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x400, 1), insert_msg(t_oid, "1")});
  assembler.set_table_states({{{"public", "t"}, {true, lsn{0x300}}}});
  feed_ok({commit_msg(0x400, 0x430)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]->changes.size(), 1u);
}

TEST_F(TransactionAssemblerTest, TruncateKeepsOnlyWantedRelations) {
  assembler.set_table_states({{{"public", "u"}, {true, lsn{0}}}});
  feed_ok({relation_msg(t_oid, "t"), relation_msg(u_oid, "u"), begin_msg(0x200, 1),
           truncate_message{std::nullopt, truncate_message::cascade, {t_oid, u_oid}},
           truncate_message{std::nullopt, 0, {t_oid}}, commit_msg(0x200, 0x230)});
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0]->changes.size(), 1u);
  const auto& c = out[0]->changes[0];
  EXPECT_EQ(c.kind, change_kind::truncate);
  EXPECT_EQ(c.truncate_options, truncate_message::cascade);
  ASSERT_EQ(c.truncated.size(), 1u);
  EXPECT_EQ(c.truncated[0]->table_name, "u");
  EXPECT_EQ(c.relation, c.truncated[0]);
}

TEST_F(TransactionAssemblerTest, RelationReplacedMidStreamOnlyAffectsLaterChanges) {
  feed_ok({relation_msg(t_oid, "t", {"id"}), begin_msg(0x200, 1), insert_msg(t_oid, "1"),
           relation_msg(t_oid, "t", {"id", "extra"}), insert_msg(t_oid, "2"),
           commit_msg(0x200, 0x230)});
  ASSERT_EQ(out[0]->changes.size(), 2u);
  const auto& first = out[0]->changes[0].relation;
  const auto& second = out[0]->changes[1].relation;
  EXPECT_NE(first, second);
  EXPECT_EQ(first->columns.size(), 1u);
  EXPECT_EQ(second->columns.size(), 2u);
  EXPECT_EQ(assembler.relation(t_oid), second);
}

TEST_F(TransactionAssemblerTest, TypeMessagesAreRecorded) {
  feed_ok({type_message{std::nullopt, type_info{70000, "public", "mood"}}});
  ASSERT_NE(assembler.type(70000), nullptr);
  EXPECT_EQ(assembler.type(70000)->type_name, "mood");
  EXPECT_EQ(assembler.type(70001), nullptr);
}

TEST_F(TransactionAssemblerTest, LogicalMessagesAreIgnoredInsideAndOutsideTransactions) {
  feed_ok({relation_msg(t_oid, "t"), logical_message{std::nullopt, false, lsn{1}, "p", "c"},
           begin_msg(0x200, 1), insert_msg(t_oid, "1"),
           logical_message{std::nullopt, true, lsn{2}, "p", "c"}, insert_msg(t_oid, "2"),
           commit_msg(0x200, 0x230)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]->changes.size(), 2u);
}

// --- streaming ----------------------------------------------------------------

TEST_F(TransactionAssemblerTest, StreamedTransactionIsEmittedAtStreamCommit) {
  feed_ok({relation_msg(t_oid, "t"), stream_start_message{7, true},
           origin_message{lsn{0}, "node_b"}, insert_msg(t_oid, "1", 7), stream_stop_message{},
           stream_start_message{7, false}, insert_msg(t_oid, "2", 8), stream_stop_message{}});
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(assembler.streamed_transactions(), 1u);
  EXPECT_GT(assembler.buffered_bytes(), 0u);
  feed_ok({stream_commit_message{7, 0, lsn{0x500}, lsn{0x530}, 99}});
  ASSERT_EQ(out.size(), 1u);
  const auto& txn = *out[0];
  EXPECT_TRUE(txn.streamed);
  EXPECT_EQ(txn.xid, 7u);
  EXPECT_EQ(txn.final_lsn, lsn{0x500});
  EXPECT_EQ(txn.end_lsn, lsn{0x530});
  EXPECT_EQ(txn.commit_time, 99);
  EXPECT_EQ(txn.origin, "node_b");
  ASSERT_EQ(txn.changes.size(), 2u);
  EXPECT_EQ(value_of(txn.changes[1]), "2");
  EXPECT_EQ(assembler.buffered_bytes(), 0u);
  EXPECT_EQ(assembler.streamed_transactions(), 0u);
}

TEST_F(TransactionAssemblerTest, StreamedAndOrdinaryTransactionsInterleave) {
  feed_ok({relation_msg(t_oid, "t"), stream_start_message{7, true}, insert_msg(t_oid, "s1", 7),
           stream_stop_message{}, begin_msg(0x300, 9), insert_msg(t_oid, "o1"),
           commit_msg(0x300, 0x330), stream_start_message{7, false},
           insert_msg(t_oid, "s2", 7), stream_stop_message{},
           stream_commit_message{7, 0, lsn{0x400}, lsn{0x430}, 0}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0]->xid, 9u);
  ASSERT_EQ(out[0]->changes.size(), 1u);
  EXPECT_EQ(value_of(out[0]->changes[0]), "o1");
  EXPECT_EQ(out[1]->xid, 7u);
  ASSERT_EQ(out[1]->changes.size(), 2u);
  EXPECT_EQ(value_of(out[1]->changes[0]), "s1");
}

TEST_F(TransactionAssemblerTest, SubtransactionAbortDropsOnlyItsChanges) {
  feed_ok({relation_msg(t_oid, "t"), stream_start_message{7, true}, insert_msg(t_oid, "a", 7),
           insert_msg(t_oid, "b", 8), insert_msg(t_oid, "c", 9), insert_msg(t_oid, "d", 8),
           stream_stop_message{}});
  size_t before = assembler.buffered_bytes();
  feed_ok({stream_abort_message{7, 8, std::nullopt, std::nullopt}});
  EXPECT_LT(assembler.buffered_bytes(), before);
  feed_ok({stream_commit_message{7, 0, lsn{0x400}, lsn{0x430}, 0}});
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0]->changes.size(), 2u);
  EXPECT_EQ(value_of(out[0]->changes[0]), "a");
  EXPECT_EQ(value_of(out[0]->changes[1]), "c");
}

TEST_F(TransactionAssemblerTest, WholeStreamAbortDropsTheTransactionAndItsRelations) {
  feed_ok({relation_msg(t_oid, "t"), stream_start_message{7, true},
           relation_msg(t_oid, "t", {"id", "new_col"}, 7), insert_msg(t_oid, "a", 7),
           stream_stop_message{}, stream_abort_message{7, 7, lsn{0x450}, 5}});
  EXPECT_TRUE(out.empty());
  EXPECT_EQ(assembler.streamed_transactions(), 0u);
  EXPECT_EQ(assembler.buffered_bytes(), 0u);
  EXPECT_EQ(assembler.relation(t_oid)->columns.size(), 1u);
  auto e = feed_error({stream_commit_message{7, 0, lsn{0x500}, lsn{0x530}, 0}});
  EXPECT_NE(e.detail.find("unknown transaction 7"), std::string::npos);
}

TEST_F(TransactionAssemblerTest, RelationInsideStreamBlockBelongsToThatTransactionUntilCommit) {
  feed_ok({relation_msg(t_oid, "t", {"id"}), stream_start_message{7, true},
           relation_msg(t_oid, "t", {"id", "b"}, 7), insert_msg(t_oid, "s", 7),
           stream_stop_message{}, begin_msg(0x300, 9), insert_msg(t_oid, "o"),
           commit_msg(0x300, 0x330)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]->changes[0].relation->columns.size(), 1u);  // global view
  EXPECT_EQ(assembler.relation(t_oid)->columns.size(), 1u);
  feed_ok({stream_commit_message{7, 0, lsn{0x400}, lsn{0x430}, 0}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1]->changes[0].relation->columns.size(), 2u);  // its own view
  EXPECT_EQ(assembler.relation(t_oid)->columns.size(), 2u);    // now global
}

TEST_F(TransactionAssemblerTest, StreamedTransactionFollowsStartPositionSkipAndReadyLsn) {
  assembler.set_start_position(lsn{0x300});
  assembler.set_skip_lsn(lsn{0x400});
  assembler.set_table_states({{{"public", "t"}, {true, lsn{0x450}}}});
  feed_ok({relation_msg(t_oid, "t"), stream_start_message{1, true}, insert_msg(t_oid, "x", 1),
           stream_stop_message{}, stream_commit_message{1, 0, lsn{0x200}, lsn{0x230}, 0}});
  EXPECT_TRUE(out.empty());  // before the start position
  feed_ok({stream_start_message{2, true}, insert_msg(t_oid, "x", 2), stream_stop_message{},
           stream_commit_message{2, 0, lsn{0x400}, lsn{0x430}, 0}});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0]->skipped_by_user);
  EXPECT_TRUE(out[0]->changes.empty());
  feed_ok({stream_start_message{3, true}, insert_msg(t_oid, "x", 3), stream_stop_message{},
           stream_commit_message{3, 0, lsn{0x440}, lsn{0x448}, 0}});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_FALSE(out[1]->skipped_by_user);
  EXPECT_TRUE(out[1]->changes.empty());  // before ready_lsn
  feed_ok({stream_start_message{4, true}, insert_msg(t_oid, "x", 4), stream_stop_message{},
           stream_commit_message{4, 0, lsn{0x500}, lsn{0x530}, 0}});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[2]->changes.size(), 1u);
}

TEST_F(TransactionAssemblerTest, MisplacedStreamMessagesAreProtocolErrors) {
  EXPECT_EQ(feed_error({stream_stop_message{}}).detail, "Stream Stop outside a stream block");
  assembler.reset();
  EXPECT_EQ(feed_error({stream_start_message{7, true}, stream_start_message{8, true}}).message_kind,
            "Stream Start");
  assembler.reset();
  EXPECT_EQ(feed_error({stream_start_message{7, true}, begin_msg(0x100, 2)}).message_kind,
            "Begin");
  assembler.reset();
  EXPECT_EQ(feed_error({stream_start_message{7, true},
                        stream_commit_message{7, 0, lsn{1}, lsn{2}, 0}})
                .message_kind,
            "Stream Commit");
  assembler.reset();
  EXPECT_EQ(feed_error({begin_msg(0x100, 2), stream_start_message{7, true}}).message_kind,
            "Stream Start");
  assembler.reset();
  EXPECT_NE(feed_error({stream_start_message{7, false}}).detail.find("unknown streamed"),
            std::string::npos);
  assembler.reset();
  EXPECT_NE(feed_error({stream_start_message{7, true}, stream_stop_message{},
                        stream_start_message{7, true}})
                .detail.find("already streaming"),
            std::string::npos);
}

TEST_F(TransactionAssemblerTest, AbortOfUnknownStreamedTransactionIsIgnored) {
  feed_ok({stream_abort_message{42, 43, std::nullopt, std::nullopt}});
  EXPECT_TRUE(out.empty());
}

TEST_F(TransactionAssemblerTest, ResetDropsPartialTransactionsStreamsAndRelations) {
  feed_ok({relation_msg(t_oid, "t"), stream_start_message{7, true}, insert_msg(t_oid, "a", 7),
           stream_stop_message{}, begin_msg(0x200, 1), insert_msg(t_oid, "b")});
  assembler.reset();
  EXPECT_FALSE(assembler.in_transaction());
  EXPECT_FALSE(assembler.in_stream_block());
  EXPECT_EQ(assembler.streamed_transactions(), 0u);
  EXPECT_EQ(assembler.buffered_bytes(), 0u);
  EXPECT_EQ(assembler.relation(t_oid), nullptr);
  // The publisher re-sends everything from the start: no leftovers.
  feed_ok({relation_msg(t_oid, "t"), begin_msg(0x200, 1), insert_msg(t_oid, "b"),
           commit_msg(0x200, 0x230)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]->changes.size(), 1u);
  EXPECT_EQ(feed_error({commit_msg(0x500, 0x530)}).detail, "Commit without Begin");
}

TEST_F(TransactionAssemblerTest, ErrorMidBatchKeepsTransactionsEmittedBeforeIt) {
  auto e = feed_error({relation_msg(t_oid, "t"), begin_msg(0x200, 1), insert_msg(t_oid, "1"),
                       commit_msg(0x200, 0x230), commit_msg(0x300, 0x330)});
  EXPECT_EQ(e.message_kind, "Commit");
  EXPECT_EQ(out.size(), 1u);
}

}  // namespace
}  // namespace tributary
