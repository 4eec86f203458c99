// sequence_definition: CREATE / ALTER SEQUENCE options and nextval's arithmetic,
// with PostgreSQL 15's results and errors.
#include <gtest/gtest.h>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/sql/sequence_definition.hpp"

namespace tributary {
namespace {

nlohmann::json options_of(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  EXPECT_EQ(parsed.error, nullptr) << sql;
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  auto& stmt = tree["stmts"][0]["stmt"];
  auto& fields = stmt.begin().value();
  return fields.value("options", nlohmann::json::array());
}

result<sequence_options, pg_error> create(const std::string& sql) {
  return read_sequence_options(options_of(sql), sql, nullptr, nullptr);
}

result<sequence_options, pg_error> alter(const sequence_options& before, const std::string& sql) {
  return read_sequence_options(options_of(sql), sql, &before.parameters, &before.state);
}

std::string error_of(const result<sequence_options, pg_error>& r) {
  return r ? std::string("no error") : r.error().sqlstate + " " + r.error().message;
}

TEST(SequenceOptions, DefaultsAreBigintFromOneUpward) {
  auto s = create("CREATE SEQUENCE s");
  ASSERT_TRUE(s) << error_of(s);
  EXPECT_EQ(s->parameters.type, 20u);
  EXPECT_EQ(s->parameters.minimum, 1);
  EXPECT_EQ(s->parameters.maximum, INT64_MAX);
  EXPECT_EQ(s->parameters.start, 1);
  EXPECT_EQ(s->state.last_value, 1);
  EXPECT_FALSE(s->state.is_called);
}

TEST(SequenceOptions, ADescendingSequenceStartsAtItsTypesTop) {
  auto s = create("CREATE SEQUENCE s AS integer INCREMENT BY -2");
  ASSERT_TRUE(s) << error_of(s);
  EXPECT_EQ(s->parameters.increment, -2);  // read from the text: the JSON loses negatives
  EXPECT_EQ(s->parameters.maximum, -1);
  EXPECT_EQ(s->parameters.minimum, INT32_MIN);
  EXPECT_EQ(s->parameters.start, -1);
}

TEST(SequenceOptions, NumbersAreReadFromTheStatementText) {
  auto s = create("CREATE SEQUENCE s MINVALUE -10 START WITH -5 MAXVALUE 9223372036854775807 CACHE 3 CYCLE");
  ASSERT_TRUE(s) << error_of(s);
  EXPECT_EQ(s->parameters.minimum, -10);
  EXPECT_EQ(s->parameters.start, -5);
  EXPECT_EQ(s->parameters.maximum, INT64_MAX);
  EXPECT_EQ(s->parameters.cache, 3);
  EXPECT_TRUE(s->parameters.cycle);
}

TEST(SequenceOptions, InvalidOptionsFailAsPostgres) {
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s INCREMENT 0")), "22023 INCREMENT must not be zero");
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s AS text")),
            "22023 sequence type must be smallint, integer, or bigint");
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s AS smallint MAXVALUE 40000")),
            "22023 MAXVALUE (40000) is out of range for sequence data type smallint");
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s MINVALUE 5 MAXVALUE 5")),
            "22023 MINVALUE (5) must be less than MAXVALUE (5)");
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s MINVALUE 5 START 2")),
            "22023 START value (2) cannot be less than MINVALUE (5)");
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s MAXVALUE 5 START 7")),
            "22023 START value (7) cannot be greater than MAXVALUE (5)");
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s CACHE 0")), "22023 CACHE (0) must be greater than zero");
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s START 1 START 2")), "42601 conflicting or redundant options");
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s START 99999999999999999999")),
            "22003 value \"99999999999999999999\" is out of range for type bigint");
  EXPECT_EQ(error_of(create("CREATE SEQUENCE s OWNED BY t")), "42601 invalid OWNED BY option");
}

