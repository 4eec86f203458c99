// violation_reports: PostgreSQL's report of a constraint violation that SQLite
// names only briefly (statement_dispatcher's part of it). The report is found by
// running the failed statement again under a savepoint (storage/
// foreign_key_violation.hpp, storage/violation_detail.hpp); that is done only when
// the second run cannot change what outlives the savepoint: not when the statement
// may call nextval() or setval() (its table owns a sequence through a serial or
// identity column, or it names them), since sequences are not rolled back. Then
// the brief report stays.
#include "cli/server/statement_dispatcher.hpp"

#include <algorithm>
#include <cctype>

#include "storage/foreign_key_violation.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/violation_detail.hpp"

namespace tributary {
namespace {

std::string target_table(const routed_statement& statement) {
  return statement.fields().value("relation", nlohmann::json::object()).value("relname", std::string());
}

}  // namespace

bool statement_dispatcher::may_run_again(const routed_statement& statement) {
  auto owned = sequences_owned_by(db_.handle(), target_table(statement));
  if (!owned || !owned->empty())
    return false;
  std::string lowered = statement.text;
  std::transform(lowered.begin(), lowered.end(), lowered.begin(), [](unsigned char c) { return std::tolower(c); });
  return lowered.find("nextval") == std::string::npos && lowered.find("setval") == std::string::npos;
}

std::optional<pg_error> statement_dispatcher::foreign_key_report(
    const routed_statement& statement, const statement_situation& situation) {
  const std::string type = statement.node_type();
  if ((type != "InsertStmt" && type != "UpdateStmt" && type != "DeleteStmt") || !may_run_again(statement))
    return std::nullopt;
  return describe_foreign_key_violation(
      db_, target_table(statement), [&] { (void)dispatch_guarded(statement, situation); },
      parameters_.type_settings_now());
}

std::optional<pg_error> statement_dispatcher::failing_row_report(const routed_statement& statement,
                                                                const statement_situation& situation,
                                                                const pg_error& error) {
  const std::string type = statement.node_type();
  if ((type != "InsertStmt" && type != "UpdateStmt") || !may_run_again(statement))
    return std::nullopt;
  auto run_again = [&] { (void)dispatch_guarded(statement, situation); };
  if (error.sqlstate == "23505")
    return describe_unique_violation(db_, error, run_again, parameters_.type_settings_now());
  return describe_not_null_violation(db_, error, target_table(statement), run_again, parameters_.type_settings_now());
}

}  // namespace tributary
