// publisher_connection: one libpq connection to a publisher, either a logical
// walsender (replication=database) or a plain SQL session.
//
// Used blocking by CREATE/ALTER/DROP SUBSCRIPTION (on a client session's own
// thread) and by the connection and table-sync actors, which run detached (their
// own threads). While streaming, the socket is non-blocking: read_copy_data()
// drains what has arrived without waiting, wait_socket() waits with a bound.
// Errors keep the publisher's SQLSTATE and message.
#pragma once

#include <libpq-fe.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "actors/publisher/publisher_conninfo.hpp"
#include "stages/core/lsn.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct pg_result_deleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using pg_result_ptr = std::unique_ptr<PGresult, pg_result_deleter>;

struct published_table {
  std::string schema_name;
  std::string table_name;
  std::optional<std::vector<std::string>> columns;  // PG 15+: the published column names
};

struct created_slot {
  std::string slot_name;
  lsn consistent_point;
  std::string snapshot_name;  // empty unless exported
};

// A published table as the initial copy reads it (PostgreSQL's
// fetch_remote_table_info): its published columns and row filters.
struct remote_column {
  std::string name;
  oid_t type_oid = 0;
  bool is_key = false;      // part of the replica identity
  bool generated = false;   // a published generated column (PG 18+)
};

struct remote_table_info {
  oid_t relid = 0;
  char relkind = 'r';
  char replica_identity = 'd';
  std::vector<remote_column> columns;    // published columns, in attnum order
  std::vector<std::string> row_filters;  // OR-ed; empty = every row
  double estimated_rows = -1;            // pg_class.reltuples (-1: never analyzed)
};

struct stream_options {
  std::vector<std::string> publications;
  bool binary = false;
  char streaming = 'f';          // 'f' off, 't' on, 'p' parallel
  std::string origin = "any";
};

class publisher_connection {
public:
  // Connects (blocking, bounded by connect_timeout, default 30 s). 08006
  // `could not connect to the publisher: ...` when it fails. With `cancelled`
  // (a client session's statement), the wait is checked every 100 ms and ends
  // with 57014 `canceling statement due to user request` once it says true.
  static result<std::unique_ptr<publisher_connection>, pg_error> open(
      const conninfo_params& params, const std::function<bool()>& cancelled = {});

  ~publisher_connection();
  publisher_connection(const publisher_connection&) = delete;
  publisher_connection& operator=(const publisher_connection&) = delete;

  int server_version() const { return PQserverVersion(conn_); }
  // pgoutput protocol version PostgreSQL's subscriber asks this server for.
  int protocol_version() const;
  // What START_REPLICATION asks for, as PostgreSQL's apply worker does:
  // streaming 'parallel' from a 16+ publisher when the subscription says
  // parallel, 'on' from 14 and 15 (and from 16+ with streaming = on), nothing
  // before 14 (pgoutput < 14 cannot stream: the option is not sent at all).
  bool asks_streaming(char streaming) const { return streaming != 'f' && server_version() >= 140000; }
  bool asks_parallel_streaming(char streaming) const {
    return streaming == 'p' && server_version() >= 160000;
  }

  // Runs one simple-protocol command; fails on anything but COMMAND_OK/TUPLES_OK.
  result<pg_result_ptr, pg_error> exec(const std::string& sql);
  std::string quote_literal(std::string_view text) const;
  std::string quote_identifier(std::string_view text) const;

  // --- replication commands (walsender connections) -------------------------
  enum class snapshot_action { export_snapshot, use_snapshot, nothing };
  result<created_slot, pg_error> create_logical_slot(const std::string& slot_name, bool temporary,
                                                     snapshot_action action, bool failover);
  result<ok_t, pg_error> drop_slot(const std::string& slot_name, bool wait);
  // ALTER_REPLICATION_SLOT name (FAILOVER b) (PostgreSQL 17+ walsenders; an
  // older one answers with its own error, as PostgreSQL's subscriber sees it).
  result<ok_t, pg_error> alter_slot_failover(const std::string& slot_name, bool failover);

