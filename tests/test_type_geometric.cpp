// test_type_geometric: the codec of line, lseg, box, path, polygon and circle
// (stages/types/verbatim/type_geometric.cpp). Every expected text, byte string
// and error below is what a PostgreSQL 15.18 server printed: the input tables
// with extra_float_digits 3 (the publisher's setting), `select '<input>'::<type>`;
// the binary ones from <type>_send and from COPY ... (FORMAT binary) for the
// receive functions. Where Tributary has no PostgreSQL counterpart (a stored
// text no input function accepts) the test says so.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <string_view>

#include "stages/types/verbatim/type_geometric.hpp"

namespace tributary {
namespace {

constexpr oid_t line_oid = 628;
constexpr oid_t lseg_oid = 601;
constexpr oid_t box_oid = 603;
constexpr oid_t path_oid = 602;
constexpr oid_t polygon_oid = 604;
constexpr oid_t circle_oid = 718;

// expected: the output text, or "error SQLSTATE: message".
struct text_case {
  std::string_view input;
  std::string_view expected;
};

std::string outcome(const result<sql_value, pg_error>& r) {
  if (!r.ok())
    return "error " + r.error().sqlstate + ": " + r.error().message;
  if (const auto* text = std::get_if<std::string>(&*r))
    return *text;
  return "<not text>";
}

std::string parsed(oid_t oid, std::string_view text) {
  return outcome(geometric_codec().parse_text(builtin_column_type(oid), text,
                                              publisher_type_settings()));
}

std::string from_hex(std::string_view hex) {
  auto nibble = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
  std::string out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2)
    out += static_cast<char>((nibble(hex[i]) << 4) | nibble(hex[i + 1]));
  return out;
}

std::string to_hex(std::string_view bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (const unsigned char b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 0xF];
  }
  return out;
}

std::string received(oid_t oid, std::string_view hex) {
  return outcome(geometric_codec().parse_binary(builtin_column_type(oid), from_hex(hex)));
}

std::string sent_stored(oid_t oid, const sql_value& stored) {
  return to_hex(geometric_codec().format_binary(builtin_column_type(oid), stored));
}

std::string sent(oid_t oid, std::string_view text) {
  return sent_stored(oid, sql_value{std::string(text)});
}

void expect_input_matches(oid_t oid, std::span<const text_case> cases) {
  for (const auto& c : cases)
    EXPECT_EQ(parsed(oid, c.input), c.expected) << "oid " << oid << " input '" << c.input << "'";
}

// The publisher's text (canonical) is stored unchanged.
void expect_output_reads_back_unchanged(oid_t oid, std::span<const text_case> cases) {
  for (const auto& c : cases)
    EXPECT_EQ(parsed(oid, c.expected), c.expected) << "oid " << oid;
}

const text_case box_inputs[] = {
    {"1,2,3,4", "(3,4),(1,2)"},
    {"(1,2),(3,4)", "(3,4),(1,2)"},
    {"((1,2),(3,4))", "(3,4),(1,2)"},
    {"(1,2,3,4)", "(3,4),(1,2)"},
    {" ( 1 , 2 ) , ( 3 , 4 ) ", "(3,4),(1,2)"},
    {"\t1,\n2\r,3\f,4\v", "(3,4),(1,2)"},
    {"( (1,2),(3,4))", "(3,4),(1,2)"},
    {"(1,2),(3,4),", "(3,4),(1,2)"},
    {"4,3,2,1", "(4,3),(2,1)"},
    {"(1,4),(3,2)", "(3,4),(1,2)"},
    {"-0,-0,0,0", "(-0,-0),(0,0)"},
    {"NaN,1,2,3", "(NaN,3),(2,1)"},
    {"1,NaN,2,3", "(2,NaN),(1,3)"},
    {"nan(abc),1,2,3", "(NaN,3),(2,1)"},
    {"inf,-infinity,1,2", "(Infinity,2),(1,-Infinity)"},
    {"+inf,+1,-.5,1.", "(Infinity,1),(-0.5,1)"},
    {"0x1p3,0x.8,1,1", "(8,1),(1,0.5)"},
    {"0.1,0.2,1e20,-0", "(1e+20,0.2),(0.1,-0)"},
    {"0.30000000000000004,1e-310,123456789012345678,1e15", "(1.2345678901234568e+17,1e+15),(0.30000000000000004,1e-310)"},
};

