// merge_run: MERGE (stages/sql/translator/merge_plan.hpp) run as its plan's
// statements on the session's connection, in the statement's transaction: the source
// rows with their matched target row and firing WHEN clause are kept in a temporary
// SQLite table (temp.tributary_merge_source), a target row two source rows would
// update or delete is refused (21000) before anything changes, then each UPDATE /
// DELETE / INSERT clause runs once over its rows, in the order written. The tag is
// MERGE n, n the rows the clauses changed. A savepoint undoes every step when one
// fails; the table is dropped when the statement ends. Describe translates the steps
// without running them (the source rows then read as no rows). A data-modifying WITH
// on it runs first, as for any statement (modifying_with_run.cpp).
#include "cli/commands/table_commands.hpp"
#include "cli/server/statement_dispatcher.hpp"
#include "cli/server/statement_steps.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/translator/merge_plan.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

// PostgreSQL's MERGE on a view (PostgreSQL 15 has no updatable-view MERGE).
result<ok_t, pg_error> refuse_view_target(sqlite_connection& db, const nlohmann::json& relation) {
  const std::string name = relation.value("relname", std::string());
  auto kind = query_rows(db, "SELECT type FROM main.sqlite_schema WHERE name = ?1", name);
  if (!kind)
    return fail(pg_error_from_sqlite(kind.error()));
  if (!kind->empty() && (*kind)[0][0] == "view")
    return fail(make_pg_error("0A000", "cannot execute MERGE on relation \"" + name + "\"",
                              "This operation is not supported for views."));
  return ok_v;
}

// A target row that more than one source row would update or delete.
result<ok_t, pg_error> refuse_second_change(sqlite_connection& db, const merge_plan& plan, const std::string& rows,
                                            size_t width) {
  std::string clauses;
  for (const merge_action& action : plan.actions)
    if (action.matched)
      clauses += (clauses.empty() ? "" : ", ") + std::to_string(action.clause);
  if (clauses.empty())
    return ok_v;
  const std::string row = "c" + std::to_string(width - 1), clause = "c" + std::to_string(width);
  auto twice = query_rows(db, "SELECT 1 FROM " + rows + " WHERE " + row + " IS NOT NULL AND " + clause + " IN (" +
                                  clauses + ") GROUP BY " + row + " HAVING count(*) > 1 LIMIT 1");
  if (!twice)
    return fail(pg_error_from_sqlite(twice.error()));
  if (!twice->empty())
    return fail(make_pg_error("21000", "MERGE command cannot affect row a second time", "",
                              "Ensure that not more than one source row matches any one target row."));
  return ok_v;
}

}  // namespace

result<translated_statement, pg_error> statement_dispatcher::merge_steps(const routed_statement& statement,
                                                                        const statement_situation* situation,
                                                                        const std::vector<uint32_t>& declared,
                                                                        command_outcome* outcome) {
  const routed_query own = route_query(statement.text);
  if (own.statements.size() != 1)
    return fail(make_pg_error("0A000", "this form of MERGE is not supported yet"));
  // A data-modifying WITH runs first (modifying_with_run.cpp): its RETURNING rows and
  // the tables' pre-images are what the MERGE reads for their names; a step that
  // modifies the MERGE's target is refused (0A000, as for other statements).
  auto with_plan = modifying_with(statement, own.statements[0].fields());
  if (!with_plan)
    return fail(with_plan.error());
  const nlohmann::json& fields = *with_plan ? (*with_plan)->main : own.statements[0].fields();
  statement_scope with_tables{db_, "tributary_modifying_with"};
  if (situation != nullptr && *with_plan)
    if (auto begun = with_tables.begin(); !begun)
      return fail(begun.error());
  translated_statement shape;
  std::vector<materialized_common_table> with_done;
  if (*with_plan) {
    auto done = run_modifying_steps(**with_plan, statement, situation, declared, with_tables, shape);
    if (!done)
      return fail(done.error());
    with_done = std::move(*done);
  }
  // The target's columns in order (INSERT VALUES with a DEFAULT and no column list).
  const nlohmann::json& relation = fields["relation"];
  auto columns = read_table_columns(db_, local_relation_name(relation.value("schemaname", std::string()),
                                                             relation.value("relname", std::string())));
  if (!columns)
    return fail(pg_error_from_sqlite(columns.error()));
  std::vector<std::string> target_columns;
  for (const column_definition& c : *columns)
    target_columns.push_back(c.name);
  auto plan = plan_merge(fields, target_columns);
  if (!plan)
    return fail(placed_error(statement, plan.error()));
  if (auto view = refuse_view_target(db_, fields["relation"]); !view)
    return fail(view.error());
  statement_scope scope{db_, "tributary_merge"};
  if (situation != nullptr)
    if (auto begun = scope.begin(); !begun)
      return fail(begun.error());
  const type_settings settings = parameters_.type_settings_now();
  const std::vector<sql_value>* values = situation ? &situation->parameters : nullptr;
  auto translate = [&](const std::string& node_type, const nlohmann::json& step,
                       std::vector<materialized_common_table> done) -> result<translated_statement, pg_error> {
    done.insert(done.begin(), with_done.begin(), with_done.end());
    auto translated = prepare_translated_statement(node_type, step, statement.text, statement.position, values,
                                                   declared_types(declared), *this, settings, done);
    if (!translated)
      return fail(translated.error());
    if (!*translated)
      return fail(make_pg_error("0A000", "this form of MERGE is not supported yet"));
    shape.parameter_count = std::max(shape.parameter_count, (*translated)->parameter_count);
    for (const auto& [number, type] : (*translated)->parameter_types)
      shape.parameter_types.emplace(number, type);
    return std::move(**translated);
  };

  auto source = translate("SelectStmt", plan->source_rows, {});
  if (!source)
    return fail(source.error());
  materialized_common_table rows{merge_source_rows_name, "", source->columns, true};
  const size_t width = rows.columns.size();
  if (situation == nullptr) {
    rows.sql_table = empty_rows(width);
  } else {
    rows.sql_table = "temp." + quote_identifier("tributary_merge_source");
    scope.names.push_back(rows.sql_table);
    if (auto kept = executor_.run_into_table(source->sql, source->parameters, rows.sql_table, width); !kept)
      return fail(kept.error());
    if (auto once = refuse_second_change(db_, *plan, rows.sql_table, width); !once)
      return fail(once.error());
  }
  int64_t changed = 0;
  for (const merge_action& action : plan->actions) {
    auto step = translate(action.node_type, action.statement, {rows});
    if (!step)
      return fail(step.error());
    if (situation == nullptr)
      continue;
    int64_t runs = 1;
    if (action.once_per_row) {
      auto count = query_rows(db_, "SELECT count(*) FROM " + rows.sql_table + " WHERE c" + std::to_string(width) +
                                       " = " + std::to_string(action.clause));
      if (!count)
        return fail(pg_error_from_sqlite(count.error()));
      runs = std::stoll((*count)[0][0]);
    }
    for (int64_t run = 0; run < runs; ++run) {
      if (auto ran = executor_.run_into_table(step->sql, step->parameters, "", 0); !ran)
        return fail(ran.error());
      changed += db_.changes();
    }
  }
  if (outcome != nullptr)
    *outcome = command_outcome::tag_only("MERGE " + std::to_string(changed));
  scope.succeeded = situation != nullptr;
  with_tables.succeeded = situation != nullptr;
  return shape;
}

}  // namespace tributary
