// declare_constants: statement_dispatcher::compute_planner_constants, the errors a
// cursor's query gives at DECLARE in PostgreSQL (its planner computes the constant
// expressions: stages/sql/constant_folding.hpp). Each constant expression runs as
// its own translated one-value SELECT; an error of that run is DECLARE's. One the
// translator does not cover alone is left to the first FETCH.
#include "cli/commands/table_commands.hpp"
#include "cli/server/statement_dispatcher.hpp"
#include "stages/sql/constant_folding.hpp"

namespace tributary {

result<ok_t, pg_error> statement_dispatcher::compute_planner_constants(const routed_statement& query,
                                                                      const statement_situation& situation) {
  const routed_query own = route_query(query.text);  // locations in this text alone
  if (own.statements.size() != 1 || own.statements[0].node_type() != "SelectStmt")
    return ok_v;
  const type_settings settings = parameters_.type_settings_now();
  executor_.use_settings(settings);
  std::optional<pg_error> error;
  fold_constants(own.statements[0].fields(), [&](const nlohmann::json& node) {
    const nlohmann::json select = {
        {"targetList", nlohmann::json::array({{{"ResTarget", {{"val", node}}}}})}};
    auto translated = prepare_translated_statement("SelectStmt", select, query.text, query.position,
                                                   &situation.parameters, declared_types(situation.parameter_types),
                                                   *this, settings);
    if (!translated || !*translated)
      return folded_value::other;  // the whole query's translation answers for it
    auto opened = executor_.open_translated((*translated)->sql, (*translated)->parameters,
                                            (*translated)->columns, {});
    if (!opened)
      return folded_value::other;
    auto row = (*opened)->next();
    if (!row) {
      error = row.error();
      return folded_value::failed;
    }
    if (!*row || (*row)->empty() || is_null((**row)[0]))
      return folded_value::is_null;
    if (const auto* number = std::get_if<int64_t>(&(**row)[0]))
      return *number == 0 ? folded_value::is_false : folded_value::is_true;
    return folded_value::other;
  });
  if (error)
    return fail(std::move(*error));
  return ok_v;
}

}  // namespace tributary