const text_case box_input_errors[] = {
    {"[(1,2),(3,4)]", "error 22P02: invalid input syntax for type box: \"[(1,2),(3,4)]\""},
    {"1,2,3", "error 22P02: invalid input syntax for type box: \"1,2,3\""},
    {"1,2,3,4,5,6", "error 22P02: invalid input syntax for type box: \"1,2,3,4,5,6\""},
    {"((1,2,3,4))", "error 22P02: invalid input syntax for type box: \"((1,2,3,4))\""},
    {"(1,2),3,4", "error 22P02: invalid input syntax for type box: \"(1,2),3,4\""},
    {"(1,2),(3,4))", "error 22P02: invalid input syntax for type box: \"(1,2),(3,4))\""},
    {"((1,2),(3,4)", "error 22P02: invalid input syntax for type box: \"((1,2),(3,4)\""},
    {"(1,2),(3,4) x", "error 22P02: invalid input syntax for type box: \"(1,2),(3,4) x\""},
    {"1 2,3,4", "error 22P02: invalid input syntax for type box: \"1 2,3,4\""},
    {"", "error 22P02: invalid input syntax for type box: \"\""},
    {"   ", "error 22P02: invalid input syntax for type box: \"   \""},
    {"x", "error 22P02: invalid input syntax for type box: \"x\""},
    {"1e,2,3,4", "error 22P02: invalid input syntax for type box: \"1e,2,3,4\""},
    {".,1,2,3", "error 22P02: invalid input syntax for type box: \".,1,2,3\""},
    {"--1,2,3,4", "error 22P02: invalid input syntax for type box: \"--1,2,3,4\""},
    {"+-1,2,3,4", "error 22P02: invalid input syntax for type box: \"+-1,2,3,4\""},
    {"0x,1,2,3", "error 22P02: invalid input syntax for type box: \"0x,1,2,3\""},
    {"infin,1,2,3", "error 22P02: invalid input syntax for type box: \"infin,1,2,3\""},
    {"Infinityx,1,2,3", "error 22P02: invalid input syntax for type box: \"Infinityx,1,2,3\""},
    {"1e400,2,3,4", "error 22003: \"1e400\" is out of range for type double precision"},
    {"1e400x,2,3,4", "error 22003: \"1e400\" is out of range for type double precision"},
    {"-1e-400 ,2,3,4", "error 22003: \"-1e-400\" is out of range for type double precision"},
    {"(1,2),(3,1e999)", "error 22003: \"1e999\" is out of range for type double precision"},
};

const text_case lseg_inputs[] = {
    {"[(1,2),(3,4)]", "[(1,2),(3,4)]"},
    {"(1,2),(3,4)", "[(1,2),(3,4)]"},
    {"1,2,3,4", "[(1,2),(3,4)]"},
    {"((1,2),(3,4))", "[(1,2),(3,4)]"},
    {"[1,2,3,4]", "[(1,2),(3,4)]"},
    {"(1,2,3,4)", "[(1,2),(3,4)]"},
    {" [ ( 1 , 2 ) , ( 3 , 4 ) ] ", "[(1,2),(3,4)]"},
    {"[(1,2),(3,4),]", "[(1,2),(3,4)]"},
    {"[(1,2),(3,4))", "[(1,2),(3,4)]"},
    {"[(3,4),(1,2)]", "[(3,4),(1,2)]"},
    {"[(0.1,-0),(NaN,-Infinity)]", "[(0.1,-0),(NaN,-Infinity)]"},
};

const text_case lseg_input_errors[] = {
    {"((1,2),(3,4)]", "error 22P02: invalid input syntax for type lseg: \"((1,2),(3,4)]\""},
    {"[(1,2),(3,4)", "error 22P02: invalid input syntax for type lseg: \"[(1,2),(3,4)\""},
    {"[(1,2),(3,4)],", "error 22P02: invalid input syntax for type lseg: \"[(1,2),(3,4)],\""},
    {"[[(1,2),(3,4)]]", "error 22P02: invalid input syntax for type lseg: \"[[(1,2),(3,4)]]\""},
    {"1,2,3", "error 22P02: invalid input syntax for type lseg: \"1,2,3\""},
    {"", "error 22P02: invalid input syntax for type lseg: \"\""},
    {"[(1,2),(3,x)]", "error 22P02: invalid input syntax for type lseg: \"[(1,2),(3,x)]\""},
    {"[(1,2),(3,4e500)]", "error 22003: \"4e500\" is out of range for type double precision"},
};

const text_case path_inputs[] = {
    {"[(1,2),(3,4)]", "[(1,2),(3,4)]"},
    {"((1,2),(3,4))", "((1,2),(3,4))"},
    {"(1,2),(3,4)", "((1,2),(3,4))"},
    {"1,2,3,4", "((1,2),(3,4))"},
    {"(1,2,3,4)", "((1,2),(3,4))"},
    {"[1,2,3,4]", "[(1,2),(3,4)]"},
    {"(1,2)", "((1,2))"},
    {"1,2", "((1,2))"},
    {"[(1,2)]", "[(1,2)]"},
    {"((1,2))", "((1,2))"},
    {"  [ (1,2) ]  ", "[(1,2)]"},
    {"( (1,2),(3,4) ) ", "((1,2),(3,4))"},
    {"((1,2) ,(3,4))", "((1,2),(3,4))"},
    {"[(1,2),(3,4))", "[(1,2),(3,4)]"},
    {"((0,0),(1,1),(2,0))", "((0,0),(1,1),(2,0))"},
    {"[(1e-310,2e300),(0.1,-0)]", "[(1e-310,2e+300),(0.1,-0)]"},
};

