// Specification of apply_sink on real temporary SQLite files: row changes by
// key and by full old row, TOAST, column mapping, conflicts, errors, TRUNCATE,
// and progress committed atomically with the rows.
#include "apply_sink_fixture.hpp"

namespace tributary {
namespace {

TEST_F(ApplySinkTest, InsertUpdateDeleteOnPrimaryKeyTable) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text)");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  apply_group({txn({ins(t, {v("1"), v("a")}), ins(t, {v("2"), v("b")}), ins(t, {v("3"), v("c")}),
                    upd(t, 0, {}, {v("2"), v("B")}), del(t, 'K', {v("3"), null()})})});
  EXPECT_EQ(rows("SELECT id, v FROM t ORDER BY id"), (std::vector<std::string>{"1|a", "2|B"}));
  EXPECT_EQ(sink_->counters().inserted, 3u);
  EXPECT_EQ(sink_->counters().updated, 1u);
  EXPECT_EQ(sink_->counters().deleted, 1u);
  EXPECT_EQ(rows("SELECT typeof(id) FROM t LIMIT 1"), (std::vector<std::string>{"integer"}));
}

TEST_F(ApplySinkTest, KeyChangeFindsTheRowByTheOldKey) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a')");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  apply_group({txn({upd(t, 'K', {v("1"), null()}, {v("10"), v("a2")})})});
  EXPECT_EQ(rows("SELECT id, v FROM t"), (std::vector<std::string>{"10|a2"}));
}

TEST_F(ApplySinkTest, ReplicaIdentityFullReachesExactlyOneOfDuplicateRows) {
  exec("CREATE TABLE f (a integer, b text);"
       "INSERT INTO f VALUES (1, 'x'), (1, 'x'), (1, 'x'), (2, 'y')");
  auto f = relation("f", {{"a", int4, true}, {"b", text_type, true}}, 'f');
  apply_group({txn({del(f, 'O', {v("1"), v("x")}),
                    upd(f, 'O', {v("1"), v("x")}, {v("1"), v("z")})})});
  EXPECT_EQ(rows("SELECT a, b FROM f ORDER BY a, b"),
            (std::vector<std::string>{"1|x", "1|z", "2|y"}));
}

TEST_F(ApplySinkTest, ReplicaIdentityFullMatchesNullsNullSafely) {
  exec("CREATE TABLE f (a integer, b text); INSERT INTO f VALUES (1, NULL), (1, 'n')");
  auto f = relation("f", {{"a", int4, true}, {"b", text_type, true}}, 'f');
  apply_group({txn({upd(f, 'O', {v("1"), null()}, {v("1"), v("was null")})})});
  EXPECT_EQ(rows("SELECT a, b FROM f ORDER BY b"), (std::vector<std::string>{"1|n", "1|was null"}));
  EXPECT_EQ(sink_->counters().update_missing, 0u);
}

TEST_F(ApplySinkTest, NullKeyValueMatchesNullSafelyByKey) {
  exec("CREATE TABLE k (a integer, b integer, v text);"
       "INSERT INTO k VALUES (1, NULL, 'old'), (1, 2, 'other')");
  auto k = relation("k", {{"a", int4, true}, {"b", int4, true}, {"v", text_type}}, 'i');
  apply_group({txn({del(k, 'K', {v("1"), null(), null()})})});
  EXPECT_EQ(rows("SELECT v FROM k"), (std::vector<std::string>{"other"}));
}

TEST_F(ApplySinkTest, WithoutRowidTableWithFullIdentityUsesItsPrimaryKey) {
  exec("CREATE TABLE w (a integer PRIMARY KEY, b text) WITHOUT ROWID;"
       "INSERT INTO w VALUES (1, 'x'), (2, 'y')");
  auto w = relation("w", {{"a", int4, true}, {"b", text_type, true}}, 'f');
  apply_group({txn({del(w, 'O', {v("1"), v("x")}), upd(w, 'O', {v("2"), v("y")}, {v("2"), v("z")})})});
  EXPECT_EQ(rows("SELECT a, b FROM w"), (std::vector<std::string>{"2|z"}));
}

