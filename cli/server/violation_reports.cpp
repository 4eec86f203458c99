// violation_reports: PostgreSQL's report of a constraint violation that SQLite
// names only briefly (statement_dispatcher's part of it). The report is found by
// running the failed statement again under a savepoint (storage/
// foreign_key_violation.hpp, storage/violation_detail.hpp). Sequences are not
// rolled back by the savepoint: the second run first gives each sequence the
// failed statement changed (a serial or identity column's, or one it names) the
// state it had before the statement (sequence_functions.hpp), so the second run
// sees the same values, and leaves them as the failed statement left them.
#include "cli/server/statement_dispatcher.hpp"

#include "cli/commands/index_commands.hpp"
#include "storage/foreign_key_violation.hpp"
#include "storage/sequence_functions.hpp"
#include "storage/violation_detail.hpp"

namespace tributary {
namespace {

std::string target_table(const routed_statement& statement) {
  return statement.fields().value("relation", nlohmann::json::object()).value("relname", std::string());
}

}  // namespace

void statement_dispatcher::run_again(const routed_statement& statement, const statement_situation& situation) {
  if (rewind_statement_sequences(db_.handle()))
    (void)dispatch_guarded(statement, situation);
}

std::optional<pg_error> statement_dispatcher::foreign_key_report(
    const routed_statement& statement, const statement_situation& situation) {
  const std::string type = statement.node_type();
  if (type != "InsertStmt" && type != "UpdateStmt" && type != "DeleteStmt" && type != "MergeStmt")
    return std::nullopt;
  // A DELETE inserts nothing: every row it leaves violating references a deleted one,
  // also in its own table (a self-referencing key: "update or delete on table").
  return describe_foreign_key_violation(db_, type == "DeleteStmt" ? std::string() : target_table(statement),
                                        [&] { run_again(statement, situation); }, parameters_.type_settings_now());
}

std::optional<pg_error> statement_dispatcher::failing_row_report(const routed_statement& statement,
                                                                const statement_situation& situation,
                                                                const pg_error& error) {
  const std::string type = statement.node_type();
  if (type != "InsertStmt" && type != "UpdateStmt" && type != "MergeStmt")
    return std::nullopt;
  auto again = [&] { run_again(statement, situation); };
  if (error.sqlstate == "23505")
    return describe_unique_violation(db_, error, again, parameters_.type_settings_now(),
                                     [this](const std::string& table, const std::string& index) {
                                       return kept_expression_keys(db_, table, index, parameters_.type_settings_now());
                                     });
  return describe_not_null_violation(db_, error, target_table(statement), again, parameters_.type_settings_now());
}

}  // namespace tributary
