// load_report: the figures of one run, its verdict, and how they are printed.
//
// Role: pure. Lag samples go in as milliseconds and come out as nearest-rank
// percentiles (p50, p99, max). The verdict is PASS only when the subscriber caught up,
// every table matched (same count and checksum, nothing lost, duplicated or
// unexpected), every injected fault recovered, and at least one transaction was
// committed; otherwise FAIL with the first reason in that order of checks. The text
// summary ends with the line `PASS` or `FAIL: <why>`; the JSON summary carries the same
// figures (one object, keys as in the text).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tributary::load {

struct lag_percentiles {
  int64_t samples = 0;
  double p50_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
};

// Nearest-rank percentiles of the samples (all zero when there are none).
lag_percentiles percentiles_of(std::vector<double> samples_ms);

struct fault_record {
  double at_s = 0;           // since the start of the load
  std::string kind;
  std::string detail;        // what was done ("SIGKILL pid 123, restarted as pid 130")
  bool injected = false;     // false: skipped (detail says why)
  bool recovered = false;    // replication applied a heartbeat written after the fault
  double recovery_s = 0;
};

struct table_result {
  std::string name;
  int64_t publisher_rows = 0;
  int64_t subscriber_rows = 0;
  uint64_t publisher_checksum = 0;
  uint64_t subscriber_checksum = 0;
  int64_t lost = 0;
  int64_t duplicated = 0;
  int64_t unexpected = 0;
  std::vector<std::string> first_differing_keys;
  std::string error;  // could not be read

  bool matches() const {
    return error.empty() && publisher_rows == subscriber_rows && publisher_checksum == subscriber_checksum &&
           lost == 0 && duplicated == 0 && unexpected == 0;
  }
};

struct load_summary {
  std::string workload;
  int clients = 0;
  uint64_t seed = 0;
  double load_s = 0;
  int64_t transactions = 0;
  int64_t transactions_retried = 0;  // aborted by an error (deadlock, lost connection) and not counted
  int64_t rows_written = 0;
  int64_t ddl_events = 0;
  bool caught_up = false;
  double catchup_s = 0;
  std::string catchup_error;
  lag_percentiles lag;
  std::vector<fault_record> faults;
  std::vector<table_result> tables;

  double throughput_tps() const { return load_s > 0 ? transactions / load_s : 0; }
  int64_t lost() const;
  int64_t duplicated() const;
  // "" when the run passed, else why it failed.
  std::string failure_reason() const;
};

std::string summary_text(const load_summary& summary);
nlohmann::json summary_json(const load_summary& summary);

}  // namespace tributary::load
