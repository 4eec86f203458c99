#include "cli/console/console_rates.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tributary::console {

namespace {

std::optional<double> per_second(uint64_t before, uint64_t after, double seconds) {
  if (after < before || seconds <= 0)
    return std::nullopt;
  return static_cast<double>(after - before) / seconds;
}

}  // namespace

rates compute_rates(const snapshot& before, const snapshot& after) {
  rates out;
  out.interval_seconds = std::chrono::duration<double>(after.taken - before.taken).count();
  if (out.interval_seconds <= 0)
    return out;
  std::map<uint64_t, const actor_row*> earlier;
  for (const auto& a : before.actors)
    earlier[a.id] = &a;
  for (const auto& a : after.actors) {
    auto it = earlier.find(a.id);
    if (it == earlier.end() || it->second->kind != a.kind)
      continue;
    const auto& b = *it->second;
    auto m = per_second(b.messages, a.messages, out.interval_seconds);
    auto by = per_second(b.bytes, a.bytes, out.interval_seconds);
    auto r = per_second(b.rows, a.rows, out.interval_seconds);
    auto t = per_second(b.transactions, a.transactions, out.interval_seconds);
    auto p = per_second(b.progress, a.progress, out.interval_seconds);
    if (!m || !by || !r || !t || !p)
      continue;
    out.actors[a.id] = actor_rates{*m, *by, *r, *t, *p};
    if (a.kind != "applier" || a.subscription == 0)
      continue;
    subscription_rates s{*r, *t, std::nullopt};
    if (a.commits > b.commits)
      s.group_size = static_cast<double>(a.transactions - b.transactions) / static_cast<double>(a.commits - b.commits);
    out.subscriptions[a.subscription] = s;
  }
  return out;
}

const actor_row* find_actor(const snapshot& snap, int64_t subid, const std::string& kind) {
  for (const auto& a : snap.actors)
    if (a.subscription == subid && a.kind == kind)
      return &a;
  return nullptr;
}

std::string subscription_state(const subscription_row& sub, const snapshot& snap) {
  if (!sub.enabled)
    return sub.disable_on_error && sub.apply_error_count + sub.sync_error_count > 0 ? "disabled by error"
                                                                                    : "disabled";
  const actor_row* supervisor = find_actor(snap, sub.oid, "supervisor");
  if (!supervisor)
    return "disconnected";
  if (supervisor->state.rfind("retrying in ", 0) == 0) {
    // "retrying in N s" as of state_since: what is left of the N s now.
    long long total = std::atoll(supervisor->state.c_str() + 12);
    long long left = total;
    if (supervisor->state_since)
      left = total - std::chrono::duration_cast<std::chrono::seconds>(snap.taken - *supervisor->state_since).count();
    return "retrying in " + std::to_string(std::max(0LL, left)) + " s";
  }
  if (supervisor->state == "stopping" || supervisor->state == "failing")
    return supervisor->state;
  const bool copying = find_actor(snap, sub.oid, "sync_coordinator") != nullptr ||
                       std::any_of(sub.tables.begin(), sub.tables.end(), [](const table_row& t) { return t.state != 'r'; });
  if (copying)
    return "copying";
  const actor_row* connection = find_actor(snap, sub.oid, "connection");
  if (connection == nullptr)
    return supervisor->state == "starting" ? "starting" : "disconnected";
  if (connection->state == "streaming" || connection->state == "paused")
    return "streaming";
  return connection->state;  // connecting
}

subscription_lag lag_of(const subscription_row& sub, const snapshot& snap) {
  subscription_lag lag;
  if (!sub.received_lsn || !sub.reported_lsn)
    return lag;
  const auto received = sub.received_lsn->value(), reported = sub.reported_lsn->value();
  lag.bytes = received > reported ? received - reported : 0;
  if (*lag.bytes == 0) {
    lag.time = std::chrono::milliseconds(0);
    return lag;
  }
  const actor_row* applier = find_actor(snap, sub.oid, "applier");
  if (applier && applier->last_commit_time)
    lag.time = std::chrono::duration_cast<std::chrono::milliseconds>(snap.taken - *applier->last_commit_time);
  return lag;
}

void throughput_history::add(const rates& r) {
  for (const auto& [subid, s] : r.subscriptions) {
    auto& q = samples_[subid];
    q.push_back(s.rows.value_or(0));
    while (q.size() > capacity_)
      q.pop_front();
  }
}

std::optional<double> throughput_history::peak(int64_t subid) const {
  auto it = samples_.find(subid);
  if (it == samples_.end() || it->second.empty())
    return std::nullopt;
  return *std::max_element(it->second.begin(), it->second.end());
}

std::string throughput_history::sparkline(int64_t subid, size_t width) const {
  static const std::string levels = " ._-=+*#@";
  auto it = samples_.find(subid);
  if (it == samples_.end())
    return "";
  const auto& q = it->second;
  size_t from = q.size() > width ? q.size() - width : 0;
  double top = 0;
  for (size_t i = from; i < q.size(); ++i)
    top = std::max(top, q[i]);
  std::string out;
  for (size_t i = from; i < q.size(); ++i) {
    size_t level = 0;
    if (top > 0 && q[i] > 0)
      level = 1 + static_cast<size_t>(std::floor((q[i] / top) * static_cast<double>(levels.size() - 2) + 1e-9));
    out += levels[std::min(level, levels.size() - 1)];
  }
  return out;
}

}  // namespace tributary::console
