// statement_dispatcher's handlers of table, type, trigger and sequence DDL
// (CREATE/DROP/ALTER TABLE and INSERT's typed path, CREATE/ALTER/DROP TYPE and
// DOMAIN, triggers, sequences and TRUNCATE), each in the statement's
// transaction: split from statement_dispatcher.cpp, whose per-statement rules
// they follow.
#include "cli/server/statement_dispatcher.hpp"

#include "cli/commands/composite_type_alter.hpp"
#include "cli/commands/domain_commands.hpp"
#include "cli/commands/index_commands.hpp"
#include "cli/commands/schema_commands.hpp"
#include "cli/commands/sequence_commands.hpp"
#include "cli/commands/table_commands.hpp"
#include "cli/commands/table_privilege_commands.hpp"
#include "cli/commands/trigger_commands.hpp"
#include "cli/commands/truncate_command.hpp"
#include "cli/commands/type_commands.hpp"

namespace tributary {

result<command_outcome, pg_error> statement_dispatcher::table_statement(
    const routed_statement& statement, const statement_situation& situation) {
  const type_settings settings = parameters_.type_settings_now();
  // The translators read constants back from the text at their locations
  // (parse_tree::constant_value), so the tree must come from this text alone.
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return fail(make_pg_error("XX000", "statement could not be parsed again on its own"));
  nlohmann::json fields = own.statements[0].fields();
  const std::string& source = statement.text;
  // ALTER TABLE sales.a RENAME TO b: b is in schema sales too.
  if (statement.kind == statement_kind::alter_table && !statement.schemas.empty() &&
      fields.value("renameType", std::string()) == "OBJECT_TABLE" && fields.contains("newname"))
    fields["newname"] = statement.schemas.front() + "." + fields["newname"].get<std::string>();
  return in_own_transaction([&]() -> result<command_outcome, pg_error> {
    if (statement.kind == statement_kind::create_table) {
      std::vector<std::string> schemas = statement.schemas;  // pg_temp: the session's temporary schema
      std::erase(schemas, std::string("pg_temp"));
      if (auto r = check_schemas_exist(schemas, database()); !r)
        return fail(r.error());
      return create_table(fields, source, *this, settings);
    }
    if (statement.kind == statement_kind::drop_table)
      return drop_tables(fields, *this, settings);
    if (statement.kind == statement_kind::alter_table && is_owner_change(fields))
      return change_table_owner(fields, *this, directory_);
    if (statement.kind == statement_kind::alter_table) {
      auto altered = alter_table(own.statements[0].node_type(), fields, source, *this, settings);
      if (!altered)
        return fail(altered.error());
      if (!*altered)  // a table without recorded types: SQLite runs the statement as it is
        return sqlite_statement_outcome(statement, situation);
      return std::move(**altered);
    }
    if (auto outcome = run_translated(statement, situation); !outcome || *outcome) {
      if (!outcome)
        return fail(outcome.error());
      return std::move(**outcome);
    }
    auto insert = prepare_insert(fields, source, situation.parameters, *this, settings);
    if (!insert)
      return fail(insert.error());
    if (!*insert)  // a table without recorded types: SQLite runs the statement as it is
      return sqlite_statement_outcome(statement, situation);
    return executor_.run((*insert)->sql, statement.tag, (*insert)->parameters, nullptr, 0,
                         situation.result_formats);
  });
}

result<command_outcome, pg_error> statement_dispatcher::type_statement(
    const routed_statement& statement) {
  // The domain translator reads DEFAULT constants back from this text.
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return fail(make_pg_error("XX000", "statement could not be parsed again on its own"));
  const nlohmann::json& fields = own.statements[0].fields();
  const type_settings settings = parameters_.type_settings_now();
  return in_own_transaction([&]() -> result<command_outcome, pg_error> {
    if (statement.kind == statement_kind::create_type)
      return create_type(own.statements[0].node_type(), fields, statement.text, *this, settings);
    const std::string& node = own.statements[0].node_type();
    if (statement.kind == statement_kind::alter_type &&
        (node == "AlterTableStmt" ||
         (node == "RenameStmt" && fields.value("renameType", std::string()) == "OBJECT_ATTRIBUTE")))
      return alter_composite_type(node, fields, statement.text, *this, settings);
    if (statement.kind == statement_kind::alter_type)
      return own.statements[0].node_type() == "AlterDomainStmt"
                 ? alter_domain(fields, statement.text, *this, settings)
             : own.statements[0].node_type() == "RenameStmt"
                 ? rename_domain_constraint(fields, *this, settings)
                 : alter_enum_type(fields, *this);
    return drop_types(fields, *this);
  });
}

result<command_outcome, pg_error> statement_dispatcher::index_statement(const routed_statement& statement) {
  // Expressions and predicates are translated with their positions in this text.
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return fail(make_pg_error("XX000", "statement could not be parsed again on its own"));
  const type_settings settings = parameters_.type_settings_now();
  return in_own_transaction(
      [&] { return create_index(own.statements[0].fields(), statement.text, *this, settings); });
}

result<command_outcome, pg_error> statement_dispatcher::trigger_statement(
    const routed_statement& statement) {
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return fail(make_pg_error("XX000", "statement could not be parsed again on its own"));
  const type_settings settings = parameters_.type_settings_now();
  return in_own_transaction([&]() -> result<command_outcome, pg_error> {
    return tributary::trigger_statement(own.statements[0].node_type(), own.statements[0].fields(),
                                        statement.text, statement.position, statement.tag, *this,
                                        settings);
  });
}

result<command_outcome, pg_error> statement_dispatcher::relation_statement(
    const routed_statement& statement) {
  // Sequence options' numbers are read back from this text.
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return fail(make_pg_error("XX000", "statement could not be parsed again on its own"));
  const nlohmann::json& fields = own.statements[0].fields();
  return in_own_transaction([&]() -> result<command_outcome, pg_error> {
    if (statement.kind == statement_kind::truncate)
      return truncate_tables(fields, *this, identity_.privileges->tables.get());
    return sequence_command(own.statements[0].node_type(), fields, statement.text, *this);
  });
}

}  // namespace tributary
