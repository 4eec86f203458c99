// transaction_mode: reading the modes and classifying statements (see the header).
#include "cli/server/transaction_mode.hpp"

#include "stages/core/duration_units.hpp"

#include <cctype>
#include <cstdlib>

namespace tributary {
namespace {

std::string lowercase(std::string text) {
  for (char& c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool per_statement_isolation(const std::string& level) {
  const std::string l = lowercase(level);
  return l == "read committed" || l == "read uncommitted";
}

// A DefElem's A_Const argument: ival (0 is left out of the tree) or sval.
int64_t integer_argument(const nlohmann::json& arg) {
  const auto& constant = arg.value("A_Const", nlohmann::json::object());
  return constant.value("ival", nlohmann::json::object()).value("ival", int64_t{0});
}

std::string string_argument(const nlohmann::json& arg) {
  const auto& constant = arg.value("A_Const", nlohmann::json::object());
  return constant.value("sval", nlohmann::json::object()).value("sval", std::string());
}

// Any data-modifying node inside a SELECT/EXPLAIN (a WITH ... INSERT, EXPLAIN ANALYZE UPDATE).
bool contains_write(const nlohmann::json& node) {
  if (node.is_object()) {
    for (const auto& [key, value] : node.items()) {
      if (key == "InsertStmt" || key == "UpdateStmt" || key == "DeleteStmt" || key == "MergeStmt" ||
          key == "intoClause" || key == "lockingClause")
        return true;
      // nextval() and setval() write the sequence's row.
      if (key == "funcname" && value.is_array() && !value.empty()) {
        const std::string name =
            value.back().value("String", nlohmann::json::object()).value("sval", std::string());
        if (name == "nextval" || name == "setval")
          return true;
      }
      if (contains_write(value))
        return true;
    }
  } else if (node.is_array()) {
    for (const auto& item : node)
      if (contains_write(item))
        return true;
  }
  return false;
}

}  // namespace

transaction_mode default_transaction_mode(const std::string& read_only, const std::string& isolation) {
  transaction_mode mode;
  mode.read_only = lowercase(read_only) == "on";
  mode.snapshot_per_statement = per_statement_isolation(isolation);
  if (!isolation.empty())
    mode.isolation = lowercase(isolation);
  return mode;
}

void apply_transaction_options(const nlohmann::json& options, transaction_mode& mode) {
  if (!options.is_array())
    return;
  for (const auto& item : options) {
    const auto& element = item.value("DefElem", nlohmann::json::object());
    const std::string name = element.value("defname", std::string());
    const auto& arg = element.value("arg", nlohmann::json::object());
    if (name == "transaction_read_only")
      mode.read_only = integer_argument(arg) != 0;
    else if (name == "transaction_isolation") {
      mode.snapshot_per_statement = per_statement_isolation(string_argument(arg));
      mode.isolation = lowercase(string_argument(arg));
    }
  }
}

statement_access access_of(const routed_statement& statement) {
  switch (statement.kind) {
    case statement_kind::begin:
    case statement_kind::commit:
    case statement_kind::rollback:
    case statement_kind::savepoint:
    case statement_kind::release_savepoint:
    case statement_kind::rollback_to_savepoint:
    case statement_kind::prepared_transaction:
    case statement_kind::create_database:
    case statement_kind::drop_database:
    case statement_kind::set:
    case statement_kind::reset:
    case statement_kind::show:
      return statement_access::none;
    case statement_kind::lock_table:  // the modes up to ROW EXCLUSIVE are a reader's
      return statement.fields().value("mode", 0) > 3 ? statement_access::write : statement_access::read;
    case statement_kind::copy:
      return statement.fields().value("is_from", false) || contains_write(statement.fields())
                 ? statement_access::write
                 : statement_access::read;
    case statement_kind::sqlite: {
      const std::string type = statement.node_type();
      if ((type == "SelectStmt" || type == "ExplainStmt") && !contains_write(statement.fields()))
        return statement_access::read;
      return statement_access::write;
    }
    default:
      return statement_access::write;
  }
}

std::optional<std::chrono::milliseconds> lock_timeout_value(const std::string& text) {
  const session_duration parsed = parse_session_duration(text);
  if (parsed.status != session_duration::outcome::ok || parsed.milliseconds < 0)
    return std::nullopt;
  return std::chrono::milliseconds(static_cast<int64_t>(parsed.milliseconds));
}

}  // namespace tributary
