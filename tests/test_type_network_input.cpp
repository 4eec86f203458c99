// Text input of the types whose stored form is PostgreSQL's output text and
// whose parse_text reads a local literal (inet, cidr, macaddr, macaddr8,
// pg_lsn, point): the input function, then the output function's canonical
// text. Every expected text and error is what a PostgreSQL 15 server printed
// for '<literal>'::<type> (extra_float_digits 3; \set VERBOSITY verbose for
// the SQLSTATE). The publisher's canonical text must come back unchanged.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <utility>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

constexpr oid_t inet_oid = 869, cidr_oid = 650, macaddr_oid = 829, macaddr8_oid = 774,
                pg_lsn_oid = 3220, point_oid = 600;

const type_codec& codec_of(oid_t oid) {
  switch (oid) {
    case inet_oid:
    case cidr_oid: return network_codec();
    case macaddr_oid:
    case macaddr8_oid: return macaddr_codec();
    case pg_lsn_oid: return pg_lsn_codec();
    default: return point_codec();
  }
}

result<sql_value, pg_error> parse(oid_t oid, std::string_view text) {
  return codec_of(oid).parse_text(builtin_column_type(oid), text, publisher_type_settings());
}

std::string stored(oid_t oid, std::string_view text) {
  auto r = parse(oid, text);
  if (!r.ok())
    return "error " + r.error().sqlstate + ": " + r.error().message;
  if (const auto* s = std::get_if<std::string>(&*r))
    return *s;
  return "<not text>";
}

void expect_parsed(oid_t oid, std::initializer_list<std::pair<std::string_view, std::string_view>>
                                  cases) {
  for (const auto& [input, output] : cases) {
    EXPECT_EQ(stored(oid, input), output) << "input " << input;
    EXPECT_EQ(stored(oid, output), output) << "canonical " << output;  // unchanged
  }
}

void expect_error(oid_t oid, std::string_view input, std::string_view sqlstate,
                  std::string_view message, std::string_view detail = {}) {
  auto r = parse(oid, input);
  ASSERT_FALSE(r.ok()) << "input " << input << " accepted";
  EXPECT_EQ(r.error().sqlstate, sqlstate) << input;
  EXPECT_EQ(r.error().message, message) << input;
  EXPECT_EQ(r.error().detail, detail) << input;
}

void expect_syntax_errors(oid_t oid, std::string_view type_name,
                          std::initializer_list<std::string_view> inputs) {
  for (auto input : inputs)
    expect_error(oid, input, "22P02",
                 "invalid input syntax for type " + std::string(type_name) + ": \"" +
                     std::string(input) + "\"");
}

TEST(InetTextInput, PrintsTheCanonicalAddress) {
  expect_parsed(inet_oid, {{"192.168.1.5/32", "192.168.1.5"},
                           {"192.168.1.5", "192.168.1.5"},
                           {"10.1/16", "10.1.0.0/16"},
                           {"10.1.2.3/8", "10.1.2.3/8"},
                           {"1.2.3.4.", "1.2.3.4"},
                           {"010.1.2.3", "10.1.2.3"},
                           {"10/8", "10.0.0.0/8"},
                           {"::1/128", "::1"},
                           {"2001:0DB8:0:0:0:0:0:1/64", "2001:db8::1/64"},
                           {"0:0:0:0:0:ffff:1.2.3.4", "::ffff:1.2.3.4"},
                           {"::1.2/64", "::1.2.0.0/64"},
                           {"::1.2.3.4/96", "::1.2.3.4/96"},
                           {"ABCD::", "abcd::"}});
}

TEST(InetTextInput, RejectsWhatInetInRejects) {
  expect_syntax_errors(inet_oid, "inet",
                       {"x", "", " 1.2.3.4", "1.2.3.4 ", "10/16", "1.2.3.4/33", "0x0a/8", "::/00",
                        "::/01", "1:2:3:4:5:6:7:8:9", "1::2::3", "::1/129", "1.2.3", "::1.2.3.04",
                        "1.2.3.256"});
}

TEST(CidrTextInput, FillsClassfulMasksAndAlwaysPrintsBits) {
  expect_parsed(cidr_oid, {{"10.1/16", "10.1.0.0/16"},
                           {"10", "10.0.0.0/8"},
                           {"192.168.1", "192.168.1.0/24"},
                           {"0x0a/8", "10.0.0.0/8"},
                           {"0x0A0B", "10.11.0.0/16"},
                           {"0xa", "160.0.0.0/16"},
                           {"10.1.2.3", "10.1.2.3/32"},
                           {"::1", "::1/128"},
                           {"10.0.0.0/008", "10.0.0.0/8"},
                           {"224", "224.0.0.0/4"},
                           {"128.1.2", "128.1.2.0/24"},
                           {"1.2.3.4/32", "1.2.3.4/32"}});
}

TEST(CidrTextInput, RejectsBadSyntaxAndHostBitsRightOfTheMask) {
  expect_syntax_errors(cidr_oid, "cidr", {"1.2.3.4/33", "10.", "1..2", "x", "10/40", "::/00"});
  expect_error(cidr_oid, "10.1.2.3/8", "22P02", "invalid cidr value: \"10.1.2.3/8\"",
               "Value has bits set to right of mask.");
  expect_error(cidr_oid, "2001:db8::1/32", "22P02", "invalid cidr value: \"2001:db8::1/32\"",
               "Value has bits set to right of mask.");
}

