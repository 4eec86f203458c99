// The report of `tributary load`: lag percentiles, the verdict and its last line, JSON.
#include <gtest/gtest.h>

#include "cli/load/load_report.hpp"

namespace tributary::load {
namespace {

load_summary passing() {
  load_summary s;
  s.workload = "mixed";
  s.clients = 4;
  s.seed = 7;
  s.load_s = 20;
  s.transactions = 4000;
  s.rows_written = 12000;
  s.caught_up = true;
  s.catchup_s = 0.4;
  s.lag = percentiles_of({10, 20, 30});
  fault_record f;
  f.at_s = 9.8;
  f.kind = "kill-server";
  f.detail = "SIGKILL pid 10, restarted as pid 11";
  f.injected = true;
  f.recovered = true;
  f.recovery_s = 1.5;
  s.faults.push_back(f);
  table_result t;
  t.name = "load_inserts";
  t.publisher_rows = t.subscriber_rows = 500;
  t.publisher_checksum = t.subscriber_checksum = 0xabc;
  s.tables.push_back(t);
  return s;
}

std::string last_line(const std::string& text) {
  auto trimmed = text.substr(0, text.size() - 1);
  return trimmed.substr(trimmed.rfind('\n') + 1);
}

TEST(LagPercentiles, NearestRank) {
  std::vector<double> samples;
  for (int i = 100; i >= 1; --i) samples.push_back(i);
  auto p = percentiles_of(samples);
  EXPECT_EQ(p.samples, 100);
  EXPECT_EQ(p.p50_ms, 50);
  EXPECT_EQ(p.p99_ms, 99);
  EXPECT_EQ(p.max_ms, 100);
}

TEST(LagPercentiles, OneSampleIsEveryPercentile) {
  auto p = percentiles_of({42});
  EXPECT_EQ(p.p50_ms, 42);
  EXPECT_EQ(p.p99_ms, 42);
  EXPECT_EQ(p.max_ms, 42);
}

TEST(LagPercentiles, NoSamplesAreZeros) {
  auto p = percentiles_of({});
  EXPECT_EQ(p.samples, 0);
  EXPECT_EQ(p.max_ms, 0);
}

TEST(LoadReport, ACleanRunPasses) {
  auto s = passing();
  EXPECT_EQ(s.failure_reason(), "");
  const auto text = summary_text(s);
  EXPECT_EQ(last_line(text), "PASS");
  EXPECT_NE(text.find("200.0 tps"), std::string::npos) << text;
  EXPECT_NE(text.find("kill-server: SIGKILL pid 10, restarted as pid 11, recovered in 1.50 s"), std::string::npos)
      << text;
  EXPECT_NE(text.find("0 rows lost, 0 rows duplicated"), std::string::npos) << text;
}

TEST(LoadReport, ALostRowFailsNamingTableAndKey) {
  auto s = passing();
  s.tables[0].subscriber_rows = 499;
  s.tables[0].subscriber_checksum = 0xabd;
  s.tables[0].lost = 1;
  s.tables[0].first_differing_keys = {"17"};
  EXPECT_EQ(last_line(summary_text(s)),
            "FAIL: table load_inserts differs (publisher 500 rows, subscriber 499 rows; 1 lost, 0 duplicated, 0 "
            "unexpected; first keys: 17)");
}

TEST(LoadReport, AChecksumMismatchAloneFails) {
  auto s = passing();
  s.tables[0].subscriber_checksum = 0x123;
  EXPECT_NE(s.failure_reason().find("table load_inserts differs"), std::string::npos);
}

TEST(LoadReport, NoCatchUpFailsFirst) {
  auto s = passing();
  s.caught_up = false;
  s.catchup_error = "applied position 0/10 did not reach the publisher's 0/20 within 120 s";
  s.tables.clear();
  EXPECT_EQ(last_line(summary_text(s)),
            "FAIL: the subscriber did not catch up: applied position 0/10 did not reach the publisher's 0/20 within "
            "120 s");
}

TEST(LoadReport, AFaultWithoutRecoveryFails) {
  auto s = passing();
  s.faults[0].recovered = false;
  EXPECT_EQ(s.failure_reason(), "replication did not recover after kill-server at 9.8s");
}

TEST(LoadReport, ASkippedFaultDoesNotFail) {
  auto s = passing();
  s.faults[0].injected = false;
  s.faults[0].recovered = false;
  s.faults[0].detail = "no active walsender";
  EXPECT_EQ(s.failure_reason(), "");
  EXPECT_NE(summary_text(s).find("no active walsender (skipped)"), std::string::npos);
}

TEST(LoadReport, NothingCommittedFails) {
  auto s = passing();
  s.transactions = 0;
  EXPECT_EQ(s.failure_reason(), "no transaction was committed on the publisher");
}

TEST(LoadReport, JsonCarriesTheFiguresAndTheVerdict) {
  auto s = passing();
  s.tables[0].duplicated = 2;
  auto json = summary_json(s);
  EXPECT_EQ(json["result"], "FAIL");
  EXPECT_EQ(json["lost"], 0);
  EXPECT_EQ(json["duplicated"], 2);
  EXPECT_EQ(json["transactions"], 4000);
  EXPECT_EQ(json["lag_ms"]["p50"], 20);
  EXPECT_EQ(json["faults"][0]["kind"], "kill-server");
  EXPECT_EQ(json["tables"][0]["publisher_checksum"], "0000000000000abc");
  EXPECT_EQ(summary_json(passing())["result"], "PASS");
}

}  // namespace
}  // namespace tributary::load