TEST_F(ApplySinkTest, WithoutRowidTableWithFullIdentityMissingItsKeyIsUnsupported) {
  exec("CREATE TABLE w (a integer, extra integer, b text, PRIMARY KEY (a, extra)) WITHOUT ROWID");
  auto w = relation("w", {{"a", int4, true}, {"b", text_type, true}}, 'f');
  auto e = apply_error_of({txn({del(w, 'O', {v("1"), v("x")})})});
  EXPECT_EQ(e.error.sqlstate, "0A000");
  EXPECT_NE(e.error.message.find("\"extra\""), std::string::npos);
}

TEST_F(ApplySinkTest, KeylessLocalTableUpdatedByKeyChangesEveryRowWithThatKey) {
  exec("CREATE TABLE nk (id integer, v text);"
       "INSERT INTO nk VALUES (1, 'a'), (1, 'b'), (2, 'c')");
  auto nk = relation("nk", {{"id", int4, true}, {"v", text_type}});
  apply_group({txn({upd(nk, 0, {}, {v("1"), v("same")})})});
  EXPECT_EQ(rows("SELECT id, v FROM nk ORDER BY id, v"),
            (std::vector<std::string>{"1|same", "1|same", "2|c"}));
  apply_group({txn({del(nk, 'K', {v("1"), null()})})});
  EXPECT_EQ(rows("SELECT id, v FROM nk"), (std::vector<std::string>{"2|c"}));
}

TEST_F(ApplySinkTest, UnchangedToastColumnKeepsItsLargeValue) {
  exec("CREATE TABLE big (id integer PRIMARY KEY, doc text, n integer)");
  auto big = relation("big", {{"id", int4, true}, {"doc", text_type}, {"n", int4}});
  std::string doc(500'000, 'x');
  doc.back() = 'y';
  apply_group({txn({ins(big, {v("1"), v(doc), v("0")})})});
  apply_group({txn({upd(big, 0, {}, {v("1"), toast(), v("7")})})});
  EXPECT_EQ(rows("SELECT length(doc), substr(doc, -1), n FROM big"),
            (std::vector<std::string>{"500000|y|7"}));
}

TEST_F(ApplySinkTest, ColumnsMatchByNameInAnyOrderAndLocalExtrasTakeDefaults) {
  exec("CREATE TABLE t (extra text DEFAULT 'dflt', v text, id integer PRIMARY KEY)");
  auto t = relation("t", {{"ID", int4, true}, {"v", text_type}});
  apply_group({txn({ins(t, {v("1"), v("a")})})});
  EXPECT_EQ(rows("SELECT extra, v, id FROM t"), (std::vector<std::string>{"dflt|a|1"}));
}

TEST_F(ApplySinkTest, MissingLocalTableIsAnApplyError) {
  auto t = relation("nosuch", {{"id", int4, true}});
  auto e = apply_error_of({txn({ins(t, {v("1")})})});
  EXPECT_EQ(e.error.sqlstate, "55000");
  EXPECT_EQ(e.error.message, "logical replication target relation \"public.nosuch\" does not exist");
  EXPECT_EQ(e.context,
            "processing remote data for replication origin \"pg_16384\" during message type "
            "\"INSERT\" for replication target relation \"public.nosuch\" in transaction 740, "
            "finished at 0/14C0378");
  EXPECT_FALSE(e.retryable);
}

TEST_F(ApplySinkTest, MissingLocalColumnIsAnApplyError) {
  exec("CREATE TABLE t (id integer PRIMARY KEY)");
  auto t = relation("t", {{"id", int4, true}, {"c", text_type}});
  auto e = apply_error_of({txn({ins(t, {v("1"), v("x")})})});
  EXPECT_EQ(e.error.sqlstate, "55000");
  EXPECT_EQ(e.error.message,
            "logical replication target relation \"public.t\" is missing replicated column: \"c\"");
  auto t2 = relation("t", {{"id", int4, true}, {"c", text_type}, {"d", text_type}});
  EXPECT_NE(apply_error_of({txn({ins(t2, {v("1"), v("x"), v("y")})})})
                .error.message.find("missing replicated columns: \"c\", \"d\""),
            std::string::npos);
}

TEST_F(ApplySinkTest, LocalGeneratedColumnCannotTakePublishedValues) {
  exec("CREATE TABLE g (id integer PRIMARY KEY, twice integer GENERATED ALWAYS AS (id * 2),"
       " thrice integer GENERATED ALWAYS AS (id * 3) STORED, plain integer)");
  auto one = relation("g", {{"id", int4, true}, {"twice", int4}});
  auto e = apply_error_of({txn({ins(one, {v("1"), v("2")})})});
  EXPECT_EQ(e.error.sqlstate, "55000");
  EXPECT_EQ(e.error.message,
            "logical replication target relation \"public.g\" has incompatible generated column: "
            "\"twice\"");
  auto both = relation("g", {{"id", int4, true}, {"thrice", int4}, {"plain", int4}, {"twice", int4}});
  EXPECT_EQ(apply_error_of({txn({ins(both, {v("1"), v("3"), v("0"), v("2")})})}).error.message,
            "logical replication target relation \"public.g\" has incompatible generated columns: "
            "\"thrice\", \"twice\"");
  auto also_missing = relation("g", {{"id", int4, true}, {"twice", int4}, {"gone", int4}});
  EXPECT_EQ(apply_error_of({txn({ins(also_missing, {v("1"), v("2"), v("3")})})}).error.message,
            "logical replication target relation \"public.g\" is missing replicated column: \"gone\"")
      << "missing columns are reported first, as PostgreSQL 18 does";
}

TEST_F(ApplySinkTest, LocalGeneratedColumnsNotSentAreComputedLocally) {
  exec("CREATE TABLE g (id integer PRIMARY KEY, v integer, twice integer GENERATED ALWAYS AS (v * 2),"
       " stored integer GENERATED ALWAYS AS (v + 1) STORED, d text DEFAULT 'local')");
  auto g = relation("g", {{"id", int4, true}, {"v", int4}});
  apply_group({txn({ins(g, {v("1"), v("10")}), upd(g, 0, {}, {v("1"), v("20")})})});
  EXPECT_EQ(rows("SELECT id, v, twice, stored, d FROM g"),
            (std::vector<std::string>{"1|20|40|21|local"}));
}

TEST_F(ApplySinkTest, MissingRowsForUpdateAndDeleteAreCountedAndSkipped) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a')");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  apply_group({txn({upd(t, 0, {}, {v("5"), v("x")}), del(t, 'K', {v("6"), null()}),
                    del(t, 'K', {v("7"), null()}), upd(t, 0, {}, {v("1"), v("b")})})});
  EXPECT_EQ(sink_->counters().update_missing, 1u);
  EXPECT_EQ(sink_->counters().delete_missing, 2u);
  EXPECT_EQ(sink_->counters().updated, 1u);
  EXPECT_EQ(rows("SELECT id, v FROM t"), (std::vector<std::string>{"1|b"}));
  EXPECT_EQ(rows("SELECT remote_lsn FROM pg_replication_origin_status"),
            (std::vector<std::string>{"0/14C03A8"}));
}

