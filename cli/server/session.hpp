// session: one client connection, from the startup packet to Terminate, on its
// own thread with a blocking socket.
//
// States:
//   startup ──SSLRequest/GSSENCRequest──► answer 'N', read the real startup packet
//      │──CancelRequest──► hand (pid, key) to the server, close without a reply
//      │──nothing (complete) within authentication_timeout──► close silently
//      │──all max_connections slots taken──► FATAL 53300, close
//      │──unknown role / database──► FATAL 28000 / 3D000, close
//      │──global.db unreadable──► FATAL with the storage error (53100, 58030 ...)
//      ▼
//   ready ──Query──► statements (simple protocol) ──► ReadyForQuery
//      │──Parse/Bind/Describe/Execute/Close──► extended_query; an error skips to Sync
//      │──Sync──► commit the batch ──► ReadyForQuery
//      └──Terminate / connection closed / server stop──► close
//
// After startup the session owns its sqlite_connection to the database file it is
// bound to, its transaction block and its parameters. interrupt_statement() (from
// the server, on a CancelRequest) and request_stop() (server shutdown) are the only
// calls from other threads: the first aborts the running SQLite statement or its
// wait for the database's write lock (it then fails with 57014), the second also shuts the socket's read side, so the session
// reports FATAL 57P01 to its client and ends. pg_cancel_backend / pg_terminate_backend
// of another session reach the same two calls through its session_activity record,
// which the session keeps current for pg_stat_activity (state, query) and takes out
// of the registry when it ends. Every error sent to the client is also logged
// (ERROR/FATAL with STATEMENT, stages/core/server_log).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "cli/server/connection_slots.hpp"
#include "cli/server/message_stream.hpp"
#include "cli/server/session_activity.hpp"
#include "cli/commands/subscription_commands.hpp"
#include "stages/core/settings.hpp"
#include "storage/data_directory.hpp"
#include "storage/lock_wait.hpp"

struct sqlite3;

namespace tributary {

class connection_state;
class hba_configuration;
class tls_context;
class temporary_schema_registry;

// What every session of one server shares.
struct session_services {
  std::shared_ptr<data_directory> directory;
  std::shared_ptr<const settings> server_settings;
  std::shared_ptr<subscription_commands> subscriptions;
  // Runs on every session's new database connection (the monitoring relations),
  // with the session's privileges (whose sessions pg_stat_activity details).
  std::function<result<ok_t, pg_error>(sqlite_connection&, const session_privileges_ptr&)> prepare_connection;
  // A CancelRequest arrived on this connection: (process id, secret key).
  std::function<void(int32_t, int32_t)> cancel;
  // The max_connections slots; a session takes one when its startup packet has
  // arrived. Null: no limit (tests that drive one session).
  std::shared_ptr<connection_slots> slots;
  // pg_stat_activity's records of the live sessions. Null: not shown (unit tests).
  session_activity_registry_ptr activities;
  // The sessions' backend numbers and temporary schemas (pg_temp_N). Null: every
  // session's is pg_temp_3 (tests that drive one session).
  std::shared_ptr<temporary_schema_registry> temporary_schemas;
  // pg_hba.conf (client_authentication.hpp). Null: every client is trusted (tests
  // that drive one session).
  std::shared_ptr<hba_configuration> hba;
  // TLS for clients (ssl = on). Null: SSLRequest is answered 'N'.
  std::shared_ptr<tls_context> tls;
};

class session {
public:
  // Takes ownership of the connected socket `fd`.
  session(int fd, int32_t process_id, int32_t secret_key, session_services services);
  ~session();
  session(const session&) = delete;
  session& operator=(const session&) = delete;

  // The whole life of the connection; returns when it is over.
  void run();

  int32_t process_id() const { return process_id_; }
  int32_t secret_key() const { return secret_key_; }

  // Thread-safe.
  void interrupt_statement();
  void request_stop();
  // Shuts the socket both ways: a blocked write to a client that reads nothing ends.
  void abort_connection();

  // Before run(): the record pg_stat_activity shows; the session fills it in and
  // takes it out of services.activities when it ends.
  void set_activity(session_activity_ptr activity) { activity_ = std::move(activity); }

private:
  struct frontend_bytes {
    char type = 0;
    std::string body;
  };

  bool perform_startup(std::unique_ptr<connection_state>& state);
  // The next typed message; nullopt when the session must end (already answered or logged).
  std::optional<frontend_bytes> read_frontend_message();
  void log_read_failure(const stream_error& error);
  void refuse_for_storage(const pg_error& error);
  void serve(connection_state& state);
  void send_fatal(const std::string& sqlstate, const std::string& message, const std::string& detail = {});
  void send_fatal(pg_error error);  // with its DETAIL and HINT
  // What a CancelRequest interrupts: the running SQLite statement and a lock wait.
  void set_interrupt_target(sqlite3* db, lock_wait* waiting);

  int fd_;
  int32_t process_id_;
  int32_t secret_key_;
  session_services services_;
  message_stream stream_;
  std::mutex interrupt_mutex_;
  sqlite3* interrupt_target_ = nullptr;
  lock_wait* lock_wait_target_ = nullptr;
  std::atomic<bool> stopping_{false};
  std::optional<connection_slots::ticket> slot_;
  session_activity_ptr activity_;
};

}  // namespace tributary
