// user_type_catalog and enum_collations on a real SQLite file: enums and domains
// recorded and read back, enum columns ordered and kept unique by their labels'
// sort order on every connection of the process, columns read with their labels.
#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

#include "tests/catalog_test_file.hpp"
#include "storage/catalog_schema.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/enum_collations.hpp"
#include "storage/user_type_catalog.hpp"

namespace tributary {
namespace {

struct temp_db : catalog_test_file {
  temp_db() : catalog_test_file("user_types") {}
};

std::vector<std::string> column_values(sqlite_connection& db, const std::string& sql) {
  auto q = db.prepare(sql);
  EXPECT_TRUE(q) << (q ? "" : q.error().message);
  std::vector<std::string> out;
  while (q && *q->step() == sqlite_statement::step_result::row)
    out.push_back(q->column_text(0));
  return out;
}

oid_t create_enum(sqlite_connection& db, const std::string& name,
                  const std::vector<enum_label>& labels) {
  user_type t{0, 0, "public", name, 'e'};
  auto oid = record_user_type(db, t, labels);
  EXPECT_TRUE(oid) << (oid ? "" : oid.error().message);
  publish_enum_labels(db, *oid, labels);
  return *oid;
}

// As PostgreSQL numbers CREATE TYPE a AS ENUM ('x') in a new cluster: _a 16384,
// a 16385, its label 16386; an OID is never given out twice.
TEST(UserTypeCatalog, OidsStartAt16384AndAreNeverGivenOutTwice) {
  temp_db f;
  auto db = f.open();
  const oid_t first = create_enum(db, "a", {{"x", 1}});
  EXPECT_EQ(first, 16385u);
  EXPECT_EQ(column_values(db, "SELECT typarray FROM tributary_types"), (std::vector<std::string>{"16384"}));
  EXPECT_EQ(column_values(db, "SELECT oid FROM tributary_enum_labels"), (std::vector<std::string>{"16386"}));
  ASSERT_TRUE(forget_user_type(db, first));
  // _b 16387, b 16388; 16389 is odd and sorts right: skipped, as PostgreSQL skips it.
  EXPECT_EQ(create_enum(db, "b", {{"x", 1}}), 16388u);
  EXPECT_EQ(column_values(db, "SELECT oid FROM tributary_enum_labels"), (std::vector<std::string>{"16390"}));
}

// The label OIDs PostgreSQL 15 gives CREATE TYPE mood AS ENUM ('sad', 'ok',
// 'happy') then ADD VALUE 'ecstatic', 'meh' BEFORE 'ok', 'first' BEFORE 'sad' in
// a new cluster: even and in order while they can be, odd when no even OID can
// sort right. Renaming a label keeps its OID.
TEST(UserTypeCatalog, EnumLabelsAreNumberedAsPostgres) {
  temp_db f;
  auto db = f.open();
  const oid_t mood = create_enum(db, "mood", {{"sad", 1}, {"ok", 2}, {"happy", 3}});
  ASSERT_EQ(mood, 16385u);
  for (const enum_label& added : {enum_label{"ecstatic", 4}, enum_label{"meh", 1.5}, enum_label{"first", 0}})
    ASSERT_TRUE(record_enum_label(db, mood, added));
  ASSERT_TRUE(record_enum_label(db, mood, {"ok", 2}));  // a sort order set again: the same OID
  ASSERT_TRUE(rename_enum_label(db, mood, "meh", "so-so"));
  EXPECT_EQ(column_values(db, "SELECT oid || ' ' || enumlabel FROM tributary_enum_labels ORDER BY enumsortorder"),
            (std::vector<std::string>{"16395 first", "16386 sad", "16393 so-so", "16388 ok", "16390 happy",
                                      "16392 ecstatic"}));
  user_type d{0, 0, "public", "d1", 'd'};
  d.base = builtin_column_type(23);
  EXPECT_EQ(record_user_type(db, d).value(), 16397u);  // after the labels: _d1 16396
}

// PostgreSQL allocates a domain's array type (_price) just before the domain:
// the OID below a domain's is its array's, given to nothing else.
TEST(UserTypeCatalog, ADomainsArrayTypeHasTheOidJustBelowIt) {
  temp_db f;
  auto db = f.open();
  const oid_t mood = create_enum(db, "mood", {{"x", 1}});
  user_type price{0, 0, "public", "price", 'd'};
  price.base = builtin_column_type(1700, ((12 << 16) | 2) + 4);
  auto domain = record_user_type(db, price);
  ASSERT_TRUE(domain);
  EXPECT_EQ(*domain, mood + 3);  // after mood's label
  const oid_t next = create_enum(db, "next", {{"x", 1}});
  EXPECT_EQ(next, *domain + 2);
  auto set = read_user_types(db);
  ASSERT_TRUE(set);
  EXPECT_EQ(set->find("", "price")->array_oid, *domain - 1);
  EXPECT_EQ(set->find("", "mood")->array_oid, mood - 1);  // an enum's too
  // The column type of price[]: numeric[]'s values, the domain's array type to clients.
  const auto array = set->find("", "price")->domain_array_column_type();
  ASSERT_TRUE(array);
  EXPECT_EQ(array->oid, 1231u);
  EXPECT_EQ(array->typmod, price.base.typmod);
  EXPECT_EQ(array->client_oid(), *domain - 1);
  EXPECT_EQ(array->client_typmod(), -1);
  EXPECT_EQ(array->domain_array->domain_oid, *domain);
  EXPECT_FALSE(set->find("", "mood")->domain_array_column_type());
}

TEST(UserTypeCatalog, ReadsEnumsWithLabelsAndDomainsWithTheirBase) {
  temp_db f;
  auto db = f.open();
  const oid_t mood = create_enum(db, "mood", {{"sad", 1}, {"ok", 2}, {"happy", 3}});
  user_type posint{0, 0, "sales", "posint", 'd'};
  posint.base = builtin_column_type(23);
  posint.not_null = true;
  posint.default_sqlite = "5";
  posint.default_postgres = "5";
  ASSERT_TRUE(record_user_type(db, posint));
  user_type feeling{0, 0, "public", "feeling", 'd'};
  feeling.base = column_type{mood, -1, "mood", nullptr};
  ASSERT_TRUE(record_user_type(db, feeling));

  auto set = read_user_types(db);
  ASSERT_TRUE(set) << set.error().message;
  ASSERT_EQ(set->types.size(), 3u);
  const user_type* m = set->find("", "mood");
  ASSERT_NE(m, nullptr);
  ASSERT_NE(m->labels, nullptr);
  EXPECT_EQ(m->labels->name, "mood");
  EXPECT_EQ(m->labels->labels.size(), 3u);
  EXPECT_EQ(m->labels->labels[2].label, "happy");
  const user_type* p = set->find("sales", "posint");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->display_name(), "sales.posint");
  EXPECT_EQ(p->base, builtin_column_type(23));
  EXPECT_TRUE(p->not_null);
  EXPECT_EQ(p->default_sqlite, "5");
  const user_type* d = set->find("", "feeling");
  ASSERT_NE(d, nullptr);
  EXPECT_TRUE(d->base.is_enum());  // a domain over an enum carries the enum's labels
}

TEST(UserTypeCatalog, EnumColumnsOrderAndStayUniqueByTheLabelsSortOrder) {
  temp_db f;
  auto db = f.open();
  const oid_t mood = create_enum(db, "mood", {{"sad", 1}, {"ok", 2}, {"happy", 3}});
  ASSERT_TRUE(db.exec("CREATE TABLE t (m TEXT COLLATE pg_enum_" + std::to_string(mood) +
                      " PRIMARY KEY) STRICT"));
  ASSERT_TRUE(db.exec("INSERT INTO t VALUES ('happy'), ('sad'), ('ok')"));
  EXPECT_EQ(column_values(db, "SELECT m FROM t ORDER BY m"),
            (std::vector<std::string>{"sad", "ok", "happy"}));
  EXPECT_FALSE(db.exec("INSERT INTO t VALUES ('ok')"));
  EXPECT_EQ(column_values(db, "SELECT m FROM t WHERE m > 'sad' ORDER BY m DESC"),
            (std::vector<std::string>{"happy", "ok"}));

  // A label added later (ALTER TYPE ... ADD VALUE 'meh' BEFORE 'ok') is ordered at
  // once on another connection that has already used the collation.
  auto other = f.open();
  EXPECT_EQ(column_values(other, "SELECT m FROM t ORDER BY m").front(), "sad");
  const enum_label meh{"meh", 1.5};
  ASSERT_TRUE(record_enum_label(db, mood, meh));
  publish_enum_label(db, mood, meh);
  ASSERT_TRUE(other.exec("INSERT INTO t VALUES ('meh')"));
  EXPECT_EQ(column_values(other, "SELECT m FROM t ORDER BY m"),
            (std::vector<std::string>{"sad", "meh", "ok", "happy"}));
}

TEST(UserTypeCatalog, ColumnsOfAnEnumAreReadWithItsLabels) {
  temp_db f;
  auto db = f.open();
  const oid_t mood = create_enum(db, "mood", {{"sad", 1}, {"ok", 2}});
  column_definition c;
  c.name = "m";
  c.type = column_type{mood, -1, "mood", nullptr};
  column_definition d;
  d.name = "d";
  d.type = builtin_column_type(23);
  d.domain = "posint";
  ASSERT_TRUE(record_table_columns(db, "t", {c, d}));
  auto columns = read_recorded_table_columns(db, "t");
  ASSERT_TRUE(columns);
  ASSERT_EQ(columns->size(), 2u);
  EXPECT_TRUE((*columns)[0].type.is_enum());
  EXPECT_EQ((*columns)[0].type.name, "mood");
  EXPECT_TRUE((*columns)[0].type.enum_labels->contains("ok"));
  EXPECT_EQ((*columns)[1].domain, "posint");

  user_type as_enum{mood, 0, "public", "mood", 'e'};
  auto dependents = type_dependents(db, as_enum);
  ASSERT_TRUE(dependents);
  ASSERT_EQ(dependents->size(), 1u);
  EXPECT_EQ((*dependents)[0].column, "m");
  user_type as_domain{16999, 0, "public", "posint", 'd'};
  EXPECT_EQ(type_dependents(db, as_domain)->at(0).column, "d");
}

TEST(UserTypeCatalog, AFileSeenForTheFirstTimeHasItsEnumOrderLoadedFromItsCatalog) {
  temp_db f;
  {
    auto db = f.open();
    const oid_t mood = create_enum(db, "mood", {{"z", 1}, {"a", 2}});
    ASSERT_TRUE(db.exec("CREATE TABLE t (m TEXT COLLATE pg_enum_" + std::to_string(mood) +
                        ") STRICT; INSERT INTO t VALUES ('a'), ('z')"));
  }
  // A copy is a file this process has never opened: its order comes from
  // tributary_enum_labels alone.
  const std::filesystem::path copy = f.path.string() + ".copy";
  std::filesystem::copy_file(f.path, copy, std::filesystem::copy_options::overwrite_existing);
  {
    auto db = sqlite_connection::open(copy.string());
    ASSERT_TRUE(db);
    EXPECT_EQ(column_values(*db, "SELECT m FROM t ORDER BY m"),
              (std::vector<std::string>{"z", "a"}));
  }
  for (auto suffix : {"", "-wal", "-shm"})
    std::filesystem::remove(copy.string() + suffix);
}

TEST(UserTypeCatalog, DomainChecksAreKeptByNameAndForgottenWithTheDomain) {
  temp_db f;
  auto db = f.open();
  user_type d{0, 0, "public", "d", 'd'};
  d.base = builtin_column_type(23);
  d.checks = {{"d_check", "{}", "CREATE DOMAIN d AS int CHECK (VALUE > 0)", true}};
  auto oid = record_user_type(db, d, {});
  ASSERT_TRUE(oid) << oid.error().message;
  ASSERT_TRUE(record_domain_check(db, *oid, {"a_first", "{}", "ALTER DOMAIN ...", false}));
  auto types = read_user_types(db);
  ASSERT_TRUE(types);
  const user_type* read = types->find("", "d");
  ASSERT_NE(read, nullptr);
  ASSERT_EQ(read->checks.size(), 2u);
  EXPECT_EQ(read->checks[0].name, "a_first");
  EXPECT_FALSE(read->checks[0].validated);
  EXPECT_EQ(read->checks[1].source, "CREATE DOMAIN d AS int CHECK (VALUE > 0)");
  ASSERT_TRUE(forget_domain_check(db, *oid, "a_first"));
  ASSERT_TRUE(forget_user_type(db, *oid));
  EXPECT_EQ(column_values(db, "SELECT count(*) FROM tributary_domain_constraints"),
            (std::vector<std::string>{"0"}));
}

TEST(UserTypeCatalog, AVersion5FileGainsTheDomainConstraintsAndKeepsItsDomains) {
  temp_db f;
  {
    auto db = f.open();
    user_type d{0, 0, "public", "old", 'd'};
    d.base = builtin_column_type(25);
    ASSERT_TRUE(record_user_type(db, d, {}));
    // As a file written before migration 6 is.
    ASSERT_TRUE(db.exec("DROP TABLE tributary_domain_constraints; DROP TABLE tributary_relation_acl; "
                        "DROP TABLE tributary_descriptions; DROP TABLE tributary_check_constraints; "
                        "DROP TABLE tributary_namespace_acl; DROP TABLE tributary_column_acl; "
                        "ALTER TABLE tributary_types DROP COLUMN typarray; "
                        "ALTER TABLE tributary_enum_labels DROP COLUMN oid; DROP TABLE tributary_relation_order; "
                        "DROP TABLE tributary_index_definitions; "
                        "DELETE FROM tributary_schema_version WHERE version >= 6"));
  }
  auto db = f.open();
  auto types = read_user_types(db);
  ASSERT_TRUE(types);
  ASSERT_NE(types->find("", "old"), nullptr);
  EXPECT_TRUE(types->find("", "old")->checks.empty());
  // Its array type, made by migration 12 with the old rule (its OID + 2^30), takes
  // the next OID of the types' counter in migration 14.
  EXPECT_EQ(types->find("", "old")->array_oid, types->find("", "old")->oid + 1);
  EXPECT_EQ(column_values(db, "SELECT max(version) FROM tributary_schema_version"),
            (std::vector<std::string>{std::to_string(catalog_schema_version)}));
  EXPECT_EQ(column_values(db, "SELECT count(*) FROM tributary_check_constraints"),
            (std::vector<std::string>{"0"}));
}

// A file written before migration 13: types numbered one after the other by the
// counter, array types by the old rule (the type's OID + 2^30), labels without
// OIDs. Migration 14 numbers them as types made since are: each array type takes
// the counter's next OID in the order the types were made, and the columns and
// domains of that array type follow it; the labels take the next even OIDs in
// sort order; types made afterwards come after all of them.
TEST(UserTypeCatalog, AVersion12FilesUserTypesAreNumberedAsPostgresNumbersThem) {
  temp_db f;
  {
    auto db = f.open();
    ASSERT_TRUE(db.exec(
        "DROP TABLE tributary_relation_order; ALTER TABLE tributary_enum_labels DROP COLUMN oid; "
        "DROP TABLE tributary_index_definitions; "
        "DELETE FROM tributary_schema_version WHERE version >= 13; "
        "INSERT INTO tributary_types (oid, nspname, typname, typtype, typbasetype, typndims, basetypname, "
        "typarray) VALUES (16384, 'public', 'mood', 'e', 0, 0, '', 16384 + 1073741824), "
        "(16385, 'public', 'posint', 'd', 23, 0, 'integer', 16385 + 1073741824), "
        "(16386, 'public', 'moods', 'd', 16384 + 1073741824, 1, 'mood[]', 16386 + 1073741824); "
        "INSERT INTO tributary_enum_labels (enumtypid, enumsortorder, enumlabel) "
        "VALUES (16384, 1, 'sad'), (16384, 2, 'ok'), (16384, 1.5, 'meh'); "
        "INSERT INTO tributary_columns (relname, attnum, attname, atttypid, atttypmod, attndims, typname, "
        "attnotnull) VALUES ('t', 1, 'm', 16384 + 1073741824, -1, 1, 'mood[]', 0), "
        "('t', 2, 'e', 16384, -1, 0, 'mood', 0), ('t', 3, 'i', 23, -1, 0, 'integer', 0)"));
  }
  auto db = f.open();
  EXPECT_EQ(column_values(db, "SELECT typname || ' ' || typarray FROM tributary_types ORDER BY oid"),
            (std::vector<std::string>{"mood 16387", "posint 16388", "moods 16389"}));
  EXPECT_EQ(column_values(db, "SELECT typbasetype FROM tributary_types WHERE typname = 'moods'"),
            (std::vector<std::string>{"16387"}));
  EXPECT_EQ(column_values(db, "SELECT attname || ' ' || atttypid FROM tributary_columns ORDER BY attnum"),
            (std::vector<std::string>{"m 16387", "e 16384", "i 23"}));
  EXPECT_EQ(column_values(db, "SELECT oid || ' ' || enumlabel FROM tributary_enum_labels ORDER BY enumsortorder"),
            (std::vector<std::string>{"16392 sad", "16394 meh", "16396 ok"}));
  // The columns read as before: mood[] with the enum's labels, mood.
  auto columns = read_recorded_table_columns(db, "t");
  ASSERT_TRUE(columns) << columns.error().message;
  ASSERT_EQ(columns->size(), 3u);
  EXPECT_TRUE((*columns)[0].type.is_enum_array());
  EXPECT_EQ((*columns)[0].type.oid, 16387u);
  EXPECT_TRUE((*columns)[0].type.enum_labels->contains("meh"));
  EXPECT_TRUE((*columns)[1].type.is_enum());
  EXPECT_FALSE((*columns)[1].type.is_enum_array());
  auto types = read_user_types(db);
  ASSERT_TRUE(types);
  EXPECT_EQ(types->find("", "mood")->array_oid, 16387u);
  ASSERT_TRUE(types->value_type_of(16387));
  EXPECT_TRUE(types->value_type_of(16387)->is_enum_array());
  EXPECT_FALSE(types->value_type_of(16384 + enum_array_oid_base));
  // A type made now comes after them: _next 16397, next 16398, its label 16400.
  EXPECT_EQ(create_enum(db, "next", {{"x", 1}}), 16398u);
  EXPECT_EQ(column_values(db, "SELECT oid FROM tributary_enum_labels WHERE enumtypid = 16398"),
            (std::vector<std::string>{"16400"}));
  // Opened again: nothing moves.
  auto again = f.open();
  EXPECT_EQ(column_values(again, "SELECT group_concat(typarray) FROM tributary_types"),
            (std::vector<std::string>{"16387,16388,16389,16397"}));
}

}  // namespace
}  // namespace tributary

