// Specification of copy_format: the COPY TO STDOUT text and binary readers,
// fed as a byte stream cut anywhere.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "stages/pipeline/copy_format.hpp"

namespace tributary {
namespace {

using row = std::vector<std::optional<std::string>>;

std::vector<row> rows_of(const copy_rows& rows) {
  std::vector<row> out;
  for (size_t r = 0; r < rows.size(); ++r) {
    row one;
    for (size_t c = 0; c < rows.columns(); ++c)
      one.push_back(rows.is_null(r, c) ? std::nullopt : std::optional<std::string>(rows.value(r, c)));
    out.push_back(std::move(one));
  }
  return out;
}

// Feeds `pieces` in order, then finishes; fails the test on any error.
std::vector<row> parse_all(copy_format format, std::vector<std::string> names,
                           const std::vector<std::string>& pieces) {
  copy_parser parser(format, names);
  copy_rows rows(names.size());
  for (const auto& p : pieces) {
    auto r = parser.feed(p, rows);
    EXPECT_TRUE(r.ok()) << r.error().to_string();
    if (!r)
      return {};
  }
  auto f = parser.finish();
  EXPECT_TRUE(f.ok()) << f.error().to_string();
  return rows_of(rows);
}

// The first error feeding `pieces` (and finishing) gives.
std::optional<copy_format_error> first_error(copy_format format, std::vector<std::string> names,
                                             const std::vector<std::string>& pieces) {
  copy_parser parser(format, names);
  copy_rows rows(names.size());
  for (const auto& p : pieces)
    if (auto r = parser.feed(p, rows); !r)
      return r.error();
  if (auto f = parser.finish(); !f)
    return f.error();
  return std::nullopt;
}

std::string be16(int16_t v) {
  auto u = static_cast<uint16_t>(v);
  return {static_cast<char>(u >> 8), static_cast<char>(u & 0xff)};
}

std::string be32(int32_t v) {
  auto u = static_cast<uint32_t>(v);
  return {static_cast<char>(u >> 24), static_cast<char>((u >> 16) & 0xff), static_cast<char>((u >> 8) & 0xff),
          static_cast<char>(u & 0xff)};
}

const std::string signature("PGCOPY\n\377\r\n\0", 11);

std::string binary_header(uint32_t flags = 0, const std::string& extension = {}) {
  return signature + be32(static_cast<int32_t>(flags)) + be32(static_cast<int32_t>(extension.size())) + extension;
}

std::string binary_tuple(const std::vector<std::optional<std::string>>& fields) {
  std::string out = be16(static_cast<int16_t>(fields.size()));
  for (const auto& f : fields)
    out += f ? be32(static_cast<int32_t>(f->size())) + *f : be32(-1);
  return out;
}

const std::string trailer = be16(-1);

// --- text ----------------------------------------------------------------------

TEST(CopyTextFormat, SplitsLinesOnLfAndFieldsOnTab) {
  auto rows = parse_all(copy_format::text, {"a", "b"}, {"1\tone\n2\ttwo\n"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0], (row{"1", "one"}));
  EXPECT_EQ(rows[1], (row{"2", "two"}));
}

TEST(CopyTextFormat, BackslashNIsNullButEscapedBackslashNIsText) {
  auto rows = parse_all(copy_format::text, {"a", "b", "c"}, {"\\N\t\\\\N\t\n"});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0][0], std::nullopt);
  EXPECT_EQ(rows[0][1], std::optional<std::string>("\\N"));
  EXPECT_EQ(rows[0][2], std::optional<std::string>(""));  // empty string, not NULL
}

TEST(CopyTextFormat, UnescapesControlCharactersBackslashOctalAndHex) {
  auto rows = parse_all(copy_format::text, {"a", "b", "c", "d"},
                        {"\\b\\f\\n\\r\\t\\v\\\\\t\\101\\7\\0601\t\\x41\\x4\\xg\t\\q\\.\n"});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0][0], std::optional<std::string>("\b\f\n\r\t\v\\"));
  EXPECT_EQ(rows[0][1], std::optional<std::string>(std::string("A\x07") + "01"));  // \060 then "1"
  EXPECT_EQ(rows[0][2], std::optional<std::string>("A\x04xg"));
  EXPECT_EQ(rows[0][3], std::optional<std::string>("q."));
}

