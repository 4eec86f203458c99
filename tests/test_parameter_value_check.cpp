// parameter_value_check: a session parameter's value read by its PostgreSQL 15 rule
// (parameter_rules) — the answers below were taken from a PostgreSQL 15 server.
#include <gtest/gtest.h>

#include "cli/commands/parameter_rules.hpp"
#include "cli/commands/parameter_value_check.hpp"

namespace tributary {
namespace {

std::string shown(const char* parameter, const std::string& value) {
  const parameter_rule* rule = find_parameter_rule(parameter);
  if (rule == nullptr)
    return std::string("no rule for ") + parameter;
  auto r = check_parameter_value(*rule, parameter, value);
  return r ? *r : "ERROR " + r.error().sqlstate + " " + r.error().message + (r.error().hint.empty() ? "" : " HINT " + r.error().hint);
}

TEST(ParameterValueCheck, RulesAreFoundInAnyCase) {
  ASSERT_NE(find_parameter_rule("intervalstyle"), nullptr);
  EXPECT_STREQ(find_parameter_rule("INTERVALSTYLE")->name, "IntervalStyle");
  EXPECT_EQ(find_parameter_rule("nosuch"), nullptr);
}

TEST(ParameterValueCheck, BooleansTakeParseBoolsSpellings) {
  EXPECT_EQ(shown("enable_seqscan", "yes"), "on");
  EXPECT_EQ(shown("enable_seqscan", "of"), "off");
  EXPECT_EQ(shown("enable_seqscan", "0"), "off");
  EXPECT_EQ(shown("enable_seqscan", "bogus"), "ERROR 22023 parameter \"enable_seqscan\" requires a Boolean value");
}

TEST(ParameterValueCheck, IntegersTakeUnitsRoundAndShowTheLargestWholeUnit) {
  EXPECT_EQ(shown("work_mem", "1024MB"), "1GB");
  EXPECT_EQ(shown("work_mem", "65.5 kB"), "66kB");  // rint: half to even
  EXPECT_EQ(shown("work_mem", " 100 MB "), "100MB");
  EXPECT_EQ(shown("work_mem", "1e2"), "100kB");
  EXPECT_EQ(shown("work_mem", "0x100"), "256kB");  // strtol base 0, as PostgreSQL's
  EXPECT_EQ(shown("effective_cache_size", "3"), "24kB");  // 8kB blocks
  EXPECT_EQ(shown("effective_cache_size", "1MB"), "1MB");
  EXPECT_EQ(shown("deadlock_timeout", "120s"), "2min");
  EXPECT_EQ(shown("deadlock_timeout", "1500"), "1500ms");
  EXPECT_EQ(shown("lock_timeout", "0"), "0");
  EXPECT_EQ(shown("extra_float_digits", "-15"), "-15");
}

TEST(ParameterValueCheck, IntegerRefusalsAreWordedAsPostgres) {
  EXPECT_EQ(shown("work_mem", "abc"), "ERROR 22023 invalid value for parameter \"work_mem\": \"abc\"");
  EXPECT_EQ(shown("work_mem", "64kb"), "ERROR 22023 invalid value for parameter \"work_mem\": \"64kb\" HINT Valid "
                                       "units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".");
  EXPECT_EQ(shown("deadlock_timeout", "10 xs"), "ERROR 22023 invalid value for parameter \"deadlock_timeout\": "
                                                "\"10 xs\" HINT Valid units for this parameter are \"us\", \"ms\", "
                                                "\"s\", \"min\", \"h\", and \"d\".");
  EXPECT_EQ(shown("work_mem", "100000000000"),
            "ERROR 22023 invalid value for parameter \"work_mem\": \"100000000000\" HINT Value exceeds integer range.");
  EXPECT_EQ(shown("work_mem", "10"),
            "ERROR 22023 10 kB is outside the valid range for parameter \"work_mem\" (64 .. 2147483647)");
  EXPECT_EQ(shown("effective_cache_size", "-1"),
            "ERROR 22023 -1 8kB is outside the valid range for parameter \"effective_cache_size\" (1 .. 2147483647)");
  EXPECT_EQ(shown("geqo_effort", "100"), "ERROR 22023 100 is outside the valid range for parameter \"geqo_effort\" (1 .. 10)");
  EXPECT_EQ(shown("geqo_effort", "5 kB"), "ERROR 22023 invalid value for parameter \"geqo_effort\": \"5 kB\"");
}

TEST(ParameterValueCheck, RealsShowInTheLargestUnitGivingAWholeNumber) {
  EXPECT_EQ(shown("cpu_tuple_cost", "1e-3"), "0.001");
  EXPECT_EQ(shown("vacuum_cost_delay", "2"), "2ms");
  EXPECT_EQ(shown("vacuum_cost_delay", "2.5ms"), "2500us");
  EXPECT_EQ(shown("vacuum_cost_delay", "1s"),
            "ERROR 22023 1000 ms is outside the valid range for parameter \"vacuum_cost_delay\" (0 .. 100)");
  EXPECT_EQ(shown("cpu_tuple_cost", "-1"),
            "ERROR 22023 -1 is outside the valid range for parameter \"cpu_tuple_cost\" (0 .. 1.79769e+308)");
  EXPECT_EQ(shown("cpu_tuple_cost", "x"), "ERROR 22023 invalid value for parameter \"cpu_tuple_cost\": \"x\"");
}

TEST(ParameterValueCheck, EnumerationsTakeAnyCaseAndTheirHiddenSpellings) {
  EXPECT_EQ(shown("bytea_output", "ESCAPE"), "escape");
  EXPECT_EQ(shown("default_transaction_isolation", "READ COMMITTED"), "read committed");
  EXPECT_EQ(shown("synchronous_commit", "yes"), "on");
  EXPECT_EQ(shown("client_min_messages", "debug"), "debug2");
  EXPECT_EQ(shown("client_min_messages", "info"), "info");
  EXPECT_EQ(shown("IntervalStyle", "bogus"),
            "ERROR 22023 invalid value for parameter \"IntervalStyle\": \"bogus\" HINT Available values: postgres, "
            "postgres_verbose, sql_standard, iso_8601.");
  EXPECT_EQ(shown("client_min_messages", "true"),
            "ERROR 22023 invalid value for parameter \"client_min_messages\": \"true\" HINT Available values: debug5, "
            "debug4, debug3, debug2, debug1, log, notice, warning, error.");
}

TEST(ParameterValueCheck, StringsAreKeptAsGiven) {
  EXPECT_EQ(shown("application_name", " any text "), " any text ");
}

}  // namespace
}  // namespace tributary