const text_case path_input_errors[] = {
    {"(((1,2)))", "error 22P02: invalid input syntax for type path: \"(((1,2)))\""},
    {"1,2,3", "error 22P02: invalid input syntax for type path: \"1,2,3\""},
    {"", "error 22P02: invalid input syntax for type path: \"\""},
    {"()", "error 22P02: invalid input syntax for type path: \"()\""},
    {"[(1,2),(3,4)))", "error 22P02: invalid input syntax for type path: \"[(1,2),(3,4)))\""},
    {"((1,2),(3,4)]", "error 22P02: invalid input syntax for type path: \"((1,2),(3,4)]\""},
    {"(1,2),(3,4),", "error 22P02: invalid input syntax for type path: \"(1,2),(3,4),\""},
    {"[(1,2),(3,4),]", "error 22P02: invalid input syntax for type path: \"[(1,2),(3,4),]\""},
    {"(1,2),(3,4)]", "error 22P02: invalid input syntax for type path: \"(1,2),(3,4)]\""},
    {"[(1,2)(3,4)]", "error 22P02: invalid input syntax for type path: \"[(1,2)(3,4)]\""},
    {"((1,2)),(3,4)", "error 22P02: invalid input syntax for type path: \"((1,2)),(3,4)\""},
    {"x,1", "error 22P02: invalid input syntax for type path: \"x,1\""},
    {"[(1,2),(1e400,4)]", "error 22003: \"1e400\" is out of range for type double precision"},
};

const text_case polygon_inputs[] = {
    {"((0,0),(1,1),(2,0))", "((0,0),(1,1),(2,0))"},
    {"(0,0),(1,1),(2,0)", "((0,0),(1,1),(2,0))"},
    {"0,0,1,1,2,0", "((0,0),(1,1),(2,0))"},
    {"(0,0,1,1,2,0)", "((0,0),(1,1),(2,0))"},
    {"(1,2)", "((1,2))"},
    {"1,2", "((1,2))"},
    {"((1,2))", "((1,2))"},
    {"( (0,0) , (1,1) ) ", "((0,0),(1,1))"},
    {"((0.1,-0),(NaN,Infinity))", "((0.1,-0),(NaN,Infinity))"},
};

const text_case polygon_input_errors[] = {
    {"[(0,0),(1,1)]", "error 22P02: invalid input syntax for type polygon: \"[(0,0),(1,1)]\""},
    {"[1,2]", "error 22P02: invalid input syntax for type polygon: \"[1,2]\""},
    {"1,2,3", "error 22P02: invalid input syntax for type polygon: \"1,2,3\""},
    {"", "error 22P02: invalid input syntax for type polygon: \"\""},
    {"x", "error 22P02: invalid input syntax for type polygon: \"x\""},
    {"((0,0),(1,1),(2,0)", "error 22P02: invalid input syntax for type polygon: \"((0,0),(1,1),(2,0)\""},
    {"((0,0),(1,1),(2,0)))", "error 22P02: invalid input syntax for type polygon: \"((0,0),(1,1),(2,0)))\""},
    {"(0,0),(1,1),", "error 22P02: invalid input syntax for type polygon: \"(0,0),(1,1),\""},
    {"((0,0),(1,1),)", "error 22P02: invalid input syntax for type polygon: \"((0,0),(1,1),)\""},
    {"(1,2)(3,4)", "error 22P02: invalid input syntax for type polygon: \"(1,2)(3,4)\""},
    {"((1,2),(-1e400,3))", "error 22003: \"-1e400\" is out of range for type double precision"},
};

