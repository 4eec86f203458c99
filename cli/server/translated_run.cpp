// translated_run: a SELECT, INSERT, UPDATE or DELETE through the translator
// (stages/sql/translator/): run_translated runs it (a data-modifying WITH as its
// steps, modifying_with_run.cpp; a cursor's SELECT opened, not run), translated_shape
// describes it; nullopt from either when the translator leaves the statement to SQLite.
#include "cli/commands/table_commands.hpp"
#include "cli/server/domain_parameters.hpp"
#include "cli/server/statement_dispatcher.hpp"
#include "storage/sql_function_notices.hpp"

namespace tributary {

result<std::optional<command_outcome>, pg_error> statement_dispatcher::run_translated(
    const routed_statement& statement, const statement_situation& situation) {
  const std::string type = statement.node_type();
  if (type != "SelectStmt" && type != "InsertStmt" && type != "UpdateStmt" && type != "DeleteStmt")
    return std::optional<command_outcome>{};
  // The translator reads constants back from the text at their locations, so the
  // tree must come from this text alone.
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return std::optional<command_outcome>{};
  auto plan = modifying_with(statement, own.statements[0].fields());
  if (!plan)
    return fail(plan.error());
  if (*plan && situation.open != nullptr)
    return fail(make_pg_error("0A000", "DECLARE CURSOR must not contain data-modifying statements in WITH"));
  if (*plan) {
    command_outcome outcome;
    if (auto ran = modifying_with_steps(**plan, statement, &situation, situation.parameter_types, &outcome); !ran)
      return fail(ran.error());
    return std::optional<command_outcome>{std::move(outcome)};
  }
  auto translated = prepare_translated_statement(type, own.statements[0].fields(), statement.text,
                                                 statement.position, &situation.parameters,
                                                 declared_types(situation.parameter_types), *this,
                                                 parameters_.type_settings_now());
  if (!translated)
    return fail(translated.error());
  if (!*translated)
    return std::optional<command_outcome>{};
  for (pg_error& notice : (*translated)->notices)
    emit_notice(std::move(notice));
  if (situation.open != nullptr && type == "SelectStmt" && access_of(statement) == statement_access::read) {
    auto opened = executor_.open_translated((*translated)->sql, (*translated)->parameters, (*translated)->columns,
                                            situation.result_formats);
    if (!opened)
      return fail(opened.error());
    command_outcome outcome = command_outcome::tag_only("SELECT 0");
    outcome.returns_rows = true;
    outcome.columns = (*opened)->columns();
    *situation.open = std::move(*opened);
    return std::optional<command_outcome>{std::move(outcome)};
  }
  take_sql_function_notices(db_.handle());  // none of an earlier statement's
  auto outcome = executor_.run_translated((*translated)->sql, statement.tag, (*translated)->parameters,
                                          (*translated)->columns, situation.result_formats);
  // A value read at run time (x::tsquery over rows): its input's NOTICEs, before the rows.
  for (pg_error& notice : take_sql_function_notices(db_.handle()))
    emit_notice(std::move(notice));
  if (!outcome)
    return fail(outcome.error());
  return std::optional<command_outcome>{std::move(*outcome)};
}

void statement_dispatcher::describe_parameters(statement_shape& shape, const translated_statement& translated) {
  shape.parameter_types_known = true;
  for (const auto& [number, type] : translated.parameter_types)
    if (type.known())
      shape.parameter_types[number] = type.client_oid();  // price[]: _price, as PostgreSQL
}

result<std::optional<statement_shape>, pg_error> statement_dispatcher::translated_shape(
    const routed_statement& statement, const std::vector<uint32_t>& declared) {
  const std::string type = statement.node_type();
  if (type != "SelectStmt" && type != "InsertStmt" && type != "UpdateStmt" && type != "DeleteStmt")
    return std::optional<statement_shape>{};
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return std::optional<statement_shape>{};
  auto plan = modifying_with(statement, own.statements[0].fields());
  if (!plan)
    return fail(plan.error());
  result<std::optional<translated_statement>, pg_error> translated = std::optional<translated_statement>{};
  if (*plan) {
    auto described = modifying_with_steps(**plan, statement, nullptr, declared, nullptr);
    if (!described)
      return fail(described.error());
    translated = std::optional<translated_statement>{std::move(*described)};
  } else {
    translated = prepare_translated_statement(type, own.statements[0].fields(), statement.text, statement.position,
                                              nullptr, declared_types(declared), *this,
                                              parameters_.type_settings_now());
  }
  if (!translated)
    return fail(translated.error());
  if (!*translated)
    return std::optional<statement_shape>{};
  auto shape = executor_.describe((*translated)->sql);
  if (!shape)
    return fail(shape.error());
  shape->columns.clear();
  describe_parameters(*shape, **translated);
  // A parameter the statement gives a domain's type ($1::price, a price column's
  // value) is described as the domain (one Parse declared keeps its type).
  for (const auto& [number, domain] : domain_parameters(own.statements[0].fields(), type, db_))
    shape->parameter_types[number] = domain;
  for (const query_column& c : (*translated)->columns)
    shape->columns.push_back(result_column{c.name, c.client_oid != 0 ? c.client_oid : c.type.known() ? c.type.client_oid() : 25,
                                           c.type.known() ? c.type.client_typmod() : -1, 0,
                                           c.type.is_enum() && !c.type.is_enum_array()});
  return std::optional<statement_shape>{std::move(*shape)};
}

}  // namespace tributary
