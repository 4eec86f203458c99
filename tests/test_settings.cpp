#include <gtest/gtest.h>

#include "stages/core/settings.hpp"

using tributary::settings;

TEST(Settings, DefaultsMatchPostgreSQLSubscriberDefaults) {
  settings s;
  EXPECT_EQ(s.get_int("port"), 5433);
  EXPECT_EQ(s.get_string("listen_addresses"), "127.0.0.1");
  EXPECT_EQ(s.get_duration("wal_receiver_status_interval"), std::chrono::seconds(10));
  EXPECT_EQ(s.get_duration("wal_receiver_timeout"), std::chrono::seconds(60));
  EXPECT_EQ(s.get_duration("wal_retrieve_retry_interval"), std::chrono::seconds(5));
  EXPECT_EQ(s.get_int("max_sync_workers_per_subscription"), 2);
  EXPECT_EQ(s.get_int("apply_group_max_transactions"), 10000);
  EXPECT_EQ(s.get_duration("apply_group_max_delay"), std::chrono::milliseconds(100));
}

TEST(Settings, ShowPrintsDurationsWithTheLargestExactUnit) {
  settings s;
  EXPECT_EQ(s.show("wal_receiver_status_interval"), "10s");
  EXPECT_EQ(s.show("wal_receiver_timeout"), "1min");
  EXPECT_EQ(s.show("apply_group_max_delay"), "100ms");
  EXPECT_EQ(s.show("port"), "5433");
}

TEST(Settings, DurationsAcceptUnitsAndBareNumbersInTheBaseUnit) {
  settings s;
  ASSERT_TRUE(s.set("wal_receiver_timeout", "2s"));
  EXPECT_EQ(s.get_duration("wal_receiver_timeout"), std::chrono::seconds(2));
  ASSERT_TRUE(s.set("wal_receiver_timeout", "1500"));
  EXPECT_EQ(s.get_duration("wal_receiver_timeout"), std::chrono::milliseconds(1500));
  ASSERT_TRUE(s.set("wal_receiver_status_interval", "3"));
  EXPECT_EQ(s.get_duration("wal_receiver_status_interval"), std::chrono::seconds(3));
  ASSERT_TRUE(s.set("WAL_RETRIEVE_RETRY_INTERVAL", "2min"));
  EXPECT_EQ(s.get_duration("wal_retrieve_retry_interval"), std::chrono::minutes(2));
}

TEST(Settings, UnknownParameterIsRejectedWithPostgreSQLWording) {
  settings s;
  auto r = s.set("no_such_thing", "1");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), "unrecognized configuration parameter \"no_such_thing\"");
}

TEST(Settings, BadValuesAreRejected) {
  settings s;
  EXPECT_FALSE(s.set("port", "abc"));
  EXPECT_FALSE(s.set("port", "5433s"));
  EXPECT_FALSE(s.set("wal_receiver_timeout", "10 parsecs"));
  EXPECT_FALSE(s.set("wal_receiver_timeout", "-1s"));
  EXPECT_EQ(s.get_int("port"), 5433) << "a rejected value changes nothing";
}

TEST(Settings, LoadsConfigurationFileText) {
  settings s;
  auto r = s.load_text(
      "# comment\n"
      "port = 6000   # trailing comment\n"
      "listen_addresses = '127.0.0.1, ::1'\n"
      "\n"
      "wal_receiver_timeout 30s\n",
      "tributary.conf");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(s.get_int("port"), 6000);
  EXPECT_EQ(s.get_string("listen_addresses"), "127.0.0.1, ::1");
  EXPECT_EQ(s.get_duration("wal_receiver_timeout"), std::chrono::seconds(30));
}

TEST(Settings, FileErrorsNameTheLine) {
  settings s;
  auto r = s.load_text("port = 1\nbogus = 2\n", "tributary.conf");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("unrecognized configuration parameter \"bogus\""), std::string::npos);
  EXPECT_NE(r.error().find("line 2"), std::string::npos);
}