const text_case line_inputs[] = {
    {"{1,2,3}", "{1,2,3}"},
    {" { 1 , 2 , 3 } ", "{1,2,3}"},
    {"{-0,1,-0}", "{-0,1,-0}"},
    {"{0.0000011,0,1}", "{1.1e-06,0,1}"},
    {"{NaN,NaN,1}", "{NaN,NaN,1}"},
    {"{inf,0,1}", "{Infinity,0,1}"},
    {"{0,0.5,0x10}", "{0,0.5,16}"},
    {"[(1,2),(3,4)]", "{1,-1,1}"},
    {"(1,2),(3,4)", "{1,-1,1}"},
    {"1,2,3,4", "{1,-1,1}"},
    {"((1,2),(3,4))", "{1,-1,1}"},
    {"[(1,2),(1,4)]", "{-1,0,1}"},
    {"[(1,2),(3,2)]", "{0,-1,2}"},
    {"[(0,0),(1,3)]", "{3,-1,0}"},
    {"[(1,1),(2,3)]", "{2,-1,-1}"},
    {"[(0,0),(1,1)]", "{1,-1,0}"},
    {"[(2,2),(1,1)]", "{1,-1,0}"},
    {"[(1,-2),(3,-4)]", "{-1,-1,-1}"},
    {"[(0.1,0.2),(0.3,0.7)]", "{2.5,-1,-0.04999999999999999}"},
    {"[(1,2),(1.0000001,5)]", "{-1,0,1}"},
    {"[(NaN,1),(2,3)]", "{NaN,-1,NaN}"},
    {"[(1,NaN),(2,3)]", "{NaN,-1,NaN}"},
    {"[(NaN,1),(NaN,1.0000001)]", "{0,-1,1}"},
    {"[(NaN,1),(2,1)]", "{0,-1,1}"},
    {"[(1,NaN),(1.0000001,NaN)]", "{-1,0,1}"},
    {"[(inf,1),(2,3)]", "{0,-1,1}"},
    {"[(inf,1),(inf,3)]", "{-1,0,Infinity}"},
    {"[(1,2),(3,-inf)]", "{-1,0,1}"},
    {"[(1e-300,1e-300),(1e300,2e300)]", "{2,-1,-1e-300}"},
};

const text_case line_input_errors[] = {
    {"{0,0,1}", "error 22P02: invalid line specification: A and B cannot both be zero"},
    {"{0.0000001,0,1}", "error 22P02: invalid line specification: A and B cannot both be zero"},
    {"{0.000001,-0.000001,1}", "error 22P02: invalid line specification: A and B cannot both be zero"},
    {"{1,2}", "error 22P02: invalid input syntax for type line: \"{1,2}\""},
    {"{1,2,3,4}", "error 22P02: invalid input syntax for type line: \"{1,2,3,4}\""},
    {"{1,2,3} x", "error 22P02: invalid input syntax for type line: \"{1,2,3} x\""},
    {"{1,2,3", "error 22P02: invalid input syntax for type line: \"{1,2,3\""},
    {"{1,2,3},", "error 22P02: invalid input syntax for type line: \"{1,2,3},\""},
    {"1,2,3", "error 22P02: invalid input syntax for type line: \"1,2,3\""},
    {"{x,1,1}", "error 22P02: invalid input syntax for type line: \"{x,1,1}\""},
    {"{1e400,1,1}", "error 22003: \"1e400\" is out of range for type double precision"},
    {"", "error 22P02: invalid input syntax for type line: \"\""},
    {"[(1,2),(1,2)]", "error 22P02: invalid line specification: must be two distinct points"},
    {"[(1,2),(1.0000001,2.0000001)]", "error 22P02: invalid line specification: must be two distinct points"},
    {"[(NaN,NaN),(NaN,NaN)]", "error 22P02: invalid line specification: must be two distinct points"},
    {"[(NaN,1),(NaN,1)]", "error 22P02: invalid line specification: must be two distinct points"},
    {"[(1,NaN),(1,NaN)]", "error 22P02: invalid line specification: must be two distinct points"},
    {"[(-0,NaN),(0,NaN)]", "error 22P02: invalid line specification: must be two distinct points"},
    {"[(1e308,-1e308),(2,1e308)]", "error 22003: value out of range: overflow"},
    {"[(0,0),(0.000002,1e308)]", "error 22003: value out of range: overflow"},
    {"[(1e-300,0),(1e300,1)]", "error 22003: value out of range: underflow"},
    {"[(1,2),(3,4),(5,6)]", "error 22P02: invalid input syntax for type line: \"[(1,2),(3,4),(5,6)]\""},
};

const text_case circle_inputs[] = {
    {"<(1,2),3>", "<(1,2),3>"},
    {"((1,2),3)", "<(1,2),3>"},
    {"1,2,3", "<(1,2),3>"},
    {"(1,2),3", "<(1,2),3>"},
    {"<1,2,3>", "<(1,2),3>"},
    {" < ( 1 , 2 ) , 3 > ", "<(1,2),3>"},
    {"<(1,2)3>", "<(1,2),3>"},
    {"(1,2)3", "<(1,2),3>"},
    {"<(1,2),3)", "<(1,2),3>"},
    {"((1,2),3>", "<(1,2),3>"},
    {"<(1,2),-0>", "<(1,2),-0>"},
    {"<(1,2),NaN>", "<(1,2),NaN>"},
    {"<(1,2),inf>", "<(1,2),Infinity>"},
    {"<(0.1,-0),1e-5>", "<(0.1,-0),1e-05>"},
};