TEST_F(ApplySinkTest, InsertOfExistingKeyFailsAsInsertExistsAndLeavesNothingOfTheGroup) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'local')");
  exec("CREATE TABLE other (x integer)");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  auto other = relation("other", {{"x", int4}});
  auto e = apply_error_of({txn({ins(other, {v("9")})}, 739, 0x14C0300),
                           txn({ins(t, {v("2"), v("r")}), ins(t, {v("1"), v("remote")})})});
  EXPECT_EQ(e.error.sqlstate, "23505");
  EXPECT_EQ(e.error.message, "conflict detected on relation \"public.t\": conflict=insert_exists");
  EXPECT_EQ(e.error.detail,
            "Key already exists in unique index \"t_pkey\".\n"
            "Key (id)=(1); existing local row (1, local); remote row (1, remote).")
      << "PostgreSQL 18's DETAIL, without its local transaction id";
  EXPECT_EQ(e.context,
            "processing remote data for replication origin \"pg_16384\" during message type "
            "\"INSERT\" for replication target relation \"public.t\" in transaction 740, "
            "finished at 0/14C0378");
  EXPECT_EQ(sink_->counters().insert_exists, 1u);
  EXPECT_FALSE(sink_->group_open());
  EXPECT_EQ(rows("SELECT id, v FROM t"), (std::vector<std::string>{"1|local"}));
  EXPECT_TRUE(rows("SELECT x FROM other").empty());
  EXPECT_TRUE(rows("SELECT remote_lsn FROM pg_replication_origin_status").empty());
}

