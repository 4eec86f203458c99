// alter_check: see the header.
#include "stages/sql/alter_check.hpp"

#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/alter_key.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/check_translation.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error notice(std::string message) {
  pg_error n = make_pg_error("00000", std::move(message));
  n.severity = "NOTICE";
  return n;
}

// The index of check item `name`, or nullopt.
std::optional<size_t> check_item_index(const sqlite_table_text& table, const std::string& name) {
  for (size_t i = 0; i < table.items.size(); ++i)
    if (auto check = read_check_item(table.items[i]); check && check->name == name)
      return i;
  return std::nullopt;
}

std::vector<std::string> check_names(const sqlite_table_text& table) {
  std::vector<std::string> out;
  for (const auto& item : table.items)
    if (auto check = read_check_item(item))
      out.push_back(check->name);
  return out;
}

// Another constraint of that name in the definition (a foreign key's).
bool names_other_constraint(const sqlite_table_text& table, const std::string& name) {
  const std::string named = "CONSTRAINT " + quote_identifier(name) + " ";
  for (const auto& item : table.items)
    if (item.find(named) != std::string::npos && !read_check_item(item))
      return true;
  return false;
}

pg_error missing(const std::string& name, const std::string& table) {
  return make_pg_error("42704", "constraint \"" + name + "\" of relation \"" + table +
                                    "\" does not exist");
}

// The check items in name order again after one was added.
void sort_check_items(sqlite_table_text& table) {
  std::vector<std::string> others;
  std::vector<std::pair<std::string, std::string>> checks;
  for (auto& item : table.items) {
    if (auto check = read_check_item(item))
      checks.emplace_back(check->name, std::move(item));
    else
      others.push_back(std::move(item));
  }
  std::stable_sort(checks.begin(), checks.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [name, item] : checks)
    others.push_back(std::move(item));
  table.items = std::move(others);
}

result<ok_t, pg_error> add_check(const json& constraint, const column_alteration_input& input,
                                 column_alteration_state& state) {
  if (state.columns.size() > max_checked_columns)
    return fail(make_pg_error("0A000", "a CHECK constraint on a table of more than " +
                                           std::to_string(max_checked_columns) +
                                           " columns is not supported yet"));
  auto expression = translate_check_expression(constraint.value("raw_expr", json::object()),
                                                input.source, table_check_columns(state.columns),
                                                input.settings);
  if (!expression) {
    return fail(with_position(expression.error(), input.source));
  }
  const std::vector<std::string> taken = check_names(state.sqlite);
  std::string name = pt::text(constraint, "conname");
  if (name.empty()) {
    name = choose_check_name(state.table, expression->referenced, taken);
  } else if (std::find(taken.begin(), taken.end(), name) != taken.end() ||
             names_other_constraint(state.sqlite, name)) {
    return fail(make_pg_error("42710", "constraint \"" + name + "\" for relation \"" +
                                           state.table + "\" already exists"));
  }
  const check_definition check{name, expression->sql};
  state.written.push_back({name, constraint.value("raw_expr", json::object()).dump(),
                           std::string(input.source)});
  state.sqlite.items.push_back(check_item(state.table, check, state.columns));
  sort_check_items(state.sqlite);
  state.changed = true;
  if (!pt::flag(constraint, "skip_validation"))
    state.check_validations.push_back(check);
  return ok_v;
}

}  // namespace

bool has_check_items(const sqlite_table_text& table) {
  return std::any_of(table.items.begin(), table.items.end(),
                     [](const std::string& item) { return read_check_item(item).has_value(); });
}

result<ok_t, pg_error> alter_check_constraint(const json& command,
                                              const column_alteration_input& input,
                                              column_alteration_state& state,
                                              std::vector<pg_error>& notices) {
  const std::string subtype = pt::text(command, "subtype");
  if (subtype == "AT_AddConstraint") {
    const json def_node = command.value("def", json::object());
    const json& constraint = pt::fields(def_node);
    if (is_key_constraint(constraint))
      return add_key_constraint(constraint, state);
    if (pt::text(constraint, "contype") != "CONSTR_CHECK")
      return fail(make_pg_error("0A000", "ALTER TABLE ADD CONSTRAINT other than CHECK, PRIMARY KEY, "
                                         "UNIQUE or FOREIGN KEY is not supported yet"));
    return add_check(constraint, input, state);
  }
  const std::string name = pt::text(command, "name");
  const auto index = check_item_index(state.sqlite, name);
  if (!index && subtype == "AT_DropConstraint") {
    auto dropped = drop_key_constraint(name, state);
    if (!dropped)
      return fail(dropped.error());
    if (*dropped)
      return ok_v;
  }
  if (!index && names_other_constraint(state.sqlite, name))
    return fail(make_pg_error("0A000", "ALTER TABLE DROP or VALIDATE CONSTRAINT other than CHECK "
                                       "is not supported yet"));
  if (subtype == "AT_ValidateConstraint") {
    if (!index)
      return fail(missing(name, state.table));
    state.check_validations.push_back(*read_check_item(state.sqlite.items[*index]));
    return ok_v;
  }
  // AT_DropConstraint
  if (!index) {
    if (!pt::flag(command, "missing_ok"))
      return fail(missing(name, state.table));
    notices.push_back(notice(missing(name, state.table).message + ", skipping"));
    return ok_v;
  }
  state.sqlite.items.erase(state.sqlite.items.begin() + static_cast<std::ptrdiff_t>(*index));
  std::erase_if(state.written, [&](const check_source& c) { return c.name == name; });
  state.changed = true;
  return ok_v;
}

std::optional<std::string> regenerated_checks(std::string_view create_sql,
                                              const std::string& relation,
                                              const std::vector<column_definition>& columns,
                                              const std::vector<std::string>& dropped) {
  auto table = split_table_text(create_sql);
  if (!table || !has_check_items(*table))
    return std::nullopt;
  std::vector<std::string> items;
  for (auto& item : table->items) {
    auto check = read_check_item(item);
    if (!check) {
      items.push_back(std::move(item));
      continue;
    }
    const bool names_dropped = std::any_of(dropped.begin(), dropped.end(), [&](const std::string& c) {
      return check->expression_sql.find(quote_identifier(c)) != std::string::npos;
    });
    if (!names_dropped)
      items.push_back(check_item(relation, *check, columns));
  }
  table->items = std::move(items);
  return table->body();
}

}  // namespace tributary