const text_case circle_input_errors[] = {
    {"(1,2,3)", "error 22P02: invalid input syntax for type circle: \"(1,2,3)\""},
    {"<(1,2),-3>", "error 22P02: invalid input syntax for type circle: \"<(1,2),-3>\""},
    {"<(1,2),-inf>", "error 22P02: invalid input syntax for type circle: \"<(1,2),-inf>\""},
    {"<(1,2),-1e-300>", "error 22P02: invalid input syntax for type circle: \"<(1,2),-1e-300>\""},
    {"<(1,2),3>>", "error 22P02: invalid input syntax for type circle: \"<(1,2),3>>\""},
    {"<(1,2),3", "error 22P02: invalid input syntax for type circle: \"<(1,2),3\""},
    {"((1,2),3", "error 22P02: invalid input syntax for type circle: \"((1,2),3\""},
    {"(((1,2),3))", "error 22P02: invalid input syntax for type circle: \"(((1,2),3))\""},
    {"<(1,2),3> x", "error 22P02: invalid input syntax for type circle: \"<(1,2),3> x\""},
    {"1,2", "error 22P02: invalid input syntax for type circle: \"1,2\""},
    {"", "error 22P02: invalid input syntax for type circle: \"\""},
    {"<(1,2),1e400>", "error 22003: \"1e400\" is out of range for type double precision"},
    {"<(1,2),x>", "error 22P02: invalid input syntax for type circle: \"<(1,2),x>\""},
    {"((1,2),3))", "error 22P02: invalid input syntax for type circle: \"((1,2),3))\""},
    {"<<(1,2),3>>", "error 22P02: invalid input syntax for type circle: \"<<(1,2),3>>\""},
};

// ---- Text input ----

TEST(BoxType, InputReadsEverySpellingAndPutsTheUpperRightCornerFirst) {
  expect_input_matches(box_oid, box_inputs);
  expect_output_reads_back_unchanged(box_oid, box_inputs);
}

TEST(BoxType, InputErrorsMatchPostgres) { expect_input_matches(box_oid, box_input_errors); }

TEST(LsegType, InputReadsBracketsParenthesesAndBareNumbers) {
  expect_input_matches(lseg_oid, lseg_inputs);
  expect_output_reads_back_unchanged(lseg_oid, lseg_inputs);
}

TEST(LsegType, InputErrorsMatchPostgres) { expect_input_matches(lseg_oid, lseg_input_errors); }

TEST(PathType, InputWithBracketsIsOpenAnyOtherSpellingClosed) {
  expect_input_matches(path_oid, path_inputs);
  expect_output_reads_back_unchanged(path_oid, path_inputs);
}

TEST(PathType, InputNeedsAnOddNumberOfCommasAndMatchingDelimiters) {
  expect_input_matches(path_oid, path_input_errors);
}

TEST(PolygonType, InputReadsPointsWithOrWithoutParentheses) {
  expect_input_matches(polygon_oid, polygon_inputs);
  expect_output_reads_back_unchanged(polygon_oid, polygon_inputs);
}

TEST(PolygonType, InputRejectsBracketsAndAnEvenNumberOfCommas) {
  expect_input_matches(polygon_oid, polygon_input_errors);
}

TEST(LineType, InputReadsCoefficientsOrTurnsTwoPointsIntoThemAsLineInDoes) {
  expect_input_matches(line_oid, line_inputs);
  expect_output_reads_back_unchanged(line_oid, line_inputs);
}

TEST(LineType, InputRejectsZeroCoefficientsSamePointsOverflowAndBadSyntax) {
  expect_input_matches(line_oid, line_input_errors);
}

TEST(CircleType, InputReadsAngleBracketParenthesisAndBareForms) {
  expect_input_matches(circle_oid, circle_inputs);
  expect_output_reads_back_unchanged(circle_oid, circle_inputs);
}

TEST(CircleType, InputRejectsNegativeRadiusAndUnbalancedDelimiters) {
  expect_input_matches(circle_oid, circle_input_errors);
}

// ---- Text output ----

TEST(GeometricTypes, OutputIsTheStoredTextWhenExtraFloatDigitsIsPositive) {
  const sql_value stored{std::string("(1e+20,0.3333333333333333),(0.30000000000000004,-0)")};
  for (const int digits : {1, 2, 3}) {
    type_settings settings;
    settings.extra_float_digits = digits;
    EXPECT_EQ(geometric_codec().format_text(builtin_column_type(box_oid), stored, settings),
              "(1e+20,0.3333333333333333),(0.30000000000000004,-0)");
  }
}

// {oid, extra_float_digits, stored text, what PostgreSQL prints}
struct rounded_case {
  oid_t oid;
  int extra_float_digits;
  std::string_view stored;
  std::string_view expected;
};