TEST_F(ApplySinkTest, UpdateOntoAnotherRowsUniqueKeyFailsAsUpdateExists) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, email text UNIQUE);"
       "INSERT INTO t VALUES (1, 'a@x'), (2, 'b@x')");
  auto t = relation("t", {{"id", int4, true}, {"email", text_type}});
  auto e = apply_error_of({txn({upd(t, 0, {}, {v("2"), v("a@x")})})});
  EXPECT_EQ(e.error.sqlstate, "23505");
  EXPECT_EQ(e.error.message, "conflict detected on relation \"public.t\": conflict=update_exists");
  EXPECT_EQ(e.error.detail,
            "Key already exists in unique index \"t_email_key\".\n"
            "Key (email)=(a@x); existing local row (1, a@x); remote row (2, a@x); replica identity (id)=(2).")
      << "the row being updated is not a conflict with itself";
  EXPECT_NE(e.context.find("message type \"UPDATE\""), std::string::npos);
  EXPECT_EQ(sink_->counters().update_exists, 1u);
}

TEST_F(ApplySinkTest, ARowHittingSeveralUniqueKeysIsAMultipleUniqueConflictsListingEach) {
  exec("CREATE TABLE mu (a integer PRIMARY KEY, b integer UNIQUE, c text);"
       "CREATE UNIQUE INDEX mu_c_idx ON mu (c);"
       "INSERT INTO mu VALUES (1, 10, 'local1'), (2, 20, 'local2'), (3, 30, 'remote')");
  auto mu = relation("mu", {{"a", int4, true}, {"b", int4}, {"c", text_type}});
  auto e = apply_error_of({txn({ins(mu, {v("1"), v("20"), v("remote")})})});
  EXPECT_EQ(e.error.sqlstate, "23505");
  EXPECT_EQ(e.error.message, "conflict detected on relation \"public.mu\": conflict=multiple_unique_conflicts");
  EXPECT_EQ(e.error.detail,
            "Key already exists in unique index \"mu_pkey\".\n"
            "Key (a)=(1); existing local row (1, 10, local1); remote row (1, 20, remote).\n"
            "Key already exists in unique index \"mu_b_key\".\n"
            "Key (b)=(20); existing local row (2, 20, local2); remote row (1, 20, remote).\n"
            "Key already exists in unique index \"mu_c_idx\".\n"
            "Key (c)=(remote); existing local row (3, 30, remote); remote row (1, 20, remote).")
      << "the primary key first, then the keys in creation order";
  EXPECT_EQ(sink_->counters().multiple_unique_conflicts, 1u);
  EXPECT_EQ(sink_->counters().insert_exists, 0u);
}

TEST_F(ApplySinkTest, AKeyWithANullNeverCollidesAndAFullIdentityIsShownAsARow) {
  exec("CREATE TABLE f (a integer, b integer UNIQUE, c text UNIQUE);"
       "INSERT INTO f VALUES (1, 10, 'x'), (2, NULL, 'y')");
  auto f = relation("f", {{"a", int4}, {"b", int4}, {"c", text_type}});
  auto e = apply_error_of({txn({upd(f, 'O', {v("1"), v("10"), v("x")}, {v("1"), null(), v("y")})})});
  EXPECT_EQ(e.error.message, "conflict detected on relation \"public.f\": conflict=update_exists");
  EXPECT_EQ(e.error.detail,
            "Key already exists in unique index \"f_c_key\".\n"
            "Key (c)=(y); existing local row (2, null, y); remote row (1, null, y); "
            "replica identity full (1, 10, x).");
}

TEST_F(ApplySinkTest, OtherConstraintFailuresUsePostgreSQLsWording) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text NOT NULL CHECK (length(v) < 3))");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  auto not_null = apply_error_of({txn({ins(t, {v("1"), null()})})});
  EXPECT_EQ(not_null.error.sqlstate, "23502");
  EXPECT_EQ(not_null.error.message,
            "null value in column \"v\" of relation \"t\" violates not-null constraint");
  auto check = apply_error_of({txn({ins(t, {v("1"), v("long")})})});
  EXPECT_EQ(check.error.sqlstate, "23514");
  EXPECT_NE(check.context.find("public.t"), std::string::npos);
}

