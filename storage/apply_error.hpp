// apply_error: why applying a group failed, in PostgreSQL's words, plus the
// conflict counters and the text pieces the apply sink reports with.
//
//   error     sqlstate + message + detail, e.g. 23505
//             conflict detected on relation "public.t": conflict=insert_exists
//             Key (a)=(1) already exists.
//   context   processing remote data for replication origin "pg_16384" during
//             message type "INSERT" for replication target relation "public.t"
//             in transaction 740, finished at 0/14C0378
//   retryable the file was busy (a local writer held it past the busy timeout,
//             55P03): not an apply failure, the caller retries the group at once.
// The finish LSN in the context is what ALTER SUBSCRIPTION ... SKIP takes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/pipeline/remote_transaction.hpp"
#include "stages/types/sql_value.hpp"
#include "storage/sqlite_connection.hpp"
#include "storage/sqlstate_mapping.hpp"

namespace tributary {

struct apply_error {
  pg_error error;
  std::string context;
  bool retryable = false;

  // "message\nDETAIL: ...\nHINT: ...\nCONTEXT: ..." (lines present when non-empty).
  std::string to_string() const;
};

// Counted since the sink opened (pg_stat_subscription_stats' confl_* and more).
struct apply_counters {
  uint64_t inserted = 0;
  uint64_t updated = 0;
  uint64_t deleted = 0;
  uint64_t truncated = 0;         // local tables emptied
  uint64_t insert_exists = 0;
  uint64_t update_exists = 0;
  uint64_t multiple_unique_conflicts = 0;
  uint64_t update_missing = 0;
  uint64_t delete_missing = 0;
};

// Where in the remote stream something happened.
struct apply_location {
  std::string_view origin_name;
  std::string_view message_type;  // "INSERT", "UPDATE", "DELETE", "TRUNCATE"
  std::string_view relation;      // "public.t"; empty: none
  std::string_view column;        // empty: none
  xid_t xid = 0;
  lsn finish_lsn;
};

std::string context_of(const apply_location& where);
const char* message_type_of(change_kind kind);

// A SQLite failure while applying, with the SQLSTATE and wording client
// sessions get for it (storage/sqlstate_mapping: the one map); a failed lock
// wait (BUSY/LOCKED, 55P03) is retryable.
apply_error error_from_sqlite(const sqlite_error& e, std::string context);
// A value as PostgreSQL would print it in a key detail.
std::string render_value(const sql_value& value);
// "Key (a, b)=(1, x) already exists." (names and values have one entry each).
std::string existing_key_detail(const std::vector<std::string>& names,
                                const std::vector<std::string>& values);

}  // namespace tributary
