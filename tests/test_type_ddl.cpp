// type_ddl and create_table with a database's enums and domains: what CREATE
// TYPE / CREATE DOMAIN / ALTER TYPE / DROP TYPE say, and the columns that name them.
#include <gtest/gtest.h>

#include "stages/types/user/enum_type.hpp"

#include <pg_query.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "stages/sql/create_table.hpp"
#include "stages/sql/composite_type_ddl.hpp"
#include "stages/sql/type_ddl.hpp"

namespace tributary {
namespace {

nlohmann::json statement(const std::string& sql, const std::string& node) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return tree["stmts"][0]["stmt"][node];
}

user_type_set mood_and_posint() {
  user_type_set set;
  user_type mood{16385, 16384, "public", "mood", 'e'};
  mood.labels = std::make_shared<enum_definition>(
      enum_definition{16385, "mood", {{"sad", 1}, {"ok", 2}, {"happy", 3}}, 16384});
  set.types.push_back(mood);
  user_type posint{16386, 0, "public", "posint", 'd'};
  posint.base = builtin_column_type(23);
  posint.not_null = true;
  posint.default_sqlite = "5";
  posint.default_postgres = "5";
  set.types.push_back(posint);
  user_type price{16387, 0, "sales", "price", 'd'};
  price.base = builtin_column_type(1700, ((5 << 16) | 2) + 4);
  set.types.push_back(price);
  return set;
}

TEST(TypeDdl, CreateEnumReadsNameAndLabels) {
  auto e = read_create_enum(
      statement("CREATE TYPE sales.mood AS ENUM ('a', 'b')", "CreateEnumStmt"));
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->name.display(), "sales.mood");
  EXPECT_EQ(e->labels, (std::vector<std::string>{"a", "b"}));
  auto plain = read_create_enum(statement("CREATE TYPE public.m AS ENUM ()", "CreateEnumStmt"));
  EXPECT_EQ(plain->name.display(), "m");
  EXPECT_TRUE(plain->labels.empty());
}

TEST(TypeDdl, TooManyDottedNamesIsASyntaxError) {
  auto e = read_create_enum(statement("CREATE TYPE a.b.c AS ENUM ('x')", "CreateEnumStmt"));
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().sqlstate, "42601");
  EXPECT_EQ(e.error().message, "improper qualified name (too many dotted names): a.b.c");
}

TEST(TypeDdl, CreateDomainTakesBaseTypeNotNullAndDefault) {
  const std::string sql = "CREATE DOMAIN price AS numeric(5,2) NOT NULL DEFAULT 1.5";
  auto d = read_create_domain(statement(sql, "CreateDomainStmt"), sql, type_settings{},
                              no_user_types());
  ASSERT_TRUE(d.ok()) << d.error().message;
  EXPECT_EQ(d->definition.kind, 'd');
  EXPECT_EQ(d->definition.base, builtin_column_type(1700, ((5 << 16) | 2) + 4));
  EXPECT_TRUE(d->definition.not_null);
  EXPECT_EQ(d->definition.default_sqlite, "'1.50'");  // read by the base type: scale 2
  EXPECT_EQ(d->definition.default_postgres, "1.5");
}

TEST(TypeDdl, DomainOverAnEnumOrAnotherDomainInheritsWhatItIsBuiltOn) {
  const auto set = mood_and_posint();
  const std::string over_enum = "CREATE DOMAIN feeling AS mood";
  auto d = read_create_domain(statement(over_enum, "CreateDomainStmt"), over_enum, {}, set);
  ASSERT_TRUE(d.ok()) << d.error().message;
  EXPECT_EQ(d->definition.base.oid, 16385u);
  EXPECT_TRUE(d->definition.base.is_enum());
  const std::string over_domain = "CREATE DOMAIN small AS posint[]";
  auto s = read_create_domain(statement(over_domain, "CreateDomainStmt"), over_domain, {}, set);
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->definition.base, builtin_column_type(1007));
  EXPECT_EQ(s->definition.base_dimensions, 1);
  EXPECT_TRUE(s->definition.not_null);
}