TEST(SequenceOptions, AlterKeepsWhatItDoesNotChangeAndRestarts) {
  auto s = create("CREATE SEQUENCE s START 10 INCREMENT 5");
  ASSERT_TRUE(s);
  s->state = {20, true};
  auto altered = alter(*s, "ALTER SEQUENCE s INCREMENT 2");
  ASSERT_TRUE(altered) << error_of(altered);
  EXPECT_EQ(altered->parameters.start, 10);
  EXPECT_EQ(altered->parameters.increment, 2);
  EXPECT_EQ(altered->state.last_value, 20);
  EXPECT_TRUE(altered->state.is_called);
  auto restarted = alter(*altered, "ALTER SEQUENCE s RESTART");
  ASSERT_TRUE(restarted);
  EXPECT_EQ(restarted->state.last_value, 10);
  EXPECT_FALSE(restarted->state.is_called);
  auto with = alter(*altered, "ALTER SEQUENCE s RESTART WITH 0");
  EXPECT_EQ(error_of(with), "22023 RESTART value (0) cannot be less than MINVALUE (1)");
  auto smaller = alter(*altered, "ALTER SEQUENCE s AS smallint");
  ASSERT_TRUE(smaller) << error_of(smaller);
  EXPECT_EQ(smaller->parameters.maximum, INT16_MAX);  // was bigint's maximum: follows the type
}

TEST(NextValue, StepsUntilTheMaximumThenFailsOrCycles) {
  sequence_parameters p;
  p.minimum = 1;
  p.maximum = 3;
  sequence_state state{1, false};
  EXPECT_EQ(*next_sequence_value(p, state, "s"), 1);
  EXPECT_EQ(*next_sequence_value(p, state, "s"), 2);
  EXPECT_EQ(*next_sequence_value(p, state, "s"), 3);
  auto beyond = next_sequence_value(p, state, "s");
  ASSERT_FALSE(beyond);
  EXPECT_EQ(beyond.error().sqlstate, "2200H");
  EXPECT_EQ(beyond.error().message, "nextval: reached maximum value of sequence \"s\" (3)");
  p.cycle = true;
  EXPECT_EQ(*next_sequence_value(p, state, "s"), 1);
}

TEST(NextValue, DescendsToTheMinimumWithoutOverflow) {
  sequence_parameters p;
  p.increment = -4;
  p.minimum = INT64_MIN;
  p.maximum = -1;
  sequence_state state{INT64_MIN + 3, true};
  auto beyond = next_sequence_value(p, state, "d");
  ASSERT_FALSE(beyond);
  EXPECT_EQ(beyond.error().message,
            "nextval: reached minimum value of sequence \"d\" (-9223372036854775808)");
}

TEST(SetValue, RefusesValuesOutsideTheBounds) {
  sequence_parameters p;
  p.maximum = 100;
  EXPECT_TRUE(check_setval(p, 100, "s"));
  auto low = check_setval(p, 0, "s");
  ASSERT_FALSE(low);
  EXPECT_EQ(low.error().sqlstate, "22003");
  EXPECT_EQ(low.error().message, "setval: value 0 is out of bounds for sequence \"s\" (1..100)");
}

TEST(SequenceNames, ReadAsPostgresReadsARegclass) {
  EXPECT_EQ(*sequence_relation_name("S"), "s");
  EXPECT_EQ(*sequence_relation_name("\"MySeq\""), "MySeq");
  EXPECT_EQ(*sequence_relation_name("public.s"), "s");
  EXPECT_EQ(*sequence_relation_name("sales.s"), "sales.s");
  EXPECT_FALSE(sequence_relation_name("a..b"));
  EXPECT_EQ(serial_sequence_name("t", "id"), "t_id_seq");
  EXPECT_EQ(serial_sequence_name(std::string(40, 'a'), std::string(40, 'b')).size(), 63u);
}

}  // namespace
}  // namespace tributary
