// session_parameters: the run-time parameters one client session sees, for SET,
// RESET and SHOW, and the ParameterStatus reports the protocol requires.
// `role` is SET ROLE's (checked by the session: set_role_check), kept out of RESET
// ALL and SHOW ALL as PostgreSQL does.
//
// Three sources, looked up in this order:
//   - client parameters (client_encoding, DateStyle, application_name, search_path,
//     extra_float_digits, ...): per session, settable, with PostgreSQL's defaults;
//     some are read-only (server_version, integer_datetimes, is_superuser);
//   - the server's settings (tributary.conf / -c): SHOW works, SET is refused
//     (55P02 parameter "x" cannot be changed now), as for PostgreSQL's sighup
//     parameters;
//   - custom names with a dot ("myapp.x"): created by SET.
// Anything else: 42704 unrecognized configuration parameter "x".
//
// Transactions: a SET inside a transaction is undone when it rolls back; SET LOCAL
// lasts until the transaction ends (outside a block: WARNING, no effect).
// Parameters PostgreSQL reports (GUC_REPORT) are queued when their value changes;
// the session sends them as ParameterStatus before ReadyForQuery.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/catalog/pg_settings.hpp"
#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/core/settings.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

class session_parameters {
public:
  session_parameters(const settings& server_settings, const std::string& user, bool superuser);

  // Applies a startup-packet parameter (or one -c of its "options"). A name
  // PostgreSQL does not know either is 42704 (the caller sends it as FATAL);
  // server-wide settings are left as they are.
  result<ok_t, pg_error> apply_startup(const std::string& name, const std::string& value);

  // A VariableSetStmt's fields (SET / SET LOCAL / RESET / RESET ALL / SET ... TO DEFAULT).
  // `notice` receives a warning PostgreSQL would give (SET LOCAL outside a block).
  result<ok_t, pg_error> apply(const nlohmann::json& set_fields, bool in_transaction,
                               std::vector<pg_error>& notices, std::string_view source = {});
  // A VariableShowStmt's fields: one row, or every parameter for SHOW ALL.
  result<command_outcome, pg_error> show(const nlohmann::json& show_fields) const;

  std::optional<std::string> value(const std::string& name) const;
  // Every parameter SHOW ALL lists, with its boot and reset values and source
  // (cli/catalog/pg_settings.hpp), for pg_settings.
  std::vector<setting_state> listing() const;
  // set_config(name, value, is_local): SET (or SET LOCAL) from SQL; a NULL value
  // resets. Returns the value the setting then has, as SHOW prints it. is_local
  // outside a transaction block lasts only as long as the statement: the value is
  // checked and returned, nothing is kept.
  result<std::string, pg_error> set_from_function(const std::string& name, std::optional<std::string> value,
                                                  bool local, bool in_transaction);
  // The settings that shape how values are read and printed (TimeZone, DateStyle,
  // IntervalStyle, extra_float_digits, bytea_output), for the type layer.
  type_settings type_settings_now() const;

  // (name, value) of every reported parameter, for the end of startup.
  std::vector<std::pair<std::string, std::string>> reported() const;
  // Reported parameters whose value changed since the last call.
  std::vector<std::pair<std::string, std::string>> take_changed_reports();

  void transaction_ended(bool committed);

  // SET ROLE's value: the role name as the check returns it (22023 for no such
  // role, 42501 when the session user may not become it); "none" needs no check.
  void set_role_check(std::function<result<std::string, pg_error>(const std::string&)> check) {
    role_check_ = std::move(check);
  }
  // SET SESSION AUTHORIZATION's value: the role name as the check returns it
  // (22023 no such role, 42501 unless the authenticated user is a superuser or
  // names itself). RESET / DEFAULT return to the user who logged in.
  void set_session_authorization_check(std::function<result<std::string, pg_error>(const std::string&)> check) {
    session_authorization_check_ = std::move(check);
  }
  // The session user changed: SET ROLE's effect ends (role "none"), as
  // PostgreSQL's SetSessionUserId.
  void forget_role() { store("role", "none"); }

  // ALTER ROLE ... SET's check of a VariableSetStmt (validate_option_array_item):
  // (name as stored, value; nullopt for RESET name), the parameter checked as
  // SET checks it for the current user, this session left as it is. A custom
  // "prefix.name" needs a superuser here (a placeholder is superuser-only).
  result<std::pair<std::string, std::optional<std::string>>, pg_error> role_setting(
      const nlohmann::json& set_fields, std::string_view source) const;
  // Whether the current user may take `name` out of a role's settings (RESET ALL).
  bool may_reset_role_setting(const std::string& name) const;

  // The current user changed (SET ROLE): is_superuser follows it (and is reported),
  // as do the superuser-only parameters.
  void set_current_user_superuser(bool superuser);

  // Current client_min_messages as a severity rank (see severity_rank).
  int minimum_notice_rank() const;
  static int severity_rank(const std::string& severity);

private:
  // 55P02 / 42501 for SET of a server-wide parameter (its setting_context).
  pg_error server_setting_refusal(const std::string& key) const;
  struct parameter {
    std::string display_name;   // "DateStyle"
    std::string value;
    std::string default_value;  // what RESET returns to: the connection's value
    std::string boot_value;     // the built-in value
    std::string description;
    bool reported = false;
    bool read_only = false;
  };

  result<ok_t, pg_error> set_value(const std::string& name, std::optional<std::string> value,
                                   bool local, bool in_transaction);
  // `value` as SHOW prints it, or PostgreSQL's refusal naming the parameter `given_name`.
  result<std::string, pg_error> canonical_value(const std::string& key, const std::string& given_name,
                                                const std::string& value) const;
  void remember_before_change(const std::string& key, bool local);
  void store(const std::string& key, std::string value);
  void follow_transaction_defaults();

  const settings& server_settings_;
  bool superuser_ = false;  // superuser-only parameters (PGC_SUSET): session_replication_role
  std::map<std::string, parameter> parameters_;  // key: lower-case name
  std::vector<std::string> changed_reports_;
  // Undo information of the open transaction.
  std::optional<std::map<std::string, std::string>> before_transaction_;
  std::map<std::string, std::string> local_originals_;
  std::function<result<std::string, pg_error>(const std::string&)> role_check_;
  std::function<result<std::string, pg_error>(const std::string&)> session_authorization_check_;
};

}  // namespace tributary
