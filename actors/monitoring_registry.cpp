#include "actors/monitoring_registry.hpp"

namespace tributary {

void monitoring_registry::worker_started(int64_t subid, const std::string& database, int pid) {
  std::lock_guard lock{mutex_};
  auto& w = workers_[subid];
  w = subscription_worker_stats{};
  w.subid = subid;
  w.database = database;
  w.running = true;
  w.pid = pid;
  counters_[subid].subid = subid;
}

void monitoring_registry::worker_stopped(int64_t subid) {
  std::lock_guard lock{mutex_};
  auto it = workers_.find(subid);
  if (it != workers_.end()) {
    auto db = it->second.database;
    it->second = subscription_worker_stats{};
    it->second.subid = subid;
    it->second.database = db;
  }
}

void monitoring_registry::message_received(int64_t subid, lsn wal_end, wall_time send_time,
                                           wall_time receipt_time) {
  std::lock_guard lock{mutex_};
  auto& w = workers_[subid];
  if (!wal_end.is_zero() && (!w.received_lsn || wal_end > *w.received_lsn))
    w.received_lsn = wal_end;
  w.last_msg_send_time = send_time;
  w.last_msg_receipt_time = receipt_time;
}

void monitoring_registry::position_reported(int64_t subid, lsn flushed, wall_time when) {
  std::lock_guard lock{mutex_};
  auto& w = workers_[subid];
  w.latest_end_lsn = flushed;
  w.latest_end_time = when;
}

std::vector<subscription_worker_stats> monitoring_registry::workers() const {
  std::lock_guard lock{mutex_};
  std::vector<subscription_worker_stats> out;
  for (const auto& [id, w] : workers_)
    out.push_back(w);
  return out;
}

void monitoring_registry::count_apply_error(int64_t subid) {
  std::lock_guard lock{mutex_};
  auto& c = counters_[subid];
  c.subid = subid;
  ++c.apply_error_count;
}

void monitoring_registry::count_sync_error(int64_t subid) {
  std::lock_guard lock{mutex_};
  auto& c = counters_[subid];
  c.subid = subid;
  ++c.sync_error_count;
}

void monitoring_registry::add_conflicts(int64_t subid, const subscription_counters& d) {
  std::lock_guard lock{mutex_};
  auto& c = counters_[subid];
  c.subid = subid;
  c.confl_insert_exists += d.confl_insert_exists;
  c.confl_update_origin_differs += d.confl_update_origin_differs;
  c.confl_update_exists += d.confl_update_exists;
  c.confl_update_missing += d.confl_update_missing;
  c.confl_delete_origin_differs += d.confl_delete_origin_differs;
  c.confl_delete_missing += d.confl_delete_missing;
  c.confl_multiple_unique_conflicts += d.confl_multiple_unique_conflicts;
}

void monitoring_registry::add_spilled(int64_t subid, int64_t transactions, int64_t bytes) {
  std::lock_guard lock{mutex_};
  auto& c = counters_[subid];
  c.subid = subid;
  c.stream_spilled_txns += transactions;
  c.stream_spilled_bytes += bytes;
}

void monitoring_registry::reset_counters(std::optional<int64_t> subid) {
  std::lock_guard lock{mutex_};
  auto now = std::chrono::system_clock::now();
  for (auto& [id, c] : counters_)
    if (!subid || *subid == id) {
      c = subscription_counters{};
      c.subid = id;
      c.stats_reset = now;
    }
}

std::optional<subscription_counters> monitoring_registry::counters(int64_t subid) const {
  std::lock_guard lock{mutex_};
  auto it = counters_.find(subid);
  if (it == counters_.end())
    return std::nullopt;
  return it->second;
}

void monitoring_registry::forget_subscription(int64_t subid) {
  std::lock_guard lock{mutex_};
  workers_.erase(subid);
  counters_.erase(subid);
}

actor_stats_ptr monitoring_registry::register_actor(uint64_t id, std::string kind, int64_t subscription,
                                                    uint64_t parent) {
  auto a = std::make_shared<actor_stats>();
  a->id = id;
  a->kind = std::move(kind);
  a->subscription = subscription;
  a->parent = parent;
  a->state = "starting";
  a->started = std::chrono::system_clock::now();
  a->state_since = a->started;
  std::lock_guard lock{mutex_};
  actors_[id] = a;
  return a;
}

void monitoring_registry::unregister_actor(uint64_t id) {
  std::lock_guard lock{mutex_};
  actors_.erase(id);
}

void monitoring_registry::set_actor_state(const actor_stats_ptr& actor, std::string state) {
  std::lock_guard lock{mutex_};
  if (actor->state != state)
    actor->state_since = std::chrono::system_clock::now();
  actor->state = std::move(state);
}

void monitoring_registry::set_actor_relation(const actor_stats_ptr& actor, std::string schema, std::string name) {
  std::lock_guard lock{mutex_};
  actor->relation_schema = std::move(schema);
  actor->relation_name = std::move(name);
}

void monitoring_registry::set_actor_error(const actor_stats_ptr& actor, std::string error) {
  std::lock_guard lock{mutex_};
  actor->last_error = std::move(error);
  actor->last_error_time = std::chrono::system_clock::now();
}

std::vector<actor_stats_row> monitoring_registry::actors() const {
  std::lock_guard lock{mutex_};
  std::vector<actor_stats_row> out;
  for (const auto& [id, a] : actors_)
    out.push_back(actor_stats_row{a->id, a->parent, a->kind, a->state, a->last_error, a->subscription,
                                  a->messages.load(), a->mailbox.load(), a->restarts.load(),
                                  a->progress.load(), a->started, a->rows.load(), a->transactions.load(),
                                  a->bytes.load(), a->commits.load(), a->last_commit_time.load(),
                                  a->state_since, a->last_error_time, a->progress_total.load(),
                                  a->relation_schema, a->relation_name});
  return out;
}

}  // namespace tributary
