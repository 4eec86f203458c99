// statement_dispatcher: runs one routed statement of one session, whichever
// protocol it came by, and keeps PostgreSQL's transaction rules around it.
//
// Input: a routed_statement (statement_router) and its situation (part of a
// multi-statement string? inside an extended-protocol batch? parameters?).
// Output: the command_outcome to send, or the pg_error to report.
//
// Per statement:
//   failed block and not COMMIT/ROLLBACK/ROLLBACK TO ─► 25P02
//   in a batch and no transaction open ─► open the batch's implicit transaction
//   BEGIN/COMMIT/ROLLBACK/SAVEPOINT/RELEASE/ROLLBACK TO ─► transaction_block
//   CREATE/DROP DATABASE ─► data_directory (never inside a transaction block: 25001)
//   SET/RESET/SHOW ─► session_parameters
//   CREATE/ALTER/DROP SUBSCRIPTION ─► subscription_commands, inside a transaction
//   CREATE/ALTER/DROP TABLE, INSERT ─► table_commands (the type layer), inside a
//                                     transaction
//   COPY ─► copy_command.cpp, over the session's copy_channel
//   everything else ─► query_executor (SQLite)
// A statement that writes in a READ ONLY transaction (or under
// default_transaction_read_only) fails with 25006 as in PostgreSQL;
// statement_timeout interrupts a statement (or its lock wait) at its deadline (57014).
// Before each statement in a transaction: transaction_block::before_statement (the
// snapshot and write lock it needs, transaction_mode.hpp). Waits for the database
// file go through the connection's lock_wait (lock_timeout, cancel); a wait that
// gave up is reported as PostgreSQL does: 57014 after a cancel, 55P03 "canceling
// statement due to lock timeout" after lock_timeout.
// then success/failure is reported to the transaction_block (a failure aborts a
// block or rolls back the implicit transaction). end_batch() commits an open
// implicit transaction at the end of a query string or at Sync.
//
// Also the command_context that subscription handlers see.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/server/command_outcome.hpp"
#include "cli/server/copy_channel.hpp"
#include "cli/server/query_executor.hpp"
#include "cli/commands/session_parameters.hpp"
#include "cli/server/statement_router.hpp"
#include "cli/commands/subscription_commands.hpp"
#include "cli/commands/table_commands.hpp"
#include "stages/sql/translator/modifying_with.hpp"
#include "cli/server/transaction_block.hpp"
#include "storage/data_directory.hpp"
#include "storage/lock_wait.hpp"
#include "storage/session_privileges.hpp"
#include "storage/statement_timeout.hpp"

namespace tributary {

struct statement_scope;  // statement_steps.hpp

struct session_identity {
  std::string database;
  std::string user;         // the current user (SET ROLE changes it)
  bool superuser = false;   // the current user's
  int32_t process_id = 0;   // BackendKeyData's
  // Who logged in, and the current user again for the SQL functions that check
  // privileges (shared with them; null: the dispatcher makes one).
  session_privileges_ptr privileges;
};

struct statement_situation {
  bool multi_statement = false;  // a simple query string with more than one statement
  bool in_batch = false;         // shares an implicit transaction with its neighbours
  std::vector<sql_value> parameters;
  std::vector<int16_t> result_formats;  // Bind's result format codes (empty: all text)
  std::vector<uint32_t> parameter_types;  // the prepared statement's ($1 = [0]; 0: unspecified)
  copy_channel* copy = nullptr;  // the client's end of COPY FROM STDIN / TO STDOUT, if it has one
  // A cursor's query (sql_cursors.cpp): a translated SELECT that reads nothing but tables
  // is opened into it, not run (its rows are read as FETCH asks); others run whole.
  std::shared_ptr<open_query>* open = nullptr;
};

class statement_dispatcher final : public command_context {
public:
  statement_dispatcher(session_identity identity, sqlite_connection& db, data_directory& directory,
                       subscription_commands& subscriptions, session_parameters& parameters,
                       std::function<void(pg_error)> notices);

  result<command_outcome, pg_error> run(const routed_statement& statement,
                                        const statement_situation& situation);
  // run's and describe's work (they add what a failure's report needs).
  result<command_outcome, pg_error> run_statement(const routed_statement& statement,
                                                  const statement_situation& situation);
  // End of a query string or Sync: commits the implicit transaction, if one is open.
  result<ok_t, pg_error> end_batch();

  // The result columns and parameter count of a statement without running it
  // (Parse/Describe): SQLite statements and INSERTs, as they would run.
  // `declared` are the parameter types Parse gave (0: unspecified).
  result<statement_shape, pg_error> describe(const routed_statement& statement,
                                             const std::vector<uint32_t>& declared = {});
  // A cursor's query at DECLARE: the errors of the constant expressions PostgreSQL's
  // planner computes then (declare_constants.cpp).
  result<ok_t, pg_error> compute_planner_constants(const routed_statement& query,
                                                   const statement_situation& situation);
  result<statement_shape, pg_error> describe_statement(const routed_statement& statement,
                                                       const std::vector<uint32_t>& declared);

