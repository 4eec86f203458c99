// DateStyle output (type_settings::date_style with ::order): date, timestamp
// and timestamptz in SQL, Postgres and German styles; time, timetz and
// interval unaffected. Values are read in ISO/UTC, then printed with the
// style. Every expected text was printed by a real PostgreSQL 15 after
// SET DateStyle = '...'; SET TimeZone = '...'.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "stages/types/datetime/datetime_styles.hpp"
#include "stages/types/datetime/type_interval.hpp"
#include "tests/datetime_test_support.hpp"

namespace tributary {
namespace {

constexpr oid_t date_oid = 1082;
constexpr oid_t time_oid = 1083;
constexpr oid_t timestamp_oid = 1114;
constexpr oid_t timestamptz_oid = 1184;
constexpr oid_t timetz_oid = 1266;
constexpr oid_t interval_oid = 1186;

type_settings style(date_output_style date_style, date_order order = date_order::mdy,
                    std::string zone = "UTC") {
  type_settings settings;
  settings.date_style = date_style;
  settings.order = order;
  settings.time_zone = std::move(zone);
  return settings;
}

const type_settings sql_mdy = style(date_output_style::sql, date_order::mdy);
const type_settings sql_dmy = style(date_output_style::sql, date_order::dmy);
const type_settings sql_ymd = style(date_output_style::sql, date_order::ymd);
const type_settings postgres_mdy = style(date_output_style::postgres, date_order::mdy);
const type_settings postgres_dmy = style(date_output_style::postgres, date_order::dmy);
const type_settings postgres_ymd = style(date_output_style::postgres, date_order::ymd);
const type_settings german = style(date_output_style::german, date_order::dmy);

type_settings in_zone(type_settings settings, std::string zone) {
  settings.time_zone = std::move(zone);
  return settings;
}

// The ISO/UTC input, printed with `settings`.
std::string printed(oid_t oid, std::string_view text, const type_settings& settings) {
  const column_type type = builtin_column_type(oid, -1);
  if (oid == interval_oid) {
    auto value = parse_interval_text(type, text, type_settings{});
    return value ? format_interval_text(type, *value, settings) : "ERROR " + value.error().message;
  }
  const type_codec& codec = datetime_member_codec(type);
  auto value = codec.parse_text(type, text, type_settings{});
  if (!value)
    return "ERROR " + value.error().message;
  return codec.format_text(type, *value, settings);
}

TEST(DateStyleOutput, DefaultIsIso) {
  EXPECT_EQ(type_settings{}.date_style, date_output_style::iso);
  EXPECT_EQ(printed(date_oid, "2024-02-29", type_settings{}), "2024-02-29");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", type_settings{}),
            "2024-02-29 06:45:30.5+00");
}

TEST(DateStyleOutput, DatesInEachStyleAndOrder) {
  EXPECT_EQ(printed(date_oid, "2024-02-29", sql_mdy), "02/29/2024");
  EXPECT_EQ(printed(date_oid, "2024-02-29", sql_dmy), "29/02/2024");
  EXPECT_EQ(printed(date_oid, "2024-02-29", sql_ymd), "02/29/2024");
  EXPECT_EQ(printed(date_oid, "2024-02-29", postgres_mdy), "02-29-2024");
  EXPECT_EQ(printed(date_oid, "2024-02-29", postgres_dmy), "29-02-2024");
  EXPECT_EQ(printed(date_oid, "2024-02-29", postgres_ymd), "02-29-2024");
  EXPECT_EQ(printed(date_oid, "2024-02-29", german), "29.02.2024");
  // 'German, MDY': German prints day first whatever the order.
  EXPECT_EQ(printed(date_oid, "2024-02-29", style(date_output_style::german)), "29.02.2024");
}

TEST(DateStyleOutput, BcAndLongYearDates) {
  EXPECT_EQ(printed(date_oid, "0044-03-15 BC", sql_mdy), "03/15/0044 BC");
  EXPECT_EQ(printed(date_oid, "0044-03-15 BC", sql_dmy), "15/03/0044 BC");
  EXPECT_EQ(printed(date_oid, "0044-03-15 BC", postgres_mdy), "03-15-0044 BC");
  EXPECT_EQ(printed(date_oid, "0044-03-15 BC", postgres_dmy), "15-03-0044 BC");
  EXPECT_EQ(printed(date_oid, "0044-03-15 BC", german), "15.03.0044 BC");
  EXPECT_EQ(printed(date_oid, "0001-12-31 BC", postgres_mdy), "12-31-0001 BC");
  EXPECT_EQ(printed(date_oid, "12345-06-07", sql_mdy), "06/07/12345");
  EXPECT_EQ(printed(date_oid, "12345-06-07", sql_dmy), "07/06/12345");
  EXPECT_EQ(printed(date_oid, "12345-06-07", postgres_mdy), "06-07-12345");
  EXPECT_EQ(printed(date_oid, "12345-06-07", postgres_dmy), "07-06-12345");
  EXPECT_EQ(printed(date_oid, "12345-06-07", german), "07.06.12345");
}

TEST(DateStyleOutput, InfinityIsTheSameInEveryStyle) {
  for (const type_settings* s : {&sql_mdy, &sql_dmy, &postgres_mdy, &postgres_dmy, &german}) {
    EXPECT_EQ(printed(date_oid, "infinity", *s), "infinity");
    EXPECT_EQ(printed(date_oid, "-infinity", *s), "-infinity");
    EXPECT_EQ(printed(timestamp_oid, "-infinity", *s), "-infinity");
    EXPECT_EQ(printed(timestamptz_oid, "infinity", in_zone(*s, "America/New_York")), "infinity");
    EXPECT_EQ(printed(timestamptz_oid, "-infinity", in_zone(*s, "America/New_York")),
              "-infinity");
  }
}

TEST(DateStyleOutput, TimestampsWithoutZone) {
  const std::string_view t = "2024-02-29 06:45:30.5";
  EXPECT_EQ(printed(timestamp_oid, t, sql_mdy), "02/29/2024 06:45:30.5");
  EXPECT_EQ(printed(timestamp_oid, t, sql_dmy), "29/02/2024 06:45:30.5");
  EXPECT_EQ(printed(timestamp_oid, t, sql_ymd), "02/29/2024 06:45:30.5");
  EXPECT_EQ(printed(timestamp_oid, t, postgres_mdy), "Thu Feb 29 06:45:30.5 2024");
  EXPECT_EQ(printed(timestamp_oid, t, postgres_dmy), "Thu 29 Feb 06:45:30.5 2024");
  EXPECT_EQ(printed(timestamp_oid, t, postgres_ymd), "Thu Feb 29 06:45:30.5 2024");
  EXPECT_EQ(printed(timestamp_oid, t, german), "29.02.2024 06:45:30.5");
}

TEST(DateStyleOutput, TimestampFractionsBcAndLongYears) {
  const std::string_view bc = "0044-03-15 12:00:00.000001 BC";
  EXPECT_EQ(printed(timestamp_oid, bc, sql_mdy), "03/15/0044 12:00:00.000001 BC");
  EXPECT_EQ(printed(timestamp_oid, bc, sql_dmy), "15/03/0044 12:00:00.000001 BC");
  EXPECT_EQ(printed(timestamp_oid, bc, postgres_mdy), "Fri Mar 15 12:00:00.000001 0044 BC");
  EXPECT_EQ(printed(timestamp_oid, bc, postgres_dmy), "Fri 15 Mar 12:00:00.000001 0044 BC");
  EXPECT_EQ(printed(timestamp_oid, bc, german), "15.03.0044 12:00:00.000001 BC");
  EXPECT_EQ(printed(timestamp_oid, "12345-06-07 01:02:03", sql_mdy), "06/07/12345 01:02:03");
  EXPECT_EQ(printed(timestamp_oid, "12345-06-07 01:02:03", postgres_mdy),
            "Thu Jun 07 01:02:03 12345");
  EXPECT_EQ(printed(timestamp_oid, "12345-06-07 01:02:03", postgres_dmy),
            "Thu 07 Jun 01:02:03 12345");
  EXPECT_EQ(printed(timestamp_oid, "12345-06-07 01:02:03", german), "07.06.12345 01:02:03");
  EXPECT_EQ(printed(timestamp_oid, "1999-12-31 23:59:59.999999", postgres_mdy),
            "Fri Dec 31 23:59:59.999999 1999");
  EXPECT_EQ(printed(timestamp_oid, "0001-01-01 00:00 BC", postgres_mdy),
            "Sat Jan 01 00:00:00 0001 BC");
  EXPECT_EQ(printed(timestamp_oid, "4714-11-24 00:00 BC", postgres_mdy),
            "Mon Nov 24 00:00:00 4714 BC");
  EXPECT_EQ(printed(timestamp_oid, "294276-12-31 23:59:59.123456", postgres_mdy),
            "Sun Dec 31 23:59:59.123456 294276");
}

TEST(DateStyleOutput, PostgresStyleNamesTheWeekday) {
  EXPECT_EQ(printed(timestamp_oid, "2000-01-01", postgres_mdy), "Sat Jan 01 00:00:00 2000");
  EXPECT_EQ(printed(timestamp_oid, "2000-01-02", postgres_mdy), "Sun Jan 02 00:00:00 2000");
  EXPECT_EQ(printed(timestamp_oid, "2000-01-03", postgres_mdy), "Mon Jan 03 00:00:00 2000");
  EXPECT_EQ(printed(timestamp_oid, "2000-01-04", postgres_mdy), "Tue Jan 04 00:00:00 2000");
  EXPECT_EQ(printed(timestamp_oid, "2000-01-05", postgres_mdy), "Wed Jan 05 00:00:00 2000");
  EXPECT_EQ(printed(timestamp_oid, "2000-01-06", postgres_mdy), "Thu Jan 06 00:00:00 2000");
}

TEST(DateStyleOutput, TimestamptzPrintsTheZoneAbbreviation) {
  const std::string ny = "America/New_York";
  const std::string_view winter = "2024-02-29 06:45:30.5-05";
  const std::string_view summer = "2024-07-04 06:45:30-04";
  EXPECT_EQ(printed(timestamptz_oid, winter, in_zone(sql_mdy, ny)), "02/29/2024 06:45:30.5 EST");
  EXPECT_EQ(printed(timestamptz_oid, summer, in_zone(sql_mdy, ny)), "07/04/2024 06:45:30 EDT");
  EXPECT_EQ(printed(timestamptz_oid, winter, in_zone(sql_dmy, ny)), "29/02/2024 06:45:30.5 EST");
  EXPECT_EQ(printed(timestamptz_oid, summer, in_zone(sql_dmy, ny)), "04/07/2024 06:45:30 EDT");
  EXPECT_EQ(printed(timestamptz_oid, winter, in_zone(postgres_mdy, ny)),
            "Thu Feb 29 06:45:30.5 2024 EST");
  EXPECT_EQ(printed(timestamptz_oid, summer, in_zone(postgres_mdy, ny)),
            "Thu Jul 04 06:45:30 2024 EDT");
  EXPECT_EQ(printed(timestamptz_oid, winter, in_zone(postgres_dmy, ny)),
            "Thu 29 Feb 06:45:30.5 2024 EST");
  EXPECT_EQ(printed(timestamptz_oid, summer, in_zone(postgres_dmy, ny)),
            "Thu 04 Jul 06:45:30 2024 EDT");
  EXPECT_EQ(printed(timestamptz_oid, winter, in_zone(german, ny)), "29.02.2024 06:45:30.5 EST");
  EXPECT_EQ(printed(timestamptz_oid, summer, in_zone(german, ny)), "04.07.2024 06:45:30 EDT");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", sql_mdy),
            "02/29/2024 06:45:30.5 UTC");
  EXPECT_EQ(printed(timestamptz_oid, "2024-03-10 07:00:00+00", postgres_mdy),
            "Sun Mar 10 07:00:00 2024 UTC");
}

