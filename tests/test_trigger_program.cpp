// PL/pgSQL trigger functions read into guarded steps (stages/sql/trigger_function)
// and compiled into SQLite triggers (stages/sql/trigger_program).
#include <gtest/gtest.h>

#include <pg_query.h>

#include "stages/sql/trigger_function.hpp"
#include "stages/sql/trigger_program.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {
namespace {

using json = nlohmann::json;

result<trigger_function_body, pg_error> read(const std::string& body) {
  const std::string source = "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$" + body + "$$";
  PgQueryPlpgsqlParseResult parsed = pg_query_parse_plpgsql(source.c_str());
  EXPECT_EQ(parsed.error, nullptr) << (parsed.error ? parsed.error->message : "");
  json functions = parsed.error ? json() : json::parse(parsed.plpgsql_funcs);
  pg_query_free_plpgsql_parse_result(parsed);
  return read_trigger_function(functions);
}

result<parsed_statement, pg_error> parse(const std::string& sql) {
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  if (parsed.error) {
    pg_error e = make_pg_error("42601", parsed.error->message);
    pg_query_free_parse_result(parsed);
    return fail(e);
  }
  json tree = json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  return parsed_statement{tree["stmts"][0]["stmt"], sql};
}

class TriggerProgram : public ::testing::Test {
protected:
  TriggerProgram() {
    t_ = {{"a", builtin_column_type(pg_type_oid::int4)}, {"b", builtin_column_type(pg_type_oid::text)}};
    audit_ = {{"a", builtin_column_type(pg_type_oid::int4)}, {"note", builtin_column_type(pg_type_oid::text)}};
    input_.table_columns = t_;
    input_.parse = parse;
    input_.lookup = [this](const std::string& table) -> const std::vector<column_definition>* {
      return table == "t" ? &t_ : table == "audit" ? &audit_ : nullptr;
    };
    definition_.name = "tg";
    definition_.table = "t";
    definition_.function = "f";
  }
  result<std::vector<std::string>, pg_error> compile(const std::string& body) {
    auto read_body = read(body);
    if (!read_body)
      return fail(read_body.error());
    return compile_trigger(definition_, *read_body, input_);
  }

