#include "cli/console/console_json.hpp"

#include "stages/core/utc_timestamp.hpp"

#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>

namespace tributary::console {

namespace {

using json = nlohmann::ordered_json;

json optional_lsn(const std::optional<lsn>& l) { return l ? json(l->to_string()) : json(nullptr); }
json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }
json optional_time(const std::optional<wall_time>& t) { return t ? json(timestamp_text(*t)) : json(nullptr); }

json subscription_json(const subscription_row& s, const snapshot& snap, const rates* interval) {
  auto lag = lag_of(s, snap);
  const subscription_rates* sr = nullptr;
  if (interval) {
    auto it = interval->subscriptions.find(s.oid);
    if (it != interval->subscriptions.end())
      sr = &it->second;
  }
  json tables = json::array();
  for (const auto& t : s.tables)
    tables.push_back({{"name", t.name}, {"state", std::string(1, t.state)}, {"sync_lsn", optional_lsn(t.sync_lsn)}});
  return {{"oid", s.oid},
          {"name", s.name},
          {"database", s.database},
          {"owner", s.owner},
          {"enabled", s.enabled},
          {"state", subscription_state(s, snap)},
          {"publisher", s.publisher},
          {"slot_name", s.slot_name},
          {"publications", s.publications},
          {"received_lsn", optional_lsn(s.received_lsn)},
          {"applied_lsn", optional_lsn(s.reported_lsn)},
          {"origin_lsn", optional_lsn(s.applied_lsn)},
          {"lag_bytes", lag.bytes ? json(*lag.bytes) : json(nullptr)},
          {"lag_seconds", lag.time ? json(static_cast<double>(lag.time->count()) / 1000.0) : json(nullptr)},
          {"rows_per_second", optional_number(sr ? sr->rows : std::nullopt)},
          {"transactions_per_second", optional_number(sr ? sr->transactions : std::nullopt)},
          {"group_size", optional_number(sr ? sr->group_size : std::nullopt)},
          {"conflicts", s.conflicts},
          {"apply_error_count", s.apply_error_count},
          {"sync_error_count", s.sync_error_count},
          {"tables", tables}};
}

json actor_json(const actor_row& a, const rates* interval) {
  const actor_rates* ar = nullptr;
  if (interval) {
    auto it = interval->actors.find(a.id);
    if (it != interval->actors.end())
      ar = &it->second;
  }
  auto rate = [&](double actor_rates::*field) { return ar ? json(ar->*field) : json(nullptr); };
  return {{"id", a.id},
          {"kind", a.kind},
          {"subscription", a.subscription ? json(a.subscription) : json(nullptr)},
          {"parent", a.parent ? json(a.parent) : json(nullptr)},
          {"state", a.state},
          {"messages", a.messages},
          {"mailbox", a.mailbox},
          {"restarts", a.restarts},
          {"progress", a.progress},
          {"progress_total", a.progress_total ? json(*a.progress_total) : json(nullptr)},
          {"rows", a.rows},
          {"transactions", a.transactions},
          {"bytes", a.bytes},
          {"commits", a.commits},
          {"messages_per_second", rate(&actor_rates::messages)},
          {"bytes_per_second", rate(&actor_rates::bytes)},
          {"rows_per_second", rate(&actor_rates::rows)},
          {"transactions_per_second", rate(&actor_rates::transactions)},
          {"last_commit_time", optional_time(a.last_commit_time)},
          {"last_error", a.last_error.empty() ? json(nullptr) : json(a.last_error)},
          {"last_error_time", optional_time(a.last_error_time)}};
}

}  // namespace

std::string timestamp_text(wall_time when) { return utc_timestamp_text(when); }

std::string snapshot_json(const snapshot& snap, const rates* interval) {
  json subs = json::array();
  for (const auto& s : snap.subscriptions)
    subs.push_back(subscription_json(s, snap, interval));
  json actors = json::array();
  for (const auto& a : snap.actors)
    actors.push_back(actor_json(a, interval));
  json out = {{"server", snap.server},
              {"taken", timestamp_text(snap.taken)},
              {"interval_seconds", interval ? json(interval->interval_seconds) : json(nullptr)},
              {"subscriptions", subs},
              {"actors", actors}};
  return out.dump(2) + "\n";
}

}  // namespace tributary::console