TEST_F(ApplySinkTest, UndecodableValueIsAnApplyErrorNamingTheColumn) {
  exec("CREATE TABLE t (id int4 PRIMARY KEY)");  // read as PostgreSQL's integer
  auto t = relation("t", {{"id", int4, true}});
  auto e = apply_error_of({txn({ins(t, {v("abc")})})});
  EXPECT_EQ(e.error.sqlstate, "22P02");
  EXPECT_NE(e.error.message.find("integer"), std::string::npos) << e.error.message;
  EXPECT_NE(e.context.find("relation \"public.t\" column \"id\""), std::string::npos);
}

TEST_F(ApplySinkTest, UpdateWithoutReplicaIdentityIsAnApplyError) {
  exec("CREATE TABLE t (id integer, v text)");
  auto t = relation("t", {{"id", int4}, {"v", text_type}}, 'n');
  auto e = apply_error_of({txn({upd(t, 0, {}, {v("1"), v("x")})})});
  EXPECT_EQ(e.error.sqlstate, "55000");
  EXPECT_NE(e.error.message.find("replica identity"), std::string::npos);
}

TEST_F(ApplySinkTest, CommitRecordsRemoteLsnAndRollbackLeavesItUnchanged) {
  exec("CREATE TABLE t (id integer PRIMARY KEY)");
  auto t = relation("t", {{"id", int4, true}});
  EXPECT_EQ(*sink_->remote_lsn(), lsn{0});
  apply_group({txn({ins(t, {v("1")})}, 740, 0x1000)});
  EXPECT_EQ(*sink_->remote_lsn(), lsn{0x1030});
  ASSERT_TRUE(apply_only({txn({ins(t, {v("2")})}, 741, 0x2000)}).ok());
  sink_->rollback_group();
  EXPECT_EQ(*sink_->remote_lsn(), lsn{0x1030});
  EXPECT_EQ(rows("SELECT id FROM t"), (std::vector<std::string>{"1"}));
  EXPECT_EQ(rows("SELECT external_id, remote_lsn FROM pg_replication_origin_status"),
            (std::vector<std::string>{"pg_16384|0/1030"}));
}

TEST_F(ApplySinkTest, SkippedTransactionClearsSubskiplsnInTheSameCommit) {
  ASSERT_TRUE(sink_->begin_group().ok());
  auto cleared = sink_->commit_group(lsn{0x14C03A8}, lsn{0x14C0378});
  ASSERT_TRUE(cleared.ok());
  EXPECT_EQ(*cleared, apply_sink::skip_lsn_outcome::cleared);
  EXPECT_EQ(rows("SELECT subskiplsn FROM pg_subscription"), (std::vector<std::string>{"0/0"}));
  EXPECT_EQ(rows("SELECT remote_lsn FROM pg_replication_origin_status"),
            (std::vector<std::string>{"0/14C03A8"}));
  exec("UPDATE pg_subscription SET subskiplsn = '0/9000'");
  ASSERT_TRUE(sink_->begin_group().ok());
  auto kept = sink_->commit_group(lsn{0x14C0400}, lsn{0x14C0378});
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(*kept, apply_sink::skip_lsn_outcome::changed_meanwhile);
  EXPECT_EQ(rows("SELECT subskiplsn FROM pg_subscription"), (std::vector<std::string>{"0/9000"}));
  ASSERT_TRUE(sink_->begin_group().ok());
  auto untouched = sink_->commit_group(lsn{0x14C0500});
  ASSERT_TRUE(untouched.ok());
  EXPECT_EQ(*untouched, apply_sink::skip_lsn_outcome::untouched);
  EXPECT_EQ(rows("SELECT subskiplsn FROM pg_subscription"), (std::vector<std::string>{"0/9000"}));
}