TEST(TypeDdl, DomainErrorsAsPostgres) {
  auto read = [](const std::string& sql) {
    return read_create_domain(statement(sql, "CreateDomainStmt"), sql, {}, mood_and_posint());
  };
  EXPECT_EQ(read("CREATE DOMAIN d AS nope").error().message, "type \"nope\" does not exist");
  EXPECT_EQ(read("CREATE DOMAIN d AS nope").error().sqlstate, "42704");
  EXPECT_EQ(read("CREATE DOMAIN d AS mood(3)").error().message,
            "type modifier is not allowed for type \"mood\"");
  EXPECT_EQ(read("CREATE DOMAIN d AS int CHECK (VALUE + 1)").error().message,
            "argument of CHECK must be type boolean, not type integer");
  EXPECT_EQ(read("CREATE DOMAIN d AS int CHECK (x > 0)").error().message,
            "column \"x\" does not exist");
  EXPECT_EQ(read("CREATE DOMAIN d AS int CONSTRAINT c CHECK (VALUE > 0) CONSTRAINT c CHECK (VALUE > 1)")
                .error().message,
            "constraint \"c\" for domain \"d\" already exists");
  EXPECT_EQ(read("CREATE DOMAIN d AS text COLLATE \"C\"").error().sqlstate, "0A000");
  EXPECT_EQ(read("CREATE DOMAIN d AS int DEFAULT 'x'").error().sqlstate, "22P02");
}

TEST(TypeDdl, DomainChecksAreNamedAndKeptAsWritten) {
  const std::string sql =
      "CREATE DOMAIN d AS int CHECK (VALUE > 0) CONSTRAINT a_first CHECK (VALUE < 100) CHECK (VALUE <> 7)";
  auto domain = read_create_domain(statement(sql, "CreateDomainStmt"), sql, {}, mood_and_posint());
  ASSERT_TRUE(domain.ok()) << domain.error().message;
  const auto& checks = domain->definition.checks;
  ASSERT_EQ(checks.size(), 3u);
  EXPECT_EQ(checks[0].name, "a_first");
  EXPECT_EQ(checks[1].name, "d_check");
  EXPECT_EQ(checks[2].name, "d_check1");
  EXPECT_EQ(checks[1].source, sql);
  EXPECT_TRUE(checks[1].validated);
  // A column of the domain gets each check as a clause over the column.
  user_type_set types = mood_and_posint();
  user_type d = domain->definition;
  d.oid = 16390;
  types.types.push_back(d);
  const std::string create = "CREATE TABLE t (x d)";
  auto table = translate_create_table(statement(create, "CreateStmt"), create, {}, types);
  ASSERT_TRUE(table.ok()) << table.error().message;
  EXPECT_NE(table->sqlite_ddl.find("CONSTRAINT \"domain_check:d:d_check\" CHECK (pg_domain_check(("),
            std::string::npos) << table->sqlite_ddl;
  // An array of it: each element tested (AnArrayOfADomainTestsEachElement).
  const std::string array = "CREATE TABLE t (x d[])";
  auto array_table = translate_create_table(statement(array, "CreateStmt"), array, {}, types);
  ASSERT_TRUE(array_table.ok()) << array_table.error().message;
  EXPECT_NE(array_table->sqlite_ddl.find("CONSTRAINT \"domain_check:d:d_check\" CHECK (pg_domain_elements("),
            std::string::npos) << array_table->sqlite_ddl;
  const std::string over = "CREATE DOMAIN e AS d";
  EXPECT_EQ(read_create_domain(statement(over, "CreateDomainStmt"), over, {}, types).error().sqlstate,
            "0A000");
}

TEST(TypeDdl, AlterEnumReadsAddAndRename) {
  auto add = read_alter_enum(statement(
      "ALTER TYPE mood ADD VALUE IF NOT EXISTS 'meh' BEFORE 'ok'", "AlterEnumStmt"));
  ASSERT_TRUE(add.ok());
  EXPECT_FALSE(add->rename);
  EXPECT_EQ(add->add.label, "meh");
  EXPECT_EQ(add->add.neighbor, "ok");
  EXPECT_TRUE(add->add.before);
  EXPECT_TRUE(add->add.if_not_exists);
  auto after = read_alter_enum(statement("ALTER TYPE mood ADD VALUE 'x' AFTER 'ok'", "AlterEnumStmt"));
  EXPECT_FALSE(after->add.before);
  auto rename = read_alter_enum(
      statement("ALTER TYPE s.mood RENAME VALUE 'ok' TO 'fine'", "AlterEnumStmt"));
  EXPECT_TRUE(rename->rename);
  EXPECT_EQ(rename->old_label, "ok");
  EXPECT_EQ(rename->add.label, "fine");
  EXPECT_EQ(rename->name.display(), "s.mood");
}

