// Binary formats of the types whose stored form is PostgreSQL's text output
// (jsonb, pg_lsn, macaddr, macaddr8, inet, cidr, point): receive turns the
// type's send bytes into the text the output function prints, send turns that
// text back into the bytes. Every text, hex and error below is what a
// PostgreSQL 15 server printed (format('%s', v) and <type>_send(v) with
// DateStyle ISO, TimeZone UTC, extra_float_digits 3; errors from COPY ...
// (FORMAT binary) of the same bytes).
#include <gtest/gtest.h>

#include "stages/types/type_codec.hpp"
#include "stages/types/value_io.hpp"
#include "tests/verbatim_codec_test_support.hpp"

namespace tributary {
namespace {

const verbatim_case jsonb_cases[] = {
    {3802, "{\"b\": 1, \"aa\": [1, 2.50, null]}", "017b2262223a20312c20226161223a205b312c20322e35302c206e756c6c5d7d"},
    {3802, "\"x\"", "01227822"},
    {3802, "42", "013432"},
    {3802, "{}", "017b7d"},
    {3802, "[]", "015b5d"},
    {3802, "null", "016e756c6c"},
    {3802, "{\"k\": \"\\\"q\\\\ \303\251\"}", "017b226b223a20225c22715c5c20c3a9227d"},
    {3802, "[true, false, 100, 0]", "015b747275652c2066616c73652c203130302c20305d"},
};

const verbatim_case pg_lsn_cases[] = {
    {3220, "0/0", "0000000000000000"},
    {3220, "0/16B3748", "00000000016b3748"},
    {3220, "16/B374D848", "00000016b374d848"},
    {3220, "FFFFFFFF/FFFFFFFF", "ffffffffffffffff"},
    {3220, "1/0", "0000000100000000"},
    {3220, "A/1", "0000000a00000001"},
};

const verbatim_case macaddr_cases[] = {
    {829, "08:00:2b:01:02:03", "08002b010203"},
    {829, "00:00:00:00:00:00", "000000000000"},
    {829, "ff:ff:ff:ff:ff:ff", "ffffffffffff"},
    {829, "08:00:2b:01:0a:0b", "08002b010a0b"},
};

const verbatim_case macaddr8_cases[] = {
    {774, "08:00:2b:ff:fe:01:02:03", "08002bfffe010203"},
    {774, "08:00:2b:01:02:03:04:05", "08002b0102030405"},
    {774, "00:00:00:00:00:00:00:00", "0000000000000000"},
    {774, "ff:ff:ff:ff:ff:ff:ff:ff", "ffffffffffffffff"},
};

const verbatim_case inet_cases[] = {
    {869, "::", "0380001000000000000000000000000000000000"},
    {869, "::1", "0380001000000000000000000000000000000001"},
    {869, "::2", "0380001000000000000000000000000000000002"},
    {869, "::1.2.3.4", "0380001000000000000000000000000001020304"},
    {869, "::ffff:1.2.3.4", "0380001000000000000000000000ffff01020304"},
    {869, "::ffff:0:102:304", "038000100000000000000000ffff000001020304"},
    {869, "1::", "0380001000010000000000000000000000000000"},
    {869, "1:0:0:2::3", "0380001000010000000000020000000000000003"},
    {869, "1::2:0:0:3:4", "0380001000010000000000020000000000030004"},
    {869, "2001:db8::1/64", "0340001020010db8000000000000000000000001"},
    {869, "::1:0:0", "0380001000000000000000000000000100000000"},
    {869, "::ffff", "038000100000000000000000000000000000ffff"},
    {869, "::fffe:102:304", "0380001000000000000000000000fffe01020304"},
    {869, "1:2:3:4:5:6:7:8", "0380001000010002000300040005000600070008"},
    {869, "1.2.3.4/0", "0200000401020304"},
    {869, "0.0.0.0", "0220000400000000"},
    {869, "::/0", "0300001000000000000000000000000000000000"},
    {869, "::100", "0380001000000000000000000000000000000100"},
    {869, "::0.1.0.0", "0380001000000000000000000000000000010000"},
    {869, "1:0:1::", "0380001000010000000100000000000000000000"},
    {869, "0:1::", "0380001000000001000000000000000000000000"},
    {869, "::ffff:0.0.0.0", "0380001000000000000000000000ffff00000000"},
    {869, "::1:0:0:0", "0380001000000000000000000001000000000000"},
    {869, "1::1:0:0:1:1", "0380001000010000000000010000000000010001"},
    {869, "abcd:ef::/16", "03100010abcd00ef000000000000000000000000"},
    {869, "::ffff:1.2.3.4/96", "0360001000000000000000000000ffff01020304"},
    {869, "1.2.3.4", "0220000401020304"},
    {869, "1.2.3.4/31", "021f000401020304"},
    {869, "192.168.1.5/24", "02180004c0a80105"},
    {869, "255.255.255.255", "02200004ffffffff"},
    {869, "fe80::1:2:3:4", "03800010fe800000000000000001000200030004"},
    {869, "1:2:3:4:5:6::", "0380001000010002000300040005000600000000"},
    {869, "0:2:3:4:5:6:7:8", "0380001000000002000300040005000600070008"},
    {869, "1:2:3:4:5:6:7:0", "0380001000010002000300040005000600070000"},
};

const verbatim_case cidr_cases[] = {
    {650, "10.0.0.0/8", "020801040a000000"},
    {650, "192.168.1.0/24", "02180104c0a80100"},
    {650, "::/0", "0300011000000000000000000000000000000000"},
    {650, "::1/128", "0380011000000000000000000000000000000001"},
    {650, "2001:db8::/32", "0320011020010db8000000000000000000000000"},
    {650, "0.0.0.0/0", "0200010400000000"},
    {650, "10.1.2.0/24", "021801040a010200"},
    {650, "::ffff:1.2.3.0/120", "0378011000000000000000000000ffff01020300"},
    {650, "224.0.0.0/4", "02040104e0000000"},
    {650, "128.1.0.0/16", "0210010480010000"},
    {650, "10.1.0.0/16", "021001040a010000"},
    {650, "1.2.3.4/32", "0220010401020304"},
    {650, "200.0.0.0/24", "02180104c8000000"},
    {650, "250.0.0.0/32", "02200104fa000000"},
};

const verbatim_case point_cases[] = {
    {600, "(1,2)", "3ff00000000000004000000000000000"},
    {600, "(-0,NaN)", "80000000000000007ff8000000000000"},
    {600, "(1.5e+300,-Infinity)", "7e41eb2d66005835fff0000000000000"},
    {600, "(0.1,1e-05)", "3fb999999999999a3ee4f8b588e368f1"},
    {600, "(Infinity,1.2345678901234568e+17)", "7ff0000000000000437b69b4ba630f35"},
    {600, "(5e-324,-1.7976931348623157e+308)", "0000000000000001ffefffffffffffff"},
    {600, "(0,0)", "00000000000000000000000000000000"},
};

void expect_error(const pg_error& e, std::string_view sqlstate, std::string_view message,
                  std::string_view detail = {}) {
  EXPECT_EQ(e.sqlstate, sqlstate) << e.message;
  EXPECT_EQ(e.message, message);
  EXPECT_EQ(e.detail, detail);
}

std::string sent_hex(oid_t oid, std::string_view stored_text) {
  return to_hex(find_type_codec(oid)->format_binary(builtin_column_type(oid),
                                                    sql_value{std::string(stored_text)}));
}

TEST(JsonbType, BinaryIsVersionOneThenTheCanonicalText) {
  expect_binary_matches_postgres(jsonb_cases);
}

TEST(JsonbType, ReceiveRejectsMissingAndUnknownVersionsAndEmptyText) {
  expect_error(receive_error(3802, ""), "08P01", "insufficient data left in message");
  expect_error(receive_error(3802, "027b7d"), "XX000", "unsupported jsonb version number 2");
  expect_error(receive_error(3802, "01"), "22P02", "invalid input syntax for type json",
               "The input string ended unexpectedly.");
}

TEST(PgLsnType, BinaryIsTheUnsigned64BitPosition) {
  expect_binary_matches_postgres(pg_lsn_cases);
}

TEST(PgLsnType, ReceiveNeedsExactlyEightBytes) {
  expect_error(receive_error(3220, "00000016b374d8"), "08P01", "insufficient data left in message");
  expect_error(receive_error(3220, "00000016b374d84800"), "22P03", "incorrect binary data format");
}

TEST(PgLsnType, SendReadsEitherCaseAndSendsZeroForAnotherToolsText) {
  EXPECT_EQ(sent_hex(3220, "16/b374d848"), "00000016b374d848");
  EXPECT_EQ(sent_hex(3220, "not an lsn"), "0000000000000000");
}

TEST(MacaddrType, BinaryIsTheSixBytes) { expect_binary_matches_postgres(macaddr_cases); }

TEST(MacaddrType, ReceiveNeedsExactlySixBytes) {
  expect_error(receive_error(829, ""), "08P01", "no data left in message");
  expect_error(receive_error(829, "08002b0102"), "08P01", "no data left in message");
  expect_error(receive_error(829, "08002b01020304"), "22P03", "incorrect binary data format");
}

TEST(MacaddrType, SendReadsAnyInputSpelling) {
  EXPECT_EQ(sent_hex(829, "08-00-2B-01-02-03"), "08002b010203");
  EXPECT_EQ(sent_hex(829, "0800.2b01.0203"), "08002b010203");
}

TEST(Macaddr8Type, BinaryIsTheEightBytes) { expect_binary_matches_postgres(macaddr8_cases); }

TEST(Macaddr8Type, ReceiveWidensSixBytesToEui64) {
  auto r = macaddr_codec().parse_binary(builtin_column_type(774), from_hex("08002b010203"));
  EXPECT_EQ(stored_string(r), "08:00:2b:ff:fe:01:02:03");
  expect_error(receive_error(774, "08002b0102"), "08P01", "no data left in message");
  expect_error(receive_error(774, "08002b01020304"), "08P01", "no data left in message");
  expect_error(receive_error(774, "08002b010203040506"), "22P03", "incorrect binary data format");
}

TEST(Macaddr8Type, SendWidensASixByteText) {
  EXPECT_EQ(sent_hex(774, "08:00:2b:01:02:03"), "08002bfffe010203");
}

TEST(InetType, BinaryMatchesPostgresIncludingIpv6Compression) {
  expect_binary_matches_postgres(inet_cases);
}

TEST(CidrType, BinaryMatchesPostgresWithTheMaskAlwaysPrinted) {
  expect_binary_matches_postgres(cidr_cases);
}

TEST(CidrType, SendReadsAbbreviatedClassfulInput) {
  EXPECT_EQ(sent_hex(650, "10"), "020801040a000000");
  EXPECT_EQ(sent_hex(650, "192.168.1"), "02180104c0a80100");
  EXPECT_EQ(sent_hex(650, "128.1"), "0210010480010000");
  EXPECT_EQ(sent_hex(650, "10.1"), "021001040a010000");
  EXPECT_EQ(sent_hex(650, "224"), "02040104e0000000");
  EXPECT_EQ(sent_hex(650, "200"), "02180104c8000000");
  EXPECT_EQ(sent_hex(650, "250"), "02200104fa000000");
}

TEST(InetType, SendReadsUncompressedAndUppercaseIpv6) {
  EXPECT_EQ(sent_hex(869, "2001:0DB8:0:0:0:0:0:1/64"), "0340001020010db8000000000000000000000001");
  EXPECT_EQ(sent_hex(869, "0:0:0:0:0:ffff:1.2.3.4"), "0380001000000000000000000000ffff01020304");
  EXPECT_EQ(sent_hex(869, "garbage"), "0220000400000000");
}

TEST(InetType, ReceiveChecksFamilyBitsLengthAndCidrHostBits) {
  expect_error(receive_error(869, "0120000401020304"), "22P03",
               "invalid address family in external \"inet\" value");
  expect_error(receive_error(869, "0221000401020304"), "22P03",
               "invalid bits in external \"inet\" value");
  expect_error(receive_error(869, "0220000501020304"), "22P03",
               "invalid length in external \"inet\" value");
  expect_error(receive_error(869, "02200004010203"), "08P01", "no data left in message");
  expect_error(receive_error(869, "0220"), "08P01", "no data left in message");
  expect_error(receive_error(869, "03800010000000000000000000000000000000"), "08P01",
               "no data left in message");
  expect_error(receive_error(869, "022000040102030405"), "22P03", "incorrect binary data format");
  expect_error(receive_error(650, "0218010401020304"), "22P03", "invalid external \"cidr\" value",
               "Value has bits set to right of mask.");
  expect_error(receive_error(650, "0381011000000000000000000000000000000000"), "22P03",
               "invalid bits in external \"cidr\" value");
  EXPECT_EQ(stored_string(network_codec().parse_binary(builtin_column_type(869),
                                                       from_hex("0220010401020304"))),
            "1.2.3.4");  // the is_cidr byte is ignored
  EXPECT_EQ(stored_string(network_codec().parse_binary(builtin_column_type(650),
                                                       from_hex("0218000401020300"))),
            "1.2.3.0/24");
}

TEST(PointType, BinaryIsTwoFloat8sPrintedShortest) { expect_binary_matches_postgres(point_cases); }

TEST(PointType, ReceiveNeedsExactlySixteenBytes) {
  expect_error(receive_error(600, "3ff000000000000040000000000000"), "08P01",
               "insufficient data left in message");
  expect_error(receive_error(600, "3ff0000000000000400000000000000000"), "22P03",
               "incorrect binary data format");
}

TEST(PointType, SendReadsPointInputSpellings) {
  EXPECT_EQ(sent_hex(600, " ( 1 , 2 ) "), "3ff00000000000004000000000000000");
  EXPECT_EQ(sent_hex(600, "1,2"), "3ff00000000000004000000000000000");
}

TEST(VerbatimTypes, KeepTheirTextAsReceivedAndHaveBinaryOutput) {
  for (oid_t oid : {3220u, 869u, 650u, 829u, 774u, 600u, 114u, 142u}) {
    EXPECT_TRUE(has_binary_output(builtin_column_type(oid))) << oid;
    EXPECT_TRUE(text_is_stored_as_received(builtin_column_type(oid))) << oid;
  }
  // jsonb is read (and normalized) by jsonb_in: a loader must not bind its text as is.
  EXPECT_TRUE(has_binary_output(builtin_column_type(3802)));
  EXPECT_FALSE(text_is_stored_as_received(builtin_column_type(3802)));
}

TEST(VerbatimTypes, TypesWithoutACodecStillRefuseBinary) {
  for (oid_t oid : {27u, 4072u, 5069u}) {  // tid, jsonpath, xid8
    EXPECT_FALSE(has_binary_output(builtin_column_type(oid))) << oid;
    EXPECT_TRUE(text_is_stored_as_received(builtin_column_type(oid))) << oid;
  }
  auto r = parse_binary_value(builtin_column_type(4072), "x");
  ASSERT_FALSE(r.ok());
  expect_error(r.error(), "42883", "no binary input function available for type jsonpath");
}

}  // namespace
}  // namespace tributary