  std::vector<column_definition> t_, audit_;
  trigger_compile_input input_;
  trigger_definition definition_;
};

TEST(TriggerFunction, IfBranchesAreGuardedByTheirConditions) {
  auto body = read("BEGIN IF NEW.a > 5 THEN INSERT INTO audit VALUES (1); ELSIF NEW.a > 2 THEN "
                   "INSERT INTO audit VALUES (2); ELSE INSERT INTO audit VALUES (3); END IF; RETURN NEW; END");
  ASSERT_TRUE(body.ok()) << body.error().message;
  ASSERT_EQ(body->steps.size(), 4u);
  EXPECT_EQ(body->steps[0].guard, "(NEW.a > 5) IS TRUE");
  EXPECT_EQ(body->steps[1].guard, "((NEW.a > 5) IS NOT TRUE) AND ((NEW.a > 2) IS TRUE)");
  EXPECT_EQ(body->steps[2].guard, "((NEW.a > 5) IS NOT TRUE) AND ((NEW.a > 2) IS NOT TRUE)");
  EXPECT_EQ(body->steps[3].guard, "") << "every branch falls through to RETURN NEW";
  EXPECT_EQ(body->steps[3].what, trigger_step::kind::return_row);
}

TEST(TriggerFunction, StatementsAfterAConditionalReturnRunOnlyOnThePathsThatDidNotReturn) {
  auto body = read("BEGIN IF NEW.a < 0 THEN RETURN NULL; END IF; INSERT INTO audit VALUES (NEW.a); RETURN NEW; END");
  ASSERT_TRUE(body.ok()) << body.error().message;
  ASSERT_EQ(body->steps.size(), 3u);
  EXPECT_EQ(body->steps[0].text, "null");
  EXPECT_EQ(body->steps[1].guard, "(NEW.a < 0) IS NOT TRUE");
  EXPECT_EQ(body->steps[2].guard, "(NEW.a < 0) IS NOT TRUE");
}

TEST(TriggerFunction, ControlReachingTheEndWithoutReturnFailsThere) {
  auto body = read("BEGIN IF NEW.a < 0 THEN RETURN NULL; END IF; END");
  ASSERT_TRUE(body.ok()) << body.error().message;
  ASSERT_EQ(body->steps.size(), 2u);
  EXPECT_EQ(body->steps[1].what, trigger_step::kind::missing_return);
  EXPECT_EQ(body->steps[1].guard, "(NEW.a < 0) IS NOT TRUE");
}

TEST(TriggerFunction, RaiseExceptionEndsItsPath) {
  auto body = read("BEGIN IF NEW.a < 0 THEN RAISE EXCEPTION 'bad % and %%', NEW.a; END IF; RETURN NEW; END");
  ASSERT_TRUE(body.ok()) << body.error().message;
  ASSERT_EQ(body->steps.size(), 2u);
  EXPECT_EQ(body->steps[0].what, trigger_step::kind::raise);
  EXPECT_EQ(body->steps[0].raise_arguments, std::vector<std::string>{"NEW.a"});
  EXPECT_EQ(body->steps[1].guard, "(NEW.a < 0) IS NOT TRUE");

}

TEST(TriggerFunction, WhatTheSubsetLeavesOutIs0A000NamingIt) {
  const std::pair<const char*, const char*> cases[] = {
      {"BEGIN NEW.a := 1; RETURN NEW; END", "assignment (NEW.a := 1)"},
      {"DECLARE x int; BEGIN RETURN NEW; END", "DECLARE (variable \"x\")"},
      {"BEGIN RAISE NOTICE 'x'; RETURN NEW; END", "RAISE other than RAISE EXCEPTION"},
      {"BEGIN PERFORM 1; RETURN NEW; END", "PL/pgSQL statement PERFORM"},
      {"BEGIN RETURN 1; END", "RETURN of an expression other than NEW, OLD or NULL"},
  };
  for (const auto& [body, what] : cases) {
    auto r = read(body);
    ASSERT_FALSE(r.ok()) << body;
    EXPECT_EQ(r.error().sqlstate, "0A000") << body;
    EXPECT_EQ(r.error().message, std::string(what) + " is not supported in Tributary's PL/pgSQL trigger functions");
  }
}

TEST_F(TriggerProgram, OneSqliteTriggerPerEventAskingTheReplicationRole) {
  definition_.on_insert = definition_.on_delete = true;
  definition_.enabled = 'R';
  auto sql = compile("BEGIN INSERT INTO audit VALUES (NEW.a, OLD.b); RETURN NULL; END");
  ASSERT_TRUE(sql.ok()) << sql.error().message;
  ASSERT_EQ(sql->size(), 2u);
  EXPECT_EQ(sql->at(0).rfind("CREATE TRIGGER \"tributary_trigger:t:tg:insert\" AFTER INSERT ON \"t\" FOR EACH ROW "
                             "WHEN pg_trigger_fires('R') BEGIN INSERT INTO \"audit\" ",
                             0),
            0u)
      << sql->at(0);
  EXPECT_NE(sql->at(0).find("NEW.\"a\""), std::string::npos) << sql->at(0);
  EXPECT_EQ(sql->at(0).find("OLD."), std::string::npos) << "OLD is NULL in an INSERT trigger: " << sql->at(0);
  EXPECT_EQ(sql->at(1).find("NEW."), std::string::npos) << "NEW is NULL in a DELETE trigger: " << sql->at(1);
  EXPECT_EQ(sql->at(0).find("RAISE(IGNORE)"), std::string::npos) << "an AFTER trigger's result is ignored";
}

TEST_F(TriggerProgram, ReturnNullInABeforeTriggerSkipsTheRow) {
  definition_.before = definition_.on_insert = true;
  auto sql = compile("BEGIN IF NEW.a = 0 THEN RETURN NULL; END IF; RETURN NEW; END");
  ASSERT_TRUE(sql.ok()) << sql.error().message;
  EXPECT_NE(sql->at(0).find("SELECT RAISE(IGNORE) WHERE "), std::string::npos) << sql->at(0);
}

TEST_F(TriggerProgram, StatementErrorsArePostgreSQLs) {
  definition_.on_insert = true;
  auto no_field = compile("BEGIN INSERT INTO audit VALUES (NEW.zz); RETURN NEW; END");
  ASSERT_FALSE(no_field.ok());
  EXPECT_EQ(no_field.error().sqlstate, "42703");
  EXPECT_EQ(no_field.error().message, "record \"new\" has no field \"zz\"");

  auto select = compile("BEGIN SELECT 1; RETURN NEW; END");
  ASSERT_FALSE(select.ok());
  EXPECT_EQ(select.error().sqlstate, "42601");
  EXPECT_EQ(select.error().message, "query has no destination for result data");

  definition_.before = true;
  definition_.on_insert = false;
  definition_.on_update = true;
  auto old_row = compile("BEGIN RETURN OLD; END");
  ASSERT_FALSE(old_row.ok());
  EXPECT_EQ(old_row.error().sqlstate, "0A000");
}

}  // namespace
}  // namespace tributary