TEST(TypeDdl, DropReadsEveryNameAndTheBehaviour) {
  auto drop = read_drop_types(statement("DROP TYPE IF EXISTS mood, s.x CASCADE", "DropStmt"));
  ASSERT_TRUE(drop.ok());
  EXPECT_FALSE(drop->domain);
  EXPECT_TRUE(drop->if_exists);
  EXPECT_TRUE(drop->cascade);
  ASSERT_EQ(drop->names.size(), 2u);
  EXPECT_EQ(drop->names[1].display(), "s.x");
  EXPECT_TRUE(read_drop_types(statement("DROP DOMAIN d", "DropStmt"))->domain);
}

TEST(TypeDdl, OtherCreateTypeFormsAreNotSupportedYet) {
  EXPECT_EQ(unsupported_type_definition("CreateRangeStmt").message, "CREATE TYPE ... AS RANGE is not supported yet");
  EXPECT_EQ(unsupported_type_definition("DefineStmt").sqlstate, "0A000");
}

composite_type_request read_composite_ok(const std::string& sql) {
  auto read = read_create_composite(statement(sql, "CompositeTypeStmt"), sql, type_settings{}, mood_and_posint(),
                                    [](const std::string& local) { return local == "t"; });
  EXPECT_TRUE(read.ok()) << sql << ": " << read.error().message;
  return read.ok() ? *read : composite_type_request{};
}

pg_error composite_error(const std::string& sql) {
  auto read = read_create_composite(statement(sql, "CompositeTypeStmt"), sql, type_settings{}, mood_and_posint(),
                                    [](const std::string& local) { return local == "t"; });
  EXPECT_FALSE(read.ok()) << sql;
  return read.ok() ? pg_error{} : read.error();
}

TEST(CompositeTypeDdl, AttributesAreTypedAsTableColumns) {
  const composite_type_request pair =
      read_composite_ok("CREATE TYPE s.pair AS (a int, b varchar(3), c numeric(5,2)[], m mood, p posint, r t)");
  EXPECT_EQ(pair.name.display(), "s.pair");
  ASSERT_EQ(pair.attributes.size(), 6u);
  EXPECT_EQ(pair.attributes[0].type.oid, 23u);
  EXPECT_EQ(pair.attributes[1].type.typmod, 7) << "varchar(3): its typmod";
  EXPECT_EQ(pair.attributes[2].type.oid, 1231u) << "numeric[]";
  EXPECT_TRUE(pair.attributes[3].type.is_enum());
  EXPECT_EQ(pair.attributes[4].domain, "posint");
  EXPECT_EQ(pair.attributes[5].type.name, "t") << "a table's row type, by its name";
  EXPECT_TRUE(read_composite_ok("CREATE TYPE empty AS ()").attributes.empty());
  EXPECT_EQ(read_composite_ok("CREATE TYPE public.x AS (a int)").name.display(), "x");
}

TEST(CompositeTypeDdl, RefusesWhatPostgresRefuses) {
  const pg_error twice = composite_error("CREATE TYPE x AS (a int, a text)");
  EXPECT_EQ(twice.sqlstate, "42701");
  EXPECT_EQ(twice.message, "column \"a\" specified more than once");
  const pg_error missing = composite_error("CREATE TYPE x AS (a nosuch)");
  EXPECT_EQ(missing.sqlstate, "42704");
  EXPECT_EQ(missing.message, "type \"nosuch\" does not exist");
  EXPECT_EQ(composite_error("CREATE TYPE x AS (a s.nosuch)").message, "type \"s.nosuch\" does not exist");
  EXPECT_EQ(composite_error("CREATE TYPE x AS (a text COLLATE \"C\")").sqlstate, "0A000");
}

result<table_definition, pg_error> create(const std::string& sql) {
  return translate_create_table(statement(sql, "CreateStmt"), sql, type_settings{},
                                mood_and_posint());
}

TEST(CreateTableWithUserTypes, AnEnumColumnIsTextInItsEnumsCollation) {
  auto t = create("CREATE TABLE t (m mood PRIMARY KEY, n public.mood, a mood[])");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->sqlite_ddl,
            "CREATE TABLE \"t\" (\"m\" TEXT COLLATE pg_enum_16385 NOT NULL, "
            "\"n\" TEXT COLLATE pg_enum_16385, \"a\" TEXT COLLATE pg_enum_array_16385, "
            "PRIMARY KEY (\"m\")) STRICT");
  EXPECT_EQ(t->columns[0].type.oid, 16385u);
  EXPECT_TRUE(t->columns[0].type.is_enum());
  // An array of an enum: its own type (mood[]), checked and ordered by the enum.
  EXPECT_EQ(t->columns[2].type, (column_type{16384, -1, "mood[]", nullptr}));
  EXPECT_TRUE(t->columns[2].type.is_enum_array());
  EXPECT_EQ(t->columns[2].dimensions, 1);
}

