// Time zones as PostgreSQL 15 resolves them: the operating system's zone
// files, POSIX strings, the TimeZone setting's numeric form, DST gaps and
// overlaps, and the rule line after a file's last transition. Offsets were
// checked against PostgreSQL 15.18 with the same zone data (tzdata 2025b).
#include <gtest/gtest.h>

#include "stages/types/datetime/pg_calendar.hpp"
#include "stages/types/datetime/posix_time_zone.hpp"
#include "stages/types/datetime/time_zone_abbreviations.hpp"
#include "stages/types/datetime/time_zone_rules.hpp"

namespace tributary {
namespace {

// Seconds since 1970 of a UTC (or local) date and time.
int64_t unix_seconds(int64_t year, int month, int day, int hour = 0, int minute = 0) {
  return (days_from_civil(year, month, day) * seconds_per_day + postgres_epoch_unix_seconds) +
         (int64_t{hour} * 60 + minute) * 60;
}

TEST(TimeZoneRules, ZonesComeFromTheOperatingSystemDatabase) {
  const auto new_york = find_time_zone("America/New_York");
  ASSERT_TRUE(new_york);
  EXPECT_EQ(new_york->name(), "America/New_York");
  EXPECT_EQ(new_york->utc_offset_at(unix_seconds(2024, 1, 15)), -18'000);
  EXPECT_EQ(new_york->utc_offset_at(unix_seconds(2024, 7, 15)), -14'400);
  // Local mean time until noon of 1883-11-18.
  EXPECT_EQ(new_york->utc_offset_at(unix_seconds(1883, 11, 18, 16, 59)), -17'762);
  EXPECT_EQ(new_york->utc_offset_at(unix_seconds(1883, 11, 18, 17, 0)), -18'000);
  EXPECT_EQ(find_time_zone("Asia/Kolkata")->utc_offset_at(unix_seconds(2024, 1, 1)), 19'800);
}

TEST(TimeZoneRules, NamesMatchWithoutRegardToCase) {
  const auto zone = find_time_zone("america/new_york");
  ASSERT_TRUE(zone);
  EXPECT_EQ(zone->name(), "America/New_York");
  EXPECT_TRUE(find_time_zone("POSIXRULES"));              // a link the zone list leaves out
  EXPECT_TRUE(find_time_zone("posix/Europe/Paris"));
  EXPECT_FALSE(find_time_zone("Nowhere/Bogus"));
  EXPECT_FALSE(find_time_zone("zone.tab"));
  EXPECT_FALSE(find_time_zone("Etc/../UTC"));
}

TEST(TimeZoneRules, PosixStringsCountHoursWestOfUtc) {
  EXPECT_EQ(find_time_zone("UTC+5")->utc_offset_at(0), -18'000);
  EXPECT_EQ(find_time_zone("utc-5:30")->utc_offset_at(0), 19'800);
  EXPECT_EQ(find_time_zone("+05:30")->utc_offset_at(0), -19'800);
  EXPECT_EQ(find_time_zone("<+0530>-5:30")->utc_offset_at(0), 19'800);
  // A DST name without rules follows the US rules.
  const auto us_like = find_time_zone("ABC5DEF");
  EXPECT_EQ(us_like->utc_offset_at(unix_seconds(2024, 7, 1)), -14'400);
  EXPECT_EQ(us_like->utc_offset_at(unix_seconds(2024, 1, 1)), -18'000);
}

TEST(TimeZoneRules, SessionSettingNumberIsHoursEastAndUnknownIsUtc) {
  EXPECT_EQ(session_time_zone("-8")->utc_offset_at(0), -28'800);
  EXPECT_EQ(session_time_zone("5.5")->utc_offset_at(0), 19'800);
  EXPECT_EQ(session_time_zone("+5")->utc_offset_at(0), 18'000);
  EXPECT_EQ(session_time_zone("UTC+5")->utc_offset_at(0), -18'000);
  EXPECT_EQ(session_time_zone("Europe/Paris")->utc_offset_at(unix_seconds(2024, 7, 1)), 7'200);
  EXPECT_EQ(session_time_zone("Bogus/Zone")->utc_offset_at(0), 0);
  EXPECT_EQ(session_time_zone("")->utc_offset_at(0), 0);
}

TEST(TimeZoneRules, RuleLineTakesOverAfterTheLastListedTransition) {
  const auto new_york = find_time_zone("America/New_York");
  EXPECT_EQ(new_york->utc_offset_at(unix_seconds(2040, 7, 1)), -14'400);
  EXPECT_EQ(new_york->utc_offset_at(unix_seconds(2040, 12, 1)), -18'000);
  EXPECT_EQ(new_york->utc_offset_at(unix_seconds(2300, 7, 1)), -14'400);
  const zone_period summer = new_york->period_at(unix_seconds(2040, 7, 1));
  EXPECT_EQ(summer.abbreviation, "EDT");
  EXPECT_TRUE(summer.is_dst);
  EXPECT_EQ(summer.begin, unix_seconds(2040, 3, 11, 7));  // 02:00 EST
  EXPECT_EQ(summer.end, unix_seconds(2040, 11, 4, 6));    // 02:00 EDT
}

TEST(TimeZoneRules, LocalTimeInAGapTakesTheOffsetFromBeforeTheTransition) {
  const auto new_york = find_time_zone("America/New_York");
  EXPECT_EQ(new_york->utc_offset_of_local_time(unix_seconds(2024, 3, 10, 2, 30)), -18'000);
  EXPECT_EQ(new_york->utc_offset_of_local_time(unix_seconds(2024, 3, 10, 3, 0)), -14'400);
  EXPECT_EQ(new_york->utc_offset_of_local_time(unix_seconds(2024, 3, 10, 1, 59)), -18'000);
}

TEST(TimeZoneRules, LocalTimeInAnOverlapTakesTheOffsetFromAfterTheTransition) {
  const auto new_york = find_time_zone("America/New_York");
  EXPECT_EQ(new_york->utc_offset_of_local_time(unix_seconds(2024, 11, 3, 1, 30)), -18'000);
  EXPECT_EQ(new_york->utc_offset_of_local_time(unix_seconds(2024, 11, 3, 0, 59)), -14'400);
  const auto london = find_time_zone("Europe/London");
  EXPECT_EQ(london->utc_offset_of_local_time(unix_seconds(2024, 10, 27, 1, 30)), 0);
}

TEST(TimeZoneRules, FixedOffsetOnlyForZonesThatNeverChanged) {
  EXPECT_EQ(find_time_zone("Etc/GMT+5")->fixed_offset(), -18'000);
  EXPECT_EQ(find_time_zone("UTC")->fixed_offset(), 0);
  EXPECT_EQ(find_time_zone("UTC+5")->fixed_offset(), -18'000);
  EXPECT_FALSE(find_time_zone("America/New_York")->fixed_offset());
  EXPECT_FALSE(find_time_zone("Asia/Kolkata")->fixed_offset());  // LMT, then +05:21:10, ...
  EXPECT_FALSE(find_time_zone("EST5EDT")->fixed_offset());
}

TEST(TimeZoneRules, AbbreviationMeansWhatTheZoneUsedItForThen) {
  const auto moscow = find_time_zone("Europe/Moscow");
  const auto in_2014 = moscow->abbreviation_period("MSK", unix_seconds(2014, 1, 1));
  ASSERT_TRUE(in_2014);
  EXPECT_EQ(in_2014->utc_offset, 14'400);
  EXPECT_EQ(moscow->abbreviation_period("MSK", unix_seconds(2024, 1, 1))->utc_offset, 10'800);
  EXPECT_FALSE(moscow->abbreviation_period("PDT", unix_seconds(2024, 1, 1)));
}

TEST(PosixTimeZone, SouthernHemisphereRulesWrapTheYear) {
  const auto zone = posix_time_zone::parse("XYZ-3ABC,M10.1.0,M3.5.0/3");
  ASSERT_TRUE(zone);
  EXPECT_EQ(zone->period_at(unix_seconds(2024, 7, 1)).utc_offset, 10'800);
  EXPECT_EQ(zone->period_at(unix_seconds(2024, 1, 15)).utc_offset, 14'400);
  EXPECT_EQ(zone->period_at(unix_seconds(2024, 1, 15)).abbreviation, "ABC");
}

TEST(PosixTimeZone, RejectsWhatTzparseRejects) {
  EXPECT_FALSE(posix_time_zone::parse("UTC"));        // no offset
  EXPECT_FALSE(posix_time_zone::parse("UTC+5,"));     // a rule without a DST name
  EXPECT_FALSE(posix_time_zone::parse("UTC+5x,M3.2.0"));  // only one rule
  EXPECT_FALSE(posix_time_zone::parse("UTC+168"));    // hours beyond 167
  EXPECT_FALSE(posix_time_zone::parse("A5B,M13.1.0,M11.1.0"));
  EXPECT_FALSE(posix_time_zone::parse("<+05"));
  EXPECT_TRUE(posix_time_zone::parse("EST5EDT,J60/1:30,300/-1"));
  // "x" is a DST name: US rules, as PostgreSQL reads it.
  EXPECT_EQ(posix_time_zone::parse("UTC+5x")->period_at(unix_seconds(2024, 7, 1)).utc_offset,
            -14'400);
}

TEST(ZoneAbbreviations, DefaultSetHasTheCommonOnes) {
  EXPECT_EQ(find_zone_abbreviation("est")->utc_offset_seconds, -18'000);
  EXPECT_EQ(find_zone_abbreviation("edt")->kind, zone_abbreviation_kind::daylight);
  EXPECT_EQ(find_zone_abbreviation("cest")->utc_offset_seconds, 7'200);
  EXPECT_EQ(find_zone_abbreviation("z")->utc_offset_seconds, 0);
  EXPECT_EQ(find_zone_abbreviation("ist")->utc_offset_seconds, 7'200);  // Israel, as in PostgreSQL
  EXPECT_EQ(find_zone_abbreviation("msk")->zone, "Europe/Moscow");
  EXPECT_EQ(find_zone_abbreviation("EST"), nullptr);  // lower case only
  EXPECT_EQ(find_zone_abbreviation("xyz"), nullptr);
}

}  // namespace
}  // namespace tributary