const rounded_case rounded_outputs[] = {
    {603, 0, "(1e+20,0.3333333333333333),(0.30000000000000004,-0)", "(1e+20,0.333333333333333),(0.3,-0)"},
    {601, 0, "[(1.2345678901234567,NaN),(Infinity,-Infinity)]", "[(1.23456789012346,NaN),(Infinity,-Infinity)]"},
    {628, 0, "{0.30000000000000004,-1,1.2345678901234568e+17}", "{0.3,-1,1.23456789012346e+17}"},
    {718, 0, "<(1e-05,0.0001),0.30000000000000004>", "<(1e-05,0.0001),0.3>"},
    {602, 0, "[(1,2),(0.30000000000000004,3)]", "[(1,2),(0.3,3)]"},
    {604, 0, "((0.30000000000000004,1e+100),(123456.7,-0.000123456789))", "((0.3,1e+100),(123456.7,-0.000123456789))"},
    {603, -5, "(1e+20,0.3333333333333333),(0.30000000000000004,-0)", "(1e+20,0.3333333333),(0.3,-0)"},
    {601, -5, "[(1.2345678901234567,NaN),(Infinity,-Infinity)]", "[(1.23456789,NaN),(Infinity,-Infinity)]"},
    {628, -5, "{0.30000000000000004,-1,1.2345678901234568e+17}", "{0.3,-1,1.23456789e+17}"},
    {718, -5, "<(1e-05,0.0001),0.30000000000000004>", "<(1e-05,0.0001),0.3>"},
    {602, -5, "[(1,2),(0.30000000000000004,3)]", "[(1,2),(0.3,3)]"},
    {604, -5, "((0.30000000000000004,1e+100),(123456.7,-0.000123456789))", "((0.3,1e+100),(123456.7,-0.000123456789))"},
    {603, -15, "(1e+20,0.3333333333333333),(0.30000000000000004,-0)", "(1e+20,0.3),(0.3,-0)"},
    {601, -15, "[(1.2345678901234567,NaN),(Infinity,-Infinity)]", "[(1,NaN),(Infinity,-Infinity)]"},
    {628, -15, "{0.30000000000000004,-1,1.2345678901234568e+17}", "{0.3,-1,1e+17}"},
    {718, -15, "<(1e-05,0.0001),0.30000000000000004>", "<(1e-05,0.0001),0.3>"},
    {602, -15, "[(1,2),(0.30000000000000004,3)]", "[(1,2),(0.3,3)]"},
    {604, -15, "((0.30000000000000004,1e+100),(123456.7,-0.000123456789))", "((0.3,1e+100),(1e+05,-0.0001))"},
};

TEST(GeometricTypes, OutputRoundsEachNumberToFifteenPlusExtraDigitsWhenNotPositive) {
  for (const auto& c : rounded_outputs) {
    type_settings settings;
    settings.extra_float_digits = c.extra_float_digits;
    EXPECT_EQ(geometric_codec().format_text(builtin_column_type(c.oid),
                                            sql_value{std::string(c.stored)}, settings),
              c.expected)
        << c.stored << " at " << c.extra_float_digits;
  }
}

TEST(GeometricTypes, ReprintCoordinatesAlsoServesPointText) {
  type_settings settings;
  settings.extra_float_digits = 0;
  // PostgreSQL: set extra_float_digits = 0; select '(0.30000000000000004,1)'::point
  EXPECT_EQ(reprint_coordinates("(0.30000000000000004,1)", settings), "(0.3,1)");
}

TEST(GeometricTypes, OutputOfAnotherToolsValueKeepsWhatIsNoNumber) {  // Tributary's own rule
  type_settings settings;
  settings.extra_float_digits = 0;
  const column_type box = builtin_column_type(box_oid);
  EXPECT_EQ(geometric_codec().format_text(box, sql_value{std::string("(a,0.30000000000000004)")},
                                          settings),
            "(a,0.3)");
  EXPECT_EQ(geometric_codec().format_text(box, sql_value{int64_t{7}}, settings), "7");
  EXPECT_EQ(geometric_codec().format_text(box, sql_value{int64_t{7}}, type_settings{}), "7");
}

// ---- Binary ----

// {oid, output text, <type>_send bytes}
struct binary_case {
  oid_t oid;
  std::string_view text;
  std::string_view hex;
};