  // The type a parameter of pg_type OID `oid` is read as (Parse's declared types,
  // Bind's binary values): a built-in type, or a user's enum, domain or their
  // arrays (OID 0: unknown).
  column_type value_type_of(uint32_t oid);
  // A Bind parameter of a domain's array type (_price) tested by the domain, as
  // PostgreSQL's array_recv / array_in of the domain's elements test them:
  // 23514 / 23502 before the statement runs (other types: nothing to test).
  result<ok_t, pg_error> check_domain_array_parameter(uint32_t oid, const sql_value& value);

  transaction_block& transaction() { return transaction_; }
  // Called before a statement that writes runs (not for DECLARE / FETCH themselves):
  // the cursors read lazily take their rows first (extended_query).
  void on_before_write(std::function<void()> action) { before_write_ = std::move(action); }
  query_executor& executor() { return executor_; }
  // The connection's busy handler; cancel() is thread-safe (CancelRequest).
  lock_wait& lock_waiter() { return lock_wait_; }

  // command_context
  const std::string& database_name() const override { return identity_.database; }
  const std::string& user_name() const override { return identity_.user; }
  const std::string& session_user_name() const override { return identity_.privileges->session_user; }
  bool is_superuser() const override { return identity_.superuser; }
  bool in_transaction_block() const override { return prevent_transaction_block_; }
  sqlite_connection& database() override { return db_; }
  void emit_notice(pg_error notice) override;
  void on_commit(std::function<void()> action) override;
  bool statement_cancelled() const override { return lock_wait_.cancel_requested(); }
  std::optional<std::string> setting_value(const std::string& name) const override {
    return parameters_.value(name);
  }
  int32_t backend_process_id() const override { return identity_.process_id; }
  std::optional<int64_t> current_role_oid() const override {
    auto role = directory_.find_role(identity_.user);
    return role ? std::optional<int64_t>(role->oid) : std::nullopt;
  }

private:
  std::vector<column_type> declared_types(const std::vector<uint32_t>& oids);
  // After SQLite's bare "FOREIGN KEY constraint failed" on an INSERT, UPDATE or
  // DELETE: PostgreSQL's report (storage/foreign_key_violation.hpp), the
  // statement run again under a savepoint; nullopt keeps SQLite's.
  std::optional<pg_error> foreign_key_report(const routed_statement& statement,
                                             const statement_situation& situation);
  // After SQLite's "UNIQUE constraint failed" or "NOT NULL constraint failed" on an
  // INSERT or UPDATE: PostgreSQL's DETAIL with the key or the failing row
  // (storage/violation_detail.hpp), the statement run again under a savepoint;
  // nullopt keeps the report as it is.
  std::optional<pg_error> failing_row_report(const routed_statement& statement,
                                             const statement_situation& situation,
                                             const pg_error& error);
  // The failed statement once more, for those reports (inside their savepoint), its
  // sequences first rewound to where the statement found them (violation_reports.cpp).
  void run_again(const routed_statement& statement, const statement_situation& situation);
  // Session defaults, lock_timeout, session_replication_role: read before each statement.
  void prepare_statement_settings();
  // SET ROLE (role_switch.cpp): the check its value gets, and the current user
  // taken from the `role` setting after each statement (a ROLLBACK undoes a SET
  // ROLE too).
  result<std::string, pg_error> check_role_setting(const std::string& name) const;
  // SET SESSION AUTHORIZATION: the same for the session user (the
  // `session_authorization` setting), allowed when the user who logged in is a
  // superuser; follow_role_setting() follows both.
  result<std::string, pg_error> check_session_authorization(const std::string& name) const;
  void follow_role_setting();
  // The current user's table privileges, read before each statement, and the
  // statement's checked against them (statement_privileges.cpp; superusers
  // are not checked).
  result<ok_t, pg_error> check_privileges(const routed_statement& statement);
  // session_replication_role on the SQLite connection: which local triggers fire,
  // and foreign keys checked under origin and local, not under replica (SQLite
  // switches foreign keys only outside a transaction: a change inside one takes
  // effect for foreign keys when it ends).
  void apply_replication_role();
  // SET TRANSACTION ... inside a transaction: its mode.
  void set_transaction_characteristics(const nlohmann::json& fields);
  void set_transaction_mode(const transaction_mode& mode);
  // A statement failed: a lock wait that gave up and a statement_timeout are
  // reported as PostgreSQL does.
  pg_error explain_interruption(pg_error error);
  // 25006 when a read-only transaction would run a statement that writes.
  result<ok_t, pg_error> check_read_only(const routed_statement& statement) const;
  result<command_outcome, pg_error> dispatch_guarded(const routed_statement& statement,
                                                     const statement_situation& situation);
  result<command_outcome, pg_error> dispatch(const routed_statement& statement,
                                             const statement_situation& situation);
  // EXPLAIN [ANALYZE]: SQLite's plan of the statement in PostgreSQL's shape
  // (explain_statement.cpp).
  result<command_outcome, pg_error> explain(const routed_statement& statement,
                                            const statement_situation& situation);
  result<command_outcome, pg_error> transaction_control(const routed_statement& statement);
  result<command_outcome, pg_error> database_command(const routed_statement& statement);
  result<command_outcome, pg_error> subscription_command(const routed_statement& statement);
  result<command_outcome, pg_error> type_statement(const routed_statement& statement);
  // COPY ... FROM STDIN / TO STDOUT over situation.copy (copy_command.cpp).
  result<command_outcome, pg_error> copy_statement(const routed_statement& statement,
                                                   const statement_situation& situation);
  result<command_outcome, pg_error> index_statement(const routed_statement& statement);
  result<command_outcome, pg_error> trigger_statement(const routed_statement& statement);
  result<command_outcome, pg_error> table_statement(const routed_statement& statement,
                                                    const statement_situation& situation);
  // CREATE / ALTER / DROP SEQUENCE and TRUNCATE, in the statement's transaction.
  result<command_outcome, pg_error> relation_statement(const routed_statement& statement);
  result<command_outcome, pg_error> sqlite_statement_outcome(const routed_statement& statement,
                                                             const statement_situation& situation);
  // SELECT / INSERT / UPDATE / DELETE through stages/sql/translator; nullopt when
  // the translator does not cover the statement yet (it then runs the previous way).
  result<std::optional<command_outcome>, pg_error> run_translated(
      const routed_statement& statement, const statement_situation& situation);
  // CREATE TABLE ... AS and SELECT ... INTO (create_table_as.cpp); nullopt when the
  // translator does not cover the query (SQLite's CREATE TABLE AS then).
  result<std::optional<command_outcome>, pg_error> create_table_as(const routed_statement& statement,
                                                                   const statement_situation& situation);
  // Its Parse/Describe: no rows, the query's parameters.
  // The translation's parameter types as Describe reports them (translated_run.cpp).
  static void describe_parameters(statement_shape& shape, const translated_statement& translated);
  result<std::optional<statement_shape>, pg_error> create_table_as_shape(const routed_statement& statement,
                                                                         const std::vector<uint32_t>& declared);
  // A data-modifying WITH (modifying_with_run.cpp): its plan (nullopt: the statement has
  // none; 0A000 where its snapshot would differ from PostgreSQL's), and its steps
  // translated and, with a situation, run, then the main statement run into `outcome`.
  result<std::optional<modifying_with_plan>, pg_error> modifying_with(const routed_statement& statement,
                                                                      const nlohmann::json& fields);
  result<translated_statement, pg_error> modifying_with_steps(const modifying_with_plan& plan,
                                                              const routed_statement& statement,
                                                              const statement_situation* situation,
                                                              const std::vector<uint32_t>& declared,
                                                              command_outcome* outcome);
  // The plan's pre-images and data-modifying steps, translated and (with a situation)
  // run, their tables kept in `tables`: what the main statement reads (`done`), and the
  // steps' parameters in `shape`.
  result<std::vector<materialized_common_table>, pg_error> run_modifying_steps(
      const modifying_with_plan& plan, const routed_statement& statement, const statement_situation* situation,
      const std::vector<uint32_t>& declared, statement_scope& tables, translated_statement& shape);
  // MERGE (merge_run.cpp): its steps translated and, with a situation, run; the
  // statement's parameters.
  result<translated_statement, pg_error> merge_steps(const routed_statement& statement,
                                                     const statement_situation* situation,
                                                     const std::vector<uint32_t>& declared, command_outcome* outcome);
  result<std::optional<statement_shape>, pg_error> translated_shape(
      const routed_statement& statement, const std::vector<uint32_t>& declared);
  // Runs `command` inside the client's transaction, or in one of its own when idle.
  result<command_outcome, pg_error> in_own_transaction(
      const std::function<result<command_outcome, pg_error>()>& command);

  session_identity identity_;
  // Who logged in (SET SESSION AUTHORIZATION's permission is theirs).
  std::string authenticated_user_;
  bool authenticated_superuser_ = false;
  sqlite_connection& db_;
  data_directory& directory_;
  subscription_commands& subscriptions_;
  session_parameters& parameters_;
  std::function<void(pg_error)> notices_;
  lock_wait lock_wait_;
  statement_timeout statement_timeout_;
  transaction_block transaction_;
  query_executor executor_;
  bool prevent_transaction_block_ = false;
  std::string trigger_role_ = "origin";  // what the connection's triggers fire as now
  bool foreign_keys_on_ = true;          // what PRAGMA foreign_keys holds now
  std::function<void()> before_write_;
};

}  // namespace tributary