TEST(DateStyleOutput, TimestamptzAcrossTransitions) {
  const type_settings ny = in_zone(german, "America/New_York");
  EXPECT_EQ(printed(timestamptz_oid, "2024-03-10 07:00:00+00", ny), "10.03.2024 03:00:00 EDT");
  EXPECT_EQ(printed(timestamptz_oid, "2024-11-03 05:30:00+00", ny), "03.11.2024 01:30:00 EDT");
  EXPECT_EQ(printed(timestamptz_oid, "2024-11-03 06:30:00+00", ny), "03.11.2024 01:30:00 EST");
  const type_settings berlin = in_zone(sql_mdy, "Europe/Berlin");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", berlin),
            "02/29/2024 07:45:30.5 CET");
  EXPECT_EQ(printed(timestamptz_oid, "2024-07-04 06:45:30+00", berlin),
            "07/04/2024 08:45:30 CEST");
  EXPECT_EQ(printed(timestamptz_oid, "1000-07-04 06:45:30+00", berlin),
            "07/04/1000 07:38:58 LMT");
}

TEST(DateStyleOutput, BcTimestamptzPutsBcAfterTheZone) {
  const std::string_view bc = "0044-03-15 12:00 BC";  // read in UTC
  const std::string ny = "America/New_York";
  EXPECT_EQ(printed(timestamptz_oid, "4714-11-24 00:00:00+00 BC", in_zone(sql_mdy, ny)),
            "11/23/4714 19:03:58 LMT BC");
  EXPECT_EQ(printed(timestamptz_oid, bc, in_zone(sql_mdy, "UTC")), "03/15/0044 12:00:00 UTC BC");
  EXPECT_EQ(printed(timestamptz_oid, "4714-11-24 00:00:00+00 BC", in_zone(sql_mdy, "0")),
            "11/24/4714 00:00:00 +00 BC");
  EXPECT_EQ(printed(timestamptz_oid, "4714-11-24 00:00:00+00 BC",
                    in_zone(sql_mdy, "Pacific/Kiritimati")),
            "11/23/4714 13:30:40 LMT BC");
}