TEST(CopyTextFormat, EscapedTabAndEscapedLfStayInsideTheField) {
  auto rows = parse_all(copy_format::text, {"a", "b"}, {"x\\\ty\tline\\\nbreak\n"});
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0], (row{"x\ty", "line\nbreak"}));
}

TEST(CopyTextFormat, EvenBackslashesBeforeLfEndTheLine) {
  auto rows = parse_all(copy_format::text, {"a"}, {"a\\\\\nb\n"});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0], (row{"a\\"}));
  EXPECT_EQ(rows[1], (row{"b"}));
}

TEST(CopyTextFormat, EveryChunkBoundaryGivesTheSameRows) {
  const std::string sample = "1\t\\N\tplain\n22\t\\\\N\ttab\\there\n333\t\\x41\\101\tnew\\\nline\\\\\n\t\t\n";
  const std::vector<row> expected = {{"1", std::nullopt, "plain"},
                                     {"22", "\\N", "tab\there"},
                                     {"333", "AA", "new\nline\\"},
                                     {"", "", ""}};
  EXPECT_EQ(parse_all(copy_format::text, {"a", "b", "c"}, {sample}), expected);
  for (size_t cut = 0; cut <= sample.size(); ++cut)
    EXPECT_EQ(parse_all(copy_format::text, {"a", "b", "c"}, {sample.substr(0, cut), sample.substr(cut)}), expected)
        << "cut at " << cut;
  std::vector<std::string> bytes;
  for (char c : sample)
    bytes.emplace_back(1, c);
  EXPECT_EQ(parse_all(copy_format::text, {"a", "b", "c"}, bytes), expected);
}

TEST(CopyTextFormat, MissingColumnNamesTheColumnAndTheLine) {
  auto e = first_error(copy_format::text, {"a", "b", "c"}, {"1\t2\t3\n4\t5\n"});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "missing data for column \"c\"");
  EXPECT_EQ(e->line, 2u);
  EXPECT_EQ(e->to_string(), "missing data for column \"c\" (line 2)");
}

TEST(CopyTextFormat, ExtraColumnIsAnError) {
  auto e = first_error(copy_format::text, {"a"}, {"1\t2\n"});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "extra data after last expected column");
  EXPECT_EQ(e->line, 1u);
}

TEST(CopyTextFormat, BatchKeepsOnlyWholeRowsAfterAnError) {
  copy_parser parser(copy_format::text, {"a", "b"});
  copy_rows rows(2);
  ASSERT_FALSE(parser.feed("1\tx\n2\n", rows).ok());
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows_of(rows)[0], (row{"1", "x"}));
}

TEST(CopyTextFormat, DataWithoutFinalNewlineIsUnexpectedEof) {
  auto e = first_error(copy_format::text, {"a"}, {"1\n2"});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "unexpected EOF in COPY data");
  EXPECT_EQ(e->line, 2u);
}

TEST(CopyTextFormat, ZeroColumnsReadsEmptyLinesAsRows) {
  copy_parser parser(copy_format::text, {});
  copy_rows rows(0);
  ASSERT_TRUE(parser.feed("\n\n", rows).ok());
  EXPECT_EQ(rows.size(), 2u);
  EXPECT_FALSE(parser.feed("x\n", rows).ok());
}

TEST(CopyTextFormat, ClearEmptiesTheBatchAndLineNumbersContinue) {
  copy_parser parser(copy_format::text, {"a"});
  copy_rows rows(1);
  ASSERT_TRUE(parser.feed("1\n2\n", rows).ok());
  rows.clear();
  EXPECT_TRUE(rows.empty());
  EXPECT_EQ(rows.byte_size(), 0u);
  auto r = parser.feed("3\t4\n", rows);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().line, 3u);
  EXPECT_EQ(parser.rows(), 2u);
}

// --- binary ----------------------------------------------------------------------

TEST(CopyBinaryFormat, ReadsHeaderTuplesNullsEmptyValuesAndTrailer) {
  std::string data = binary_header() + binary_tuple({std::string("\0\0\0\1", 4), std::nullopt}) +
                     binary_tuple({std::string(), std::string("xyz")}) + trailer;
  auto rows = parse_all(copy_format::binary, {"a", "b"}, {data});
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0], (row{std::string("\0\0\0\1", 4), std::nullopt}));
  EXPECT_EQ(rows[1], (row{"", "xyz"}));
}