TEST(Settings, DefaultFileTextLoadsBackToTheDefaults) {
  settings s;
  ASSERT_TRUE(s.load_text(settings::default_file_text(), "tributary.conf"));
  EXPECT_EQ(s.get_int("port"), 5433);
  EXPECT_NE(settings::default_file_text().find("#wal_receiver_timeout = 1min"), std::string::npos);
}

TEST(Settings, AuthenticationTimeoutIsAMinuteInSecondsBetweenOneSecondAndTenMinutes) {
  settings s;
  EXPECT_EQ(s.show("authentication_timeout"), "1min");
  EXPECT_EQ(s.get_duration("authentication_timeout"), std::chrono::seconds(60));
  ASSERT_TRUE(s.set("authentication_timeout", "5"));
  EXPECT_EQ(s.get_duration("authentication_timeout"), std::chrono::seconds(5));
  ASSERT_TRUE(s.set("authentication_timeout", "10min"));
  EXPECT_EQ(s.show("authentication_timeout"), "10min");
  auto zero = s.set("authentication_timeout", "0");
  ASSERT_FALSE(zero);
  EXPECT_EQ(zero.error(),
            "0 s is outside the valid range for parameter \"authentication_timeout\" (1 .. 600)");
  auto too_long = s.set("authentication_timeout", "11min");
  ASSERT_FALSE(too_long);
  EXPECT_EQ(too_long.error(),
            "660 s is outside the valid range for parameter \"authentication_timeout\" (1 .. 600)");
}

TEST(Settings, ReplicationReceiveBufferIsAMemorySizeWithZeroForTheKernel) {
  tributary::settings s;
  EXPECT_EQ(s.show("replication_receive_buffer"), "48kB");
  EXPECT_EQ(s.get_bytes("replication_receive_buffer"), 48 * 1024);
  ASSERT_TRUE(s.set("replication_receive_buffer", "0"));
  EXPECT_EQ(s.show("replication_receive_buffer"), "0");  // PostgreSQL shows a memory setting of 0 without a unit
  EXPECT_EQ(s.get_bytes("replication_receive_buffer"), 0);
  ASSERT_TRUE(s.set("replication_receive_buffer", "1MB"));
  EXPECT_EQ(s.show("replication_receive_buffer"), "1MB");
  auto too_big = s.set("replication_receive_buffer", "2GB");
  ASSERT_FALSE(too_big);
}

TEST(Settings, SpoolMemoryLimitTakesPostgreSQLMemoryUnits) {
  tributary::settings s;
  EXPECT_EQ(s.show("spool_memory_limit"), "64MB");
  EXPECT_EQ(s.get_bytes("spool_memory_limit"), int64_t{64} << 20);
  ASSERT_TRUE(s.set("spool_memory_limit", "1GB"));
  EXPECT_EQ(s.show("spool_memory_limit"), "1GB");
  ASSERT_TRUE(s.set("spool_memory_limit", "100"));  // bare number: kB
  EXPECT_EQ(s.show("spool_memory_limit"), "100kB");
  EXPECT_EQ(s.get_bytes("spool_memory_limit"), 102400);
  ASSERT_TRUE(s.set("spool_memory_limit", "1536 kB"));
  EXPECT_EQ(s.show("spool_memory_limit"), "1536kB");
  auto lower_case = s.set("spool_memory_limit", "64mb");
  ASSERT_FALSE(lower_case);
  EXPECT_EQ(lower_case.error(),
            "invalid value for parameter \"spool_memory_limit\": \"64mb\"\nHINT:  Valid units for this parameter are "
            "\"B\", \"kB\", \"MB\", \"GB\", and \"TB\".");
  auto too_small = s.set("spool_memory_limit", "10kB");
  ASSERT_FALSE(too_small);
  EXPECT_EQ(too_small.error(),
            "10 kB is outside the valid range for parameter \"spool_memory_limit\" (64 kB .. 2147483648 kB)");
}
