// ConninfoCompat: libpq 16's load_balance_hosts and sslrootcert=system on libpq 15.
#include <gtest/gtest.h>

#include "stages/core/conninfo_compat.hpp"

using namespace tributary;

namespace {

// A "random" source that always picks the first candidate: Fisher-Yates then
// rotates the list by one (i swaps with 0 for i = n-1 .. 1).
std::size_t always_first(std::size_t) { return 0; }
std::size_t always_last(std::size_t n) { return n - 1; }  // the identity permutation

libpq16_environment plain_environment() {
  libpq16_environment e;
  e.system_ca_file = "/etc/ssl/certs/ca-certificates.crt";
  return e;
}

std::string value_of(const conninfo_keywords& keywords, const std::string& keyword) {
  for (const auto& [k, v] : keywords)
    if (k == keyword)
      return v;
  return "<absent>";
}

}  // namespace

TEST(ConninfoCompat, LoadBalanceHostsIsTakenOutOfAKeywordValueString) {
  auto split = split_load_balance_hosts("host=a,b load_balance_hosts=random dbname=x");
  EXPECT_EQ(split.conninfo, "host=a,b  dbname=x");
  EXPECT_EQ(split.load_balance, "random");
}

TEST(ConninfoCompat, QuotedValuesAndSpacesAroundTheEqualsSignAreReadAsLibpqDoes) {
  auto split = split_load_balance_hosts("password='it''s \\' = x' load_balance_hosts = 'random'");
  // libpq's quoting has backslash escapes and no doubled quotes: the password ends at
  // `'it'` and `'s` is a keyword without "=", a syntax error left for libpq to report.
  EXPECT_EQ(split.conninfo, "password='it''s \\' = x' load_balance_hosts = 'random'");
  EXPECT_FALSE(split.load_balance);

  split = split_load_balance_hosts("password='a b\\'c' load_balance_hosts = 'random' user=u");
  EXPECT_EQ(split.conninfo, "password='a b\\'c'  user=u");
  EXPECT_EQ(split.load_balance, "random");
}

TEST(ConninfoCompat, AStringWithoutTheKeywordIsUnchanged) {
  for (std::string s : {"host=a port=5432", "", "   ", "postgresql://u@h/db?sslmode=require",
                        "host=a port", "host='unterminated"}) {
    auto split = split_load_balance_hosts(s);
    EXPECT_EQ(split.conninfo, s);
    EXPECT_FALSE(split.load_balance);
  }
}

TEST(ConninfoCompat, LoadBalanceHostsIsTakenOutOfAUrisQueryParameters) {
  auto split = split_load_balance_hosts("postgresql://h1,h2/db?load_balance_hosts=random&sslmode=disable");
  EXPECT_EQ(split.conninfo, "postgresql://h1,h2/db?sslmode=disable");
  EXPECT_EQ(split.load_balance, "random");

  split = split_load_balance_hosts("postgres://h/db?application_name=a&load_balance_hosts=disable");
  EXPECT_EQ(split.conninfo, "postgres://h/db?application_name=a");
  EXPECT_EQ(split.load_balance, "disable");

  split = split_load_balance_hosts("postgresql:///db?load%5Fbalance%5Fhosts=r%61ndom");
  EXPECT_EQ(split.conninfo, "postgresql:///db");
  EXPECT_EQ(split.load_balance, "random");
}

TEST(ConninfoCompat, RandomPermutesHostsHostaddrsAndPortsTogether) {
  conninfo_keywords k{{"host", "a,b,c"}, {"hostaddr", "1.1.1.1,2.2.2.2,3.3.3.3"},
                      {"port", "1,2,3"}, {"load_balance_hosts", "random"}};
  auto r = apply_libpq16_keywords(k, plain_environment(), always_first);
  ASSERT_TRUE(r);
  EXPECT_EQ(value_of(*r, "host"), "b,c,a");
  EXPECT_EQ(value_of(*r, "hostaddr"), "2.2.2.2,3.3.3.3,1.1.1.1");
  EXPECT_EQ(value_of(*r, "port"), "2,3,1");
  EXPECT_EQ(value_of(*r, "load_balance_hosts"), "<absent>") << "libpq 15 must not see it";

  r = apply_libpq16_keywords(k, plain_environment(), always_last);
  ASSERT_TRUE(r);
  EXPECT_EQ(value_of(*r, "host"), "a,b,c");
}