TEST(DateStyleOutput, NumericAbbreviationsOfZoneFiles) {
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", in_zone(sql_mdy, "Asia/Dubai")),
            "02/29/2024 10:45:30.5 +04");
  EXPECT_EQ(printed(timestamptz_oid, "1000-07-04 06:45:30+00", in_zone(german, "Asia/Dubai")),
            "04.07.1000 10:26:42 LMT");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00",
                    in_zone(postgres_dmy, "Etc/GMT+5")),
            "Thu 29 Feb 01:45:30.5 2024 -05");
  EXPECT_EQ(printed(timestamptz_oid, "2024-07-04 06:45:30+00",
                    in_zone(german, "America/Sao_Paulo")),
            "04.07.2024 03:45:30 -03");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00",
                    in_zone(postgres_dmy, "Asia/Kolkata")),
            "Thu 29 Feb 12:15:30.5 2024 IST");
  EXPECT_EQ(printed(timestamptz_oid, "294276-12-31 23:59:59.999999+00",
                    in_zone(sql_mdy, "Pacific/Kiritimati")),
            "01/01/294277 13:59:59.999999 +14");
  EXPECT_EQ(printed(timestamptz_oid, "294276-12-31 23:59:59.999999+00",
                    in_zone(sql_mdy, "Australia/Lord_Howe")),
            "01/01/294277 10:59:59.999999 +11");
}

