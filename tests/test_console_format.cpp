// How the console writes sizes, counts, durations, LSNs and times, and fits
// text into columns.
#include <gtest/gtest.h>

#include "cli/console/console_format.hpp"

using namespace tributary;
using namespace tributary::console;
using namespace std::chrono_literals;

TEST(ConsoleFormat, BytesUsePostgresUnitNamesWithOneDecimalBelowTen) {
  EXPECT_EQ(format_bytes(0), "0 B");
  EXPECT_EQ(format_bytes(1023), "1023 B");
  EXPECT_EQ(format_bytes(1536), "1.5 kB");
  EXPECT_EQ(format_bytes(uint64_t{23} << 20), "23 MB");
  EXPECT_EQ(format_bytes(uint64_t{4} << 30), "4.0 GB");
}

TEST(ConsoleFormat, ByteRateIsUnknownWithoutTwoSnapshots) {
  EXPECT_EQ(format_byte_rate(std::nullopt), "-");
  EXPECT_EQ(format_byte_rate(2048.0), "2.0 kB/s");
  EXPECT_EQ(format_byte_rate(-5.0), "0 B/s");
}

TEST(ConsoleFormat, CountsAbbreviateThousandsAndMillions) {
  EXPECT_EQ(format_count(std::nullopt), "-");
  EXPECT_EQ(format_count(0.0), "0");
  EXPECT_EQ(format_count(950.0), "950");
  EXPECT_EQ(format_count(1500.0), "1.5k");
  EXPECT_EQ(format_count(23000.0), "23k");
  EXPECT_EQ(format_count(4'000'000.0), "4.0M");
  EXPECT_EQ(format_count(2.5), "2.5");
}

TEST(ConsoleFormat, DurationsPickTheTwoLargestUnits) {
  EXPECT_EQ(format_duration(-3s), "0 s");
  EXPECT_EQ(format_duration(0ms), "0 s");
  EXPECT_EQ(format_duration(450ms), "450 ms");
  EXPECT_EQ(format_duration(12s), "12 s");
  EXPECT_EQ(format_duration(184s), "3 min 04 s");
  EXPECT_EQ(format_duration(7500s), "2 h 05 min");
  EXPECT_EQ(format_duration(std::chrono::hours(76)), "3 d 04 h");
}

TEST(ConsoleFormat, LsnPrintsAsPostgresDoesOrDashWhenUnknown) {
  EXPECT_EQ(format_lsn(lsn(0x16B3748ULL | (uint64_t{1} << 32))), "1/16B3748");
  EXPECT_EQ(format_lsn(std::nullopt), "-");
}

TEST(ConsoleFormat, TimestampsOfTheMonitoringRelationsParse) {
  auto t = parse_timestamp("2026-12-01 10:00:00.250000+00");
  ASSERT_TRUE(t);
  EXPECT_EQ(format_time(*t), "2026-12-01 10:00:00 UTC");
  EXPECT_EQ(std::chrono::duration_cast<std::chrono::milliseconds>(t->time_since_epoch()).count() % 1000, 250);
  EXPECT_TRUE(parse_timestamp("2026-12-01 10:00:00+00"));
}

TEST(ConsoleFormat, MalformedTimestampsAreRejected) {
  EXPECT_FALSE(parse_timestamp(""));
  EXPECT_FALSE(parse_timestamp("yesterday"));
  EXPECT_FALSE(parse_timestamp("2026-13-01 10:00:00+00"));
  EXPECT_FALSE(parse_timestamp("2026-12-01 10:00:00+02"));
  EXPECT_FALSE(parse_timestamp("2026-12-01 10:00:00.x+00"));
}

TEST(ConsoleFormat, ProgressBarFillsInProportionAndStopsAtFull) {
  EXPECT_EQ(progress_bar(0, 100, 12), "[----------]   0%");
  EXPECT_EQ(progress_bar(50, 100, 12), "[#####-----]  50%");
  EXPECT_EQ(progress_bar(250, 100, 12), "[##########] 100%");  // the estimate was low
  EXPECT_EQ(progress_bar(7, 0, 12), "[##########] 100%");
}

TEST(ConsoleFormat, FitPadsOrCutsVisibly) {
  EXPECT_EQ(fit("abc", 5), "abc  ");
  EXPECT_EQ(fit("abcdef", 4), "abc~");
  EXPECT_EQ(fit_right("42", 5), "   42");
  EXPECT_EQ(fit("", 0), "");
}

TEST(ConsoleFormat, FitCountsCodePointsNotBytes) {
  EXPECT_EQ(display_width("été"), 3u);
  EXPECT_EQ(fit("été", 4), "été ");
  EXPECT_EQ(fit("étéété", 3), "ét~");
}
