// apply_roles: who a subscription's applier writes each table as, and whether
// that role may (stages/auth/apply_role.hpp has PostgreSQL 16's rules:
// run_as_owner, SET ROLE to the table's owner, INSERT / SELECT+UPDATE /
// SELECT+DELETE / TRUNCATE). The apply sink holds one (apply_sink_config::roles).
//
//   refresh(db)       at the start of each group, inside its transaction on the
//                     apply connection: reads the roles and memberships
//                     (global.db), the subscription's owner and run_as_owner,
//                     and every table's owner and ACL (the database file) again
//                     when one of the two files changed since (SQLite's
//                     data_version: another connection committed), so a GRANT,
//                     REVOKE, ALTER ... OWNER TO or ALTER SUBSCRIPTION counts from
//                     the next group; otherwise nothing is read.
//   enter(t, kind)    before a batch of `kind` changes to local table t: the
//                     role they run as becomes current_user (42501 when the
//                     subscription owner cannot SET ROLE to it or it lacks a
//                     privilege it needs before the rows: INSERT, SELECT for
//                     an UPDATE or DELETE, TRUNCATE). Answers are kept until
//                     the next change.
//   row_found()       an UPDATE or DELETE of the batch entered last found its
//                     row: 42501 unless the role holds UPDATE / DELETE (a
//                     missing row needs only SELECT, as PostgreSQL's worker).
//   install(db)       pg_session_role() on the apply connection answers
//                     current_user / session_user of column DEFAULTs from this
//                     object (it must outlive the connection).
// Threading: the applier's thread only.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "stages/auth/apply_role.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/data_directory.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/role_catalog.hpp"
#include "storage/sqlite_connection.hpp"
#include "storage/table_access.hpp"

struct sqlite3;

namespace tributary {

class apply_roles {
public:
  apply_roles(std::shared_ptr<data_directory> directory, int64_t subscription_oid);

  result<ok_t, pg_error> refresh(sqlite_connection& db);
  // kind: 'I', 'U', 'D', 'T'.
  result<ok_t, pg_error> enter(const std::string& relname, char kind);
  result<ok_t, pg_error> row_found() const;
  void install(sqlite3* db) const;

  const std::string& session_user() const { return session_user_; }
  const std::string& current_user() const { return current_user_; }

private:
  std::string name_of(int64_t oid) const;
  result<ok_t, pg_error> reload(sqlite_connection& db);

  std::shared_ptr<data_directory> directory_;
  int64_t subscription_oid_ = 0;
  std::optional<sqlite_connection> global_;  // only asked for its data_version
  int64_t global_version_ = -1;
  int64_t database_version_ = -1;
  bool loaded_ = false;
  std::vector<role_record> roles_;
  apply_role_facts facts_;
  std::map<std::string, relation_acl_row, case_insensitive_less> tables_;
  // Answers of enter() since the last reload: the role, or why not.
  std::map<std::pair<std::string, char>, result<int64_t, pg_error>> answers_;
  // The same for the privilege a found row needs (nullopt: held or none needed).
  std::map<std::pair<std::string, char>, std::optional<pg_error>> row_refusals_;
  std::optional<pg_error> row_refusal_;  // of the batch entered last
  std::string session_user_;
  std::string current_user_;
};

}  // namespace tributary
