// modifying_with_run: a statement with a data-modifying WITH (stages/sql/translator/
// modifying_with.hpp), run as its plan's steps on the session's connection, in the
// statement's transaction: each INSERT / UPDATE / DELETE of the WITH runs once, in the
// order written, its RETURNING rows kept in a temporary SQLite table
// (temp.tributary_with_N); then the main statement runs, reading those tables for the
// WITH queries' names. The tables are dropped when the statement ends, whatever its
// outcome. A failing step fails the statement (its transaction then rolls back or is
// aborted, as for any failed statement). Describe (Parse/Describe) translates the steps
// without running them: the WITH queries' names read an empty row set of their columns.
// A table a later part reads after a step modified it is first copied as it is
// (temp.tributary_with_pre_N, the plan's pre-images), and read from there: every part
// reads the rows as they were before the statement, as PostgreSQL's snapshot.
#include "cli/commands/table_commands.hpp"
#include "cli/server/statement_dispatcher.hpp"
#include "cli/server/statement_steps.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/translator/modifying_with.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/sqlstate_mapping.hpp"

namespace tributary {
namespace {

const char* command_of(const std::string& node_type) {
  return node_type == "InsertStmt" ? "INSERT" : node_type == "UpdateStmt" ? "UPDATE" : "DELETE";
}

// The rows of a table a later part reads as they were (`run`: copied now into a new
// temporary table; Describe: no rows), read under the pre-image's name.
result<materialized_common_table, pg_error> pre_image_table(sqlite_connection& db, const modifying_pre_image& image,
                                                            size_t number, bool run, statement_scope& tables) {
  const std::string local = local_relation_name(image.schema, image.table);
  auto columns = read_recorded_table_columns(db, local);
  if (!columns)
    return fail(pg_error_from_sqlite(columns.error()));
  if (columns->empty())
    return fail(make_pg_error("0A000", "reading \"" + image.table +
                                           "\", which is not a table with recorded types, in a statement whose "
                                           "WITH modifies it is not supported yet"));
  materialized_common_table table{image.name, "", {}, true};
  std::string select;
  for (const column_definition& column : *columns) {
    table.columns.push_back(query_column{column.name, column.type});
    select += (select.empty() ? "SELECT " : ", ") + quote_identifier(column.name) + " AS c" +
              std::to_string(table.columns.size());
  }
  if (!run) {
    table.sql_table = empty_rows(table.columns.size());
    return table;
  }
  table.sql_table = "temp." + quote_identifier("tributary_with_pre_" + std::to_string(number));
  tables.names.push_back(table.sql_table);
  if (auto copied = db.exec("CREATE TABLE " + table.sql_table + " AS " + select + " FROM " + quote_identifier(local));
      !copied)
    return fail(pg_error_from_sqlite(copied.error()));
  return table;
}

}  // namespace

result<std::optional<modifying_with_plan>, pg_error> statement_dispatcher::modifying_with(
    const routed_statement& statement, const nlohmann::json& fields) {
  auto plan = plan_modifying_with(statement.node_type(), fields);
  if (!plan)
    return fail(placed_error(statement, plan.error()));
  return std::move(*plan);
}

result<std::vector<materialized_common_table>, pg_error> statement_dispatcher::run_modifying_steps(
    const modifying_with_plan& plan, const routed_statement& statement, const statement_situation* situation,
    const std::vector<uint32_t>& declared, statement_scope& tables, translated_statement& shape) {
  std::vector<materialized_common_table> done;
  const type_settings settings = parameters_.type_settings_now();
  for (size_t i = 0; i < plan.steps.size(); ++i) {
    const modifying_step& step = plan.steps[i];
    auto translated = prepare_translated_statement(step.node_type, step.statement, statement.text,
                                                   statement.position, situation ? &situation->parameters : nullptr,
                                                   declared_types(declared), *this, settings, done,
                                                   /*returning_names_objects=*/false);
    if (!translated)
      return fail(translated.error());
    if (!*translated)
      return fail(make_pg_error("0A000", std::string(command_of(step.node_type)) +
                                             " of this form in WITH is not supported yet (common table \"" +
                                             step.name + "\")"));
    for (size_t p = 0; i == 0 && p < plan.pre_images.size(); ++p) {  // before the first step runs
      auto image = pre_image_table(db_, plan.pre_images[p], p + 1, situation != nullptr, tables);
      if (!image)
        return fail(image.error());
      done.push_back(std::move(*image));
    }
    materialized_common_table table{step.name, "", (*translated)->columns, step.returning};
    for (size_t c = 0; c < step.aliases.size() && c < table.columns.size(); ++c)
      table.columns[c].name = step.aliases[c];
    shape.parameter_count = std::max(shape.parameter_count, (*translated)->parameter_count);
    for (const auto& [number, type] : (*translated)->parameter_types)
      shape.parameter_types.emplace(number, type);
    if (situation == nullptr) {
      table.sql_table = empty_rows(table.columns.size());
    } else {
      if (step.returning) {
        table.sql_table = "temp." + quote_identifier("tributary_with_" + std::to_string(i + 1));
        tables.names.push_back(table.sql_table);
      }
      auto ran = executor_.run_into_table((*translated)->sql, (*translated)->parameters, table.sql_table,
                                          table.columns.size());
      if (!ran)
        return fail(ran.error());
    }
    done.push_back(std::move(table));
  }
  return done;
}

result<translated_statement, pg_error> statement_dispatcher::modifying_with_steps(
    const modifying_with_plan& plan, const routed_statement& statement, const statement_situation* situation,
    const std::vector<uint32_t>& declared, command_outcome* outcome) {
  statement_scope tables{db_, "tributary_modifying_with"};
  if (situation != nullptr)
    if (auto begun = tables.begin(); !begun)
      return fail(begun.error());
  translated_statement steps;
  auto done = run_modifying_steps(plan, statement, situation, declared, tables, steps);
  if (!done)
    return fail(done.error());
  auto main = prepare_translated_statement(statement.node_type(), plan.main, statement.text, statement.position,
                                           situation ? &situation->parameters : nullptr, declared_types(declared),
                                           *this, parameters_.type_settings_now(), *done);
  if (!main)
    return fail(main.error());
  if (!*main)
    return fail(make_pg_error("0A000", "this statement with a data-modifying WITH is not supported yet"));
  translated_statement out = std::move(**main);
  out.parameter_count = std::max(out.parameter_count, steps.parameter_count);
  for (const auto& [number, type] : steps.parameter_types)
    out.parameter_types.emplace(number, type);
  if (situation == nullptr || outcome == nullptr)
    return out;
  auto ran = executor_.run_translated(out.sql, statement.tag, out.parameters, out.columns,
                                      situation->result_formats);
  if (!ran)
    return fail(ran.error());
  *outcome = std::move(*ran);
  tables.succeeded = true;
  return out;
}

}  // namespace tributary
