// The generated built-in operators and functions (cli/catalog/builtin_catalog.hpp)
// and their catalog rows (builtin_catalog_rows.hpp): what psql's \do and \df read.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

#include "cli/catalog/builtin_catalog.hpp"
#include "cli/catalog/builtin_catalog_rows.hpp"
#include "cli/catalog/builtin_function_definition.hpp"

namespace tributary {
namespace {

TEST(BuiltinCatalog, RowsAreInOidOrderSoLookupsFindEach) {
  int64_t previous = 0;
  for (const auto& o : builtin_operators()) {
    EXPECT_GT(o.oid, previous);
    previous = o.oid;
    EXPECT_EQ(find_builtin_operator(o.oid), &o);
  }
  previous = 0;
  for (const auto& f : builtin_functions()) {
    EXPECT_GT(f.oid, previous);
    previous = f.oid;
    EXPECT_EQ(find_builtin_function(f.oid), &f);
  }
  EXPECT_EQ(find_builtin_operator(16384), nullptr);
  EXPECT_EQ(find_builtin_function(0), nullptr);
}

TEST(BuiltinCatalog, EveryOperatorsFunctionsArePgProcRowsSoRegprocNamesThem) {
  for (const auto& o : builtin_operators()) {
    EXPECT_NE(find_builtin_function(o.code), nullptr) << o.oid;
    for (int64_t estimator : {o.restrict_estimator, o.join_estimator})
      EXPECT_TRUE(estimator == 0 || find_builtin_function(estimator) != nullptr) << o.oid;
    EXPECT_NE(o.description, nullptr) << o.oid;  // PostgreSQL 15 comments all of its operators
  }
  for (const auto& f : builtin_functions())
    EXPECT_TRUE(f.support == 0 || find_builtin_function(f.support) != nullptr) << f.oid;
}

TEST(BuiltinCatalog, EveryOverloadOfANameIsThereAsPostgresLists) {
  // \df abs lists PostgreSQL 15's six abs.
  std::set<std::string> abs;
  for (const auto& f : builtin_functions())
    if (std::string(f.name) == "abs")
      abs.insert(f.arguments);
  EXPECT_EQ(abs, (std::set<std::string>{"bigint", "double precision", "integer", "numeric", "real", "smallint"}));
}

TEST(BuiltinCatalog, IntegerAdditionAsPostgresCatalogsIt) {
  const builtin_operator* plus = find_builtin_operator(551);  // int4 + int4
  ASSERT_NE(plus, nullptr);
  EXPECT_STREQ(plus->name, "+");
  EXPECT_EQ(plus->kind, 'b');
  EXPECT_EQ(plus->left, 23);
  EXPECT_EQ(plus->right, 23);
  EXPECT_EQ(plus->result, 23);
  EXPECT_EQ(plus->code, 177);
  EXPECT_STREQ(builtin_description("pg_operator", 551), "add");
  const builtin_function* int4pl = find_builtin_function(177);
  ASSERT_NE(int4pl, nullptr);
  EXPECT_STREQ(int4pl->name, "int4pl");
  EXPECT_STREQ(int4pl->argument_types, "23 23");
  EXPECT_STREQ(int4pl->result, "integer");
  EXPECT_STREQ(builtin_description("pg_proc", 177), "implementation of + operator");
  EXPECT_EQ(builtin_description("pg_class", 177), nullptr);
  EXPECT_EQ(builtin_description("pg_proc", 16384), nullptr);
}

TEST(BuiltinCatalog, FunctionRowsNameTheBootstrapSuperuserInTheirPrivileges) {
  bool found = false;
  for (const auto& row : builtin_function_rows("alice"))
    if (std::get<std::string>(row[1]) == "pg_read_file") {
      found = true;
      EXPECT_EQ(std::get<std::string>(row[29]), "{alice=X/alice}");
    }
  EXPECT_TRUE(found);
  EXPECT_EQ(builtin_operator_rows().size(), builtin_operators().size());
}

const builtin_function& named(const std::string& name, const std::string& arguments) {
  for (const auto& f : builtin_functions())
    if (name == f.name && arguments == f.identity_arguments)
      return f;
  throw std::runtime_error("no built-in " + name + "(" + arguments + ")");
}

TEST(BuiltinFunctionDefinition, AnInternalFunctionIsItsSymbolDollarQuoted) {
  EXPECT_EQ(builtin_function_definition(named("int4pl", "integer, integer"), ""),
            "CREATE OR REPLACE FUNCTION pg_catalog.int4pl(integer, integer)\n RETURNS integer\n LANGUAGE internal\n"
            " IMMUTABLE PARALLEL SAFE STRICT\nAS $function$int4pl$function$\n");
  // Volatile and parallel unsafe print nothing; the arguments keep their names and defaults.
  EXPECT_EQ(builtin_function_definition(named("jsonb_set", "jsonb_in jsonb, path text[], replacement jsonb, "
                                                          "create_if_missing boolean"),
                                        ""),
            "CREATE OR REPLACE FUNCTION pg_catalog.jsonb_set(jsonb_in jsonb, path text[], replacement jsonb, "
            "create_if_missing boolean DEFAULT true)\n RETURNS jsonb\n LANGUAGE internal\n"
            " IMMUTABLE PARALLEL SAFE STRICT\nAS $function$jsonb_set$function$\n");
}

TEST(BuiltinFunctionDefinition, ASqlStandardBodyAndANonDefaultCostPrintAsPostgres) {
  EXPECT_EQ(builtin_function_definition(named("lpad", "text, integer"), ""),
            "CREATE OR REPLACE FUNCTION pg_catalog.lpad(text, integer)\n RETURNS text\n LANGUAGE sql\n"
            " IMMUTABLE PARALLEL SAFE STRICT COST 1\nRETURN lpad($1, $2, ' '::text)\n");
}

TEST(BuiltinFunctionDefinition, WindowSetReturningAndSupportFunctionsSaySo) {
  EXPECT_EQ(builtin_function_definition(named("row_number", ""), "window_row_number_support"),
            "CREATE OR REPLACE FUNCTION pg_catalog.row_number()\n RETURNS bigint\n LANGUAGE internal\n"
            " WINDOW IMMUTABLE PARALLEL SAFE SUPPORT window_row_number_support\n"
            "AS $function$window_row_number$function$\n");
  const std::string unnest = builtin_function_definition(named("unnest", "anyarray"), "array_unnest_support");
  EXPECT_NE(unnest.find(" RETURNS SETOF anyelement\n"), std::string::npos) << unnest;
  EXPECT_NE(unnest.find(" ROWS 100 SUPPORT array_unnest_support\n"), std::string::npos) << unnest;
}

}  // namespace
}  // namespace tributary
