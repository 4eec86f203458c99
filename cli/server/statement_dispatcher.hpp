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
//   everything else ─► query_executor (SQLite)
// then success/failure is reported to the transaction_block (a failure aborts a
// block or rolls back the implicit transaction). end_batch() commits an open
// implicit transaction at the end of a query string or at Sync.
//
// Also the command_context that subscription handlers see.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cli/server/command_outcome.hpp"
#include "cli/server/query_executor.hpp"
#include "cli/commands/session_parameters.hpp"
#include "cli/server/statement_router.hpp"
#include "cli/commands/subscription_commands.hpp"
#include "cli/server/transaction_block.hpp"
#include "storage/data_directory.hpp"

namespace tributary {

struct session_identity {
  std::string database;
  std::string user;
  bool superuser = false;
  int32_t process_id = 0;  // BackendKeyData's
};

struct statement_situation {
  bool multi_statement = false;  // a simple query string with more than one statement
  bool in_batch = false;         // shares an implicit transaction with its neighbours
  std::vector<sql_value> parameters;
  std::vector<int16_t> result_formats;  // Bind's result format codes (empty: all text)
};

class statement_dispatcher final : public command_context {
public:
  statement_dispatcher(session_identity identity, sqlite_connection& db, data_directory& directory,
                       subscription_commands& subscriptions, session_parameters& parameters,
                       std::function<void(pg_error)> notices);

  result<command_outcome, pg_error> run(const routed_statement& statement,
                                        const statement_situation& situation);
  // End of a query string or Sync: commits the implicit transaction, if one is open.
  result<ok_t, pg_error> end_batch();

  // The result columns and parameter count of a statement without running it
  // (Parse/Describe): SQLite statements and INSERTs, as they would run.
  result<statement_shape, pg_error> describe(const routed_statement& statement);

  transaction_block& transaction() { return transaction_; }
  query_executor& executor() { return executor_; }

  // command_context
  const std::string& database_name() const override { return identity_.database; }
  const std::string& user_name() const override { return identity_.user; }
  bool is_superuser() const override { return identity_.superuser; }
  bool in_transaction_block() const override { return prevent_transaction_block_; }
  sqlite_connection& database() override { return db_; }
  void emit_notice(pg_error notice) override;
  void on_commit(std::function<void()> action) override;
  std::optional<std::string> setting_value(const std::string& name) const override {
    return parameters_.value(name);
  }
  int32_t backend_process_id() const override { return identity_.process_id; }

private:
  result<command_outcome, pg_error> dispatch_guarded(const routed_statement& statement,
                                                     const statement_situation& situation);
  result<command_outcome, pg_error> dispatch(const routed_statement& statement,
                                             const statement_situation& situation);
  result<command_outcome, pg_error> transaction_control(const routed_statement& statement);
  result<command_outcome, pg_error> database_command(const routed_statement& statement);
  result<command_outcome, pg_error> subscription_command(const routed_statement& statement);
  result<command_outcome, pg_error> type_statement(const routed_statement& statement);
  result<command_outcome, pg_error> table_statement(const routed_statement& statement,
                                                    const statement_situation& situation);
  result<command_outcome, pg_error> sqlite_statement_outcome(const routed_statement& statement,
                                                             const statement_situation& situation);
  // Runs `command` inside the client's transaction, or in one of its own when idle.
  result<command_outcome, pg_error> in_own_transaction(
      const std::function<result<command_outcome, pg_error>()>& command);

  session_identity identity_;
  sqlite_connection& db_;
  data_directory& directory_;
  subscription_commands& subscriptions_;
  session_parameters& parameters_;
  std::function<void(pg_error)> notices_;
  transaction_block transaction_;
  query_executor executor_;
  bool prevent_transaction_block_ = false;
};

}  // namespace tributary
