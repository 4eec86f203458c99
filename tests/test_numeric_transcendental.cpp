// numeric_transcendental: numeric's exp, ln, log and power give PostgreSQL 15's digits and
// scales. Each expected text is what PostgreSQL 15 printed for the same call.
#include <gtest/gtest.h>

#include "stages/types/numeric/numeric_transcendental.hpp"

namespace tributary {
namespace {

numeric_value n(const char* text) {
  auto v = parse_numeric_text(text);
  EXPECT_TRUE(v.ok()) << text;
  return v.ok() ? *v : numeric_value{};
}

std::string shown(const result<numeric_value, pg_error>& r) {
  return r.ok() ? format_numeric_text(*r) : "ERROR " + r.error().sqlstate + ": " + r.error().message;
}

std::string power(const char* a, const char* b) { return shown(numeric_power(n(a), n(b))); }
std::string exp_of(const char* x) { return shown(numeric_exp(n(x))); }
std::string ln_of(const char* x) { return shown(numeric_ln(n(x))); }
std::string log_of(const char* b, const char* x) { return shown(numeric_log(n(b), n(x))); }

TEST(NumericTranscendental, IntegerPowersHaveSixteenDigitsOrTheBasesScale) {
  EXPECT_EQ(power("2.0", "3"), "8.0000000000000000");
  EXPECT_EQ(power("2.0", "-2"), "0.2500000000000000");
  EXPECT_EQ(power("10", "20"), "100000000000000000000.0000000000000000");
  EXPECT_EQ(power("1.5", "3"), "3.3750000000000000");
  EXPECT_EQ(power("0.5", "100"), "0.0000000000000000");
  EXPECT_EQ(power("3.000000000000000001", "2"), "9.000000000000000006");
  EXPECT_EQ(power("1.1", "1000"), "246993291800582633412408838508522147770973.3385238396234869");
  EXPECT_EQ(power("1.0000001", "10000000"), "2.7182816925449663");
  EXPECT_EQ(power("-2.0", "3"), "-8.0000000000000000");
  EXPECT_EQ(power("-8.0", "3.0"), "-512.0000000000000000");
  EXPECT_EQ(power("-1.5", "-3"), "-0.2962962962962963");
  EXPECT_EQ(power("0.0", "0"), "1.0000000000000000");
  EXPECT_EQ(power("2.5", "1"), "2.5000000000000000");
}

TEST(NumericTranscendental, OtherPowersGoThroughLnAndExpAtPowerVarsScales) {
  EXPECT_EQ(power("2.0", "0.5"), "1.4142135623730950");
  EXPECT_EQ(power("4.0", "0.5"), "2.0000000000000000");
  EXPECT_EQ(power("100.0", "0.5"), "10.000000000000000");  // the estimate's weight is 1
  EXPECT_EQ(power("0.0625", "0.25"), "0.5000000000000000");
  EXPECT_EQ(power("9.99", "9.99"), "9675183873.3397141");
  EXPECT_EQ(power("0.001", "0.001"), "0.9931160484209338");
  EXPECT_EQ(power("123456789.123", "1.5"), "1371742095808.5734");
  EXPECT_EQ(power("0.0", "0.5"), "0.0000000000000000");
  EXPECT_EQ(power("1.0", "123456789012.5"), "1.0000000000000000");
}

TEST(NumericTranscendental, PowersOfSpecialValuesFollowPosix) {
  EXPECT_EQ(power("NaN", "0"), "1");
  EXPECT_EQ(power("NaN", "1"), "NaN");
  EXPECT_EQ(power("1", "NaN"), "1");
  EXPECT_EQ(power("Infinity", "-2"), "0");
  EXPECT_EQ(power("-Infinity", "3"), "-Infinity");
  EXPECT_EQ(power("-Infinity", "2"), "Infinity");
  EXPECT_EQ(power("0.5", "-Infinity"), "Infinity");
  EXPECT_EQ(power("-1", "Infinity"), "1");
  EXPECT_EQ(power("0", "Infinity"), "0");
}

TEST(NumericTranscendental, PowerErrorsAreThoseOfPostgres) {
  EXPECT_EQ(power("0.0", "-1"), "ERROR 2201F: zero raised to a negative power is undefined");
  EXPECT_EQ(power("0", "-Infinity"), "ERROR 2201F: zero raised to a negative power is undefined");
  EXPECT_EQ(power("-2.0", "0.5"),
            "ERROR 2201F: a negative number raised to a non-integer power yields a complex result");
  EXPECT_EQ(power("10.0", "200000"), "ERROR 22003: value overflows numeric format");
}

TEST(NumericTranscendental, ExpHasSixteenSignificantDigits) {
  EXPECT_EQ(exp_of("1.0"), "2.7182818284590452");
  EXPECT_EQ(exp_of("-1.0"), "0.3678794411714423");
  EXPECT_EQ(exp_of("10"), "22026.465794806717");
  EXPECT_EQ(exp_of("100"), "26881171418161354484126255515800135873611119");
  EXPECT_EQ(exp_of("0.5"), "1.6487212707001281");
  EXPECT_EQ(exp_of("1.00000000000000000000"), "2.71828182845904523536");
  EXPECT_EQ(exp_of("-50"), "0.0000000000000000000001928749847963918");
  EXPECT_EQ(exp_of("-Infinity"), "0");
  EXPECT_EQ(exp_of("6000"), "ERROR 22003: value overflows numeric format");
}

TEST(NumericTranscendental, LnAndLogAreRoundedAtPostgresScales) {
  EXPECT_EQ(ln_of("2.0"), "0.6931471805599453");
  EXPECT_EQ(ln_of("10"), "2.3025850929940457");
  EXPECT_EQ(ln_of("1.0"), "0.0000000000000000");
  EXPECT_EQ(ln_of("0.5"), "-0.6931471805599453");
  EXPECT_EQ(ln_of("1.0000001"), "0.00000009999999500000033");
  EXPECT_EQ(ln_of("0.99"), "-0.010050335853501441");
  EXPECT_EQ(ln_of("1e100"), "230.25850929940457");
  EXPECT_EQ(ln_of("123456789.987654321"), "18.631401774168018");
  EXPECT_EQ(ln_of("0.90"), "-0.10536051565782630");
  EXPECT_EQ(ln_of("2.00000000000000000000000"), "0.69314718055994530941723");
  EXPECT_EQ(ln_of("0"), "ERROR 2201E: cannot take logarithm of zero");
  EXPECT_EQ(ln_of("-1.5"), "ERROR 2201E: cannot take logarithm of a negative number");
  EXPECT_EQ(log_of("10", "100.0"), "2.0000000000000000");
  EXPECT_EQ(log_of("2.0", "64.0"), "6.0000000000000000");
  EXPECT_EQ(log_of("10", "2.5"), "0.3979400086720376");
  EXPECT_EQ(log_of("2", "10"), "3.3219280948873623");
  EXPECT_EQ(log_of("0.5", "8"), "-3.0000000000000000");
  EXPECT_EQ(log_of("1e50", "1e-50"), "-1.00000000000000000000000000000000000000000000000000");
  EXPECT_EQ(log_of("1", "10.0"), "ERROR 22012: division by zero");
  EXPECT_EQ(log_of("Infinity", "2"), "0");
}

}  // namespace
}  // namespace tributary
