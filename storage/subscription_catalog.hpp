// subscription_catalog: typed reads and writes of the replication catalog of one
// database file (pg_subscription, pg_subscription_rel, pg_replication_origin,
// pg_replication_origin_status). Callers own the transaction: these functions
// run inside whatever transaction the connection has open, so a subscription
// row, its tables and its origin commit together.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/core/lsn.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct subscription_row {
  int64_t oid = 0;
  int64_t dbid = 0;
  lsn skip_lsn;
  std::string name;
  int64_t owner = 0;
  bool enabled = true;
  bool binary = false;
  char streaming = 'f';
  char two_phase_state = 'd';
  bool disable_on_error = false;
  bool password_required = true;
  bool run_as_owner = false;
  bool failover = false;
  std::string conninfo;
  std::optional<std::string> slot_name;
  std::string synchronous_commit = "off";
  std::vector<std::string> publications;
  std::string origin = "any";
};

struct subscription_rel_row {
  int64_t subid = 0;
  int64_t relid = 0;
  char state = 'i';                 // 'i' waiting for copy, 'r' ready
  std::optional<lsn> sync_lsn;      // srsublsn
  std::string schema_name;
  std::string table_name;
};

// The origin PostgreSQL names pg_<subscription oid>.
std::string origin_name_for(int64_t subscription_oid);

result<std::vector<subscription_row>, sqlite_error> list_subscriptions(sqlite_connection& db);
result<std::optional<subscription_row>, sqlite_error> find_subscription(sqlite_connection& db,
                                                                        const std::string& name);
result<std::optional<subscription_row>, sqlite_error> find_subscription(sqlite_connection& db,
                                                                        int64_t oid);
result<ok_t, sqlite_error> insert_subscription(sqlite_connection& db, const subscription_row& row);
// Rewrites every column of the row with this oid.
result<ok_t, sqlite_error> update_subscription(sqlite_connection& db, const subscription_row& row);
// Sets subenabled alone (disable_on_error), so that a concurrent ALTER
// SUBSCRIPTION (a SKIP, say) is never overwritten with an older row.
result<ok_t, sqlite_error> set_subscription_enabled(sqlite_connection& db, int64_t oid, bool enabled);
// Deletes the subscription, its tables and its origin.
result<ok_t, sqlite_error> delete_subscription(sqlite_connection& db, int64_t oid);

result<std::vector<subscription_rel_row>, sqlite_error> list_subscription_rels(sqlite_connection& db,
                                                                               int64_t subid);
result<ok_t, sqlite_error> upsert_subscription_rel(sqlite_connection& db, const subscription_rel_row& row);
result<ok_t, sqlite_error> delete_subscription_rel(sqlite_connection& db, int64_t subid,
                                                   const std::string& schema_name,
                                                   const std::string& table_name);

// Creates pg_<oid> with remote_lsn 0/0.
result<ok_t, sqlite_error> create_origin(sqlite_connection& db, int64_t subscription_oid);
// pg_replication_origin.roident of pg_<oid>; 0 when the origin is missing.
result<int64_t, sqlite_error> origin_id(sqlite_connection& db, int64_t subscription_oid);
result<lsn, sqlite_error> origin_remote_lsn(sqlite_connection& db, int64_t subscription_oid);

}  // namespace tributary