TEST(MacaddrTextInput, ReadsEverySscanfForm) {
  expect_parsed(macaddr_oid, {{"08:00:2b:01:02:03", "08:00:2b:01:02:03"},
                              {"08-00-2b-01-02-03", "08:00:2b:01:02:03"},
                              {"08002b:010203", "08:00:2b:01:02:03"},
                              {"08002b-010203", "08:00:2b:01:02:03"},
                              {"0800.2b01.0203", "08:00:2b:01:02:03"},
                              {"0800-2b01-0203", "08:00:2b:01:02:03"},
                              {"08002b010203", "08:00:2b:01:02:03"},
                              {"8:0:2B:1:2:3", "08:00:2b:01:02:03"},
                              {" 08:00:2b:01:02:03 ", "08:00:2b:01:02:03"},
                              {"+8:0:2b:1:2:3", "08:00:2b:01:02:03"},
                              {"0x8:0:2b:1:2:3", "08:00:2b:01:02:03"},
                              {"08: 00:2b:01:02:03", "08:00:2b:01:02:03"},
                              {"08002b01020", "08:00:2b:01:02:00"}});
}

TEST(MacaddrTextInput, RejectsGarbageAndOctetsOutOfRange) {
  expect_syntax_errors(macaddr_oid, "macaddr",
                       {"08:00:2b:01:02:03x", "08:00:2b:01:02", "", "0800.2b01.0203 x"});
  expect_error(macaddr_oid, "08:00:2b:01:02:100", "22003",
               "invalid octet value in \"macaddr\" value: \"08:00:2b:01:02:100\"");
  expect_error(macaddr_oid, "-1:0:2b:1:2:3", "22003",
               "invalid octet value in \"macaddr\" value: \"-1:0:2b:1:2:3\"");
}

TEST(Macaddr8TextInput, ReadsPairsAndWidensSixBytesToEui64) {
  expect_parsed(macaddr8_oid, {{"08:00:2b:01:02:03", "08:00:2b:ff:fe:01:02:03"},
                               {"08:00:2b:01:02:03:04:05", "08:00:2b:01:02:03:04:05"},
                               {"08-00-2b-01-02-03-04-05", "08:00:2b:01:02:03:04:05"},
                               {"08002b0102030405", "08:00:2b:01:02:03:04:05"},
                               {"0800.2b01.0203.0405", "08:00:2b:01:02:03:04:05"},
                               {"08002b:0102030405", "08:00:2b:01:02:03:04:05"},
                               {" 08:00:2b:01:02:03 ", "08:00:2b:ff:fe:01:02:03"},
                               {"08:00:2b:01:02:03x", "08:00:2b:ff:fe:01:02:03"},
                               {"08:00:2b:01:02:03:", "08:00:2b:ff:fe:01:02:03"}});
}

TEST(Macaddr8TextInput, RejectsOtherLengthsMixedSeparatorsAndGarbage) {
  expect_syntax_errors(macaddr8_oid, "macaddr8",
                       {"08:00:2b:01:02:03 x", "08:00:2b:01:02:03:04", "08:00-2b:01:02:03",
                        "08:00:2b:01:02:03:04:05:06", "g8:00:2b:01:02:03", "8:0:2b:1:2:3", ""});
}

TEST(PgLsnTextInput, PrintsUppercaseHexWithoutPadding) {
  expect_parsed(pg_lsn_oid, {{"16/b374d848", "16/B374D848"},
                             {"0/0", "0/0"},
                             {"0000000a/01", "A/1"},
                             {"FFFFFFFF/FFFFFFFF", "FFFFFFFF/FFFFFFFF"}});
}

TEST(PgLsnTextInput, RejectsOtherForms) {
  expect_syntax_errors(pg_lsn_oid, "pg_lsn",
                       {"00000016/0B374D848", "000000016/1", "/1", "1/", "1/2 ", " 1/2", "g/1",
                        "1/2/3", "12", ""});
}

TEST(PointTextInput, PrintsEachCoordinateShortestExact) {
  expect_parsed(point_oid, {{"1 , 2", "(1,2)"},
                            {"(1,2)", "(1,2)"},
                            {" ( 1 , 2 ) ", "(1,2)"},
                            {"0.1,1e-5", "(0.1,1e-05)"},
                            {"nan,-inf", "(NaN,-Infinity)"},
                            {"Infinity,-0", "(Infinity,-0)"},
                            {"0x10,1.5", "(16,1.5)"},
                            {"1.2345678901234567890,3", "(1.2345678901234567,3)"},
                            {"(1.5e+300,-Infinity)", "(1.5e+300,-Infinity)"},
                            {"(5e-324,-1.7976931348623157e+308)",
                             "(5e-324,-1.7976931348623157e+308)"}});
}

TEST(PointTextInput, RejectsBadSyntaxAndNumbersOutOfRange) {
  expect_syntax_errors(point_oid, "point",
                       {"1,2)", "(1,2", "(1,2) x", "1,2 x", "", "(1)", "1,", "x,1", "1e300*10,1"});
  expect_error(point_oid, "1e400,1", "22003", "\"1e400\" is out of range for type double precision");
  expect_error(point_oid, "1,1e-400", "22003",
               "\"1e-400\" is out of range for type double precision");
}

}  // namespace
}  // namespace tributary
