// subscription_commands: where CREATE / ALTER / DROP SUBSCRIPTION go.
//
// The front end parses the statement (libpg_query) and hands the statement's
// fields (the JSON object under "CreateSubscriptionStmt" etc.) to a handler
// together with a command_context: the session's database, user and transaction
// situation, a way to send notices (WARNING: publication "p" does not exist), and
// a way to register actions that run only when the surrounding transaction
// commits (a subscription starts, stops or changes when its catalog change
// commits; nothing happens if it rolls back).
//
// The session runs every handler call inside a transaction: the client's block,
// or one opened for this statement alone and committed right after it (so the
// handler's catalog writes are atomic and its on-commit actions run then).
//
// The default implementation refuses every statement with 0A000; the server takes
// the real implementation as a constructor argument.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

class command_context {
public:
  virtual ~command_context() = default;

  virtual const std::string& database_name() const = 0;
  // The current role (PostgreSQL's current_user: SET ROLE changes it): whose
  // privileges every check uses.
  virtual const std::string& user_name() const = 0;
  // The role the session logged in as (session_user).
  virtual const std::string& session_user_name() const { return user_name(); }
  virtual bool is_superuser() const = 0;
  // True where PostgreSQL's PreventInTransactionBlock() would refuse: inside a
  // BEGIN block, or in a query string with more than one statement.
  virtual bool in_transaction_block() const = 0;
  // The session's connection to its database file, inside the statement's transaction.
  virtual sqlite_connection& database() = 0;
  // Sends a NoticeResponse now; notice.severity is "WARNING", "NOTICE" or "INFO".
  virtual void emit_notice(pg_error notice) = 0;
  // Runs `action` once the surrounding transaction has committed (never if it rolls back).
  virtual void on_commit(std::function<void()> action) = 0;
  // True once the client asked to cancel the running statement (CancelRequest):
  // long waits (for a publisher) end with 57014. Thread-safe.
  virtual bool statement_cancelled() const { return false; }
  // current_setting(): a setting's value by name (any case); nullopt: no such setting.
  virtual std::optional<std::string> setting_value(const std::string&) const { return std::nullopt; }
  // pg_backend_pid(): the process id the session's BackendKeyData announced.
  virtual int32_t backend_process_id() const { return 0; }
  // The current role's OID (what CREATE TABLE records as the owner); nullopt
  // when unknown (the bootstrap superuser then owns what it creates).
  virtual std::optional<int64_t> current_role_oid() const { return std::nullopt; }
};

class subscription_commands {
public:
  virtual ~subscription_commands() = default;

  virtual result<command_outcome, pg_error> create_subscription(const nlohmann::json& statement,
                                                                command_context& context);
  virtual result<command_outcome, pg_error> alter_subscription(const nlohmann::json& statement,
                                                               command_context& context);
  virtual result<command_outcome, pg_error> drop_subscription(const nlohmann::json& statement,
                                                              command_context& context);

  // Before an ALTER (drop = false) or DROP SUBSCRIPTION takes the database's write
  // lock: stops the subscription's workers, as PostgreSQL's DROP stops its apply and
  // tablesync workers, so that a running initial copy (which holds the write lock
  // until it commits) ends now instead of making the statement wait for it. The
  // returned guard, when it is destroyed after the statement, lets the workers
  // start again as the committed catalog says. Null: nothing was stopped.
  virtual std::shared_ptr<void> stop_workers_before_lock(const nlohmann::json& statement, bool drop,
                                                         command_context& context);
};

}  // namespace tributary