TEST(CopyBinaryFormat, EveryChunkBoundaryGivesTheSameRows) {
  const std::string data = binary_header(0x0000ffff, "ext") + binary_tuple({std::string("\xff\x00\n", 3), std::nullopt}) +
                           binary_tuple({std::nullopt, std::string(300, 'q')}) + trailer;
  const std::vector<row> expected = {{std::string("\xff\x00\n", 3), std::nullopt}, {std::nullopt, std::string(300, 'q')}};
  for (size_t cut = 0; cut <= data.size(); ++cut)
    EXPECT_EQ(parse_all(copy_format::binary, {"a", "b"}, {data.substr(0, cut), data.substr(cut)}), expected)
        << "cut at " << cut;
  std::vector<std::string> bytes;
  for (char c : data)
    bytes.emplace_back(1, c);
  EXPECT_EQ(parse_all(copy_format::binary, {"a", "b"}, bytes), expected);
}

TEST(CopyBinaryFormat, HeaderAndTrailerAloneAreAnEmptyTable) {
  EXPECT_TRUE(parse_all(copy_format::binary, {"a"}, {binary_header() + trailer}).empty());
}

TEST(CopyBinaryFormat, WrongSignatureIsRejected) {
  std::string bad = binary_header();
  bad[0] = 'X';
  auto e = first_error(copy_format::binary, {"a"}, {bad + trailer});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "COPY file signature not recognized");
  EXPECT_EQ(e->line, 0u);
}

TEST(CopyBinaryFormat, OidFlagAndUnknownCriticalFlagsAreRejected) {
  auto oids = first_error(copy_format::binary, {"a"}, {binary_header(1u << 16) + trailer});
  ASSERT_TRUE(oids);
  EXPECT_EQ(oids->message, "invalid COPY file header (WITH OIDS)");
  auto critical = first_error(copy_format::binary, {"a"}, {binary_header(1u << 20) + trailer});
  ASSERT_TRUE(critical);
  EXPECT_EQ(critical->message, "unrecognized critical flags in COPY file header");
}

TEST(CopyBinaryFormat, NegativeExtensionLengthIsRejected) {
  auto e = first_error(copy_format::binary, {"a"}, {signature + be32(0) + be32(-5) + trailer});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "invalid COPY file header (missing length)");
}

TEST(CopyBinaryFormat, WrongFieldCountNamesBothCounts) {
  auto e = first_error(copy_format::binary, {"a", "b"},
                       {binary_header() + binary_tuple({std::string("1"), std::string("2")}) +
                        binary_tuple({std::string("1")}) + trailer});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "row field count is 1, expected 2");
  EXPECT_EQ(e->line, 2u);
}

TEST(CopyBinaryFormat, FieldLengthBelowMinusOneIsInvalid) {
  auto e = first_error(copy_format::binary, {"a"}, {binary_header() + be16(1) + be32(-2) + trailer});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "invalid field size");
}

TEST(CopyBinaryFormat, DataAfterTheTrailerIsRejected) {
  auto e = first_error(copy_format::binary, {"a"}, {binary_header() + trailer, binary_tuple({std::string("1")})});
  ASSERT_TRUE(e);
  EXPECT_EQ(e->message, "received copy data after EOF marker");
}

TEST(CopyBinaryFormat, EndWithoutTrailerOrInsideATupleIsUnexpectedEof) {
  auto no_trailer = first_error(copy_format::binary, {"a"}, {binary_header() + binary_tuple({std::string("1")})});
  ASSERT_TRUE(no_trailer);
  EXPECT_EQ(no_trailer->message, "unexpected EOF in COPY data");
  EXPECT_EQ(no_trailer->line, 2u);
  auto cut_tuple = first_error(copy_format::binary, {"a"}, {binary_header() + be16(1) + be32(10) + "abc"});
  ASSERT_TRUE(cut_tuple);
  EXPECT_EQ(cut_tuple->message, "unexpected EOF in COPY data");
  auto no_header = first_error(copy_format::binary, {"a"}, {signature});
  ASSERT_TRUE(no_header);
  EXPECT_EQ(no_header->line, 0u);
}

}  // namespace
}  // namespace tributary
