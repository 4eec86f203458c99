// The typed form of every pgoutput message (logical replication protocol v1-v4)
// and of the CopyBoth frames that carry them. Produced by pgoutput_decoder,
// consumed by the transaction assembler. Plain values: no I/O, no SQLite, no CAF.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "stages/core/lsn.hpp"

namespace tributary {

using xid_t = uint32_t;
using oid_t = uint32_t;
// Microseconds since 2000-01-01 00:00:00 UTC (PostgreSQL epoch).
using pg_timestamp = int64_t;

// One column value of a TupleData. Its bytes are a view (no copy per value):
// into the received message for a decoded change, kept alive by the
// value_storage of the message or row_change that holds the tuple.
struct tuple_value {
  enum class kind : char { null = 'n', unchanged_toast = 'u', text = 't', binary = 'b' };
  kind k = kind::null;
  std::string_view bytes;  // only for text / binary; no terminating NUL

  tuple_value() = default;
  explicit tuple_value(kind k_) : k(k_) {}
  tuple_value(kind k_, std::string_view b) : k(k_), bytes(b) {}
  tuple_value(kind k_, const char* b) : k(k_), bytes(b) {}
  // A view of a temporary string would dangle: the bytes must live elsewhere.
  tuple_value(kind, std::string&&) = delete;

  bool is_null() const { return k == kind::null; }
  bool is_unchanged() const { return k == kind::unchanged_toast; }
};

using tuple_data = std::vector<tuple_value>;

// What keeps the bytes of tuple values alive: the received batch a change was
// decoded from, or the buffer a spooled change was read into. Shared by every
// change of that batch; the last one released frees it.
using value_storage = std::shared_ptr<const void>;

struct relation_column {
  bool is_key = false;      // flag bit 0: part of the replica identity
  std::string name;
  oid_t type_oid = 0;
  int32_t type_modifier = -1;
};

// What a Relation message says about a published table.
struct relation_info {
  oid_t relation_oid = 0;
  std::string schema_name;   // "" on the wire means pg_catalog; kept as sent
  std::string table_name;
  char replica_identity = 'd';  // 'd' default, 'n' nothing, 'f' full, 'i' index
  std::vector<relation_column> columns;
};

struct type_info {
  oid_t type_oid = 0;
  std::string schema_name;
  std::string type_name;
};

// --- transaction control ---------------------------------------------------
struct begin_message {
  lsn final_lsn;            // start of the commit record (== commit_message::commit_lsn)
  pg_timestamp commit_time = 0;
  xid_t xid = 0;
};

struct commit_message {
  uint8_t flags = 0;
  lsn commit_lsn;           // start of the commit record ("finish LSN")
  lsn end_lsn;              // end of the commit record: the position to persist
  pg_timestamp commit_time = 0;
};

struct origin_message {
  lsn origin_commit_lsn;
  std::string origin_name;
};

// --- schema ----------------------------------------------------------------
struct relation_message {
  std::optional<xid_t> xid;  // present only inside a stream block
  relation_info relation;
};

struct type_message {
  std::optional<xid_t> xid;
  type_info type;
};

// --- data ------------------------------------------------------------------
struct insert_message {
  std::optional<xid_t> xid;
  oid_t relation_oid = 0;
  tuple_data new_tuple;
  value_storage storage;  // keeps the bytes the tuples view alive
};

struct update_message {
  std::optional<xid_t> xid;
  oid_t relation_oid = 0;
  // 'K' old key, 'O' old full row, 0 when neither was sent (key unchanged).
  char old_kind = 0;
  tuple_data old_tuple;
  tuple_data new_tuple;
  value_storage storage;  // keeps the bytes the tuples view alive
};

struct delete_message {
  std::optional<xid_t> xid;
  oid_t relation_oid = 0;
  char old_kind = 'K';       // 'K' or 'O'
  tuple_data old_tuple;
  value_storage storage;  // keeps the bytes the tuples view alive
};

struct truncate_message {
  static constexpr uint8_t cascade = 1;
  static constexpr uint8_t restart_identity = 2;
  std::optional<xid_t> xid;
  uint8_t options = 0;
  std::vector<oid_t> relation_oids;
};

struct logical_message {
  std::optional<xid_t> xid;
  bool transactional = false;
  lsn message_lsn;
  std::string prefix;
  std::string content;
};

// --- streaming of in-progress transactions (v2+) ----------------------------
struct stream_start_message {
  xid_t xid = 0;
  bool first_segment = false;
};

struct stream_stop_message {};

struct stream_commit_message {
  xid_t xid = 0;
  uint8_t flags = 0;
  lsn commit_lsn;
  lsn end_lsn;
  pg_timestamp commit_time = 0;
};

struct stream_abort_message {
  xid_t xid = 0;
  xid_t subxid = 0;
  // Present only with streaming = parallel (v4).
  std::optional<lsn> abort_lsn;
  std::optional<pg_timestamp> abort_time;
};

// --- two-phase commit (v3+) --------------------------------------------------
struct begin_prepare_message {
  lsn prepare_lsn;
  lsn end_lsn;
  pg_timestamp prepare_time = 0;
  xid_t xid = 0;
  std::string gid;
};

// 'P' (Prepare) and 'p' (Stream Prepare) share one layout.
struct prepare_message {
  bool streamed = false;
  uint8_t flags = 0;
  lsn prepare_lsn;
  lsn end_lsn;
  pg_timestamp prepare_time = 0;
  xid_t xid = 0;
  std::string gid;
};

struct commit_prepared_message {
  uint8_t flags = 0;
  lsn commit_lsn;
  lsn end_lsn;
  pg_timestamp commit_time = 0;
  xid_t xid = 0;
  std::string gid;
};

struct rollback_prepared_message {
  uint8_t flags = 0;
  lsn prepare_end_lsn;
  lsn rollback_end_lsn;
  pg_timestamp prepare_time = 0;
  pg_timestamp rollback_time = 0;
  xid_t xid = 0;
  std::string gid;
};

using pgoutput_message =
    std::variant<begin_message, commit_message, origin_message, relation_message,
                 type_message, insert_message, update_message, delete_message,
                 truncate_message, logical_message, stream_start_message,
                 stream_stop_message, stream_commit_message, stream_abort_message,
                 begin_prepare_message, prepare_message, commit_prepared_message,
                 rollback_prepared_message>;

// --- CopyBoth frames (server -> client) --------------------------------------
// 'w' XLogData: header + one pgoutput message (kept as raw bytes until decoded).
struct xlog_data_frame {
  lsn wal_start;
  lsn wal_end;
  pg_timestamp send_time = 0;
  std::string_view payload;  // the pgoutput message: a view into the parsed CopyData
};

// 'k' primary keepalive.
struct keepalive_frame {
  lsn wal_end;
  pg_timestamp send_time = 0;
  bool reply_requested = false;
};

}  // namespace tributary
