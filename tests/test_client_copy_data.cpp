// Specification of a client's COPY data: copy_parser with COPY's options (CSV,
// delimiters, NULL markers, header, end marker) and copy_row_writer, the lines
// of COPY TO. Every input is also fed one byte at a time: a CopyData message may
// end anywhere.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "stages/pipeline/copy_format.hpp"
#include "stages/sql/copy_output.hpp"

namespace tributary {
namespace {

using row = std::vector<std::optional<std::string>>;

struct parsed {
  std::vector<row> rows;
  std::optional<copy_format_error> error;
};

parsed parse(copy_format format, copy_text_options options, size_t columns, const std::string& data,
             size_t piece) {
  std::vector<std::string> names;
  for (size_t i = 0; i < columns; ++i)
    names.push_back("c" + std::to_string(i + 1));
  options.client_data = true;
  copy_parser parser(format, names, options);
  copy_rows rows(columns);
  parsed out;
  for (size_t at = 0; at < data.size() && !out.error; at += piece)
    if (auto r = parser.feed(data.substr(at, piece), rows); !r)
      out.error = r.error();
  if (!out.error)
    if (auto r = parser.finish(rows); !r)
      out.error = r.error();
  for (size_t r = 0; r < rows.size(); ++r) {
    row one;
    for (size_t c = 0; c < columns; ++c)
      one.push_back(rows.is_null(r, c) ? std::nullopt : std::optional<std::string>(rows.value(r, c)));
    out.rows.push_back(std::move(one));
  }
  return out;
}

// Whole and byte by byte: the same rows.
std::vector<row> rows_of(copy_format format, copy_text_options options, size_t columns,
                         const std::string& data) {
  parsed whole = parse(format, options, columns, data, data.size() + 1);
  parsed bytewise = parse(format, options, columns, data, 1);
  EXPECT_FALSE(whole.error) << whole.error->to_string();
  EXPECT_EQ(whole.rows, bytewise.rows) << data;
  return whole.rows;
}

copy_text_options csv_options() {
  copy_text_options o;
  o.delimiter = ',';
  o.null_marker = "";
  return o;
}

TEST(ClientCopyData, CsvQuotesHoldDelimitersQuotesAndLineBreaks) {
  EXPECT_EQ(rows_of(copy_format::csv, csv_options(), 3, "1,\"a,b\",\"say \"\"hi\"\"\"\n2,\"two\nlines\",x\n"),
            (std::vector<row>{{"1", "a,b", "say \"hi\""}, {"2", "two\nlines", "x"}}));
}

TEST(ClientCopyData, CsvNullIsAnUnquotedMatchOfTheMarker) {
  EXPECT_EQ(rows_of(copy_format::csv, csv_options(), 3, "1,,\"\"\n"),
            (std::vector<row>{{"1", std::nullopt, ""}}));
  copy_text_options forced = csv_options();
  forced.force_not_null = {false, true, false};
  forced.force_null = {false, false, true};
  EXPECT_EQ(rows_of(copy_format::csv, forced, 3, "1,,\"\"\n"), (std::vector<row>{{"1", "", std::nullopt}}));
}

TEST(ClientCopyData, CsvWithAnotherEscapeAndCrLfLines) {
  copy_text_options o = csv_options();
  o.quote = '\'';
  o.escape = '\\';
  EXPECT_EQ(rows_of(copy_format::csv, o, 2, "1,'it\\'s \\\\ here'\r\n2,x\r\n"),
            (std::vector<row>{{"1", "it's \\ here"}, {"2", "x"}}));
}

TEST(ClientCopyData, HeaderIsSkippedAndEndMarkerEndsTheData) {
  copy_text_options o;
  o.header = true;
  EXPECT_EQ(rows_of(copy_format::text, o, 2, "a\tb\n1\t\\N\n\\.\nignored\tafter\n"),
            (std::vector<row>{{"1", std::nullopt}}));
}

TEST(ClientCopyData, TextTakesAnotherDelimiterAndNullMarker) {
  copy_text_options o;
  o.delimiter = '|';
  o.null_marker = "NULL";
  EXPECT_EQ(rows_of(copy_format::text, o, 3, "1|NULL|a\\|b\n2|\\N|last line without LF"),
            (std::vector<row>{{"1", std::nullopt, "a|b"}, {"2", "N", "last line without LF"}}));
}

TEST(ClientCopyData, ErrorsNameTheLineAndKeepItsText) {
  parsed missing = parse(copy_format::text, {}, 2, "1\tx\n2\n", 100);
  ASSERT_TRUE(missing.error);
  EXPECT_EQ(missing.error->message, "missing data for column \"c2\"");
  EXPECT_EQ(missing.error->line, 2u);
  EXPECT_EQ(missing.error->line_text, "2");
  parsed open_quote = parse(copy_format::csv, csv_options(), 2, "1,\"ab\n", 100);
  ASSERT_TRUE(open_quote.error);
  EXPECT_EQ(open_quote.error->message, "unterminated CSV quoted field");
  EXPECT_EQ(open_quote.error->line_text, "1,\"ab\n");
  EXPECT_EQ(open_quote.error->line, 1u);  // no line end seen before it: PostgreSQL counts none
  parsed open_later = parse(copy_format::csv, csv_options(), 2, "0,z\n1,\"a\nb\n", 100);
  ASSERT_TRUE(open_later.error);
  EXPECT_EQ(open_later.error->line, 4u);  // line 2, then its two line breaks
  // Lines inside quoted fields count, as PostgreSQL counts them: after the first line end.
  parsed extra = parse(copy_format::csv, csv_options(), 2, "1,\"a\nb\"\n2,x,y\n", 100);
  ASSERT_TRUE(extra.error);
  EXPECT_EQ(extra.error->message, "extra data after last expected column");
  EXPECT_EQ(extra.error->line, 2u);
  parsed extra_later = parse(copy_format::csv, csv_options(), 2, "0,z\n1,\"a\nb\"\n2,x,y\n", 100);
  ASSERT_TRUE(extra_later.error);
  EXPECT_EQ(extra_later.error->line, 4u);
}

std::string written(copy_format format, copy_text_options options, const std::vector<row>& rows,
                    std::vector<bool> force_quote = {}) {
  copy_row_writer writer(format, options, std::move(force_quote));
  std::string out;
  writer.begin({"id", "s"}, out);
  for (const auto& r : rows)
    writer.row(r, out);
  writer.end(out);
  return out;
}

TEST(ClientCopyData, TextOutputEscapesControlsBackslashAndDelimiter) {
  EXPECT_EQ(written(copy_format::text, {}, {{"1", "a\tb\\c\nd"}, {"2", std::nullopt}}),
            "1\ta\\tb\\\\c\\nd\n2\t\\N\n");
  copy_text_options o;
  o.delimiter = '|';
  o.header = true;
  EXPECT_EQ(written(copy_format::text, o, {{"1", "x|y"}}), "id|s\n1|x\\|y\n");
}

TEST(ClientCopyData, CsvOutputQuotesOnlyWhatMustBeQuoted) {
  copy_text_options o = csv_options();
  o.header = true;
  EXPECT_EQ(written(copy_format::csv, o, {{"1", "a,b"}, {"2", ""}, {"3", std::nullopt}, {"4", "say \"hi\""}}),
            "id,s\n1,\"a,b\"\n2,\"\"\n3,\n4,\"say \"\"hi\"\"\"\n");
  EXPECT_EQ(written(copy_format::csv, csv_options(), {{"1", "x"}}, {false, true}), "1,\"x\"\n");
}

TEST(ClientCopyData, BinaryOutputHasHeaderTuplesAndTrailer) {
  const std::string out = written(copy_format::binary, {}, {{std::string("\0\0\0\1", 4), std::nullopt}});
  EXPECT_EQ(out, std::string("PGCOPY\n\377\r\n\0\0\0\0\0\0\0\0\0", 19) +
                     std::string("\0\2\0\0\0\4\0\0\0\1\377\377\377\377", 14) + std::string("\377\377", 2));
}

}  // namespace
}  // namespace tributary