TEST_F(ApplySinkTest, RollbackToSavepointKeepsWhatWasAppliedBeforeIt) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (2, 'local')");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  std::vector<remote_transaction_ptr> first{txn({ins(t, {v("1"), v("a")})}, 740, 0x1000)};
  std::vector<remote_transaction_ptr> failing{txn({ins(t, {v("3"), v("b")}), ins(t, {v("2"), v("dup")})},
                                                  741, 0x2000)};
  ASSERT_TRUE(sink_->begin_group().ok());
  ASSERT_TRUE(sink_->savepoint().ok());
  ASSERT_TRUE(sink_->apply(make_apply_plan(first), first).ok());
  ASSERT_TRUE(sink_->release_savepoint().ok());
  ASSERT_TRUE(sink_->savepoint().ok());
  auto e = sink_->apply(make_apply_plan(failing), failing);
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.error().context.find("finished at 0/2000"), std::string::npos) << e.error().context;
  ASSERT_TRUE(sink_->rollback_to_savepoint().ok());
  EXPECT_TRUE(sink_->group_open());
  ASSERT_TRUE(sink_->commit_group(first.back()->end_lsn).ok());
  EXPECT_EQ(rows("SELECT id, v FROM t ORDER BY id"), (std::vector<std::string>{"1|a", "2|local"}));
  EXPECT_EQ(*sink_->remote_lsn(), lsn{0x1030});
}

TEST_F(ApplySinkTest, SavepointNeedsAnOpenGroup) {
  auto r = sink_->savepoint();
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().error.message, "no apply group is open");
}

TEST_F(ApplySinkTest, ForgetAttemptCountsGoesBackToTheCountersOfBeginGroup) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text)");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  apply_group({txn({del(t, 'K', {v("9"), null()})})});
  ASSERT_EQ(sink_->counters().delete_missing, 1u);
  ASSERT_TRUE(apply_only({txn({del(t, 'K', {v("8"), null()}), ins(t, {v("1"), v("a")})}, 741, 0x2000)}).ok());
  EXPECT_EQ(sink_->counters().delete_missing, 2u);
  EXPECT_EQ(sink_->counters().inserted, 1u);
  sink_->rollback_group();
  sink_->forget_attempt_counts();
  EXPECT_EQ(sink_->counters().delete_missing, 1u) << "the rolled-back attempt counts nothing";
  EXPECT_EQ(sink_->counters().inserted, 0u);
}

TEST_F(ApplySinkTest, TruncateEmptiesEveryListedTableAndRestartsTheirIdentity) {
  exec("CREATE TABLE parent (id integer PRIMARY KEY AUTOINCREMENT, v text);"
       "CREATE TABLE child (id integer PRIMARY KEY, p integer REFERENCES parent(id));"
       "CREATE TABLE bystander (x integer);"
       "INSERT INTO parent (v) VALUES ('a'), ('b'); INSERT INTO child VALUES (1, 1);"
       "INSERT INTO bystander VALUES (1)");
  auto parent = relation("parent", {{"id", int4, true}, {"v", text_type}});
  auto child = relation("child", {{"id", int4, true}, {"p", int4}});
  apply_group({txn({trunc({parent, child}, truncate_message::restart_identity),
                    ins(parent, {v("1"), v("new")})})});
  EXPECT_EQ(rows("SELECT id, v FROM parent"), (std::vector<std::string>{"1|new"}));
  EXPECT_TRUE(rows("SELECT * FROM child").empty());
  EXPECT_EQ(rows("SELECT x FROM bystander"), (std::vector<std::string>{"1"}));
  EXPECT_EQ(sink_->counters().truncated, 2u);
  exec("INSERT INTO parent (v) VALUES ('auto')");
  EXPECT_EQ(rows("SELECT id FROM parent WHERE v = 'auto'"), (std::vector<std::string>{"2"}));
}

TEST_F(ApplySinkTest, TruncateWithoutRestartIdentityKeepsTheAutoincrementCounter) {
  exec("CREATE TABLE parent (id integer PRIMARY KEY AUTOINCREMENT);"
       "INSERT INTO parent VALUES (5)");
  auto parent = relation("parent", {{"id", int4, true}});
  apply_group({txn({trunc({parent}, 0)})});
  EXPECT_TRUE(rows("SELECT * FROM parent").empty());
  exec("INSERT INTO parent DEFAULT VALUES");
  EXPECT_EQ(rows("SELECT id FROM parent"), (std::vector<std::string>{"6"}));
}

