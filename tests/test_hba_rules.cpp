// pg_hba.conf: PostgreSQL's format, first matching rule wins, errors name the line.
#include <gtest/gtest.h>

#include "stages/auth/hba_rules.hpp"

namespace tributary {
namespace {

hba_rules parse_ok(const std::string& text) {
  auto r = hba_rules::parse(text, "/d/pg_hba.conf");
  EXPECT_TRUE(r) << (r ? "" : r.error().message + " / " + r.error().context);
  return r ? *r : hba_rules{};
}

pg_error parse_error(const std::string& text) {
  auto r = hba_rules::parse(text, "/d/pg_hba.conf");
  EXPECT_FALSE(r) << text;
  return r ? pg_error{} : r.error();
}

hba_connection tcp(const std::string& client, const std::string& user, const std::string& database,
                   bool ssl = false) {
  hba_connection c;
  c.client = parse_ip_address(client);
  c.server = parse_ip_address("127.0.0.1");
  c.user = user;
  c.database = database;
  c.ssl = ssl;
  return c;
}

std::optional<hba_method> method_for(const hba_rules& rules, const hba_connection& c) {
  auto rule = rules.match(c);
  return rule ? std::optional<hba_method>(rule->method) : std::nullopt;
}

TEST(HbaRules, DefaultFileTrustsOnlyTheLocalMachine) {
  auto rules = parse_ok(hba_rules::default_file_text());
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "root", "postgres")), hba_method::trust);
  EXPECT_EQ(method_for(rules, tcp("::1", "root", "postgres")), hba_method::trust);
  EXPECT_EQ(method_for(rules, tcp("::ffff:127.0.0.1", "root", "postgres")), hba_method::trust);
  EXPECT_EQ(method_for(rules, tcp("10.0.0.5", "root", "postgres")), std::nullopt);
  hba_connection local;
  local.local_socket = true;
  local.user = "root";
  local.database = "postgres";
  EXPECT_EQ(method_for(rules, local), hba_method::trust);
}

TEST(HbaRules, PlusGroupAndSameroleMatchMembersOfTheRole) {
  auto rules = parse_ok(
      "host  samerole  all     127.0.0.1/32  trust\n"
      "host  all       +staff  127.0.0.1/32  password\n"
      "host  all       all     127.0.0.1/32  reject\n");
  hba_connection member = tcp("127.0.0.1", "alice", "postgres");
  member.member_of = {"team", "staff"};
  EXPECT_EQ(method_for(rules, member), hba_method::password);
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "staff", "postgres")), hba_method::password) << "the role itself";
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "bob", "postgres")), hba_method::reject);
  hba_connection to_team = tcp("127.0.0.1", "alice", "team");
  to_team.member_of = {"team"};
  EXPECT_EQ(method_for(rules, to_team), hba_method::trust) << "samerole: a member of the role named like the database";
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "bob", "team")), hba_method::reject);
}

TEST(HbaRules, FirstMatchingLineWins) {
  auto rules = parse_ok(
      "host  sales   alice  127.0.0.1/32  reject\n"
      "host  all     alice  127.0.0.1/32  scram-sha-256\n"
      "host  all     all    0.0.0.0/0     md5\n");
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "alice", "sales")), hba_method::reject);
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "alice", "postgres")), hba_method::scram_sha_256);
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "bob", "sales")), hba_method::md5);
  auto rule = rules.match(tcp("127.0.0.1", "alice", "postgres"));
  ASSERT_TRUE(rule);
  EXPECT_EQ(rule->line_number, 2);
  EXPECT_EQ(rule->line, "host  all     alice  127.0.0.1/32  scram-sha-256");
}

TEST(HbaRules, ListsQuotesAndKeywords) {
  auto rules = parse_ok(
      "# comment line\n"
      "\n"
      "host  \"all\",b   \"Mixed Case\",carol  127.0.0.1/32  password  # trailing comment\n"
      "host  sameuser    all                   127.0.0.1/32  trust\n");
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "Mixed Case", "all")), hba_method::password)
      << "a quoted \"all\" is a database named all";
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "carol", "b")), hba_method::password);
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "carol", "carol")), hba_method::trust);
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "carol", "other")), std::nullopt);
}

TEST(HbaRules, AddressWithMaskColumnAndIpv6) {
  auto rules = parse_ok(
      "host all all 192.168.1.0 255.255.255.0 md5\n"
      "host all all fe80::/10 password\n"
      "host all all samehost trust\n");
  EXPECT_EQ(method_for(rules, tcp("192.168.1.77", "u", "d")), hba_method::md5);
  EXPECT_EQ(method_for(rules, tcp("192.168.2.77", "u", "d")), std::nullopt);
  EXPECT_EQ(method_for(rules, tcp("fe80::1", "u", "d")), hba_method::password);
  EXPECT_EQ(method_for(rules, tcp("127.0.0.1", "u", "d")), hba_method::trust) << "samehost";
}

TEST(HbaRules, SslTypesFollowTheConnection) {
  auto rules = parse_ok(
      "hostssl    all all all cert\n"
      "hostnossl  all all all reject\n");
  EXPECT_EQ(method_for(rules, tcp("10.1.1.1", "u", "d", true)), hba_method::cert);
  EXPECT_EQ(method_for(rules, tcp("10.1.1.1", "u", "d", false)), hba_method::reject);
  EXPECT_EQ(rules.match(tcp("10.1.1.1", "u", "d", true))->client_cert, hba_client_cert::verify_full);
}

TEST(HbaRules, ReplicationMatchesOnlyReplicationConnections) {
  auto rules = parse_ok("host replication all all trust\nhost all all all reject\n");
  auto c = tcp("127.0.0.1", "u", "replication");
  EXPECT_EQ(method_for(rules, c), hba_method::reject);
  c.replication = true;
  EXPECT_EQ(method_for(rules, c), hba_method::trust);
}

TEST(HbaRules, ErrorsNameTheLineAsPostgres) {
  auto e = parse_error("host all all 127.0.0.1/32 trust\nhots all all all trust\n");
  EXPECT_EQ(e.sqlstate, "F0000");
  EXPECT_EQ(e.message, "invalid connection type \"hots\"");
  EXPECT_EQ(e.context, "line 2 of configuration file \"/d/pg_hba.conf\"");
  EXPECT_EQ(parse_error("host all all 127.0.0.1/32 foo\n").message, "invalid authentication method \"foo\"");
  EXPECT_EQ(parse_error("host all all 127.0.0.1/33 trust\n").message,
            "invalid CIDR mask in address \"127.0.0.1/33\"");
  EXPECT_EQ(parse_error("host all\n").message, "end-of-line before role specification");
  EXPECT_EQ(parse_error("host all all\n").message, "end-of-line before IP address specification");
  EXPECT_EQ(parse_error("host all all all\n").message, "end-of-line before authentication method");
  EXPECT_EQ(parse_error("host all all 127.0.0.1/32 trust clientcert=verify-full\n").message,
            "clientcert can only be configured for \"hostssl\" rows");
  EXPECT_EQ(parse_error("hostssl all all all trust foo=bar\n").message,
            "unrecognized authentication option name: \"foo\"");
  EXPECT_EQ(parse_error("host all all all ldap\n").message,
            "authentication method \"ldap\" is not supported by Tributary");
  EXPECT_EQ(parse_error("host all all db.example.com trust\n").message,
            "host names in pg_hba.conf are not supported by Tributary: \"db.example.com\"");
}

}  // namespace
}  // namespace tributary
