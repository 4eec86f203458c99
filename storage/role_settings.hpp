// role_settings: ALTER ROLE ... [IN DATABASE d] SET, in global.db's
// tributary_db_role_setting, one row per (database, role, parameter) in the
// order they were first set (PostgreSQL's pg_db_role_setting keeps one text[]
// per (setdatabase, setrole); list() gives it that shape). Database 0 is every
// database, role 0 every role (ALTER ROLE ALL). A value set again keeps its
// place, as GUCArrayAdd replaces it in the array.
//
// At login the session applies, lowest priority first, (0, 0), (database, 0),
// (0, role), (database, role) (PostgreSQL's process_settings order, each source
// overriding the ones before), then the client's startup parameters.
// DROP ROLE and DROP DATABASE forget their rows. Thread-safe: every call takes
// the data directory's global.db lock.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/data_directory.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct role_setting_row {
  int64_t database = 0;  // 0: every database
  int64_t role = 0;      // 0: every role
  std::vector<std::pair<std::string, std::string>> config;  // (name, value), in order
};

class role_settings {
public:
  explicit role_settings(data_directory& directory) : directory_(directory) {}

  static result<ok_t, sqlite_error> upgrade_schema(sqlite_connection& global);
  // On `global` inside the caller's lock (DROP ROLE, DROP DATABASE).
  static result<ok_t, sqlite_error> forget_role(sqlite_connection& global, int64_t role);
  static result<ok_t, sqlite_error> forget_database(sqlite_connection& global, int64_t database);

  result<std::vector<role_setting_row>, pg_error> list() const;
  // nullopt value: RESET name.
  result<ok_t, pg_error> set(int64_t database, int64_t role, const std::string& name,
                             const std::optional<std::string>& value);
  // RESET ALL: removes the names `may_reset` allows.
  result<ok_t, pg_error> reset_all(int64_t database, int64_t role, const std::function<bool(const std::string&)>& may_reset);
  // What a login of `role` into `database` applies, in order (later ones win).
  result<std::vector<std::pair<std::string, std::string>>, pg_error> for_login(int64_t database, int64_t role) const;

private:
  data_directory& directory_;
};

}  // namespace tributary
