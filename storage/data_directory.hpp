// data_directory: the on-disk layout of one Tributary server (architecture §2).
//
//   DIR/tributary.conf     settings
//   DIR/global.db          roles and databases (cluster-wide catalogs)
//   DIR/base/<db>.db       one SQLite file per database: user tables and the
//                          replication catalog of that database
//   DIR/spool/, DIR/log/
//   DIR/tributary.pid      the running server's lock file (data_directory_lock)
//
// open() initializes a new or empty directory (the first role, a superuser, is
// named after the operating-system user; the first database is "postgres") and
// brings every database file's catalog up to the current schema version.
// Thread-safe: sessions of many threads call it.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct role_info {
  int64_t oid = 0;
  std::string name;
  bool superuser = false;
  bool can_login = true;
};

struct database_info {
  int64_t oid = 0;
  std::string name;
  std::string owner;
  int64_t owner_oid = 10;          // datdba
  std::optional<std::string> acl;  // datacl in table_acl's stored form; nullopt: acldefault
  int64_t connection_limit = -1;   // datconnlimit (-1: no limit)
  bool allow_connections = true;   // datallowconn
};

class data_directory {
public:
  static result<std::shared_ptr<data_directory>, std::string> open(
      const std::filesystem::path& dir, const std::string& bootstrap_role);

  const std::filesystem::path& root() const { return root_; }
  std::filesystem::path config_file() const { return root_ / "tributary.conf"; }
  std::filesystem::path global_db_file() const { return root_ / "global.db"; }
  std::filesystem::path database_file(const std::string& name) const;
  std::filesystem::path spool_dir() const { return root_ / "spool"; }
  std::filesystem::path log_dir() const { return root_ / "log"; }

  // nullopt when there is no such role/database; an error when global.db could not
  // be read (53100 disk full, 58030 I/O error ...: sqlstate_mapping).
  result<std::optional<role_info>, pg_error> lookup_role(const std::string& name) const;
  result<std::optional<database_info>, pg_error> lookup_database(const std::string& name) const;
  // The same, with a read failure taken as "not found".
  std::optional<role_info> find_role(const std::string& name) const;
  std::optional<role_info> find_role(int64_t oid) const;
  std::optional<database_info> find_database(const std::string& name) const;
  std::vector<database_info> databases() const;
  // Every role, by OID (empty when global.db cannot be read).
  std::vector<role_info> roles() const;
  // The same, with the reason when global.db cannot be read (the launcher retries).
  result<std::vector<database_info>, pg_error> list_databases() const;

  // 42P04 when it exists; 42602 for a name that cannot be a file name.
  result<ok_t, pg_error> create_database(const std::string& name, const std::string& owner,
                                         int64_t connection_limit = -1, bool allow_connections = true);
  // Rewrites a database's owner, ACL, connection limit and datallowconn (ALTER
  // DATABASE, GRANT ON DATABASE).
  result<ok_t, pg_error> update_database(const database_info& database);
  // 3D000 when missing (unless if_exists); 55006 when the caller says it is in use.
  result<ok_t, pg_error> drop_database(const std::string& name, bool if_exists);

  // Opens a connection to a database file whose catalog is migrated.
  result<sqlite_connection, pg_error> connect(const std::string& database) const;

  // Marks a client session as using `database` until the returned handle dies;
  // drop_database refuses a database in use (55006), as PostgreSQL does.
  [[nodiscard]] std::shared_ptr<void> track_session(const std::string& database);
  // The client sessions using `database` now (CONNECTION LIMIT counts them).
  int sessions_using(const std::string& database) const;

  // A new object identifier, unique in the whole server (subscriptions, origins).
  int64_t allocate_oid();

  // Runs `work` on global.db while holding the global catalog's lock (role_catalog).
  result<ok_t, pg_error> with_global_db(
      const std::function<result<ok_t, pg_error>(sqlite_connection&)>& work) const;

  // DIR/pg_hba.conf: client authentication (stages/auth/hba_rules.hpp).
  std::filesystem::path hba_file() const { return root_ / "pg_hba.conf"; }

private:
  explicit data_directory(std::filesystem::path root) : root_(std::move(root)) {}
  result<ok_t, std::string> initialize(const std::string& bootstrap_role);
  result<ok_t, std::string> upgrade_global();
  result<sqlite_connection, pg_error> open_global() const;

  std::filesystem::path root_;
  mutable std::mutex global_mutex_;
  mutable std::mutex sessions_mutex_;
  std::map<std::string, int> sessions_per_database_;
};

}  // namespace tributary