TEST(ConninfoCompat, ASinglePortStaysForEveryHost) {
  conninfo_keywords k{{"host", "a,b"}, {"port", "5433"}, {"load_balance_hosts", "random"}};
  auto r = apply_libpq16_keywords(k, plain_environment(), always_first);
  ASSERT_TRUE(r);
  EXPECT_EQ(value_of(*r, "host"), "b,a");
  EXPECT_EQ(value_of(*r, "port"), "5433");
}

TEST(ConninfoCompat, DisableKeepsTheOrderAndTheEnvironmentVariableCounts) {
  conninfo_keywords k{{"host", "a,b"}, {"load_balance_hosts", "disable"}};
  auto r = apply_libpq16_keywords(k, plain_environment(), always_first);
  ASSERT_TRUE(r);
  EXPECT_EQ(value_of(*r, "host"), "a,b");

  auto environment = plain_environment();
  environment.pgloadbalancehosts = "random";
  r = apply_libpq16_keywords({{"host", "a,b"}}, environment, always_first);
  ASSERT_TRUE(r);
  EXPECT_EQ(value_of(*r, "host"), "b,a");
}

TEST(ConninfoCompat, AnUnknownLoadBalanceValueIsLibpq16sError) {
  auto r = apply_libpq16_keywords({{"host", "a"}, {"load_balance_hosts", "roundrobin"}},
                                  plain_environment(), always_first);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().sqlstate, "08006");
  EXPECT_EQ(r.error().message, "invalid load_balance_hosts value: \"roundrobin\"");
}

TEST(ConninfoCompat, SslrootcertSystemMeansTheTrustStoreAndVerifyFull) {
  auto r = apply_libpq16_keywords({{"host", "a"}, {"sslrootcert", "system"}}, plain_environment(),
                                  always_first);
  ASSERT_TRUE(r);
  EXPECT_EQ(value_of(*r, "sslrootcert"), "/etc/ssl/certs/ca-certificates.crt");
  EXPECT_EQ(value_of(*r, "sslmode"), "verify-full");

  r = apply_libpq16_keywords({{"sslrootcert", "system"}, {"sslmode", "verify-full"}}, plain_environment(),
                             always_first);
  ASSERT_TRUE(r);
  EXPECT_EQ(value_of(*r, "sslmode"), "verify-full");
}

TEST(ConninfoCompat, AWeakSslmodeWithSslrootcertSystemIsRefused) {
  auto r = apply_libpq16_keywords({{"sslrootcert", "system"}, {"sslmode", "require"}}, plain_environment(),
                                  always_first);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message,
            "weak sslmode \"require\" may not be used with sslrootcert=system (use \"verify-full\")");

  auto environment = plain_environment();
  environment.pgsslmode = "verify-ca";
  r = apply_libpq16_keywords({{"sslrootcert", "system"}}, environment, always_first);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message,
            "weak sslmode \"verify-ca\" may not be used with sslrootcert=system (use \"verify-full\")");
}

TEST(ConninfoCompat, AnOrdinaryRootCertificateFileIsLeftToLibpq) {
  auto r = apply_libpq16_keywords({{"sslrootcert", "/tmp/ca.crt"}, {"sslmode", "require"}},
                                  plain_environment(), always_first);
  ASSERT_TRUE(r);
  EXPECT_EQ(value_of(*r, "sslrootcert"), "/tmp/ca.crt");
  EXPECT_EQ(value_of(*r, "sslmode"), "require");
}

TEST(ConninfoCompat, AServiceFileSaysWhetherTheServiceNamesAUser) {
  const std::string file =
      "# services\n[upstream]\nhost=10.0.0.1\n user = repl \n\n[other]\nhost=h\n[bare]\n#user=commented\n";
  EXPECT_EQ(service_file_user(file, "upstream"), "repl");
  EXPECT_FALSE(service_file_user(file, "other"));
  EXPECT_FALSE(service_file_user(file, "bare")) << "a commented line is not a setting";
  EXPECT_FALSE(service_file_user(file, "missing"));
  EXPECT_FALSE(service_file_user("", "upstream"));
}