const binary_case binary_values[] = {
    {628, "{1,2,3}", "3ff000000000000040000000000000004008000000000000"},
    {628, "{-0,1,NaN}", "80000000000000003ff00000000000007ff8000000000000"},
    {628, "{Infinity,-1,-Infinity}", "7ff0000000000000bff0000000000000fff0000000000000"},
    {601, "[(1,2),(3,4)]", "3ff0000000000000400000000000000040080000000000004010000000000000"},
    {601, "[(0.1,-0),(NaN,-Infinity)]", "3fb999999999999a80000000000000007ff8000000000000fff0000000000000"},
    {603, "(3,4),(1,2)", "400800000000000040100000000000003ff00000000000004000000000000000"},
    {603, "(NaN,3),(2,1)", "7ff8000000000000400800000000000040000000000000003ff0000000000000"},
    {603, "(-0,-0),(0,0)", "8000000000000000800000000000000000000000000000000000000000000000"},
    {603, "(1e+20,0.2),(0.1,-0)", "4415af1d78b58c403fc999999999999a3fb999999999999a8000000000000000"},
    {602, "[(1,2),(3,4)]", "00000000023ff0000000000000400000000000000040080000000000004010000000000000"},
    {602, "((1,2))", "01000000013ff00000000000004000000000000000"},
    {602, "((0,0),(1,1),(2,0))", "0100000003000000000000000000000000000000003ff00000000000003ff000000000000040000000000000000000000000000000"},
    {604, "((1,2))", "000000013ff00000000000004000000000000000"},
    {604, "((0,0),(1,1),(2,0))", "00000003000000000000000000000000000000003ff00000000000003ff000000000000040000000000000000000000000000000"},
    {604, "((0.1,-0),(NaN,Infinity))", "000000023fb999999999999a80000000000000007ff80000000000007ff0000000000000"},
    {718, "<(1,2),3>", "3ff000000000000040000000000000004008000000000000"},
    {718, "<(0.1,-0),1e-05>", "3fb999999999999a80000000000000003ee4f8b588e368f1"},
    {718, "<(1,2),NaN>", "3ff000000000000040000000000000007ff8000000000000"},
    {718, "<(1,2),Infinity>", "3ff000000000000040000000000000007ff0000000000000"},
};

TEST(GeometricTypes, BinaryIsTheSendFunctionsFloat8sBothWays) {
  for (const auto& c : binary_values) {
    EXPECT_EQ(received(c.oid, c.hex), c.text) << "receive " << c.hex;
    EXPECT_EQ(sent(c.oid, c.text), c.hex) << "send " << c.text;
  }
}

TEST(BoxType, ReceiveReordersTheCorners) {
  EXPECT_EQ(received(box_oid, "3ff0000000000000400000000000000040080000000000004010000000000000"),
            "(3,4),(1,2)");  // high (1,2), low (3,4)
  EXPECT_EQ(received(box_oid, "3ff00000000000007ff800000000000040080000000000004010000000000000"),
            "(3,NaN),(1,4)");  // NaN sorts above every number
  EXPECT_EQ(received(box_oid, "8000000000000000000000000000000000000000000000008000000000000000"),
            "(-0,0),(0,-0)");  // -0 is not below 0
}

TEST(PathType, ReceiveTakesAnyNonzeroFlagAsClosed) {
  EXPECT_EQ(received(path_oid, "05000000013ff00000000000004000000000000000"), "((1,2))");
}

TEST(CircleType, ReceiveAcceptsNegativeZeroAndNaNRadius) {
  EXPECT_EQ(received(circle_oid, "3ff000000000000040000000000000008000000000000000"),
            "<(1,2),-0>");
  EXPECT_EQ(received(circle_oid, "3ff000000000000040000000000000007ff8000000000000"),
            "<(1,2),NaN>");
}

TEST(LineType, ReceiveRejectsCoefficientsAAndBBothWithinEpsilonOfZero) {
  const std::string zero = "error 22P03: invalid line specification: A and B cannot both be zero";
  EXPECT_EQ(received(line_oid, "000000000000000000000000000000004008000000000000"), zero);
  EXPECT_EQ(received(line_oid, "3e7ad7f29abcaf4800000000000000004008000000000000"), zero);  // 1e-7
  EXPECT_EQ(received(line_oid, "00000000000000003eb0c6f7a0b5ed8d3ff0000000000000"), zero);  // 1e-6
  EXPECT_EQ(received(line_oid, "00000000000000003eb27476ca61b8823ff0000000000000"),
            "{0,1.1e-06,1}");
  EXPECT_EQ(received(line_oid, "7ff80000000000007ff80000000000003ff0000000000000"),
            "{NaN,NaN,1}");
}

TEST(CircleType, ReceiveRejectsNegativeRadius) {
  EXPECT_EQ(received(circle_oid, "3ff00000000000004000000000000000c008000000000000"),
            "error 22P03: invalid radius in external \"circle\" value");
}

