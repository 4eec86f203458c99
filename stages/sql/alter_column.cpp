// alter_column: see the header.
#include "stages/sql/alter_column.hpp"

#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/create_table.hpp"
#include "stages/sql/parse_tree.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error identity_column(const column_alteration_state& state, const column_definition& column) {
  return make_pg_error("42601", "column \"" + column.name + "\" of relation \"" + state.table +
                                    "\" is an identity column");
}

// The domain a column was declared with, or nullptr.
const user_type* column_domain(const column_definition& column, const user_type_set& user_types) {
  if (column.domain.empty())
    return nullptr;
  const auto dot = column.domain.find('.');
  if (dot == std::string::npos)
    return user_types.find("", column.domain);
  return user_types.find(column.domain.substr(0, dot), column.domain.substr(dot + 1));
}

result<ok_t, pg_error> set_or_drop_default(const json& cmd, const column_alteration_input& input,
                                           column_alteration_state& state, size_t index) {
  column_definition& column = state.columns[index];
  const bool dropping = !cmd.contains("def");
  if (!column.identity.empty()) {
    pg_error e = identity_column(state, column);
    if (dropping)
      e.hint = "Use ALTER TABLE ... ALTER COLUMN ... DROP IDENTITY instead.";
    return fail(std::move(e));
  }
  column_item_change change;
  if (dropping) {
    const user_type* domain = column_domain(column, input.user_types);
    change.default_sql = domain ? domain->default_sqlite : std::nullopt;
    column.default_expression.reset();
  } else {
    auto d = translate_default(cmd["def"], column, input.source, input.settings);
    if (!d)
      return fail(d.error());
    change.default_sql = d->sqlite;
    if (d->postgres != "NULL" || !column.domain.empty())  // as CREATE TABLE records it
      column.default_expression = d->postgres;
    else
      column.default_expression.reset();
  }
  return edit_column_item(state, column.name, change);
}

result<ok_t, pg_error> drop_not_null(column_alteration_state& state, size_t index) {
  column_definition& column = state.columns[index];
  if (!column.identity.empty())
    return fail(identity_column(state, column));
  if (std::any_of(state.primary_key.begin(), state.primary_key.end(),
                  [&](const std::string& key) { return same_identifier(key, column.name); }))
    return fail(make_pg_error("42P16", "column \"" + column.name + "\" is in a primary key"));
  if (!column.not_null)
    return ok_v;
  column.not_null = false;
  column_item_change change;
  change.not_null = false;
  return edit_column_item(state, column.name, change);
}

result<ok_t, pg_error> set_not_null(column_alteration_state& state, size_t index) {
  column_definition& column = state.columns[index];
  if (column.not_null)
    return ok_v;
  column.not_null = true;
  state.not_null_checks.push_back(column.name);
  column_item_change change;
  change.not_null = true;
  return edit_column_item(state, column.name, change);
}

}  // namespace

result<ok_t, pg_error> edit_column_item(column_alteration_state& state, const std::string& name,
                                        const column_item_change& change) {
  auto item = find_column_item(state.sqlite, name);
  if (!item)
    return fail(make_pg_error("XX000", "column \"" + name + "\" is missing from the SQLite "
                                                            "definition of table \"" +
                                           state.table + "\""));
  state.sqlite.items[*item] = rewrite_column_item(state.sqlite.items[*item], change);
  state.changed = true;
  return ok_v;
}

result<size_t, pg_error> altered_column_index(const column_alteration_state& state,
                                              const std::string& name) {
  for (size_t i = 0; i < state.columns.size(); ++i)
    if (same_identifier(state.columns[i].name, name))
      return i;
  return fail(make_pg_error("42703", "column \"" + name + "\" of relation \"" + state.table +
                                         "\" does not exist"));
}

result<ok_t, pg_error> alter_column_constraint(const json& cmd, const column_alteration_input& input,
                                               column_alteration_state& state) {
  auto index = altered_column_index(state, pt::text(cmd, "name"));
  if (!index)
    return fail(index.error());
  const std::string subtype = pt::text(cmd, "subtype");
  if (subtype == "AT_ColumnDefault")
    return set_or_drop_default(cmd, input, state, *index);
  if (subtype == "AT_DropNotNull")
    return drop_not_null(state, *index);
  return set_not_null(state, *index);
}

}  // namespace tributary
