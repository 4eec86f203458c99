// Date/time arithmetic and date_trunc in translated SQL: PostgreSQL's result types,
// calendar steps in the session's TimeZone, and errors (datetime_functions.cpp,
// storage/sql_functions_datetime.cpp).
#include <gtest/gtest.h>

#include "stages/types/pg_type_oids.hpp"
#include "tests/translated_query_harness.hpp"

namespace tributary {
namespace {

using testing::translated_query_harness;

TEST(TranslatedDatetimeFunctions, DateArithmeticIsInDays) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT '2024-02-28'::date + 1"), "2024-02-29");
  EXPECT_EQ(h.value("SELECT '2024-03-01'::date - '2024-02-01'::date"), "29");
  EXPECT_EQ(h.value("SELECT 'infinity'::date - 1"), "infinity");
  EXPECT_EQ(h.value("SELECT '2024-01-31'::date + 2147483647"), "ERROR 22008: date out of range");
  EXPECT_EQ(h.value("SELECT 'infinity'::date - '2024-01-01'::date"),
            "ERROR 22008: cannot subtract infinite dates");
  auto a = h.run("SELECT '2024-01-01'::date + 1, '2024-01-02'::date - '2024-01-01'::date, "
                 "'2024-01-01'::date + interval '1 hour'");
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::date, pg_type_oid::int4, pg_type_oid::timestamp}));
}

TEST(TranslatedDatetimeFunctions, MonthsClampTheDayAndDaysFollowTheWallClock) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT timestamp '2024-01-31 10:00' + interval '1 month'"), "2024-02-29 10:00:00");
  EXPECT_EQ(h.value("SELECT timestamp '2024-03-01 00:00' - timestamp '2024-02-28 12:30:00'"),
            "1 day 11:30:00");
  h.settings.time_zone = "America/New_York";
  // Across the spring-forward change a day is 23 hours, 24 hours stay 24 hours.
  EXPECT_EQ(h.value("SELECT timestamptz '2024-03-09 12:00-05' + interval '1 day'"),
            "2024-03-10 12:00:00-04");
  EXPECT_EQ(h.value("SELECT timestamptz '2024-03-09 12:00-05' + interval '24 hours'"),
            "2024-03-10 13:00:00-04");
  EXPECT_EQ(h.value("SELECT 'infinity'::timestamptz + interval '1 day'"), "infinity");
  EXPECT_EQ(h.value("SELECT 'infinity'::timestamptz - now()"),
            "ERROR 22008: cannot subtract infinite timestamps");
}

TEST(TranslatedDatetimeFunctions, DateTruncCutsInTheSessionsTimeZone) {
  translated_query_harness h;
  h.settings.time_zone = "America/New_York";
  EXPECT_EQ(h.value("SELECT date_trunc('day', timestamptz '2024-03-10 12:00-04')"), "2024-03-10 00:00:00-05");
  EXPECT_EQ(h.value("SELECT date_trunc('week', timestamp '2024-03-03 10:00')"), "2024-02-26 00:00:00");
  EXPECT_EQ(h.value("SELECT date_trunc('quarter', timestamp '2024-08-15')"), "2024-07-01 00:00:00");
  EXPECT_EQ(h.value("SELECT date_trunc('century', timestamp '2000-06-01')"), "1901-01-01 00:00:00");
  EXPECT_EQ(h.value("SELECT date_trunc('foo', timestamp '2024-01-01')"),
            "ERROR 22023: unit \"foo\" not recognized for type timestamp without time zone");
}