TEST(DateStyleOutput, NumericTimeZoneSettingPrintsItsOffset) {
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", in_zone(sql_mdy, "-8")),
            "02/28/2024 22:45:30.5 -08");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.123456+00", in_zone(sql_dmy, "-8")),
            "28/02/2024 22:45:30.123456 -08");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", in_zone(postgres_dmy, "5.5")),
            "Thu 29 Feb 12:15:30.5 2024 +05:30");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30+00", in_zone(postgres_dmy, "-5.75")),
            "Thu 29 Feb 01:00:30 2024 -05:45");
  EXPECT_EQ(printed(timestamptz_oid, "2024-07-04 06:45:30+00", in_zone(german, "5.5")),
            "04.07.2024 12:15:30 +05:30");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", in_zone(sql_mdy, "0")),
            "02/29/2024 06:45:30.5 +00");
}

TEST(DateStyleOutput, PosixZoneSettingsPrintTheirNames) {
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", in_zone(sql_mdy, "UTC+5")),
            "02/29/2024 01:45:30.5 UTC");
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", in_zone(german, "ABC5DEF")),
            "29.02.2024 01:45:30.5 ABC");
  EXPECT_EQ(printed(timestamptz_oid, "2024-07-04 06:45:30+00", in_zone(german, "ABC5DEF")),
            "04.07.2024 02:45:30 DEF");
  EXPECT_EQ(printed(timestamptz_oid, "2024-07-04 06:45:30+00", in_zone(postgres_dmy, "EST5EDT")),
            "Thu 04 Jul 02:45:30 2024 EDT");
  // An empty POSIX name prints as nothing after the space.
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.123456+00", in_zone(sql_dmy, "<>5")),
            "29/02/2024 01:45:30.123456 ");
}