// Without CASCADE, as PostgreSQL's subscriber (DROP_RESTRICT): a local table
// referencing a truncated one refuses the TRUNCATE, even when it is empty.
TEST_F(ApplySinkTest, TruncateWithoutCascadeOfATableReferencedByAnUnlistedLocalTableFails) {
  exec("CREATE TABLE parent (id integer PRIMARY KEY);"
       "CREATE TABLE child (id integer PRIMARY KEY, p integer REFERENCES parent(id));"
       "CREATE TABLE grandchild (c integer REFERENCES child(id));"
       "INSERT INTO parent VALUES (1); INSERT INTO child VALUES (1, 1)");
  auto parent = relation("parent", {{"id", int4, true}});
  auto child = relation("child", {{"id", int4, true}, {"p", int4}});
  auto e = apply_error_of({txn({trunc({parent, child}, 0)})});
  EXPECT_EQ(e.error.sqlstate, "0A000");
  EXPECT_EQ(e.error.message, "cannot truncate a table referenced in a foreign key constraint");
  EXPECT_EQ(e.error.detail, "Table \"grandchild\" references \"child\".");
  EXPECT_EQ(e.error.hint, "Truncate table \"grandchild\" at the same time, or use TRUNCATE ... CASCADE.");
  EXPECT_NE(e.context.find("during message type \"TRUNCATE\""), std::string::npos) << e.context;
  EXPECT_NE(e.to_string().find("\nHINT: Truncate table"), std::string::npos) << e.to_string();
  sink_->rollback_group();
  EXPECT_EQ(rows("SELECT id FROM parent"), (std::vector<std::string>{"1"}));
  EXPECT_EQ(rows("SELECT id FROM child"), (std::vector<std::string>{"1"}));
}

// With CASCADE the spec goes further than PostgreSQL's subscriber: local tables
// that reference the truncated ones, directly or through others, are emptied too.
TEST_F(ApplySinkTest, TruncateWithCascadeAlsoEmptiesLocalTablesReferencingTheTruncatedOnes) {
  exec("CREATE TABLE parent (id integer PRIMARY KEY);"
       "CREATE TABLE child (id integer PRIMARY KEY AUTOINCREMENT, p integer REFERENCES parent(id));"
       "CREATE TABLE grandchild (c integer REFERENCES child(id));"
       "CREATE TABLE bystander (x integer);"
       "INSERT INTO parent VALUES (1); INSERT INTO child VALUES (7, 1); INSERT INTO grandchild VALUES (7);"
       "INSERT INTO bystander VALUES (1)");
  auto parent = relation("parent", {{"id", int4, true}});
  apply_group({txn({trunc({parent}, truncate_message::cascade | truncate_message::restart_identity)})});
  EXPECT_TRUE(rows("SELECT * FROM parent").empty());
  EXPECT_TRUE(rows("SELECT * FROM child").empty());
  EXPECT_TRUE(rows("SELECT * FROM grandchild").empty());
  EXPECT_EQ(rows("SELECT x FROM bystander"), (std::vector<std::string>{"1"}));
  EXPECT_EQ(sink_->counters().truncated, 3u);
  exec("INSERT INTO child (p) VALUES (NULL)");
  EXPECT_EQ(rows("SELECT id FROM child"), (std::vector<std::string>{"1"}))
      << "RESTART IDENTITY restarts the cascaded tables too";
}

TEST_F(ApplySinkTest, TruncateIsNotRefusedByAReferenceAmongTheListedTables) {
  exec("CREATE TABLE node (id integer PRIMARY KEY, up integer REFERENCES node(id));"
       "CREATE TABLE edge (a integer REFERENCES node(id));"
       "INSERT INTO node VALUES (1, NULL), (2, 1); INSERT INTO edge VALUES (2)");
  auto node = relation("node", {{"id", int4, true}, {"up", int4}});
  auto edge = relation("edge", {{"a", int4}}, 'f');
  apply_group({txn({trunc({edge, node}, 0)})});
  EXPECT_TRUE(rows("SELECT * FROM node").empty());
  EXPECT_TRUE(rows("SELECT * FROM edge").empty());
}

TEST_F(ApplySinkTest, TruncateOfMissingLocalTableIsAnApplyError) {
  auto gone = relation("gone", {{"id", int4, true}});
  auto e = apply_error_of({txn({trunc({gone}, 0)})});
  EXPECT_EQ(e.error.sqlstate, "55000");
  EXPECT_NE(e.context.find("\"TRUNCATE\""), std::string::npos);
}

