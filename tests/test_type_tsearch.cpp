// Specifications of tsvector and tsquery (type_tsearch.cpp). Every expected
// text, send bytes (encode(tsvectorsend(v), 'hex') / tsquerysend), SQLSTATE,
// message and order below is what PostgreSQL 15.18 printed for the same input
// (`select '<input>'::tsvector`, a Bind of the bytes in binary format,
// `order by` / tsvector_cmp / tsquery_cmp), checked case by case.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "tests/tsearch_test_support.hpp"

namespace tributary {
namespace {

using namespace tsearch_test;

// ---- tsvector ----

TEST(TsvectorType, InputSortsLexemesByBytesAndMergesDuplicates) {
  expect_text_cases(tsvector_type, {
      {"a fat cat sat on a mat and ate a fat rat",
       "'a' 'and' 'ate' 'cat' 'fat' 'mat' 'on' 'rat' 'sat'",
       "0000000961000000616e640000006174650000006361740000006661740000006d61740000006f6e0000"
       "00726174000000736174000000"},
      {"b a aa ab", "'a' 'aa' 'ab' 'b'", "00000004610000006161000000616200000062000000"},
      {"A B a b", "'A' 'B' 'a' 'b'", "0000000441000000420000006100000062000000"},
      {"é ü a:1", "'a':1 'é' 'ü'", "00000003610000010001c3a9000000c3bc000000"},
      {"x:1 x x:2", "'x':1,2", "000000017800000200010002"},
      {"a:1 a", "'a':1", "00000001610000010001"},
      {"", "", "00000000"},
      {"  leading   and   trailing   ", "'and' 'leading' 'trailing'",
       "00000003616e640000006c656164696e67000000747261696c696e67000000"},
      {"\ttab\tsep", "'sep' 'tab'", "00000002736570000000746162000000"},
  });
}

TEST(TsvectorType, InputSortsPositionsAndKeepsTheHeavierWeightOfARepeatedOne) {
  expect_text_cases(tsvector_type, {
      {"fat:2,4B cat:3A", "'cat':3A 'fat':2,4B", "00000002636174000001c00366617400000200028004"},
      {"b:3 a:2 b:1 a:2B a:2C", "'a':2B 'b':1,3", "000000026100000180026200000200010003"},
      {"a:5,3,5A,1", "'a':1,3,5A", "000000016100000300010003c005"},
      {"a:3B,3A", "'a':3A", "0000000161000001c003"},
      {"a:1A,1B,1C", "'a':1A", "0000000161000001c001"},
      {"a:1b,2c,3d", "'a':1B,2C,3", "0000000161000003800140020003"},
  });
}

TEST(TsvectorType, WeightLettersAndDigitsAfterAPositionAreReadAsPostgresReadsThem) {
  expect_text_cases(tsvector_type, {
      {"a:1*", "'a':1A", "0000000161000001c001"},
      {"a:1DA", "'a':1A", "0000000161000001c001"},  // D is weight 0: A may follow
      {"a:1A2", "'a':1A", "0000000161000001c001"},  // digits after a weight are skipped
  });
}

TEST(TsvectorType, PositionsAreClampedAsAtoiThenLimitposMakeThem) {
  expect_text_cases(tsvector_type, {
      {"a:99999", "'a':16383", "00000001610000013fff"},
      {"a:3000000000", "'a':7680", "00000001610000011e00"},
      {"a:4294967295", "'a':16383", "00000001610000013fff"},
      {"a:4294967297", "'a':1", "00000001610000010001"},
      {"a:99999999999999999999", "'a':16383", "00000001610000013fff"},
      {"a:2147483648", "error 42601: wrong position info in tsvector: \"a:2147483648\"", ""},
      {"a:0", "error 42601: wrong position info in tsvector: \"a:0\"", ""},
  });
}

TEST(TsvectorType, PositionListsEndAt16383AndAt256Positions) {
  expect_text_cases(tsvector_type, {
      {"a:16383,16383A", "'a':16383A", "0000000161000001ffff"},
      {"a:1,16383,16383A", "'a':1,16383", "000000016100000200013fff"},
      {"a:1,20000,16383A", "'a':1,16383", "000000016100000200013fff"},
  });
  std::string many = "a:";
  for (int i = 300; i >= 1; --i)
    many += std::to_string(i) + (i > 1 ? "," : " a:1A");
  std::string expected = "'a':1A";
  for (int i = 2; i <= 256; ++i)
    expected += "," + std::to_string(i);
  EXPECT_EQ(input(tsvector_type, many), expected);
}

TEST(TsvectorType, QuotesAndBackslashesAreReadAndPrintedDoubled) {
  expect_text_cases(tsvector_type, {
      {"'it''s' 'back\\\\slash' \"dq\"", "'\"dq\"' 'back\\\\slash' 'it''s'",
       "00000003226471220000006261636b5c736c61736800000069742773000000"},
      {"a\\ b", "'a b'", "00000001612062000000"},
      {"\\a:1", "'a':1", "00000001610000010001"},
      {"a'b", "'a''b'", "00000001612762000000"},
      {"'x'':1'", "'x'':1'", "0000000178273a31000000"},
      {"'a'b", "'a' 'b'", "000000026100000062000000"},
      {"'a b c':1", "'a b c':1", "0000000161206220630000010001"},
      {":1", "':1'", "000000013a31000000"},
      {"a!b a&b|c a<b a,b", "'a!b' 'a&b|c' 'a,b' 'a<b'", ""},
      {"a:1 , b", "',' 'a':1 'b'", "000000032c00000061000001000162000000"},
      {"a:1,2 ,3", "',3' 'a':1,2", "000000022c330000006100000200010002"},
  });
}

TEST(TsvectorType, SyntaxErrorsNameTheWholeInput) {
  expect_text_cases(tsvector_type, {
      {"a:DA", "error 42601: syntax error in tsvector: \"a:DA\"", ""},
      {"a:1,", "error 42601: syntax error in tsvector: \"a:1,\"", ""},
      {"a:", "error 42601: syntax error in tsvector: \"a:\"", ""},
      {"a:1:2", "error 42601: syntax error in tsvector: \"a:1:2\"", ""},
      {"''", "error 42601: syntax error in tsvector: \"''\"", ""},
      {"'':1", "error 42601: syntax error in tsvector: \"'':1\"", ""},
      {"'a", "error 42601: syntax error in tsvector: \"'a\"", ""},
      {"a\\", "error 42601: there is no escaped character: \"a\\\"", ""},
  });
}

TEST(TsvectorType, OverlongWordsAndVectorsAreRejected) {
  EXPECT_EQ(input(tsvector_type, std::string(2046, 'x')), "'" + std::string(2046, 'x') + "'");
  EXPECT_EQ(input(tsvector_type, std::string(2047, 'x')),
            "error 54000: word is too long (2047 bytes, max 2046 bytes)");
  auto words = [](int count, const std::string& suffix) {
    std::string text;
    for (int i = 1; i <= count; ++i)
      text += (i > 1 ? " w" : "w") + std::to_string(i) + std::string(1000, 'x') + suffix;
    return text;
  };
  EXPECT_EQ(input(tsvector_type, words(1099, "")),
            "error 54000: string is too long for tsvector (1049118 bytes, max 1048575 bytes)");
  std::string positions = ":";  // 1..299: each lexeme keeps 256 of them
  for (int p = 1; p < 300; ++p)
    positions += std::to_string(p) + (p < 299 ? "," : "");
  EXPECT_EQ(input(tsvector_type, words(1029, positions)),
            "error 54000: string is too long for tsvector (1562064 bytes, max 1048575 bytes)");
}

TEST(TsvectorType, ReceiveSortsButKeepsDuplicatesAndChecksWhatPostgresChecks) {
  const std::string l2047 = to_hex(std::string(2047, 'x')), l2048 = to_hex(std::string(2048, 'x'));
  std::string p256, p257, text256 = "'a':";
  for (int p = 1; p <= 257; ++p) {
    char entry[8];
    std::snprintf(entry, sizeof entry, "%04x", p);
    (p <= 256 ? p256 : p257) += entry;
    if (p <= 256)
      text256 += std::to_string(p) + (p < 256 ? "," : "");
  }
  p257 = p256 + p257;
  const std::string x2047 = "'" + std::string(2047, 'x') + "'";
  expect_binary_cases(tsvector_type, {
      {"0000000161000000", "'a'", "0000000161000000"},
      {"000000026200000061000000", "'a' 'b'", "000000026100000062000000"},
      {"000000026100000061000000", "'a' 'a'", "000000026100000061000000"},
      {"00000002620000016002610000014001", "'a':1C 'b':8194C", "00000002610000014001620000016002"},
      {"0000000161000001c001", "'a':1A", "0000000161000001c001"},
      {"0000000161000001ffff", "'a':16383A", "0000000161000001ffff"},
      {"00000001610000010000", "'a':0", "00000001610000010000"},
      {"00000001000000", "''", "00000001000000"},
      {"00000000", "", "00000000"},
      {"000000016127000000", "'a'''", "000000016127000000"},
      {"00000001615c000000", "'a\\\\'", "00000001615c000000"},
      {"00000001e282ac000000", "'€'", "00000001e282ac000000"},
      {"00000001" + l2047 + "000000", x2047, "00000001" + l2047 + "000000"},
      {"00000001" + l2048 + "000000", "error XX000: invalid tsvector: lexeme too long", ""},
      {"0000000161000100" + p256, text256, "0000000161000100" + p256},
      {"0000000161000101" + p257, "error XX000: unexpected number of tsvector positions", ""},
      {"00000001610000020001000100", "error XX000: position information is misordered", ""},
      {"000000010000020001c001", "error XX000: position information is misordered", ""},
      {"ffffffff", "error XX000: invalid size of tsvector", ""},
      {"80000000", "error XX000: invalid size of tsvector", ""},
      {"000000026200000061000000ff", "error 22P03: incorrect binary data format", ""},
      {"0000000200000000000000", "error 22P03: incorrect binary data format", ""},
      {"00000002620000006100000", "error 08P01: insufficient data left in message", ""},
      {"000000016100", "error 08P01: insufficient data left in message", ""},
      {"fe", "error 08P01: insufficient data left in message", ""},
      {"0000000161", "error 08P01: invalid string in message", ""},
      {"00000001ff000000", "error 22021: invalid byte sequence for encoding \"UTF8\": 0xff", ""},
      {"00000001c3000000", "error 22021: invalid byte sequence for encoding \"UTF8\": 0xc3", ""},
      {"00000001e282000000",
       "error 22021: invalid byte sequence for encoding \"UTF8\": 0xe2 0x82", ""},
      {"00000001eda080000000",
       "error 22021: invalid byte sequence for encoding \"UTF8\": 0xed 0xa0 0x80", ""},
      {"00000001c0af000000",
       "error 22021: invalid byte sequence for encoding \"UTF8\": 0xc0 0xaf", ""},
  });
}

TEST(TsvectorType, TextThatIsNotAStoredVectorIsSentAsTheEmptyVector) {
  EXPECT_EQ(send(tsvector_type, "'unterminated"), "00000000");
}

// select v::text as t from (values ...) v(x) order by v.x, one value per
// distinct tsvector.
TEST(TsvectorType, OrderIsTsvectorCmp) {
  const std::vector<std::string_view> ordered = {
      "", "'a'", "'b'", "'e'", "'aa'", "'ab'", "'ba'", "'é'", "'abcd'", "'a':16383", "'a':100",
      "'a':3", "'a':2", "'a':1A", "'a':1B", "'a':1C", "'a':1", "'b':1", "'x':1", "'a' 'b'",
      "'a':2,3", "'a':1,3", "'a':1,2A", "'a':1,2B", "'a':1,2", "'ab':1,2", "'abc':1",
      "'a' 'b':1", "'a' 'c':1", "'b' 'c':1", "'a':1 'b'", "'aa':1 'b'", "'a' 'b' 'c'",
      "'a':1 'bb'", "'aa' 'bb':1", "'a':1 'c':1", "'cat':3A 'fat':2,4B"};
  for (size_t i = 0; i < ordered.size(); ++i)
    for (size_t j = 0; j < ordered.size(); ++j) {
      const int expected = (i > j) - (i < j);
      const int c = compare_stored_tsvector(ordered[i], ordered[j]);
      EXPECT_EQ((c > 0) - (c < 0), expected) << ordered[i] << " vs " << ordered[j];
    }
}

TEST(TsvectorType, TextThatIsNotAVectorSortsLastThenByBytes) {
  EXPECT_GT(compare_stored_tsvector("'unterminated", "'z':1,2,3"), 0);
  EXPECT_LT(compare_stored_tsvector("'a", "'b"), 0);
  EXPECT_LT(compare_stored_tsvector("'a':0", "'unterminated"), 0)
      << "what only tsvectorrecv makes is a vector";
}

}  // namespace
}  // namespace tributary