namespace tributary {
namespace {

// A version-15 file's tributary_types allowed enums and domains only; migration 16
// makes the table again for composite types (typtype 'c'), keeping every row and the
// types' OID counter (a dropped type's OID is never given out again).
TEST(UserTypeCatalog, Migration16AllowsCompositeTypesAndKeepsTheOidCounter) {
  temp_db f;
  oid_t mood = 0;
  oid_t dropped = 0;
  {
    auto db = f.open();
    user_type e;
    e.name = "mood";
    mood = *record_user_type(db, e, {{"a", 1}});
    user_type gone;
    gone.name = "gone";
    dropped = *record_user_type(db, gone);
    ASSERT_TRUE(forget_user_type(db, dropped));
    ASSERT_TRUE(db.exec(
        "CREATE TABLE v15 (oid integer PRIMARY KEY AUTOINCREMENT, nspname text NOT NULL, typname text NOT NULL, "
        "typtype text NOT NULL CHECK (typtype IN ('e', 'd')), typbasetype integer NOT NULL DEFAULT 0, "
        "typtypmod integer NOT NULL DEFAULT -1, typndims integer NOT NULL DEFAULT 0, basetypname text NOT NULL "
        "DEFAULT '', typnotnull bool NOT NULL DEFAULT 0, typdefault text, typdefaultbin text, typarray integer NOT "
        "NULL DEFAULT 0, UNIQUE (nspname, typname)); "
        "INSERT INTO v15 SELECT * FROM tributary_types; "
        "UPDATE sqlite_sequence SET seq = (SELECT seq FROM sqlite_sequence WHERE name = 'tributary_types') "
        "WHERE name = 'v15'; "
        "DROP TABLE tributary_types; ALTER TABLE v15 RENAME TO tributary_types; "
        "DELETE FROM tributary_schema_version WHERE version >= 16"));
    ASSERT_FALSE(db.exec("INSERT INTO tributary_types (nspname, typname, typtype) VALUES ('public', 'c1', 'c')"))
        << "a version-15 file refuses typtype c";
  }
  auto db = f.open();
  auto types = read_user_types(db);
  ASSERT_TRUE(types);
  ASSERT_NE(types->find("", "mood"), nullptr);
  EXPECT_EQ(types->find("", "mood")->oid, mood);
  user_type pair;
  pair.kind = 'c';
  pair.name = "pair";
  auto oid = record_user_type(db, pair);
  ASSERT_TRUE(oid) << oid.error().message;
  EXPECT_GT(*oid, dropped) << "after the dropped type's OID, not in its place";
  auto again = read_user_types(db);
  ASSERT_TRUE(again);
  ASSERT_NE(again->find("", "pair"), nullptr);
  EXPECT_EQ(again->find("", "pair")->kind, 'c');
}

}  // namespace
}  // namespace tributary
