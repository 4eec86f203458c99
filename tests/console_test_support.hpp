// Snapshots built by hand for the console's unit tests: one subscription with
// its pipeline of actors, as tributary_actors and pg_stat_subscription show it.
#pragma once

#include "cli/console/console_snapshot.hpp"

namespace tributary::console::testing {

inline wall_time at_seconds(double seconds) {
  return wall_time{} + std::chrono::duration_cast<wall_time::duration>(std::chrono::duration<double>(seconds)) +
         std::chrono::hours(24 * 365 * 56);  // some day in 2026
}

inline actor_row actor(uint64_t id, const std::string& kind, int64_t subscription, uint64_t parent,
                       const std::string& state) {
  actor_row a;
  a.id = id;
  a.kind = kind;
  a.subscription = subscription;
  a.parent = parent;
  a.state = state;
  return a;
}

// launcher 1; subscription 16384 "orders_sub" with supervisor 2 (parent 0, as
// the supervisor registers) and connection 3, decoder 4, assembler 5, applier 6.
inline snapshot streaming_snapshot(double taken_seconds) {
  snapshot s;
  s.taken = at_seconds(taken_seconds);
  s.server = "localhost:5433";
  subscription_row sub;
  sub.oid = 16384;
  sub.name = "orders_sub";
  sub.database = "postgres";
  sub.owner = "root";
  sub.enabled = true;
  sub.publisher = "pub.example:5432";
  sub.slot_name = "orders_sub";
  sub.publications = "{orders_pub}";
  sub.worker_running = true;
  sub.received_lsn = lsn(0x1000);
  sub.reported_lsn = lsn(0x1000);
  sub.applied_lsn = lsn(0x0F00);
  sub.tables.push_back(table_row{"orders", 'r', lsn(0x800)});
  s.subscriptions.push_back(sub);
  s.actors.push_back(actor(1, "launcher", 0, 0, "running"));
  s.actors.push_back(actor(2, "supervisor", 16384, 0, "running"));
  s.actors.push_back(actor(3, "connection", 16384, 2, "streaming"));
  s.actors.push_back(actor(4, "decoder", 16384, 2, "decoding"));
  s.actors.push_back(actor(5, "assembler", 16384, 2, "assembling"));
  s.actors.push_back(actor(6, "applier", 16384, 2, "applying"));
  return s;
}

inline actor_row& actor_of(snapshot& s, const std::string& kind) {
  for (auto& a : s.actors)
    if (a.kind == kind)
      return a;
  throw std::logic_error("no actor " + kind);
}

}  // namespace tributary::console::testing
