// load_report: percentiles, verdict, text and JSON. See load_report.hpp.
#include "cli/load/load_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace tributary::load {
namespace {

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string hex64(uint64_t value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
  return buffer;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

lag_percentiles percentiles_of(std::vector<double> samples) {
  lag_percentiles out;
  if (samples.empty()) return out;
  std::sort(samples.begin(), samples.end());
  auto rank = [&samples](double p) {
    auto index = static_cast<size_t>(std::ceil(p * static_cast<double>(samples.size())));
    return samples[std::clamp<size_t>(index, 1, samples.size()) - 1];
  };
  out.samples = static_cast<int64_t>(samples.size());
  out.p50_ms = rank(0.50);
  out.p99_ms = rank(0.99);
  out.max_ms = samples.back();
  return out;
}

int64_t load_summary::lost() const {
  int64_t n = 0;
  for (const auto& t : tables) n += t.lost;
  return n;
}

int64_t load_summary::duplicated() const {
  int64_t n = 0;
  for (const auto& t : tables) n += t.duplicated;
  return n;
}

std::string load_summary::failure_reason() const {
  if (!caught_up) return "the subscriber did not catch up: " + catchup_error;
  for (const auto& t : tables) {
    if (!t.error.empty()) return "table " + t.name + " could not be compared: " + t.error;
    if (!t.matches()) {
      std::string why = "table " + t.name + " differs (publisher " + std::to_string(t.publisher_rows) +
                        " rows, subscriber " + std::to_string(t.subscriber_rows) + " rows; " + std::to_string(t.lost) +
                        " lost, " + std::to_string(t.duplicated) + " duplicated, " + std::to_string(t.unexpected) +
                        " unexpected";
      if (!t.first_differing_keys.empty()) why += "; first keys: " + joined(t.first_differing_keys);
      return why + ")";
    }
  }
  for (const auto& f : faults)
    if (f.injected && !f.recovered)
      return "replication did not recover after " + f.kind + " at " + fixed(f.at_s, 1) + "s";
  if (transactions == 0) return "no transaction was committed on the publisher";
  return "";
}

std::string summary_text(const load_summary& s) {
  std::ostringstream out;
  out << "workload " << s.workload << ", " << s.clients << " clients, seed " << s.seed << "\n"
      << "load:         " << fixed(s.load_s, 1) << " s, " << s.transactions << " transactions ("
      << s.transactions_retried << " aborted and retried), " << s.rows_written << " rows written, "
      << s.ddl_events << " DDL events\n"
      << "throughput:   " << fixed(s.throughput_tps(), 1) << " tps\n"
      << "catch-up:     "
      << (s.caught_up ? fixed(s.catchup_s, 2) + " s after the last write" : "not reached: " + s.catchup_error) << "\n"
      << "lag:          p50 " << fixed(s.lag.p50_ms, 0) << " ms, p99 " << fixed(s.lag.p99_ms, 0) << " ms, max "
      << fixed(s.lag.max_ms, 0) << " ms (" << s.lag.samples << " samples)\n";
  int injected = 0, recovered = 0;
  for (const auto& f : s.faults) {
    injected += f.injected ? 1 : 0;
    recovered += f.recovered ? 1 : 0;
  }
  out << "faults:       " << injected << " injected, " << recovered << " recovered\n";
  for (const auto& f : s.faults)
    out << "  " << fixed(f.at_s, 1) << "s  " << f.kind << ": " << f.detail
        << (f.injected ? (f.recovered ? ", recovered in " + fixed(f.recovery_s, 2) + " s" : ", NOT recovered")
                       : " (skipped)")
        << "\n";
  out << "verification: " << s.lost() << " rows lost, " << s.duplicated() << " rows duplicated\n";
  for (const auto& t : s.tables) {
    out << "  " << t.name << ": ";
    if (!t.error.empty()) {
      out << "error: " << t.error << "\n";
      continue;
    }
    out << t.publisher_rows << " rows, checksum " << hex64(t.publisher_checksum);
    if (t.matches()) {
      out << " ok\n";
      continue;
    }
    out << " on the publisher; " << t.subscriber_rows << " rows, checksum " << hex64(t.subscriber_checksum)
        << " on the subscriber: " << t.lost << " lost, " << t.duplicated << " duplicated, " << t.unexpected
        << " unexpected";
    if (!t.first_differing_keys.empty()) out << "; first differing keys: " << joined(t.first_differing_keys);
    out << "\n";
  }
  const auto reason = s.failure_reason();
  out << (reason.empty() ? std::string("PASS") : "FAIL: " + reason) << "\n";
  return out.str();
}

nlohmann::json summary_json(const load_summary& s) {
  nlohmann::json faults = nlohmann::json::array();
  for (const auto& f : s.faults)
    faults.push_back({{"at_s", f.at_s}, {"kind", f.kind}, {"detail", f.detail}, {"injected", f.injected},
                      {"recovered", f.recovered}, {"recovery_s", f.recovery_s}});
  nlohmann::json tables = nlohmann::json::array();
  for (const auto& t : s.tables)
    tables.push_back({{"name", t.name}, {"publisher_rows", t.publisher_rows}, {"subscriber_rows", t.subscriber_rows},
                      {"publisher_checksum", hex64(t.publisher_checksum)},
                      {"subscriber_checksum", hex64(t.subscriber_checksum)}, {"lost", t.lost},
                      {"duplicated", t.duplicated}, {"unexpected", t.unexpected},
                      {"first_differing_keys", t.first_differing_keys}, {"match", t.matches()}, {"error", t.error}});
  const auto reason = s.failure_reason();
  return {{"workload", s.workload}, {"clients", s.clients}, {"seed", s.seed}, {"load_s", s.load_s},
          {"transactions", s.transactions}, {"transactions_retried", s.transactions_retried},
          {"rows_written", s.rows_written}, {"ddl_events", s.ddl_events}, {"throughput_tps", s.throughput_tps()},
          {"caught_up", s.caught_up}, {"catchup_s", s.catchup_s},
          {"lag_ms", {{"p50", s.lag.p50_ms}, {"p99", s.lag.p99_ms}, {"max", s.lag.max_ms}, {"samples", s.lag.samples}}},
          {"faults", faults}, {"tables", tables}, {"lost", s.lost()}, {"duplicated", s.duplicated()},
          {"result", reason.empty() ? "PASS" : "FAIL"}, {"reason", reason}};
}

}  // namespace tributary::load
