// datetime_format_input: the fields to_timestamp / to_date read by a pattern, and
// their errors, as PostgreSQL 15's (the cases below are PostgreSQL 15's answers).
#include <gtest/gtest.h>

#include "stages/sql/datetime_format_input.hpp"

namespace tributary {
namespace {

std::string read(const std::string& input, const std::string& pattern) {
  auto f = read_datetime_format(input, pattern);
  if (!f)
    return "ERROR " + f.error().sqlstate + ": " + f.error().message;
  char out[64];
  std::snprintf(out, sizeof out, "%04lld-%02d-%02d %02d:%02d:%02d.%06lld", static_cast<long long>(f->year), f->month,
                f->day, f->hour, f->minute, f->second, static_cast<long long>(f->microsecond));
  return out;
}

TEST(DatetimeFormatInput, FieldsReadAsPostgresReadsThem) {
  EXPECT_EQ(read("2024-1-5 3:4:5", "YYYY-MM-DD HH24:MI:SS"), "2024-01-05 03:04:05.000000");
  EXPECT_EQ(read("20240115", "YYYYMMDD"), "2024-01-15 00:00:00.000000");  // fixed widths
  EXPECT_EQ(read("05 Mar 2024 10:30 PM", "DD Mon YYYY HH:MI AM"), "2024-03-05 22:30:00.000000");
  EXPECT_EQ(read("2024-01-15T10:30:00.5", "YYYY-MM-DD\"T\"HH24:MI:SS.MS"), "2024-01-15 10:30:00.500000");
  EXPECT_EQ(read("5 DECEMBER 71", "DD Month YY"), "1971-12-05 00:00:00.000000");
  EXPECT_EQ(read("2024.06.01", "YYYY MM DD"), "2024-06-01 00:00:00.000000");  // any separator
  EXPECT_EQ(read("2024-01-15xyz", "YYYY-MM-DD"), "2024-01-15 00:00:00.000000");  // the rest ignored
}

TEST(DatetimeFormatInput, BadFieldsAreRefusedWithPostgresErrors) {
  EXPECT_EQ(read("2024-02-30", "YYYY-MM-DD"), "ERROR 22008: date/time field value out of range: \"2024-02-30\"");
  EXPECT_EQ(read("2024-xx-01", "YYYY-MM-DD"), "ERROR 22007: invalid value \"xx\" for \"MM\"");
  EXPECT_EQ(read("20241", "YYYYMMDD"), "ERROR 22007: source string too short for \"MM\" formatting field");
  EXPECT_EQ(read("2024x101", "YYYYMMDD"), "ERROR 22007: invalid value \"x1\" for \"MM\"");
  EXPECT_EQ(read("2024-01-01 13:00 PM", "YYYY-MM-DD HH12:MI PM"),
            "ERROR 22007: hour \"13\" is invalid for the 12-hour clock");
  EXPECT_TRUE(datetime_format_supported("DD Mon YYYY HH12:MI:SS AM"));
  EXPECT_FALSE(datetime_format_supported("HH24:MI"));  // no year: PostgreSQL's year 1 BC, not translated
  EXPECT_FALSE(datetime_format_supported("YYYY-IW"));  // ISO weeks: not yet
}

}  // namespace
}  // namespace tributary