TEST(DateStyleOutput, ZoneNamesAreCutToTenCharacters) {
  const std::string zone = "<ABCDEFGHIJKLMN>5";
  EXPECT_EQ(printed(timestamptz_oid, "2024-02-29 06:45:30.5+00", in_zone(sql_mdy, zone)),
            "02/29/2024 01:45:30.5 ABCDEFGHIJ");
  EXPECT_EQ(printed(timestamptz_oid, "2024-07-04 06:45:30+00", in_zone(postgres_dmy, zone)),
            "Thu 04 Jul 01:45:30 2024 ABCDEFGHIJ");
  EXPECT_EQ(printed(timestamptz_oid, "1000-07-04 06:45:30+00", in_zone(german, zone)),
            "04.07.1000 01:45:30 ABCDEFGHIJ");
}

TEST(DateStyleOutput, TimeTimetzAndIntervalIgnoreDateStyle) {
  for (const type_settings* s : {&sql_mdy, &sql_dmy, &postgres_mdy, &postgres_dmy, &german}) {
    EXPECT_EQ(printed(time_oid, "12:34:56.5", *s), "12:34:56.5");
    EXPECT_EQ(printed(time_oid, "24:00", *s), "24:00:00");
    EXPECT_EQ(printed(timetz_oid, "12:34:56.5+05:30", *s), "12:34:56.5+05:30");
    EXPECT_EQ(printed(timetz_oid, "12:00:00-08", in_zone(*s, "America/New_York")),
              "12:00:00-08");
    EXPECT_EQ(printed(interval_oid, "1 day 02:00", *s), "1 day 02:00:00");
    EXPECT_EQ(printed(interval_oid, "1 year 2 mons -3 days 04:05:06.5", *s),
              "1 year 2 mons -3 days +04:05:06.5");
    EXPECT_EQ(printed(interval_oid, "-1 days +02:03", *s), "-1 days +02:03:00");
  }
}

TEST(DateStyleOutput, StyledPrintersDirectly) {
  EXPECT_EQ(styled_date_text(0, date_output_style::german, date_order::mdy), "01.01.2000");
  EXPECT_EQ(styled_date_text(std::numeric_limits<int32_t>::max(), date_output_style::sql,
                             date_order::mdy),
            "infinity");
  EXPECT_EQ(styled_timestamp_text(0, date_output_style::postgres, date_order::dmy),
            "Sat 01 Jan 00:00:00 2000");
  EXPECT_EQ(styled_timestamp_text(std::numeric_limits<int64_t>::min(), date_output_style::german,
                                  date_order::dmy),
            "-infinity");
  EXPECT_EQ(styled_timestamptz_text(0, style(date_output_style::sql)), "01/01/2000 00:00:00 UTC");
}

}  // namespace
}  // namespace tributary
