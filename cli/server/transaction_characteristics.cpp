// transaction_characteristics: a transaction block's modes (statement_dispatcher's part of
// them): BEGIN ... / SET TRANSACTION ... set the block's read-only status and isolation
// (transaction_mode.hpp), which SHOW transaction_isolation / transaction_read_only and
// current_setting answer while the block lasts (session_parameters shows the defaults
// outside one).
#include "cli/server/statement_dispatcher.hpp"

namespace tributary {

void statement_dispatcher::set_transaction_characteristics(const nlohmann::json& fields) {
  if (fields.value("kind", std::string()) != "VAR_SET_MULTI" ||
      fields.value("name", std::string()) != "TRANSACTION" || transaction_.state() == block_state::idle)
    return;
  transaction_mode mode = transaction_.mode();
  apply_transaction_options(fields.value("args", nlohmann::json::array()), mode);
  set_transaction_mode(mode);
}

// The block's mode, also as SHOW transaction_isolation / transaction_read_only (and
// current_setting) answer inside it: their values last as long as the transaction.
void statement_dispatcher::set_transaction_mode(const transaction_mode& mode) {
  transaction_.set_mode(mode);
  (void)parameters_.set_from_function("transaction_isolation", mode.isolation, true, true);
  (void)parameters_.set_from_function("transaction_read_only", mode.read_only ? "on" : "off", true, true);
}

}  // namespace tributary
