// Specification of how an UPDATE found by its key treats the key columns: a key
// that did not change (no old tuple sent) is left out of SET where the local
// column compares by bytes — SQLite would delete and insert the row again for
// an assigned PRIMARY KEY column —, and assigned wherever that could change
// what the row holds or what fires: a changed key, a key with its own equality
// (bpchar), only key columns sent, local triggers (UPDATE OF the key).
#include "apply_sink_fixture.hpp"
#include "storage/local_table.hpp"

namespace tributary {
namespace {

class ApplySinkKeysTest : public ApplySinkTest {
protected:
  std::string update_sql(const relation_ptr& rel, char old_kind, unchanged_keys keys) {
    auto table = describe_local_table(sink_->connection(), *rel);
    EXPECT_TRUE(table.ok()) << table.error().message;
    if (!table)
      return {};
    change_shape shape;
    shape.old_kind = old_kind;
    auto text = statement_for(*table, *rel, change_kind::update, shape, keys);
    EXPECT_TRUE(text.ok()) << text.error().message;
    return text ? text->sql : std::string();
  }
};

TEST_F(ApplySinkKeysTest, AnUnchangedKeyIsLeftOutOfSet) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a'), (2, 'b')");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  EXPECT_EQ(update_sql(t, 0, unchanged_keys::left_out), R"(UPDATE "t" SET "v"=?1 WHERE "id" IS ?2)");
  EXPECT_EQ(update_sql(t, 0, unchanged_keys::assigned), R"(UPDATE "t" SET "id"=?1,"v"=?2 WHERE "id" IS ?3)");
  EXPECT_EQ(update_sql(t, 'K', unchanged_keys::left_out), R"(UPDATE "t" SET "id"=?1,"v"=?2 WHERE "id" IS ?3)")
      << "a changed key is written";
  apply_group({txn({upd(t, 0, {}, {v("2"), v("B")}), upd(t, 'K', {v("1"), null()}, {v("10"), v("A")})})});
  EXPECT_EQ(rows("SELECT id, v FROM t ORDER BY id"), (std::vector<std::string>{"2|B", "10|A"}));
  EXPECT_EQ(sink_->counters().updated, 2u);
}

TEST_F(ApplySinkKeysTest, ACompositeKeyOnAWithoutRowidTableIsLeftOutOfSet) {
  exec("CREATE TABLE w (a integer, b text, v integer, PRIMARY KEY (a, b)) WITHOUT ROWID;"
       "INSERT INTO w VALUES (1, 'x', 0), (1, 'y', 0)");
  auto w = relation("w", {{"a", int4, true}, {"b", text_type, true}, {"v", int4}});
  EXPECT_EQ(update_sql(w, 0, unchanged_keys::left_out), R"(UPDATE "w" SET "v"=?1 WHERE "a" IS ?2 AND "b" IS ?3)");
  apply_group({txn({upd(w, 0, {}, {v("1"), v("y"), v("7")})})});
  EXPECT_EQ(rows("SELECT a, b, v FROM w ORDER BY b"), (std::vector<std::string>{"1|x|0", "1|y|7"}));
}

// bpchar's equality ignores trailing blanks: the row found by 'ab   ' may hold
// 'ab', and PostgreSQL's subscriber writes the new tuple's value into it.
TEST_F(ApplySinkKeysTest, AKeyWithItsOwnEqualityIsAssigned) {
  exec("CREATE TABLE c (k TEXT COLLATE pg_bpchar PRIMARY KEY, v text); INSERT INTO c VALUES ('ab', 'x')");
  auto c = relation("c", {{"k", text_type, true}, {"v", text_type}});
  EXPECT_EQ(update_sql(c, 0, unchanged_keys::left_out), R"(UPDATE "c" SET "k"=?1,"v"=?2 WHERE "k" IS ?3)");
  apply_group({txn({upd(c, 0, {}, {v("ab   "), v("y")})})});
  EXPECT_EQ(rows("SELECT '[' || k || ']', v FROM c"), (std::vector<std::string>{"[ab   ]|y"}));
}

TEST_F(ApplySinkKeysTest, AnUpdateSendingOnlyTheKeyAssignsIt) {
  exec("CREATE TABLE k (id integer PRIMARY KEY); INSERT INTO k VALUES (5)");
  auto k = relation("k", {{"id", int4, true}});
  EXPECT_EQ(update_sql(k, 0, unchanged_keys::left_out), R"(UPDATE "k" SET "id"=?1 WHERE "id" IS ?2)");
  apply_group({txn({upd(k, 0, {}, {v("5")})})});
  EXPECT_EQ(sink_->counters().updated, 1u);
  EXPECT_EQ(sink_->counters().update_missing, 0u);
}

// PostgreSQL's apply marks every sent column updated: a local trigger UPDATE OF
// the key (ENABLE ALWAYS) fires on an update that did not change the key.
TEST_F(ApplySinkKeysTest, ALocalTriggerOnTheKeyFiresAsTheKeyIsAssigned) {
  exec("CREATE TABLE t (id integer PRIMARY KEY, v text); INSERT INTO t VALUES (1, 'a');"
       "CREATE TABLE seen (id integer);"
       "CREATE TRIGGER \"tributary_trigger:t_key\" AFTER UPDATE OF id ON t WHEN pg_trigger_fires('A') "
       "BEGIN INSERT INTO seen VALUES (new.id); END");
  auto t = relation("t", {{"id", int4, true}, {"v", text_type}});
  apply_group({txn({upd(t, 0, {}, {v("1"), v("b")})})});
  EXPECT_EQ(rows("SELECT v FROM t"), (std::vector<std::string>{"b"}));
  EXPECT_EQ(rows("SELECT id FROM seen"), (std::vector<std::string>{"1"}));
}

// The conflict of an update whose key is left out of SET still shows the
// remote row with its key.
TEST_F(ApplySinkKeysTest, AnUpdateExistsConflictShowsTheKeyLeftOutOfSet) {
  exec("CREATE TABLE u (a integer, b integer, email text UNIQUE, PRIMARY KEY (a, b)) WITHOUT ROWID;"
       "INSERT INTO u VALUES (1, 1, 'a@x'), (1, 2, 'b@x')");
  auto u = relation("u", {{"a", int4, true}, {"b", int4, true}, {"email", text_type}});
  auto e = apply_error_of({txn({upd(u, 0, {}, {v("1"), v("2"), v("a@x")})})});
  EXPECT_EQ(e.error.message, "conflict detected on relation \"public.u\": conflict=update_exists");
  EXPECT_EQ(e.error.detail,
            "Key already exists in unique index \"u_email_key\".\n"
            "Key (email)=(a@x); existing local row (1, 1, a@x); remote row (1, 2, a@x); "
            "replica identity (a, b)=(1, 2).");
}

}  // namespace
}  // namespace tributary