TEST_F(ApplySinkTest, ManyTransactionsOfOneGroupCommitAsOneLocalTransaction) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text)");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  std::vector<remote_transaction_ptr> group;
  for (int i = 0; i < 100; ++i)
    group.push_back(txn({ins(t, {v(std::to_string(i)), v("v")}),
                         upd(t, 0, {}, {v(std::to_string(i)), v("w")})},
                        static_cast<xid_t>(800 + i), 0x10000 + 0x100 * i));
  ASSERT_TRUE(apply_only(group).ok());
  auto reader = sqlite_connection::open(file_);
  ASSERT_TRUE(reader.ok());
  EXPECT_EQ(rows_on(*reader, "SELECT count(*) FROM t"), (std::vector<std::string>{"0"}));
  ASSERT_TRUE(sink_->commit_group(group.back()->end_lsn).ok());
  EXPECT_EQ(rows_on(*reader, "SELECT count(*), min(v), max(v) FROM t"),
            (std::vector<std::string>{"100|w|w"}));
  EXPECT_EQ(rows_on(*reader, "SELECT remote_lsn FROM pg_replication_origin_status"),
            (std::vector<std::string>{group.back()->end_lsn.to_string()}));
}

TEST_F(ApplySinkTest, NewRelationSnapshotRereadsTheLocalTable) {
  exec("CREATE TABLE t (id integer PRIMARY KEY)");
  auto t1 = relation("t", {{"id", int4, true}});
  apply_group({txn({ins(t1, {v("1")})})});
  exec("ALTER TABLE t ADD COLUMN c text");
  auto t2 = relation("t", {{"id", int4, true}, {"c", text_type}});
  apply_group({txn({ins(t2, {v("2"), v("x")})})});
  EXPECT_EQ(rows("SELECT id, c FROM t ORDER BY id"), (std::vector<std::string>{"1|null", "2|x"}));
}

TEST_F(ApplySinkTest, ATriggerFiringOnAppliedRowsCreatedBetweenGroupsIsSeenByTheNextGroup) {
  // Batched, both rows of a go in before b's; in the publisher's order b's
  // trigger sees one row of a. The sink asks about triggers once per schema
  // version: a trigger another connection creates must still be seen.
  exec("CREATE TABLE a (id integer PRIMARY KEY); CREATE TABLE b (id integer PRIMARY KEY);"
       "CREATE TABLE seen (n integer)");
  auto a = relation("a", {{"id", int4, true}});
  auto b = relation("b", {{"id", int4, true}});
  apply_group({txn({ins(a, {v("1")}), ins(b, {v("1")}), ins(a, {v("2")})}, 900, 0x10000)});
  auto other = sqlite_connection::open(file_);
  ASSERT_TRUE(other.ok());
  ASSERT_TRUE(other->exec("CREATE TRIGGER \"tributary_trigger:b_seen\" AFTER INSERT ON b "
                          "WHEN pg_trigger_fires('A') BEGIN INSERT INTO seen SELECT count(*) FROM a; END")
                  .ok());
  apply_group({txn({ins(a, {v("3")}), ins(b, {v("2")}), ins(a, {v("4")})}, 901, 0x20000)});
  EXPECT_EQ(rows("SELECT n FROM seen"), (std::vector<std::string>{"3"}));
}

TEST_F(ApplySinkTest, BusyFileIsARetryableErrorNotAnApplyFailure) {
  auto other = apply_sink::open(apply_sink_config{file_, subscription_oid, origin_id, 50, nullptr});
  ASSERT_TRUE(other.ok());
  ASSERT_TRUE(sink_->begin_group().ok());  // holds the write lock
  auto r = other->begin_group();
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(r.error().retryable);
  EXPECT_EQ(r.error().error.sqlstate, "55P03") << "lock_not_available, as the client sessions report it";
  sink_->rollback_group();
  EXPECT_TRUE(other->begin_group().ok());
  other->rollback_group();
}

TEST_F(ApplySinkTest, BeginGroupTwiceIsRefused) {
  ASSERT_TRUE(sink_->begin_group().ok());
  EXPECT_FALSE(sink_->begin_group().ok());
  sink_->rollback_group();
}

TEST_F(ApplySinkTest, OpenFailsWhenTheOriginDoesNotExist) {
  auto s = apply_sink::open(apply_sink_config{file_, subscription_oid, 99, 1000, nullptr});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().error.message, "replication origin with ID 99 does not exist");
}

}  // namespace
}  // namespace tributary