TEST(TranslatedDatetimeFunctions, ExtractIsNumericDatePartIsFloat8) {
  translated_query_harness h;
  h.settings.time_zone = "America/New_York";
  EXPECT_EQ(h.value("SELECT extract(second from timestamptz '2024-02-29 06:45:30.5-05')"), "30.500000");
  EXPECT_EQ(h.value("SELECT date_part('second', timestamptz '2024-02-29 06:45:30.5-05')"), "30.5");
  EXPECT_EQ(h.value("SELECT extract(hour from timestamptz '2024-02-29 12:00+00')"), "7");  // local hour
  EXPECT_EQ(h.value("SELECT extract(epoch from timestamptz '2024-02-29 06:45:30.5-05')"), "1709207130.500000");
  EXPECT_EQ(h.value("SELECT extract(milliseconds from timestamp '2024-01-01 00:00:01.5')"), "1500.000");
  EXPECT_EQ(h.value("SELECT extract(epoch from date '2024-01-01')"), "1704067200");
  EXPECT_EQ(h.value("SELECT extract(week from date '2021-01-01')"), "53");
  EXPECT_EQ(h.value("SELECT extract(dow from date '2024-03-03')"), "0");
  EXPECT_EQ(h.value("SELECT extract(year from timestamp '0001-06-01 BC')"), "-1");
  EXPECT_EQ(h.value("SELECT extract(year from 'infinity'::date)"), "Infinity");
  EXPECT_EQ(h.value("SELECT extract(day from 'infinity'::timestamp)"), "NULL");
  EXPECT_EQ(h.value("SELECT extract(hour from date '2024-01-01')"),
            "ERROR 0A000: unit \"hour\" not supported for type date");
  auto a = h.run("SELECT extract(year from ts), date_part('year', ts) FROM t");
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::numeric, pg_type_oid::float8}));
}

TEST(TranslatedDatetimeFunctions, MakeDateChecksItsFieldsAsPostgres) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT make_date(2024, 2, 29)"), "2024-02-29");
  EXPECT_EQ(h.value("SELECT make_date(-44, 3, 15)"), "0044-03-15 BC");
  EXPECT_EQ(h.value("SELECT make_date(2023, 2, 29)"), "ERROR 22008: date field value out of range: 2023-02-29");
  EXPECT_EQ(h.value("SELECT make_date(0, 1, 1)"), "ERROR 22008: date field value out of range: 0-01-01");
  EXPECT_EQ(h.value("SELECT make_date(6000000, 1, 1)"), "ERROR 22008: date out of range: 6000000-01-01");
}

TEST(TranslatedDatetimeFunctions, AgeSubtractsFieldByFieldWithBorrows) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT age(timestamp '2024-03-31 10:00', timestamp '2024-02-29 12:30')"),
            "1 mon 1 day 21:30:00");
  EXPECT_EQ(h.value("SELECT age(timestamp '2024-01-01', timestamp '2024-03-15 01:02:03.5')"),
            "-2 mons -14 days -01:02:03.5");
  EXPECT_EQ(h.value("SELECT age(timestamp '2024-03-01', timestamp '2023-01-31')"), "1 year 1 mon 1 day");
  EXPECT_EQ(h.value("SELECT age(current_date::timestamp)"), "00:00:00");
  EXPECT_EQ(h.value("SELECT age(timestamp 'infinity', timestamp '2024-01-01')"),
            "ERROR 22008: timestamp out of range");
}

TEST(TranslatedDatetimeFunctions, ToCharFormatsTheCommonFields) {
  translated_query_harness h;
  h.settings.time_zone = "America/New_York";
  EXPECT_EQ(h.value("SELECT to_char(timestamptz '2024-02-29 12:05:07.5+00', 'YYYY-MM-DD HH24:MI:SS.MS')"),
            "2024-02-29 07:05:07.500");
  EXPECT_EQ(h.value("SELECT to_char(timestamp '2024-03-03 00:05', 'Day|FMDay|Mon|MONTH|HH12 AM|D|DDD|Q')"),
            "Sunday   |Sunday|Mar|MARCH    |12 AM|1|063|1");
  EXPECT_EQ(h.value("SELECT to_char(timestamp '0044-03-15', 'YYYY \"BC year\"')"), "0044 BC year");
  EXPECT_EQ(h.value("SELECT to_char(timestamp 'infinity', 'YYYY')"), "NULL");
}

TEST(TranslatedDatetimeFunctions, OtherFieldsAndPatternsAreLeftUntranslated) {
  translated_query_harness h;
  EXPECT_NE(h.value("SELECT extract(timezone from ts) FROM t").find("UNTRANSLATED"), std::string::npos);
  for (const char* pattern : {"IYYY", "TZ", "DDth", "SSSS", "yyyy", "J"})
    EXPECT_NE(h.value(std::string("SELECT to_char(ts, '") + pattern + "') FROM t").find("UNTRANSLATED"),
              std::string::npos)
        << pattern;
}

}  // namespace
}  // namespace tributary

