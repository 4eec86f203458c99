// The built-in range and multirange types (int4range, int8range, numrange,
// tsrange, tstzrange, daterange and their multiranges): range_in /
// multirange_in's canonical text, their errors, range_send / range_recv's
// bytes, the text shown under a session's settings, and range_cmp /
// multirange_cmp's order. Every text, hex, error and order below is what a
// PostgreSQL 15 server printed: texts with DateStyle ISO, TimeZone UTC,
// extra_float_digits 3 (the publisher's settings) unless a case names its own;
// send bytes from encode(range_send(v), 'hex') / multirange_send; receive
// results and errors from COPY ... FROM a file (FORMAT binary); orders from
// dense_rank() OVER (ORDER BY v). The tests of texts PostgreSQL never stores
// or receives (another tool's stored text, a NUL in the text) and of the
// direct reading of stored bounds check Tributary's own contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <string_view>

#include "stages/types/verbatim/range_value.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"
#include "tests/verbatim_codec_test_support.hpp"

namespace tributary {
namespace {

struct text_case {
  oid_t oid;
  std::string_view input;
  std::string_view stored;
};

struct error_case {
  oid_t oid;
  std::string_view input;
  std::string_view sqlstate;
  std::string_view message;
  std::string_view detail;
};

struct session_case {
  oid_t oid;
  std::string_view input;
  std::string_view time_zone;
  date_order order;
  std::string_view stored;
};

struct format_case {
  oid_t oid;
  std::string_view stored;
  std::string_view time_zone;
  std::string_view shown;
};

struct receive_case {
  oid_t oid;
  std::string_view hex;
  std::string_view text;  // "" when PostgreSQL reports an error
  std::string_view sqlstate;
  std::string_view message;
};

struct ranked_value {
  std::string_view text;
  int rank;  // dense_rank() over (order by v)
};

// The nummultirange cases with 7 or more ranges that compare equal but print
// differently keep the text PostgreSQL's (unstable) qsort leaves last.
const text_case canonical_cases[] = {
    {3904, "[1,5]", "[1,6)"},
    {3904, " ( 1 , 5 ] ", "[2,6)"},
    {3904, "empty", "empty"},
    {3904, "EmPtY \t", "empty"},
    {3904, "[,)", "(,)"},
    {3904, "(,)", "(,)"},
    {3904, "[,5]", "(,6)"},
    {3904, "(1,2)", "empty"},
    {3904, "(1,1]", "empty"},
    {3904, "[3,3)", "empty"},
    {3904, "[3,3]", "[3,4)"},
    {3904, "[\"1\",\"5\"]", "[1,6)"},
    {3904, "[\\1,5]", "[1,6)"},
    {3904, "[-2147483648,)", "[-2147483648,)"},
    {3904, "(,2147483646]", "(,2147483647)"},
    {3904, "[1,5)", "[1,5)"},
    {3904, "\n[0,0]\n", "[0,1)"},
    {3926, "[-9223372036854775808,0]", "[-9223372036854775808,1)"},
    {3926, "[9223372036854775807,)", "[9223372036854775807,)"},
    {3926, "(1,10]", "[2,11)"},
    {3906, "[1.50,2]", "[1.50,2]"},
    {3906, "[1.0,1]", "[1.0,1]"},
    {3906, "(1.0,1]", "empty"},
    {3906, "[NaN,NaN]", "[NaN,NaN]"},
    {3906, "[1,NaN]", "[1,NaN]"},
    {3906, "[-Infinity,Infinity)", "[-Infinity,Infinity)"},
    {3906, "[,5]", "(,5]"},
    {3906, "( 0.000 , 1e3 )", "(0.000,1000)"},
    {3906, "[ -0 ,0]", "[0,0]"},
    {3912, "[2020-01-01,2020-01-31]", "[2020-01-01,2020-02-01)"},
    {3912, "(2020-01-01,infinity]", "[2020-01-02,infinity]"},
    {3912, "[-infinity,infinity]", "[-infinity,infinity]"},
    {3912, "[infinity,infinity]", "[infinity,infinity]"},
    {3912, "(infinity,infinity]", "empty"},
    {3912, "(5874897-12-30,5874897-12-31)", "empty"},
    {3912, "(4714-11-24 BC,2000-01-01)", "[\"4714-11-25 BC\",2000-01-01)"},
    {3912, "[2020-02-28,2020-02-29]", "[2020-02-28,2020-03-01)"},
    {3912, "(-infinity,2000-01-01]", "(-infinity,2000-01-02)"},
    {3912, "[ 2020-01-01 , 2020-01-02 ]", "[2020-01-01,2020-01-03)"},
    {3912, "(,)", "(,)"},
    {3908, "[2020-01-01 10:00,2020-01-02)", "[\"2020-01-01 10:00:00\",\"2020-01-02 00:00:00\")"},
    {3908, "[-infinity,infinity]", "[-infinity,infinity]"},
    {3908, "(,)", "(,)"},
    {3908, "[2020-01-01 10:00:00.5 BC,)", "[\"2020-01-01 10:00:00.5 BC\",)"},
    {3908, "(\"2020-01-01 10:00:00\",\"2020-01-01 10:00:00\"]", "empty"},
    {3908, "[2020-01-01 10:00:00.123456,2020-01-01 10:00:00.1234565]", "[\"2020-01-01 10:00:00.123456\",\"2020-01-01 10:00:00.123456\"]"},
    {3910, "[2020-01-01 10:00,2020-01-02)", "[\"2020-01-01 10:00:00+00\",\"2020-01-02 00:00:00+00\")"},
    {3910, "[2020-01-01 10:00+02,infinity]", "[\"2020-01-01 08:00:00+00\",infinity]"},
    {3910, "[\"2020-01-01 10:00:00+00\",\"2020-06-01 00:00:00.25+00\")", "[\"2020-01-01 10:00:00+00\",\"2020-06-01 00:00:00.25+00\")"},
    {3910, "[2020-01-01 10:00:00 America/New_York,)", "[\"2020-01-01 15:00:00+00\",)"},
    {4451, "{}", "{}"},
    {4451, " { } ", "{}"},
    {4451, "{[1,3), [2,6)}", "{[1,6)}"},
    {4451, "{[1,3),[3,5),empty}", "{[1,5)}"},
    {4451, "{empty}", "{}"},
    {4451, "{EMPTY,empty}", "{}"},
    {4451, "{[5,7),[1,2]}", "{[1,3),[5,7)}"},
    {4451, "{ [ 1 , 2 ) }", "{[1,2)}"},
    {4451, "{(1,2)}", "{}"},
    {4451, "{[1,3],[4,5]}", "{[1,6)}"},
    {4451, "{(,1),[0,)}", "{(,)}"},
    {4451, "{[1,2),[3,4),[5,6),[7,8),[9,10),[11,12),[13,14)}", "{[1,2),[3,4),[5,6),[7,8),"
     "[9,10),[11,12),[13,14)}"},
    {4451, "{[13,14),[11,12),[9,10),[7,8),[5,6),[3,4),[1,2)}", "{[1,2),[3,4),[5,6),[7,8),"
     "[9,10),[11,12),[13,14)}"},
    {4451, "{[1,10),[2,3),[4,5)}", "{[1,10)}"},
    {4451, "{[\"1\",\"2\"),[3,\"4\")}", "{[1,2),[3,4)}"},
    {4536, "{[1,3),[5,)}", "{[1,3),[5,)}"},
    {4532, "{[1.0,2),[1,1]}", "{[1.0,2)}"},
    {4532, "{[1,2),(2,3)}", "{[1,2),(2,3)}"},
    {4532, "{[1,2],(2,3)}", "{[1,3)}"},
    {4532, "{[1.5,2)}", "{[1.5,2)}"},
    {4532, "{(,1.00),[0.5,)}", "{(,)}"},
    {4533, "{[\"2020-01-01 00:00\",\"2020-01-02\"),"
     " [\"2020-01-02\",)}", "{[\"2020-01-01 00:00:00\",)}"},
    {4534, "{[\"2020-01-01 00:00+01\",infinity)}", "{[\"2019-12-31 23:00:00+00\",infinity)}"},
    {4535, "{[2020-01-01,2020-01-05],[2020-01-06,2020-01-08)}", "{[2020-01-01,2020-01-08)}"},
    {4535, "{[2020-01-01,infinity],[infinity,infinity]}", "{[2020-01-01,infinity]}"},
    {4532, "{[1.0,2),[1,2),[1.00,2),[5,6),[3,4),[7,8),[9,10)}", "{[1.0,2),[3,4),[5,6),"
     "[7,8),[9,10)}"},
    {4532, "{[9,10),[1.0,2),[1,2),[1.00,2),[5,6),[3,4),[7,8)}", "{[1,2),[3,4),[5,6),[7,8),[9,10)}"},
    {4532, "{[5,6),[1.000,2),[1.0,2),[1,2),[1.00,2),[3,4),[7,8),[0,0.5)}", "{[0,0.5),"
     "[1.00,2),[3,4),[5,6),[7,8)}"},
    {4532, "{[1.0,2),[1,2),[1.00,2),[1.000,2),[1.0000,2),[1.00000,2),[1.000000,2),"
     "[0,0.5)}", "{[0,0.5),[1.0000,2)}"},
    {4532, "{[24.0,27),[18.0,19.0),[27,28.0),[18.0,19),[33,34),[18.00,20),[24.000,25.000),"
     "[21.0,26),[21.0,22),[27,28),[33.000,34),[12,13),[33.00,36),[9.000,10.0),"
     "[18.0,19.000),[30.0,31),[33.0,34),[21.00,22),[24.00,26),[21.0000,23),"
     "[24,25.000),[18,19.00),[0,1),[12.000,14),[3.0,4.00),[24,25.0),[24.00,25),"
     "[27.0,31),[36.000,37),[9,12),[24.000,25),[9,10),[3.00,7),[21.0,22),[12,14),"
     "[21.0000,24),[27,28.000),[27.0,30),[3.0,4),[0,2),[18.0000,22)}",
     "{[0,2),[3.00,7),[9,14),[18.0000,31),[33.00,37)}"},
};

const error_case input_errors[] = {
    {3904, "emptyx", "22P02", "malformed range literal: \"emptyx\"", "Junk after \"empty\" key word."},
    {3904, "1,5]", "22P02", "malformed range literal: \"1,5]\"", "Missing left parenthesis or bracket."},
    {3904, "", "22P02", "malformed range literal: \"\"", "Missing left parenthesis or bracket."},
    {3904, "   ", "22P02", "malformed range literal: \"   \"", "Missing left parenthesis or bracket."},
    {3904, "[1", "22P02", "malformed range literal: \"[1\"", "Unexpected end of input."},
    {3904, "[1,5", "22P02", "malformed range literal: \"[1,5\"", "Unexpected end of input."},
    {3904, "[1]", "22P02", "malformed range literal: \"[1]\"", "Missing comma after lower bound."},
    {3904, "[1,2,3]", "22P02", "malformed range literal: \"[1,2,3]\"", "Too many commas."},
    {3904, "[1,5)x", "22P02", "malformed range literal: \"[1,5)x\"", "Junk after right parenthesis or bracket."},
    {3904, "[a,5)", "22P02", "invalid input syntax for type integer: \"a\"", ""},
    {3904, "[5,1)", "22000", "range lower bound must be less than or equal to range upper bound", ""},
    {3904, "[ ,5)", "22P02", "invalid input syntax for type integer: \" \"", ""},
    {3904, "[\"\",5)", "22P02", "invalid input syntax for type integer: \"\"", ""},
    {3904, "[1,5\\", "22P02", "malformed range literal: \"[1,5\\\"", "Unexpected end of input."},
    {3904, "[1,\"5", "22P02", "malformed range literal: \"[1,\"5\"", "Unexpected end of input."},
    {3904, "[2147483647,2147483647]", "22003", "integer out of range", ""},
    {3904, "(2147483647,)", "22003", "integer out of range", ""},
    {3904, "[,2147483647]", "22003", "integer out of range", ""},
    {3904, "[1,3000000000)", "22003", "value \"3000000000\" is out of range for type integer", ""},
    {3904, "{[1,2)}", "22P02", "malformed range literal: \"{[1,2)}\"", "Missing left parenthesis or bracket."},
    {3926, "(9223372036854775806,9223372036854775807]", "22003", "bigint out of range", ""},
    {3906, "[2,1.5]", "22000", "range lower bound must be less than or equal to range upper bound", ""},
    {3906, "[NaN,1]", "22000", "range lower bound must be less than or equal to range upper bound", ""},
    {3906, "[x,1]", "22P02", "invalid input syntax for type numeric: \"x\"", ""},
    {3912, "[5874897-12-31,5874897-12-31]", "22008", "date out of range", ""},
    {3912, "[2020-13-01,)", "22008", "date/time field value out of range: \"2020-13-01\"", ""},
    {3912, "[infinity,2020-01-01]", "22000", "range lower bound must be less than or equal to range upper bound", ""},
    {3908, "[1,2)", "22007", "invalid input syntax for type timestamp: \"1\"", ""},
    {3908, "[2020-01-02,2020-01-01)", "22000", "range lower bound must be less than or equal to range upper bound", ""},
    {3910, "[2020-01-01 10:00 Mars/Olympus,)", "22023", "time zone \"mars/olympus\" not recognized", ""},
    {4451, "{[1,2),}", "22P02", "malformed multirange literal: \"{[1,2),}\"", "Expected range start."},
    {4451, "{,}", "22P02", "malformed multirange literal: \"{,}\"", "Expected range start."},
    {4451, "{[1,2) [3,4)}", "22P02", "malformed multirange literal: \"{[1,2) [3,4)}\"", "Expected comma or end of multirange."},
    {4451, "{[1,2)}x", "22P02", "malformed multirange literal: \"{[1,2)}x\"", "Junk after closing right brace."},
    {4451, "[1,2)", "22P02", "malformed multirange literal: \"[1,2)\"", "Missing left brace."},
    {4451, "{", "22P02", "malformed multirange literal: \"{\"", "Unexpected end of input."},
    {4451, "{[1,2)", "22P02", "malformed multirange literal: \"{[1,2)\"", "Unexpected end of input."},
    {4451, "{[1)}", "22P02", "malformed range literal: \"[1)\"", "Missing comma after lower bound."},
    {4451, "{emptyx}", "22P02", "malformed multirange literal: \"{emptyx}\"", "Expected comma or end of multirange."},
    {4451, "{[1,2),[a,3)}", "22P02", "invalid input syntax for type integer: \"a\"", ""},
    {4451, "{[3,1)}", "22000", "range lower bound must be less than or equal to range upper bound", ""},
    {4451, "", "22P02", "malformed multirange literal: \"\"", "Missing left brace."},
    {4451, "{}}", "22P02", "malformed multirange literal: \"{}}\"", "Junk after closing right brace."},
    {4451, "{[1,2)x}", "22P02", "malformed multirange literal: \"{[1,2)x}\"", "Expected comma or end of multirange."},
    {4451, "{[\"1,2)}", "22P02", "malformed multirange literal: \"{[\"1,2)}\"", "Unexpected end of input."},
    {4451, "{[1,2),[3,4),[a}", "22P02", "malformed multirange literal: \"{[1,2),[3,4),[a}\"", "Unexpected end of input."},
    {4451, "{[1,2],[2147483647,2147483647]}", "22003", "integer out of range", ""},
    {4532, "{[1,2),[x,3)}", "22P02", "invalid input syntax for type numeric: \"x\"", ""},
};

const session_case session_inputs[] = {
    {3910, "[2020-01-01 10:00,)", "Asia/Tokyo", date_order::mdy, "[\"2020-01-01 01:00:00+00\",)"},
    {3910, "[2020-07-01 00:00,2020-12-01 00:00]", "America/New_York", date_order::mdy, "[\"2020-07-01 04:00:00+00\",\"2020-12-01 05:00:00+00\"]"},
    {4534, "{[2020-01-01 10:00,2020-01-01 11:00), [2020-01-01 10:30+09,2020-01-01 12:00)}", "Asia/Tokyo", date_order::mdy, "{[\"2020-01-01 01:00:00+00\",\"2020-01-01 03:00:00+00\")}"},
    {3912, "[01/02/2020,03/04/2020]", "UTC", date_order::dmy, "[2020-02-01,2020-04-04)"},
    {3912, "[01/02/2020,03/04/2020]", "UTC", date_order::mdy, "[2020-01-02,2020-03-05)"},
    {3908, "[01/02/2020 10:00,)", "UTC", date_order::dmy, "[\"2020-02-01 10:00:00\",)"},
    {3908, "[2020-01-01 10:00+05,)", "Asia/Tokyo", date_order::mdy, "[\"2020-01-01 10:00:00\",)"},
};

const format_case session_outputs[] = {
    {3910, "[\"2020-01-01 10:00:00+00\",\"2020-06-01 00:00:00.25+00\")", "Asia/Tokyo", "[\"2020-01-01 19:00:00+09\",\"2020-06-01 09:00:00.25+09\")"},
    {3910, "[\"2020-01-01 10:00:00+00\",)", "America/St_Johns", "[\"2020-01-01 06:30:00-03:30\",)"},
    {3910, "(,\"2020-03-08 07:00:00+00\"]", "America/New_York", "(,\"2020-03-08 03:00:00-04\"]"},
    {3910, "[-infinity,infinity]", "Asia/Tokyo", "[-infinity,infinity]"},
    {3910, "empty", "Asia/Tokyo", "empty"},
    {3910, "[\"1900-01-01 00:00:00+00\",)", "Europe/Amsterdam", "[\"1900-01-01 00:19:32+00:19:32\",)"},
    {4534, "{[\"2020-01-01 10:00:00+00\",\"2020-01-02 00:00:00+00\"),[\"2021-01-01 00:00:00+00\",infinity)}", "Asia/Kolkata", "{[\"2020-01-01 15:30:00+05:30\",\"2020-01-02 05:30:00+05:30\"),[\"2021-01-01 05:30:00+05:30\",infinity)}"},
    {4534, "{}", "Asia/Kolkata", "{}"},
    {3908, "[\"2020-01-01 10:00:00\",)", "Asia/Tokyo", "[\"2020-01-01 10:00:00\",)"},
    {3906, "[1.50,2]", "Asia/Tokyo", "[1.50,2]"},
};

const verbatim_case send_cases[] = {
    {3904, "[1,5)", "0200000004000000010000000400000005"},
    {3904, "empty", "01"},
    {3904, "(,5)", "080000000400000005"},
    {3904, "[1,)", "120000000400000001"},
    {3904, "(,)", "18"},
    {3904, "[-2147483648,2147483647)", "020000000480000000000000047fffffff"},
    {3926, "[-9223372036854775808,9223372036854775807)", "02000000088000000000000000000000087fffffffffffffff"},
    {3926, "empty", "01"},
    {3906, "[1.50,2]", "060000000c0002000000000002000113880000000a00010000000000000002"},
    {3906, "(,NaN]", "0c0000000800000000c0000000"},
    {3906, "[-Infinity,0.001)", "020000000800000000f00000200000000a0001ffff00000003000a"},
    {3906, "[0,0.00000000000000000001)", "020000000800000000000000000000000a0001fffb000000140001"},
    {3908, "[\"2020-01-01 10:00:00\",\"2020-01-02 00:00:00.5\")", "020000000800023e0fe886c8000000000800023e1ba4a16120"},
    {3908, "[-infinity,infinity]", "06000000088000000000000000000000087fffffffffffffff"},
    {3908, "[\"4713-01-01 00:00:00 BC\",)", "1200000008fd0f7fbdaf17e000"},
    {3910, "[\"2020-01-01 10:00:00+00\",)", "120000000800023e0fe886c800"},
    {3910, "(,infinity]", "0c000000087fffffffffffffff"},
    {3912, "[2020-01-01,infinity]", "060000000400001c89000000047fffffff"},
    {3912, "[\"4714-11-24 BC\",2000-01-01)", "0200000004ffda97a70000000400000000"},
    {3912, "(,2020-02-29)", "080000000400001cc4"},
    {4451, "{}", "00000000"},
    {4451, "{[1,3),[5,)}", "0000000200000011020000000400000001000000040000000300000009120000000400000005"},
    {4536, "{[1,3),[5,)}", "0000000200000019020000000800000000000000010000000800000000000000030000000d12000000080000000000000005"},
    {4532, "{[1.5,2)}", "000000010000001f020000000c0002000000000001000113880000000a00010000000000000002"},
    {4532, "{(,1.50],[2,NaN]}", "00000002000000110c0000000c0002000000000002000113880000001b060000000a000100000000000000020000000800000000c0000000"},
    {4533, "{[\"2020-01-01 00:00:00\",)}", "000000010000000d120000000800023e0786c26000"},
    {4534, "{[\"2020-01-01 10:00:00+00\",\"2020-01-02 00:00:00+00\"),[\"2021-01-01 00:00:00+00\",infinity)}", "0000000200000019020000000800023e0fe886c8000000000800023e1ba499c00000000019020000000800025aca30ada000000000087fffffffffffffff"},
    {4535, "{[2020-01-01,2020-01-08),[2020-02-01,)}", "0000000200000011020000000400001c890000000400001c9000000009120000000400001ca8"},
};

const receive_case receive_cases[] = {
    {3904, "0000000004000000010000000400000005", "[2,5)", "", ""},
    {3904, "0600000004000000010000000400000001", "[1,2)", "", ""},
    {3904, "0400000004000000010000000400000001", "empty", "", ""},
    {3904, "1f", "empty", "", ""},
    {3904, "2200000004000000010000000400000005", "[1,5)", "", ""},
    {3904, "98", "(,)", "", ""},
    {3904, "0600000004000000020000000400000005", "[2,6)", "", ""},
    {3904, "020000000800000000000000010000000400000005", "[0,5)", "", ""},
    {3904, "", "", "08P01", "no data left in message"},
    {3904, "00", "", "08P01", "insufficient data left in message"},
    {3904, "08", "", "08P01", "insufficient data left in message"},
    {3904, "0200", "", "08P01", "insufficient data left in message"},
    {3904, "02ffffffff", "", "08P01", "insufficient data left in message"},
    {3904, "020000000400000001", "", "08P01", "insufficient data left in message"},
    {3904, "0100", "", "08P01", "invalid message format"},
    {3904, "180000", "", "08P01", "invalid message format"},
    {3904, "020000000400000001000000040000000500", "", "08P01", "invalid message format"},
    {3904, "020000000200010000000400000005", "", "08P01", "insufficient data left in message"},
    {3904, "0600000004000000050000000400000001", "", "22000", "range lower bound must be less than or equal to range upper bound"},
    {3904, "04000000047fffffff000000047fffffff", "empty", "", ""},
    {3904, "027fffffff00000001", "", "08P01", "insufficient data left in message"},
    {3926, "04000000080000000000000001000000087fffffffffffffff", "", "22003", "bigint out of range"},
    {3926, "020000000400000001000000080000000000000005", "", "08P01", "insufficient data left in message"},
    {3906, "060000000e000200000000000200011388ffff0000000c000100000000000000020000", "[1.50,2]", "", ""},
    {3906, "06000000090002000000000002000000000b0001000000000000000200", "", "08P01", "insufficient data left in message"},
    {3906, "060000000800000000c00000000000000c000100000000000000020000", "", "22000", "range lower bound must be less than or equal to range upper bound"},
    {3906, "060000000c0001000000000000000200000000000e0001000000000000000200000000", "[2,2]", "", ""},
    {3912, "060000000480000000000000047fffffff", "[-infinity,infinity]", "", ""},
    {3912, "06000000047ffffff000000004000000ff", "", "22008", "date out of range"},
    {3912, "04000000047fffff00", "", "22008", "date out of range"},
    {3912, "0c0000000400000005", "(,2000-01-07)", "", ""},
    {3912, "060000000500000005000000000400000006", "[2000-01-06,2000-01-08)", "", ""},
    {3910, "12000000087fffffffffffffff", "[infinity,)", "", ""},
    {3910, "1200000008ffffffffffffffff", "[\"1999-12-31 23:59:59.999999+00\",)", "", ""},
    {3910, "12000000087ffffffffffffff0", "", "22008", "timestamp out of range"},
    {3910, "120000000700023e0fe886c8", "", "08P01", "insufficient data left in message"},
    {3908, "12000000087ffffffffffffff0", "", "22008", "timestamp out of range"},
    {3908, "120000000900023e0fe886c80000", "[\"2020-01-01 10:00:00\",)", "", ""},
    {4451, "00000000", "{}", "", ""},
    {4451, "ffffffff", "", "54000", "invalid memory allocation request size 8 * 18446744073709551615"},
    {4451, "80000000", "", "54000", "invalid memory allocation request size 8 * 18446744071562067968"},
    {4451, "7fffffff", "", "XX000", "invalid memory alloc request size 17179869176"},
    {4451, "08000000", "", "XX000", "invalid memory alloc request size 1073741824"},
    {4451, "07ffffff", "", "08P01", "insufficient data left in message"},
    {4451, "000000", "", "08P01", "insufficient data left in message"},
    {4451, "0000000101", "", "08P01", "insufficient data left in message"},
    {4451, "00000001000000011800", "", "08P01", "invalid message format"},
    {4451, "0000000200000001010000000101", "{}", "", ""},
    {4451, "00000002000000110200000004000000050000000400000006000000110200000004000000010000000400000005", "{[1,6)}", "", ""},
    {4451, "00000001000000110600000004000000070000000400000005", "", "22000", "range lower bound must be less than or equal to range upper bound"},
    {4451, "0000000100000012020000000400000007000000040000000900", "", "08P01", "invalid message format"},
    {4451, "0000000100000003020000", "", "08P01", "insufficient data left in message"},
    {4451, "0000000100000000", "", "08P01", "no data left in message"},
    {4451, "000000030000001102000000040000000100000004000000030000001106000000040000000300000004000000040000000118", "{(,)}", "", ""},
    {4532, "0000000200000021020000000c0001000000000000000100000000000c00010000000000000002000000000021020000000c0001000000000001000100000000000c000100000000000000020000", "{[1.0,2)}", "", ""},
    {3906, "0600000001000000000c000100000000000000020000", "", "08P01", "insufficient data left in message"},
    {3906, "0600000004000100000000000c000100000000000000020000", "", "08P01", "insufficient data left in message"},
    {3906, "060000000a0001000000500000000a0000000c000100000000000000020000", "", "22P03", "invalid sign in external \"numeric\" value"},
    {3906, "06000000080fa00000000000000000000c000100000000000000020000", "", "08P01", "insufficient data left in message"},
    {3906, "060000000a000100000000000027100000000c000100000000000000020000", "", "22P03", "invalid digit in external \"numeric\" value"},
    {3906, "1200000008ffff000000000000", "", "08P01", "insufficient data left in message"},
    {3912, "12000000080000000500000000", "[2000-01-06,)", "", ""},
    {3912, "1200000003000005", "", "08P01", "insufficient data left in message"},
    {3926, "120000000a00000000000000050000", "[5,)", "", ""},
    {3904, "1200000000", "", "08P01", "insufficient data left in message"},
    {4535, "000000010000000b1200000006000000050000", "{[2000-01-06,)}", "", ""},
};

const ranked_value order_int4range[] = {
    {"empty", 1},
    {"(,1)", 2},
    {"(,3)", 3},
    {"(,)", 4},
    {"[-2147483648,2147483647)", 5},
    {"[-10,-9)", 6},
    {"[-5,-1)", 7},
    {"[0,10)", 8},
    {"[1,3)", 9},
    {"[1,5)", 10},
    {"[1,)", 11},
    {"[2,3)", 12},
    {"[2,5)", 13},
    {"[10,20)", 14},
};
const ranked_value order_int8range[] = {
    {"empty", 1},
    {"(,)", 2},
    {"[-9223372036854775808,0)", 3},
    {"[1,5)", 4},
    {"[20,30)", 5},
    {"[100,200)", 6},
    {"[9223372036854775806,)", 7},
};
const ranked_value order_numrange[] = {
    {"empty", 1},
    {"(,3)", 2},
    {"(,3]", 3},
    {"(,Infinity)", 4},
    {"(,)", 5},
    {"[-Infinity,Infinity]", 6},
    {"(-Infinity,0]", 7},
    {"[-1.5,-1.25]", 8},
    {"[1,3)", 9},
    {"[1.0,3)", 9},
    {"[1,3]", 10},
    {"[1.00,3.0]", 10},
    {"[1,5)", 11},
    {"[1,NaN)", 12},
    {"[1,)", 13},
    {"(1,3)", 14},
    {"(1,3]", 15},
    {"(1,)", 16},
    {"[9.99,10)", 17},
    {"[10,11)", 18},
    {"[NaN,NaN]", 19},
};
const ranked_value order_tsrange[] = {
    {"empty", 1},
    {"(,\"2000-01-01 00:00:00\")", 2},
    {"(,)", 3},
    {"[-infinity,infinity]", 4},
    {"(-infinity,infinity)", 5},
    {"[\"2020-01-01 10:00:00 BC\",)", 6},
    {"[\"0044-03-15 00:00:00 BC\",\"0044-03-16 00:00:00 BC\")", 7},
    {"[\"1999-12-31 23:59:59.999999\",\"2000-01-01 00:00:00\"]", 8},
    {"[\"2020-01-01 09:59:59\",infinity)", 9},
    {"[\"2020-01-01 10:00:00\",\"2020-01-01 10:00:00.000001\")", 10},
    {"[\"2020-01-01 10:00:00\",\"2020-01-02 00:00:00\")", 11},
    {"[\"10000-01-01 00:00:00\",)", 12},
};
const ranked_value order_tstzrange[] = {
    {"empty", 1},
    {"(,)", 2},
    {"[-infinity,infinity]", 3},
    {"[\"0001-01-01 00:00:00+00 BC\",)", 4},
    {"[\"1999-12-31 23:59:59.5+00\",)", 5},
    {"[\"2020-01-01 09:00:00+00\",)", 6},
    {"[\"2020-01-01 10:00:00+00\",\"2020-01-02 00:00:00+00\")", 7},
    {"[\"2020-01-01 10:00:00+00\",\"2020-01-02 00:00:00+00\"]", 8},
};
const ranked_value order_daterange[] = {
    {"empty", 1},
    {"(,2000-01-01)", 2},
    {"(,)", 3},
    {"[-infinity,infinity]", 4},
    {"(-infinity,infinity)", 5},
    {"[\"4714-11-24 BC\",2000-01-01)", 6},
    {"[\"0001-02-29 BC\",\"0001-03-02 BC\")", 7},
    {"[2020-01-01,2020-02-01)", 8},
    {"[2020-01-01,infinity)", 9},
    {"[2020-01-01,infinity]", 10},
    {"[10000-01-01,)", 11},
    {"[5874897-12-30,5874897-12-31)", 12},
    {"[infinity,infinity]", 13},
};
const ranked_value order_int4multirange[] = {
    {"{}", 1},
    {"{(,1)}", 2},
    {"{(,1),[2,)}", 3},
    {"{(,)}", 4},
    {"{[0,1)}", 5},
    {"{[0,1),[5,6)}", 6},
    {"{[1,2)}", 7},
    {"{[1,2),[3,4)}", 8},
    {"{[1,2),[3,4),[5,6)}", 9},
    {"{[1,2),[3,5)}", 10},
    {"{[1,3)}", 11},
    {"{[1,)}", 12},
};
const ranked_value order_nummultirange[] = {
    {"{}", 1},
    {"{(,1.50],[2,NaN]}", 2},
    {"{(,)}", 3},
    {"{[-Infinity,0)}", 4},
    {"{[1.0,2)}", 5},
    {"{[1,2),[3,4)}", 6},
    {"{[1,2]}", 7},
    {"{[NaN,NaN]}", 8},
};
const ranked_value order_tsmultirange[] = {
    {"{}", 1},
    {"{(,\"2020-01-01 00:00:00\")}", 2},
    {"{[\"2020-01-01 00:00:00 BC\",)}", 3},
    {"{[\"2020-01-01 00:00:00\",\"2020-01-02 00:00:00\")}", 4},
    {"{[\"2020-01-01 00:00:00\",\"2020-01-02 00:00:00\"),[\"2020-01-03 00:00:00\",)}", 5},
};
const ranked_value order_tstzmultirange[] = {
    {"{}", 1},
    {"{(,)}", 2},
    {"{[\"2020-01-01 00:00:00+00\",\"2020-01-02 00:00:00+00\")}", 3},
    {"{[\"2020-01-01 00:00:00+00\",\"2020-01-02 00:00:00+00\"),[\"2021-01-01 00:00:00+00\",infinity)}", 4},
};
const ranked_value order_datemultirange[] = {
    {"{}", 1},
    {"{(,)}", 2},
    {"{[-infinity,2000-01-01)}", 3},
    {"{[2020-01-01,2020-01-05)}", 4},
    {"{[2020-01-01,2020-01-05),[2020-02-01,infinity)}", 5},
};
const ranked_value order_int8multirange[] = {
    {"{}", 1},
    {"{(,0)}", 2},
    {"{[1,3)}", 3},
    {"{[1,3),[5,)}", 4},
};

struct ordered_list {
  oid_t oid;
  std::span<const ranked_value> values;
};

const ordered_list ordered_lists[] = {
    {3904, order_int4range},
    {3926, order_int8range},
    {3906, order_numrange},
    {3908, order_tsrange},
    {3910, order_tstzrange},
    {3912, order_daterange},
    {4451, order_int4multirange},
    {4532, order_nummultirange},
    {4533, order_tsmultirange},
    {4534, order_tstzmultirange},
    {4535, order_datemultirange},
    {4536, order_int8multirange},
};

const type_codec& codec() { return range_codec(); }

result<sql_value, pg_error> parse(oid_t oid, std::string_view text,
                                  const type_settings& settings = publisher_type_settings()) {
  return codec().parse_text(builtin_column_type(oid), text, settings);
}

std::string error_of(const result<sql_value, pg_error>& r) {
  if (r.ok())
    return "no error: " + stored_string(r);
  return r.error().sqlstate + " " + r.error().message + " | " + r.error().detail;
}

int sign(int n) { return (n > 0) - (n < 0); }

TEST(RangeType, TextInputIsCanonicalizedAsRangeIn) {
  for (const auto& c : canonical_cases)
    EXPECT_EQ(stored_string(parse(c.oid, c.input)), c.stored) << c.oid << " " << c.input;
}

TEST(RangeType, PublisherTextIsStoredExactlyAsReceived) {
  const auto expect_kept = [](oid_t oid, std::string_view text) {
    EXPECT_EQ(stored_string(parse(oid, text)), text) << oid;
  };
  for (const auto& c : canonical_cases)
    expect_kept(c.oid, c.stored);
  for (const auto& c : send_cases)
    expect_kept(c.oid, c.text);
  for (const auto& list : ordered_lists)
    for (const auto& v : list.values)
      expect_kept(list.oid, v.text);
}

TEST(RangeType, TextInputErrorsAreRangeInsAndMultirangeIns) {
  for (const auto& c : input_errors) {
    const auto r = parse(c.oid, c.input);
    ASSERT_FALSE(r.ok()) << c.oid << " " << c.input << " gave " << stored_string(r);
    EXPECT_EQ(r.error().sqlstate, c.sqlstate) << c.input;
    EXPECT_EQ(r.error().message, c.message) << c.input;
    EXPECT_EQ(r.error().detail, c.detail) << c.input;
  }
}

TEST(RangeType, TextInputStopsAtNulAsCstringInputDoes) {
  EXPECT_EQ(stored_string(parse(3904, std::string_view("[1,2]\0junk", 10))), "[1,3)");
  EXPECT_EQ(error_of(parse(3904, std::string_view("[1,\0 2]", 7))),
            "22P02 malformed range literal: \"[1,\" | Unexpected end of input.");
}

TEST(RangeType, BoundsAreReadWithTheSessionSettings) {
  for (const auto& c : session_inputs) {
    type_settings settings;
    settings.time_zone = std::string(c.time_zone);
    settings.order = c.order;
    EXPECT_EQ(stored_string(parse(c.oid, c.input, settings)), c.stored) << c.input;
  }
}

TEST(RangeType, TstzBoundsAreShownInTheSessionTimeZone) {
  for (const auto& c : session_outputs) {
    type_settings settings;
    settings.time_zone = std::string(c.time_zone);
    EXPECT_EQ(codec().format_text(builtin_column_type(c.oid), sql_value{std::string(c.stored)},
                                  settings),
              c.shown)
        << c.stored << " in " << c.time_zone;
  }
}

TEST(RangeType, StoredTextOfAnotherToolIsShownAsItIs) {
  type_settings tokyo;
  tokyo.time_zone = "Asia/Tokyo";
  const column_type tstzrange = builtin_column_type(3910);
  EXPECT_EQ(codec().format_text(tstzrange, sql_value{std::string("not a range")}, tokyo),
            "not a range");
  EXPECT_EQ(codec().format_text(builtin_column_type(3904), sql_value{int64_t{5}}, tokyo), "5");
  EXPECT_EQ(codec().format_text(builtin_column_type(3904), sql_value{std::string("[1,5]")}, tokyo),
            "[1,5]");
}

TEST(RangeType, BinaryIsRangeSendAndMultirangeSend) {
  for (const auto& c : send_cases) {
    const column_type type = builtin_column_type(c.oid);
    EXPECT_EQ(to_hex(codec().format_binary(type, sql_value{std::string(c.text)})), c.hex)
        << c.oid << " " << c.text;
    EXPECT_EQ(stored_string(codec().parse_binary(type, from_hex(c.hex))), c.text)
        << c.oid << " " << c.hex;
  }
}

TEST(RangeType, BinaryInputIsRangeRecvWithItsErrors) {
  for (const auto& c : receive_cases) {
    const auto r = codec().parse_binary(builtin_column_type(c.oid), from_hex(c.hex));
    if (c.text.empty()) {
      ASSERT_FALSE(r.ok()) << c.oid << " " << c.hex << " gave " << stored_string(r);
      EXPECT_EQ(r.error().sqlstate, c.sqlstate) << c.hex;
      EXPECT_EQ(r.error().message, c.message) << c.hex;
    } else {
      EXPECT_EQ(stored_string(r), c.text) << c.oid << " " << c.hex;
    }
  }
}

TEST(RangeType, BinaryOutputOfAnotherToolsTextIsEmpty) {
  EXPECT_EQ(to_hex(codec().format_binary(builtin_column_type(3904),
                                         sql_value{std::string("garbage")})),
            "01");
  EXPECT_EQ(to_hex(codec().format_binary(builtin_column_type(4451),
                                         sql_value{std::string("{garbage}")})),
            "00000000");
}

TEST(RangeOrder, StoredRangesSortAsRangeCmpAndMultirangeCmp) {
  for (const auto& list : ordered_lists)
    for (const auto& a : list.values)
      for (const auto& b : list.values)
        EXPECT_EQ(sign(compare_stored_range(list.oid, a.text, b.text)), sign(a.rank - b.rank))
            << list.oid << ": " << a.text << " vs " << b.text;
}

TEST(RangeOrder, TextThatIsNotARangeSortsAfterEveryRangeThenByBytes) {
  EXPECT_GT(compare_stored_range(3904, "garbage", "[1,2)"), 0);
  EXPECT_LT(compare_stored_range(3904, "[1,2)", "garbage"), 0);
  EXPECT_LT(compare_stored_range(3904, "[5,1)", "zzz"), 0);  // both invalid: bytes
  EXPECT_EQ(compare_stored_range(3904, "junk", "junk"), 0);
  EXPECT_GT(compare_stored_range(4451, "[1,2)", "{}"), 0);
  EXPECT_GT(compare_stored_range(3906, "[x,1)", "(,)"), 0);
}

TEST(RangeOrder, NonCanonicalStoredTextComparesByItsValue) {
  EXPECT_EQ(compare_stored_range(3904, "[1,5]", "[1,6)"), 0);
  EXPECT_EQ(compare_stored_range(4451, "{[3,4),[1,2)}", "{[1,2),[3,4)}"), 0);
  EXPECT_EQ(compare_stored_range(3910, "[\"2020-01-01 10:00:00+01\",)",
                                 "[\"2020-01-01 09:00:00+00\",)"),
            0);
}

// read_stored_bound's direct reading of canonical bounds gives what the
// subtype's own input function gives.
TEST(RangeStoredBounds, CanonicalBoundsReadAsTheSubtypeCodecReadsThem) {
  const std::pair<oid_t, std::string_view> bounds[] = {
      {3904, "0"}, {3904, "-2147483648"}, {3904, "2147483647"}, {3904, "007"},
      {3926, "-9223372036854775808"}, {3926, "9223372036854775807"},
      {3906, "1.50"}, {3906, "-0.001"}, {3906, "NaN"}, {3906, "-Infinity"},
      {3906, "1e3"}, {3906, "  2 "},
      {3912, "2020-02-29"}, {3912, "4714-11-24 BC"}, {3912, "0001-02-29 BC"},
      {3912, "5874897-12-31"}, {3912, "infinity"}, {3912, "-infinity"}, {3912, "10000-01-01"},
      {3908, "2020-01-01 10:00:00"}, {3908, "2020-01-01 10:00:00.5"},
      {3908, "2020-01-01 10:00:00.000001 BC"}, {3908, "294276-12-31 23:59:59.999999"},
      {3908, "4714-11-24 00:00:00 BC"}, {3908, "infinity"}, {3908, "0001-02-29 12:00:00 BC"},
      {3910, "2020-01-01 10:00:00+00"}, {3910, "2020-01-01 10:00:00.25+00 BC"},
      {3910, "2020-01-01 10:00:00+05:30"}, {3910, "-infinity"},
  };
  for (const auto& [oid, text] : bounds) {
    const auto type = find_range_type(oid);
    ASSERT_TRUE(type.has_value());
    const auto direct = read_stored_bound(*type, text);
    const auto by_codec =
        type->subtype_codec->parse_text(type->subtype_column(), text, publisher_type_settings());
    ASSERT_TRUE(direct.ok() && by_codec.ok()) << text;
    EXPECT_EQ(*direct, *by_codec) << oid << " " << text;
  }
}

// range_parse_bound's unquoting, as lower(r) and upper(r) of a range of text
// show it (CREATE TYPE textrange AS RANGE (subtype = text) on PostgreSQL 15).
TEST(RangeType, LiteralBoundsAreUnquotedAsRangeParseBoundDoes) {
  struct literal_case {
    std::string_view literal, lower, upper;
  };
  const literal_case cases[] = {
      {"[\"a\"\"b\",)", "a\"b", ""}, {"[a\\\"b,)", "a\"b", ""},
      {"[ x y ,z)", " x y ", "z"},     {"[\"x\" y,\"z\")", "x y", "z"},
      {"[a\"b,c\"d,e)", "ab,cd", "e"},   {"[\\),\\,)", ")", ","},
      {"[\\\\,\\\\]", "\\", "\\"},     {"[\"\",)", "", ""},
      {"(\"\"x,)", "x", ""},
  };
  for (const auto& c : cases) {
    const auto literal = read_range_literal(c.literal);
    ASSERT_TRUE(literal.ok()) << c.literal;
    EXPECT_EQ(literal->flags & range_lower_infinite_flag, 0) << c.literal;
    EXPECT_EQ(literal->lower_text, c.lower) << c.literal;
    EXPECT_EQ(literal->upper_text, c.upper) << c.literal;
  }
}

// range_bound_escape, as a range of text prints it (textrange(x, NULL) on a
// PostgreSQL 15 server with CREATE TYPE textrange AS RANGE (subtype = text)).
TEST(RangeType, BoundsAreQuotedAsRangeBoundEscapeQuotesThem) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"a\"b", "\"a\"\"b\""}, {"c\\d", "\"c\\\\d\""}, {"", "\"\""},
      {"x y", "\"x y\""},     {"p(q", "\"p(q\""},      {"r]s", "\"r]s\""},
      {"t,u", "\"t,u\""},     {"plain", "plain"},      {"tab\there", "\"tab\there\""},
      {"\xc3\xa9", "\xc3\xa9"},
  };
  for (const auto& [bound, printed] : cases) {
    std::string out;
    append_range_bound(out, bound);
    EXPECT_EQ(out, printed) << bound;
  }
}

TEST(RangeType, OnlyTheBuiltInRangeTypesAreKnown) {
  for (oid_t oid : {3904u, 3906u, 3908u, 3910u, 3912u, 3926u})
    EXPECT_TRUE(find_range_type(oid).has_value() && !find_range_type(oid)->multirange) << oid;
  for (oid_t oid : {4451u, 4532u, 4533u, 4534u, 4535u, 4536u})
    EXPECT_TRUE(find_range_type(oid).has_value() && find_range_type(oid)->multirange) << oid;
  EXPECT_FALSE(find_range_type(23).has_value());
  EXPECT_FALSE(find_range_type(3905).has_value());  // _int4range is an array
}

}  // namespace
}  // namespace tributary
