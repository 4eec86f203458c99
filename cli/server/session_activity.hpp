// session_activity: what pg_stat_activity shows of one client session, and the
// registry of every live session's record.
//
// Written by the session's own thread (startup done, a statement starts or ends,
// a SET application_name), read by any session scanning pg_stat_activity, so each
// record has its own mutex; nobody holds it for longer than a copy. Whether the
// session waits for the database's write lock is read from its lock_wait at the
// moment of the scan (wait_event_type Lock, wait_event transactionid: it waits for
// another transaction to end, as PostgreSQL's row-lock waits do).
//
// States, as PostgreSQL's `state` column:
//   (startup) --connected--> idle --statement_started--> active
//   active --statement_ended('I')--> idle
//          --statement_ended('T')--> idle in transaction
//          --statement_ended('E')--> idle in transaction (aborted)
// xact_start is set when a statement starts outside a transaction block and kept
// while the block lasts; query_start with each statement; state_change with each
// state change. Nothing is persisted; a record ends with its session.
//
// pg_cancel_backend(pid) / pg_terminate_backend(pid) reach the session through
// the registry: cancel interrupts its running statement (57014), terminate ends it
// (its client gets FATAL 57P01).
#pragma once

#include "storage/session_privileges.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace tributary {

class lock_wait;

using activity_clock = std::chrono::system_clock;

struct session_activity_row {
  int32_t pid = 0;
  int64_t datid = 0;
  std::string datname;
  int64_t usesysid = 0;
  std::string usename;
  bool superuser = false;
  std::string application_name;
  std::optional<std::string> client_addr;
  int client_port = -1;
  activity_clock::time_point backend_start;
  std::optional<activity_clock::time_point> xact_start, query_start, state_change;
  std::string state;  // empty before startup finished
  std::string query;
  bool waiting_for_lock = false;
};

class session_activity {
public:
  session_activity(int32_t pid, std::optional<std::string> client_addr, int client_port);

  void connected(int64_t datid, std::string datname, int64_t usesysid, std::string usename, bool superuser,
                 std::string application_name, const lock_wait* waits);
  void statement_started(std::string query);
  // `transaction_status`: ReadyForQuery's indicator, 'I', 'T' or 'E'.
  void statement_ended(char transaction_status, std::string application_name);

  session_activity_row snapshot() const;

  // Set by the server: interrupt the running statement / end the session.
  std::function<void()> cancel;
  std::function<void()> terminate;

private:
  void change_state(std::string state, activity_clock::time_point now);

  mutable std::mutex mutex_;
  session_activity_row row_;
  bool in_transaction_ = false;
  const lock_wait* waits_ = nullptr;
};

using session_activity_ptr = std::shared_ptr<session_activity>;

class session_activity_registry {
public:
  void add(const session_activity_ptr& activity);
  void remove(int32_t pid);
  std::vector<session_activity_row> rows() const;

  enum class signal_result { sent, no_such_session, not_permitted };
  // As pg_cancel_backend / pg_terminate_backend: a superuser may signal any session,
  // another role only sessions of the same role.
  signal_result cancel(int32_t pid, const std::string& by_user, bool by_superuser) const;
  signal_result terminate(int32_t pid, const std::string& by_user, bool by_superuser) const;

private:
  session_activity_ptr find_permitted(int32_t pid, const std::string& by_user, bool by_superuser,
                                      signal_result& why) const;

  mutable std::mutex mutex_;
  std::map<int32_t, session_activity_ptr> sessions_;
};

using session_activity_registry_ptr = std::shared_ptr<session_activity_registry>;

// pg_cancel_backend(pid) and pg_terminate_backend(pid [, timeout]) as SQL
// functions of one session's connection, acting as its current user: true when
// signalled, false when no session has that pid, 42501's message when not permitted.
void install_backend_signal_functions(sqlite3* db, session_activity_registry_ptr registry,
                                      session_privileges_ptr privileges);

class data_directory;

// The roles whose sessions `viewer` (a session's current user) sees in detail in
// pg_stat_activity: PostgreSQL's HAS_PGSTAT_PERMISSIONS, every role for a
// superuser (nullopt), else the roles whose privileges it has (there is no
// pg_read_all_stats role here). Roles are read from global.db at the call.
std::optional<std::vector<int64_t>> roles_seen_in_detail(data_directory& directory, const session_privileges& viewer);

}  // namespace tributary
