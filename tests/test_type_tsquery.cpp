// Specifications of tsquery (type_tsearch.cpp). Every expected text, send
// bytes (encode(tsquerysend(v), 'hex')), SQLSTATE, message and order below is
// what PostgreSQL 15.18 printed for the same input (`select '<input>'::tsquery`,
// a Bind of the bytes in binary format, tsquery_cmp / `order by`).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/tsearch_test_support.hpp"

namespace tributary {
namespace {

using namespace tsearch_test;

TEST(TsqueryType, InputIsPrintedWithPostgresSpacingAndParentheses) {
  expect_text_cases(tsquery_type, {
      {"a & b | c", "'a' & 'b' | 'c'", "0000000502030100006300020201000062000100006100"},
      {"a | b & c", "'a' | 'b' & 'c'", "0000000502030202010000630001000062000100006100"},
      {"a & (b | c)", "'a' & ( 'b' | 'c' )", "0000000502020203010000630001000062000100006100"},
      {"!a", "!'a'", "0000000202010100006100"},
      {"!(a & b)", "!( 'a' & 'b' )", "000000040201020201000062000100006100"},
      {"!!a", "!!'a'", "00000003020102010100006100"},
      {"a <-> b", "'a' <-> 'b'", "000000030204000101000062000100006100"},
      {"a <2> b", "'a' <2> 'b'", "000000030204000201000062000100006100"},
      {"a <-> (b <-> c)", "'a' <-> ( 'b' <-> 'c' )",
       "000000050204000102040001010000630001000062000100006100"},
      {"a <-> b <-> c", "'a' <-> 'b' <-> 'c'",
       "000000050204000101000063000204000101000062000100006100"},
      {"!a <-> b", "!'a' <-> 'b'", "0000000402040001010000620002010100006100"},
      {"a <-> !b", "'a' <-> !'b'", "0000000402040001020101000062000100006100"},
      {"a:AB*", "'a':*AB", "00000001010c016100"},
      {"a:*dcba", "'a':*ABCD", "00000001010f016100"},
      {"'a b':*", "'a b':*", "0000000101000161206200"},
      {"a<->b", "'a' <-> 'b'", "000000030204000101000062000100006100"},
      {"a <16384> b", "'a' <16384> 'b'", "000000030204400001000062000100006100"},
      {"a <0> b", "'a' <0> 'b'", "000000030204000001000062000100006100"},
      {"'a''b\\\\c'", "'a''b\\\\c'", "000000010100006127625c6300"},
      {"a & b:", "'a' & 'b'", "00000003020201000062000100006100"},
      {"(a | b) <-> c", "( 'a' | 'b' ) <-> 'c'",
       "00000005020400010100006300020301000062000100006100"},
      {"a <-> (b | c)", "'a' <-> ( 'b' | 'c' )",
       "00000005020400010203010000630001000062000100006100"},
      {"a | (b <-> c)", "'a' | 'b' <-> 'c'", "00000005020302040001010000630001000062000100006100"},
      {"!(a <-> b) & c", "!( 'a' <-> 'b' ) & 'c'",
       "000000060202010000630002010204000101000062000100006100"},
      {"a & !b | c", "'a' & !'b' | 'c'", "00000006020301000063000202020101000062000100006100"},
      {"a | !b & c", "'a' | !'b' & 'c'", "00000006020302020100006300020101000062000100006100"},
      {"!a & b", "!'a' & 'b'", "000000040202010000620002010100006100"},
      {"a & b <-> c", "'a' & 'b' <-> 'c'", "00000005020202040001010000630001000062000100006100"},
      {"a <-> b & c", "'a' <-> 'b' & 'c'", "00000005020201000063000204000101000062000100006100"},
      {"(a & b) | (c & d)", "'a' & 'b' | 'c' & 'd'",
       "000000070203020201000064000100006300020201000062000100006100"},
      {"(a | b) & (c | d)", "( 'a' | 'b' ) & ( 'c' | 'd' )",
       "000000070202020301000064000100006300020301000062000100006100"},
      {"((a))", "'a'", "000000010100006100"},
      {"a <3> (b <-> c)", "'a' <3> ( 'b' <-> 'c' )",
       "000000050204000302040001010000630001000062000100006100"},
      {"(a <-> b) <-> c", "'a' <-> 'b' <-> 'c'",
       "000000050204000101000063000204000101000062000100006100"},
      {"a <-> (b & c)", "'a' <-> ( 'b' & 'c' )",
       "00000005020400010202010000630001000062000100006100"},
      {"!(!a)", "!!'a'", "00000003020102010100006100"},
      {"!(a | b) <-> c", "!( 'a' | 'b' ) <-> 'c'",
       "000000060204000101000063000201020301000062000100006100"},
      {"a\\:b", "'a:b'", "00000001010000613a6200"},
      {"a\\&b", "'a&b'", "0000000101000061266200"},
      {"a'b", "'a''b'", "0000000101000061276200"},
      {"a&b", "'a' & 'b'", "00000003020201000062000100006100"},
      {"a|b", "'a' | 'b'", "00000003020301000062000100006100"},
      {"a <2>b", "'a' <2> 'b'", "000000030204000201000062000100006100"},
      {"ab:Ba", "'ab':AB", "00000001010c00616200"},
      {" ( a & b ) ", "'a' & 'b'", "00000003020201000062000100006100"},
      {"a:ABCD*", "'a':*ABCD", "00000001010f016100"},
      {"fat & ( rat | cat )", "'fat' & ( 'rat' | 'cat' )",
       "0000000502020203010000636174000100007261740001000066617400"},
      {"a <007> b", "'a' <7> 'b'", "000000030204000701000062000100006100"},
      {"a <-> b <2> c <3> d", "'a' <-> 'b' <2> 'c' <3> 'd'",
       "000000070204000301000064000204000201000063000204000101000062000100006100"},
      {"a & b & c | d & e", "'a' & 'b' & 'c' | 'd' & 'e'",
       "00000009020302020100006500010000640002020100006300020201000062000100006100"},
      {"!a | !b", "!'a' | !'b'", "0000000502030201010000620002010100006100"},
      {"é & ü", "'é' & 'ü'", "000000030202010000c3bc00010000c3a900"},
      {"'a':B", "'a':B", "000000010104006100"},
      {"a:", "'a'", "000000010100006100"},
      {"a &b", "'a' & 'b'", "00000003020201000062000100006100"},
      {"a&!b", "'a' & !'b'", "000000040202020101000062000100006100"},
      {"a&!!b", "'a' & !!'b'", "0000000502020201020101000062000100006100"},
      {"!(a)", "!'a'", "0000000202010100006100"},
      {"a <->b", "'a' <-> 'b'", "000000030204000101000062000100006100"},
      {"(a <-> b) & (c <-> d)", "'a' <-> 'b' & 'c' <-> 'd'",
       "00000007020202040001010000640001000063000204000101000062000100006100"},
      {"a <-> (b <-> (c <-> d))", "'a' <-> ( 'b' <-> ( 'c' <-> 'd' ) )",
       "000000070204000102040001020400010100006400010000630001000062000100006100"},
      {"((a <-> b) <-> c) <-> d", "'a' <-> 'b' <-> 'c' <-> 'd'",
       "000000070204000101000064000204000101000063000204000101000062000100006100"},
      {"!(a <-> b) <-> !(c <-> d)", "!( 'a' <-> 'b' ) <-> !( 'c' <-> 'd' )",
       "00000009020400010201020400010100006400010000630002010204000101000062000100006100"},
  });
}

TEST(TsqueryType, WhitespaceAloneIsTheEmptyQuery) {
  expect_text_cases(tsquery_type, {{"", "", "00000000"}, {"   ", "", "00000000"}});
}

TEST(TsqueryType, SyntaxErrorsNameTheWholeInput) {
  expect_text_cases(tsquery_type, {
      {"a &", "error 42601: no operand in tsquery: \"a &\"", ""},
      {"!", "error 42601: no operand in tsquery: \"!\"", ""},
      {"()", "error 42601: syntax error in tsquery: \"()\"", ""},
      {"(a", "error 42601: syntax error in tsquery: \"(a\"", ""},
      {"a)", "error 42601: syntax error in tsquery: \"a)\"", ""},
      {"a b", "error 42601: syntax error in tsquery: \"a b\"", ""},
      {":a", "error 42601: syntax error in tsquery: \":a\"", ""},
      {"a <16385> b",
       "error 22023: distance in phrase operator must be an integer value between zero and "
       "16384 inclusive", ""},
      {"a < - > b", "error 42601: syntax error in tsquery: \"a < - > b\"", ""},
      {"a <1 > b", "error 42601: syntax error in tsquery: \"a <1 > b\"", ""},
      {"a:x", "error 42601: syntax error in tsquery: \"a:x\"", ""},
      {"a:1", "error 42601: syntax error in tsquery: \"a:1\"", ""},
      {"a<>b", "error 42601: syntax error in tsquery: \"a<>b\"", ""},
      {"a:*:*", "error 42601: syntax error in tsquery: \"a:*:*\"", ""},
      {"a\\", "error 42601: there is no escaped character: \"a\\\"", ""},
      {"'a", "error 42601: syntax error in tsquery: \"'a\"", ""},
      {"a!", "error 42601: syntax error in tsquery: \"a!\"", ""},
      {"a(b", "error 42601: syntax error in tsquery: \"a(b\"", ""},
      {"a <-1> b", "error 42601: syntax error in tsquery: \"a <-1> b\"", ""},
      {"a <- > b", "error 42601: syntax error in tsquery: \"a <- > b\"", ""},
      {"a <--> b", "error 42601: syntax error in tsquery: \"a <--> b\"", ""},
      {"a <99999999999999999999> b",
       "error 22023: distance in phrase operator must be an integer value between zero and "
       "16384 inclusive", ""},
      {"a <-", "error 42601: syntax error in tsquery: \"a <-\"", ""},
      {"a <- b", "error 42601: syntax error in tsquery: \"a <- b\"", ""},
      {"a<", "error 42601: syntax error in tsquery: \"a<\"", ""},
      {"a <->", "error 42601: syntax error in tsquery: \"a <->\"", ""},
      {"a:A b", "error 42601: syntax error in tsquery: \"a:A b\"", ""},
      {"(", "error 42601: no operand in tsquery: \"(\"", ""},
      {"a & (", "error 42601: no operand in tsquery: \"a & (\"", ""},
      {"'' & a", "error 42601: syntax error in tsquery: \"'' & a\"", ""},
      {"a & ''", "error 42601: syntax error in tsquery: \"a & ''\"", ""},
      {"'a'b", "error 42601: syntax error in tsquery: \"'a'b\"", ""},
      {"a & b)", "error 42601: syntax error in tsquery: \"a & b)\"", ""},
      {"a (b)", "error 42601: syntax error in tsquery: \"a (b)\"", ""},
      {"a <- >", "error 42601: syntax error in tsquery: \"a <- >\"", ""},
  });
}

TEST(TsqueryType, ThirtyThreePendingOperatorsOverflowTheOperatorStack) {
  EXPECT_EQ(input(tsquery_type, std::string(32, '!') + "a"), std::string(32, '!') + "'a'");
  EXPECT_EQ(input(tsquery_type, std::string(33, '!') + "a"),
            "error XX000: tsquery stack too small");
  EXPECT_EQ(input(tsquery_type, std::string(40, '(') + "a" + std::string(40, ')')), "'a'")
      << "each parenthesis has its own stack";
}

TEST(TsqueryType, OverlongOperandsAreRejected) {
  EXPECT_EQ(input(tsquery_type, std::string(2046, 'x')), "'" + std::string(2046, 'x') + "'");
  EXPECT_EQ(input(tsquery_type, std::string(2047, 'x')),
            "error 54000: word is too long in tsquery: \"" + std::string(2047, 'x') + "\"");
  auto operands = [](int count) {
    std::string text;
    for (int i = 1; i <= count; ++i)
      text += (i > 1 ? " | w" : "w") + std::to_string(i) + std::string(1000, 'x');
    return text;
  };
  const std::string too_many = operands(1099);
  EXPECT_EQ(input(tsquery_type, too_many),
            "error 54000: value is too big in tsquery: \"" + too_many + "\"");
  EXPECT_EQ(input(tsquery_type, operands(1039)).substr(0, 9), "'w1xxxxxx");
}

TEST(TsqueryType, ReceiveChecksWhatPostgresChecks) {
  expect_binary_cases(tsquery_type, {
      {"00000001010000ff00", "error 22021: invalid byte sequence for encoding \"UTF8\": 0xff", ""},
      {"0000000101000061", "error 08P01: invalid string in message", ""},
      {"00000000", "error XX000: malformed tsquery: operand not found", ""},
      {"0000000101100061", "error 08P01: invalid string in message", ""},
      {"000000010110006100", "error XX000: invalid tsquery: invalid weight bitmap", ""},
      {"00000001010002616200", "'ab':*", "00000001010001616200"},
      {"000000010300", "error XX000: unrecognized tsquery node type: 3", ""},
      {"0000000102", "error 08P01: insufficient data left in message", ""},
      {"00000001020200", "error XX000: invalid pointer to right operand", ""},
      {"0000000302020100006200", "error 08P01: insufficient data left in message", ""},
      {"00000003020501000061000100006200",
       "error XX000: invalid tsquery: unrecognized operator type 5",
       ""},
      {"000000030204ffff01000062000100006100", "'a' <-1> 'b'",
       "000000030204ffff01000062000100006100"},
      {"0000000302040001010000620001000061000100006300",
       "error 22P03: incorrect binary data format",
       ""},
      {"00000002020201000061000100006200", "error XX000: malformed tsquery: operand not found", ""},
      {"000000010100000000", "error 22P03: incorrect binary data format", ""},
      {"0000000202010100006100", "!'a'", "0000000202010100006100"},
      {"0000000202040001", "error 08P01: insufficient data left in message", ""},
      {"00000002020401000061", "error XX000: unrecognized tsquery node type: 0", ""},
      {"000000020201", "error 08P01: insufficient data left in message", ""},
      {"00000003020201000062", "error 08P01: invalid string in message", ""},
      {"ffffffff", "error XX000: invalid size of tsquery", ""},
      {"0000000201000061000201", "error XX000: invalid pointer to right operand", ""},
      {"0000000101000000", "''", "0000000101000000"},
      {"000000030202010000620001000061", "error 08P01: invalid string in message", ""},
      {"00000005020202020100006300010000620001000061000000",
       "error 22P03: incorrect binary data format",
       ""},
      {"0000000302ff01000062000100006100",
       "error XX000: invalid tsquery: unrecognized operator type -1",
       ""},
      {"00000003020001000062000100006100",
       "error XX000: invalid tsquery: unrecognized operator type 0",
       ""},
      {"00000001ff", "error XX000: unrecognized tsquery node type: -1", ""},
      {"0000000302047fff01000062000100006100", "'a' <32767> 'b'",
       "0000000302047fff01000062000100006100"},
      {"00000003020480000100006200010000610000", "error 22P03: incorrect binary data format", ""},
      {"00000003020480000100006200010000610", "error 08P01: invalid string in message", ""},
      {"0000000302048000010000620001000061000100", "error 22P03: incorrect binary data format", ""},
      {"00000001010f03612700", "'a''':*ABCD", "00000001010f01612700"},
      {"000000010100005c00", "'\\\\'", "000000010100005c00"},
      {"055d4a86", "error XX000: invalid size of tsquery", ""},
      {"000000030204800001000062000100006100", "'a' <-32768> 'b'",
       "000000030204800001000062000100006100"},
      {"000000030204400101000062000100006100", "'a' <16385> 'b'",
       "000000030204400101000062000100006100"},
  });
}

// The stored text is the output text: a tree it prints the same as another
// (a & (b & c) prints as (a & b) & c does) is sent as the text reads back,
// exactly as PostgreSQL sends tsquerysend($$'a' & 'b' & 'c'$$).
TEST(TsqueryType, TheStoredTextIsSentAsItReadsBack) {
  EXPECT_EQ(input(tsquery_type, "a & (b & c)"), "'a' & 'b' & 'c'");
  EXPECT_EQ(receive(tsquery_type, "0000000502020202010000630001000062000100006100"),
            "'a' & 'b' & 'c'");
  EXPECT_EQ(send(tsquery_type, "'a' & 'b' & 'c'"),
            "0000000502020100006300020201000062000100006100");
}

TEST(TsqueryType, TextThatIsNotAStoredQueryIsSentAsTheEmptyQuery) {
  EXPECT_EQ(send(tsquery_type, "'a' &"), "00000000");
}

// select string_agg(x::text, ' ## ') from (values ...) v(x) group by x
// order by x: one entry per distinct tsquery.
TEST(TsqueryType, OrderIsTsqueryCmp) {
  const std::vector<std::string_view> ordered = {
      "", "'x'", "'d'", "'a'", "'e'", "'q'", "'c'", "'z'", "'b'", "'é'", "'aa'", "'ab'",
      "'ba'", "'cat'", "!'a'", "!'b'", "!!'a'", "'b' <-> 'a'", "'a' <3> 'b'", "'a' <2> 'b'",
      "'a' <-> 'b'", "'a' <0> 'b'", "'b' | 'a'", "'a' | 'b'", "'b' & 'a'", "'a' & 'b'",
      "'a' & 'bc'", "'a' & 'bb'", "'ab' & 'c'", "'aa' & 'b'", "'fat' & 'rat'",
      "'rat' & 'fat'", "'a' & !'b'", "!'a' & 'b'", "!( 'a' <-> 'b' )", "'a' | 'b' & 'c'",
      "'a' & 'b' | 'c'", "'a' & ( 'b' | 'c' )", "'a' & 'b' & 'c'"};
  for (size_t i = 0; i < ordered.size(); ++i)
    for (size_t j = 0; j < ordered.size(); ++j) {
      const int expected = (i > j) - (i < j);
      const int c = compare_stored_tsquery(ordered[i], ordered[j]);
      EXPECT_EQ((c > 0) - (c < 0), expected) << ordered[i] << " vs " << ordered[j];
    }
}

TEST(TsqueryType, WeightsAndPrefixesDoNotTakePartInTheOrder) {
  // 'a:A'::tsquery = 'a'::tsquery is true in PostgreSQL.
  EXPECT_EQ(compare_stored_tsquery("'a':A", "'a'"), 0);
  EXPECT_EQ(compare_stored_tsquery("'a':*B", "'a':*"), 0);
  EXPECT_NE(compare_stored_tsquery("'a' & 'b'", "'b' & 'a'"), 0);
}

TEST(TsqueryType, TextThatIsNotAQuerySortsLastThenByBytes) {
  EXPECT_GT(compare_stored_tsquery("'a' &", "'z' & 'y' & 'x'"), 0);
  EXPECT_LT(compare_stored_tsquery("'a' &", "'b' &"), 0);
  EXPECT_LT(compare_stored_tsquery("'' & 'a' <-1> 'b'", "'a' &"), 0)
      << "what only tsqueryrecv makes is a query";
}

}  // namespace
}  // namespace tributary