TEST(CreateTableWithUserTypes, ADomainColumnHasTheBaseTypeTheDomainsDefaultAndNotNull) {
  auto t = create("CREATE TABLE t (x posint, y posint DEFAULT 7, p sales.price, q sales.price[])");
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->sqlite_ddl,
            "CREATE TABLE \"t\" ("
            "\"x\" INTEGER CONSTRAINT \"domain_not_null:posint\" CHECK (\"x\" IS NOT NULL) DEFAULT 5, "
            "\"y\" INTEGER DEFAULT 7 CONSTRAINT \"domain_not_null:posint\" CHECK (\"y\" IS NOT NULL), "
            "\"p\" TEXT COLLATE pg_numeric, \"q\" TEXT COLLATE pg_array_numeric) STRICT");
  EXPECT_EQ(t->columns[0].type, builtin_column_type(23));
  EXPECT_EQ(t->columns[0].domain, "posint");
  EXPECT_FALSE(t->columns[0].not_null);  // the domain's NOT NULL, not the column's
  EXPECT_EQ(t->columns[2].domain, "sales.price");
  EXPECT_EQ(t->columns[2].type, builtin_column_type(1700, ((5 << 16) | 2) + 4));
  EXPECT_EQ(t->columns[3].type, builtin_column_type(1231, ((5 << 16) | 2) + 4));
  EXPECT_EQ(t->columns[3].dimensions, 1);
  ASSERT_NE(t->columns[3].type.domain_array, nullptr);  // clients see sales.price[]
  EXPECT_EQ(t->columns[3].type.domain_array->domain_oid, 16387u);
}

// An array of a domain: the domain's NOT NULL and CHECKs on each element (not the
// array: a NULL array passes) and none of its default.
TEST(CreateTableWithUserTypes, AnArrayOfADomainTestsEachElement) {
  user_type_set set = mood_and_posint();
  const std::string check = "CREATE DOMAIN x AS int CHECK (VALUE > 0)";
  auto parsed = read_create_domain(statement(check, "CreateDomainStmt"), check, {}, set);
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  set.types[1].checks = parsed->definition.checks;
  const std::string sql = "CREATE TABLE t (a posint[])";
  auto t = translate_create_table(statement(sql, "CreateStmt"), sql, {}, set);
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->sqlite_ddl,
            "CREATE TABLE \"t\" (\"a\" TEXT COLLATE pg_array_int4 "
            "CONSTRAINT \"domain_not_null:posint\" CHECK (pg_domain_elements(\"a\", 23, -1, "
            "'SELECT CASE WHEN ?1 IS NULL THEN pg_raise(''23502'', ''domain posint does not allow null "
            "values'') END')) "
            "CONSTRAINT \"domain_check:posint:x_check\" CHECK (pg_domain_elements(\"a\", 23, -1, "
            "'SELECT pg_domain_check(((\"value\" > 0)), ''posint'', ''x_check'') FROM (SELECT ?1 AS "
            "\"value\")'))) STRICT");
  EXPECT_EQ(t->columns[0].type.client_oid(), 0u);  // posint's array OID (not set in this set)
  EXPECT_EQ(t->columns[0].type.oid, 1007u);
  EXPECT_FALSE(t->columns[0].default_expression);
}

TEST(CreateTableWithUserTypes, BuiltInTypesWinOverUserTypesOfTheSameName) {
  user_type_set set;
  set.types.push_back(user_type{16390, 0, "public", "int4", 'e'});
  const std::string sql = "CREATE TABLE t (a int4, b public.int4)";
  auto t = translate_create_table(statement(sql, "CreateStmt"), sql, {}, set);
  ASSERT_TRUE(t.ok()) << t.error().message;
  EXPECT_EQ(t->columns[0].type, builtin_column_type(23));
  EXPECT_EQ(t->columns[1].type.oid, 16390u);
}

TEST(CreateTableWithUserTypes, AnEnumTakesNoTypeModifier) {
  auto t = create("CREATE TABLE t (m mood(3))");
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().message, "type modifier is not allowed for type \"mood\"");
}

}  // namespace
}  // namespace tributary