namespace tributary {
namespace {

using testing::translated_query_harness;

TEST(TranslatedDatetimeFunctions, IntervalArithmeticCascadesFractionsDown) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT interval '1 day 2 hours' * 2"), "2 days 04:00:00");
  EXPECT_EQ(h.value("SELECT interval '1 month' * 1.5"), "1 mon 15 days");  // numeric factor, as float8
  EXPECT_EQ(h.value("SELECT 2 * interval '3 hours'"), "06:00:00");
  EXPECT_EQ(h.value("SELECT interval '1 mon 1 day' / 7"), "4 days 10:17:08.546743");
  EXPECT_EQ(h.value("SELECT interval '1 day' + interval '3 hours'"), "1 day 03:00:00");
  EXPECT_EQ(h.value("SELECT interval '1 day' - interval '3 hours'"), "1 day -03:00:00");
  EXPECT_EQ(h.value("SELECT -interval '1 day 2 mons'"), "-2 mons -1 days");
  EXPECT_EQ(h.value("SELECT interval '1 day' / 0"), "ERROR 22012: division by zero");
  EXPECT_EQ(h.value("SELECT interval '2 days' * 'NaN'::float8"), "ERROR 22008: interval out of range");
  EXPECT_EQ(h.value("SELECT interval '2147483647 days' + interval '1 day'"), "ERROR 22008: interval out of range");
  EXPECT_EQ(h.value("SELECT -interval '-2147483648 days'"), "ERROR 22008: interval out of range");
  auto a = h.run("SELECT interval '1 day' * 2, -interval '1 day', timestamp '2024-01-02' - date '2024-01-01'");
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::interval, pg_type_oid::interval, pg_type_oid::interval}));
}

TEST(TranslatedDatetimeFunctions, JustifyAndMakeIntervalAsPostgres) {
  translated_query_harness h;
  EXPECT_EQ(h.value("SELECT justify_days(interval '35 days')"), "1 mon 5 days");
  EXPECT_EQ(h.value("SELECT justify_days(interval '1 mon -5 days')"), "25 days");
  EXPECT_EQ(h.value("SELECT justify_hours(interval '-27 hours')"), "-1 days -03:00:00");
  EXPECT_EQ(h.value("SELECT justify_interval(interval '1 mon -1 hour')"), "29 days 23:00:00");
  EXPECT_EQ(h.value("SELECT justify_interval(interval '-1 mon 1 hour')"), "-29 days -23:00:00");
  EXPECT_EQ(h.value("SELECT make_interval(1, 2, 3, 4, 5, 6, 7.5)"), "1 year 2 mons 25 days 05:06:07.5");
  EXPECT_EQ(h.value("SELECT make_interval(days => 3, mins => 90)"), "3 days 01:30:00");
  EXPECT_EQ(h.value("SELECT make_interval()"), "00:00:00");
  EXPECT_EQ(h.value("SELECT make_interval(secs => 'NaN')"), "ERROR 22008: interval out of range");
  EXPECT_EQ(h.value("SELECT make_interval(days => 1, nope => 2)"),
            "ERROR 42883: function make_interval(days => integer, nope => integer) does not exist");
  EXPECT_EQ(h.value("SELECT make_timestamp(2024, 1, 2, 3, 4, 5.5)"), "2024-01-02 03:04:05.5");
  EXPECT_EQ(h.value("SELECT make_timestamp(2024, 1, 1, 1, 2, 61.5)"),
            "ERROR 22008: time field value out of range: 1:02:61.5");
  EXPECT_EQ(h.value("SELECT make_timestamp(2024, 2, 30, 0, 0, 0)"),
            "ERROR 22008: date field value out of range: 2024-02-30");
  auto a = h.run("SELECT make_interval(hours => 1), justify_days(interval '1 day')");
  EXPECT_EQ(a.names, (std::vector<std::string>{"make_interval", "justify_days"}));
  EXPECT_EQ(a.types, (std::vector<oid_t>{pg_type_oid::interval, pg_type_oid::interval}));
}

}  // namespace
}  // namespace tributary