  // --- publications ---------------------------------------------------------
  result<std::vector<std::string>, pg_error> missing_publications(
      const std::vector<std::string>& publications);
  // The tables of the publications, as PostgreSQL's fetch_table_list reads them.
  // 0A000 when two publications send one table with different column lists.
  result<std::vector<published_table>, pg_error> published_tables(
      const std::vector<std::string>& publications);
  // The publications (sorted) with a table that a subscription on the publisher
  // writes to (pg_subscription_rel there), leaving out `already_subscribed`
  // (schema, table) pairs: what check_publications_origin warns about.
  result<std::vector<std::string>, pg_error> publications_with_subscribed_tables(
      const std::vector<std::string>& publications,
      const std::vector<std::pair<std::string, std::string>>& already_subscribed);

  // --- streaming ------------------------------------------------------------
  result<ok_t, pg_error> start_replication(const std::string& slot_name, lsn start,
                                           const stream_options& options);
  enum class read_status { data, would_block, ended };
  // Hands each whole CopyData payload that has arrived to `take` (a view valid
  // only during the call: no copy is made here), reading the socket again as
  // long as it has more, until none has arrived, a limit is hit or `take`
  // returns false (then read_status::data).
  using copy_data_handler = std::function<bool(std::string_view)>;
  result<read_status, pg_error> read_copy_data(const copy_data_handler& take, size_t max_messages,
                                               size_t max_bytes);
  result<ok_t, pg_error> send_copy_data(std::string_view payload);
  // Waits until the socket is readable (true) or the timeout passes (false);
  // also pushes out pending output. A readable `wake_fd` (when >= 0) ends the
  // wait as well (false unless the socket is readable too).
  result<bool, pg_error> wait_socket(std::chrono::microseconds timeout, int wake_fd = -1);
  // Stops streaming: sends CopyDone, then reads (and drops) what the publisher
  // still sends until it ends the COPY with its own CopyDone and CommandComplete,
  // waiting at most `timeout`. ok once the publisher confirmed the end; an error
  // says why not (the connection is then only good for closing).
  result<ok_t, pg_error> end_streaming(std::chrono::milliseconds timeout);

  // --- initial table copy (plain SQL sessions; publisher_table_copy.cpp) -----
  // Columns, column list and row filters of one table in these publications.
  // 42P01 `table "s.t" not found on publisher`; 0A000 `cannot use different
  // column lists for table "s.t" in different publications`.
  result<remote_table_info, pg_error> fetch_remote_table_info(const std::string& schema,
                                                              const std::string& table,
                                                              const std::vector<std::string>& publications);
  // The COPY ... TO STDOUT that copies it, as PostgreSQL's copy_table builds it
  // (binary only when asked and the publisher is 16+).
  std::string copy_out_query(const std::string& schema, const std::string& table,
                             const remote_table_info& info, bool binary) const;
  // Runs the COPY; true when the publisher sends binary tuples.
  result<bool, pg_error> start_copy_out(const std::string& sql);
  // Hands each CopyData chunk that has arrived to `consume` (false: stop),
  // reading the socket again as long as it has more, up to about max_bytes;
  // `ended` once the COPY completed successfully.
  result<read_status, pg_error> read_copy_out(const std::function<bool(std::string_view)>& consume,
                                              size_t max_bytes);

  std::string last_error() const;
  PGconn* handle() const { return conn_; }

private:
  explicit publisher_connection(PGconn* conn) : conn_(conn) {}
  // The connected `conn` as a publisher_connection, set up as the walreceiver does.
  static result<std::unique_ptr<publisher_connection>, pg_error> finish_open(PGconn* conn,
                                                                             const conninfo_params& params);
  pg_error error_from(const PGresult* r, const std::string& prefix) const;
  PGconn* conn_ = nullptr;
};

}  // namespace tributary