TEST(GeometricTypes, ReceiveReportsMissingBytesAndBytesLeftOver) {
  const std::string short_message = "error 08P01: insufficient data left in message";
  const std::string left_over = "error 22P03: incorrect binary data format";
  EXPECT_EQ(received(box_oid, "3ff000000000000040000000000000004008000000000000"), short_message);
  EXPECT_EQ(received(box_oid, "3ff000000000000040000000000000004008000000000000401000000000000000"),
            left_over);
  EXPECT_EQ(received(lseg_oid, "3ff000000000000040000000000000004008000000000000"), short_message);
  EXPECT_EQ(received(lseg_oid, "3ff000000000000040000000000000004008000000000000401000000000000000"),
            left_over);
  EXPECT_EQ(received(line_oid, "3ff00000000000004000000000000000"), short_message);
  EXPECT_EQ(received(circle_oid, "3ff00000000000004000000000000000"), short_message);
  EXPECT_EQ(received(circle_oid, "3ff00000000000004000000000000000400800000000000000"), left_over);
  EXPECT_EQ(received(path_oid, ""), "error 08P01: no data left in message");
  EXPECT_EQ(received(path_oid, "00"), short_message);
  EXPECT_EQ(received(path_oid, "0000"), short_message);
  EXPECT_EQ(received(path_oid, "00000000023ff000000000000040000000000000004008000000000000"),
            short_message);
  EXPECT_EQ(received(path_oid, "01000000013ff0000000000000"), short_message);
  EXPECT_EQ(received(path_oid, "00000000013ff0000000000000400000000000000000"), left_over);
  EXPECT_EQ(received(polygon_oid, "000000"), short_message);
  EXPECT_EQ(received(polygon_oid, "000000013ff0000000000000"), short_message);
  EXPECT_EQ(received(polygon_oid,
                     "000000023ff0000000000000400000000000000040080000000000004010000000000000ff"),
            left_over);
}

TEST(PathType, ReceiveChecksThePointCountThenPallocsLimit) {
  const std::string invalid = "error 22P03: invalid number of points in external \"path\" value";
  EXPECT_EQ(received(path_oid, "0000000000"), invalid);
  EXPECT_EQ(received(path_oid, "00ffffffff"), invalid);
  EXPECT_EQ(received(path_oid, "0007fffffe"), invalid);
  EXPECT_EQ(received(path_oid, "0007fffffd"), "error XX000: invalid memory alloc request size 2147483616");
  EXPECT_EQ(received(path_oid, "0004000000"), "error XX000: invalid memory alloc request size 1073741840");
  EXPECT_EQ(received(path_oid, "0003ffffff"), "error XX000: invalid memory alloc request size 1073741824");
}

TEST(PolygonType, ReceiveChecksThePointCountThenPallocsLimit) {
  const std::string invalid = "error 22P03: invalid number of points in external \"polygon\" value";
  EXPECT_EQ(received(polygon_oid, "00000000"), invalid);
  EXPECT_EQ(received(polygon_oid, "07fffffd"), invalid);
  EXPECT_EQ(received(polygon_oid, "07fffffc"), "error XX000: invalid memory alloc request size 2147483624");
  EXPECT_EQ(received(polygon_oid, "03fffffe"), "error XX000: invalid memory alloc request size 1073741832");
  EXPECT_EQ(received(polygon_oid, "03fffffd"), "error 08P01: insufficient data left in message");
}

TEST(GeometricTypes, SendReadsAnyInputSpellingOfTheStoredText) {
  EXPECT_EQ(sent(line_oid, "[(1,2),(3,4)]"), "3ff0000000000000bff00000000000003ff0000000000000");
  EXPECT_EQ(sent(path_oid, "1,2,3,4"),
            "01000000023ff0000000000000400000000000000040080000000000004010000000000000");
  EXPECT_EQ(sent(box_oid, "1,2,3,4"),
            "400800000000000040100000000000003ff00000000000004000000000000000");
  EXPECT_EQ(sent(polygon_oid, "0,0,1,1"),
            "00000002000000000000000000000000000000003ff00000000000003ff0000000000000");
  EXPECT_EQ(sent(circle_oid, "1,2,3"), "3ff000000000000040000000000000004008000000000000");
  EXPECT_EQ(sent(lseg_oid, " 1 , 2 , 3 , 4 "),
            "3ff0000000000000400000000000000040080000000000004010000000000000");
}

TEST(CircleType, SendKeepsANegativeRadiusThatCircleOfPointAndRadiusMade) {
  // select circle(point '(0,0)', -1) prints <(0,0),-1>; circle_send sends it.
  EXPECT_EQ(sent(circle_oid, "<(0,0),-1>"), "00000000000000000000000000000000bff0000000000000");
}

TEST(GeometricTypes, SendOfATextNoInputFunctionReadsFillsMissingNumbersWithNaN) {  // Tributary's rule
  EXPECT_EQ(sent(box_oid, "abc"),
            "7ff80000000000007ff80000000000007ff80000000000007ff8000000000000");
  EXPECT_EQ(sent(line_oid, "{0,0,1}"), "000000000000000000000000000000003ff0000000000000");
  EXPECT_EQ(sent(path_oid, "[(1,2),(3"),
            "00000000023ff0000000000000400000000000000040080000000000007ff8000000000000");
  EXPECT_EQ(sent(polygon_oid, ""), "000000017ff80000000000007ff8000000000000");
  EXPECT_EQ(sent_stored(circle_oid, sql_value{int64_t{5}}),
            "40140000000000007ff80000000000007ff8000000000000");
}

}  // namespace
}  // namespace tributary
