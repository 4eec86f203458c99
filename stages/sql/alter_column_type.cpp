// alter_column_type: ALTER TABLE ... ALTER COLUMN c [SET DATA] TYPE t [USING ...]
// (declared in alter_column.hpp) — the column's new type, SQLite storage and
// default, and the conversion every stored value goes through when the caller
// rebuilds the table.
//
// Which conversions run follows PostgreSQL (type_casts.hpp): without USING, or
// with USING c, only implicit and assignment casts (else 42804 `column "c" cannot
// be cast automatically to type integer` with HINT `You might need to specify
// "USING c::integer".`, or for USING c `result of USING clause for column "c"
// cannot be cast automatically to type integer`); with USING c::t (t the new
// type) any cast, explicit ones included (else 42846 `cannot cast type date to
// integer`). Any other USING expression is 0A000. A constant DEFAULT is converted
// with the assignment cast (42804 `default for column "c" cannot be cast
// automatically to type t` otherwise); now()-like defaults stay on timestamp
// columns; any other expression is translated again for the new type, as
// PostgreSQL assigns the expression without its old cast to the new type. Domains (as old or new type) are 0A000 for now. Pure.
#include "stages/core/sql_quote.hpp"
#include "stages/sql/alter_column.hpp"
#include "stages/sql/create_table.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error not_supported(const std::string& what) {
  return make_pg_error("0A000", what + " is not supported yet");
}

bool is_integer(oid_t oid) { return oid == 20 || oid == 21 || oid == 23; }

// The new type as a column of it: a ColumnDef with the column's name and the type.
result<column_definition, pg_error> new_column(const std::string& name, const json& def,
                                               const column_alteration_input& input) {
  json column_def = json::object();
  column_def["colname"] = name;
  column_def["typeName"] = def.value("typeName", json::object());
  auto translated = translate_added_column(column_def, input.source, input.settings, input.user_types);
  if (!translated)
    return fail(translated.error());
  return std::move(translated->definition);
}

// How the USING clause asks for the conversion.
enum class using_kind { none, bare_column, cast_to_new_type, other };

using_kind read_using(const json& def, const std::string& column, const column_definition& target,
                      const column_alteration_input& input) {
  if (!def.contains("raw_default"))
    return using_kind::none;
  const json& expr = def["raw_default"];
  auto names_column = [&](const json& node) {
    if (pt::node_type(node) != "ColumnRef")
      return false;
    const auto names = pt::strings(pt::list(pt::fields(node), "fields"));
    return names.size() == 1 && same_identifier(names[0], column);
  };
  if (names_column(expr))
    return using_kind::bare_column;
  if (pt::node_type(expr) != "TypeCast")
    return using_kind::other;
  const json& cast = pt::fields(expr);
  if (!names_column(cast.value("arg", json::object())))
    return using_kind::other;
  json column_def = json::object();
  column_def["colname"] = column;
  column_def["typeName"] = cast.value("typeName", json::object());
  auto cast_type = translate_added_column(column_def, input.source, input.settings, input.user_types);
  if (!cast_type || !(cast_type->definition.type == target.type) ||
      cast_type->definition.dimensions != target.dimensions || !cast_type->definition.domain.empty())
    return using_kind::other;
  return using_kind::cast_to_new_type;
}

result<cast_rule, pg_error> chosen_cast(const column_definition& column,
                                        const column_definition& target, using_kind how) {
  const std::string type = format_type(target.type);
  const auto rule = find_cast(column.type, target.type);
  switch (how) {
    case using_kind::other:
      return fail(not_supported("ALTER COLUMN ... TYPE with a USING expression other than the column "
                                "or a cast of it to the new type"));
    case using_kind::cast_to_new_type:
      if (!rule)
        return fail(make_pg_error("42846", "cannot cast type " + format_type(column.type) + " to " + type));
      return *rule;
    case using_kind::bare_column:
      if (!rule || !applies_automatically(rule->context))
        return fail(make_pg_error("42804", "result of USING clause for column \"" + column.name +
                                               "\" cannot be cast automatically to type " + type,
                                  "", "You might need to add an explicit cast."));
      return *rule;
    case using_kind::none:
      break;
  }
  if (!rule || !applies_automatically(rule->context))
    return fail(make_pg_error("42804", "column \"" + column.name +
                                           "\" cannot be cast automatically to type " + type,
                              "", "You might need to specify \"USING " + column.name + "::" + type + "\"."));
  return *rule;
}

// A default recorded as one literal: 'x' (quotes doubled inside), 42, -1.5e3.
bool is_one_literal(const std::string& text) {
  if (!text.starts_with("'"))
    return !text.empty() && text.find_first_not_of("+-.0123456789eE") == std::string::npos;
  for (size_t i = 1; i < text.size(); ++i) {
    if (text[i] != '\'')
      continue;
    if (i + 1 < text.size() && text[i + 1] == '\'') {
      ++i;
      continue;
    }
    return i + 1 == text.size();
  }
  return false;
}

// An expression DEFAULT ((1 + 2), lower('x'), now() + interval '1 day') under
// the new type. PostgreSQL strips the old assignment cast and assigns the bare
// expression to the new type (ATExecAlterColumnType): the recorded text,
// translated again for the new column, is the same. 42804 `default for column "c"
// cannot be cast automatically to type t` when no assignment cast exists.
result<std::optional<std::string>, pg_error> retyped_expression_default(
    const column_definition& column, const column_definition& target,
    const column_alteration_input& input) {
  const std::string& text = *column.default_expression;
  if (!input.parse_select)
    return fail(not_supported("ALTER COLUMN ... TYPE of a column whose DEFAULT is " + text));
  const std::string select = "SELECT " + text;
  const auto expression = input.parse_select(select);
  if (!expression)
    return fail(make_pg_error("XX000", "cannot read the DEFAULT of column \"" + column.name +
                                           "\" again: " + text));
  column_definition retyped = column;
  retyped.type = target.type;
  retyped.dimensions = target.dimensions;
  auto translated = translate_default(*expression, retyped, select, input.settings);
  if (!translated) {
    if (translated.error().sqlstate == "42804")
      return fail(make_pg_error("42804", "default for column \"" + column.name +
                                             "\" cannot be cast automatically to type " +
                                             format_type(target.type)));
    pg_error error = translated.error();
    error.position = 0;  // a position in the recorded text, not in this statement
    return fail(std::move(error));
  }
  return std::optional<std::string>{translated->sqlite};
}

// The column's DEFAULT under the new type: its SQLite text, or nullopt to keep it.
result<std::optional<std::string>, pg_error> converted_default(const column_definition& column,
                                                               const column_definition& target,
                                                               const column_alteration_input& input) {
  if (!column.default_expression || *column.default_expression == "NULL")
    return std::optional<std::string>{};
  const std::string& text = *column.default_expression;
  const bool timestamps = (column.type.oid == 1114 || column.type.oid == 1184) &&
                          (target.type.oid == 1114 || target.type.oid == 1184);
  const bool is_constant = is_one_literal(text);
  if (!is_constant) {  // now(), CURRENT_DATE, gen_random_uuid(), ...: same meaning or refused
    const bool clock_or_sequence =
        text == "now()" || text == "transaction_timestamp()" || text == "clock_timestamp()" ||
        text == "gen_random_uuid()" || text == "CURRENT_TIMESTAMP" || text == "LOCALTIMESTAMP" ||
        text == "CURRENT_DATE" || text.starts_with("nextval('");
    if (column.type == target.type ||
        (clock_or_sequence && (timestamps || column.type.oid == target.type.oid)))
      return std::optional<std::string>{};
    return retyped_expression_default(column, target, input);
  }
  const auto rule = find_cast(column.type, target.type);
  if (!rule || !applies_automatically(rule->context))
    return fail(make_pg_error("42804", "default for column \"" + column.name +
                                           "\" cannot be cast automatically to type " +
                                           format_type(target.type)));
  std::string constant = text;
  if (constant.size() >= 2 && constant.front() == '\'' && constant.back() == '\'') {
    constant = constant.substr(1, constant.size() - 2);
    for (size_t at = constant.find("''"); at != std::string::npos; at = constant.find("''", at + 1))
      constant.erase(at, 1);
  }
  auto stored = parse_text_value(column.type, constant, input.settings);
  if (!stored)
    return fail(stored.error());
  auto converted = cast_stored_value(*stored, column.type, target.type, rule->method, false,
                                     input.settings);
  if (!converted)
    return fail(converted.error());
  return std::optional<std::string>{sql_literal(*converted)};
}

}  // namespace

result<ok_t, pg_error> alter_column_type(const json& cmd, const column_alteration_input& input,
                                         column_alteration_state& state) {
  auto index = altered_column_index(state, pt::text(cmd, "name"));
  if (!index)
    return fail(index.error());
  column_definition& column = state.columns[*index];
  for (const auto& earlier : state.conversions)
    if (earlier.column == *index)
      return fail(make_pg_error("0A000", "cannot alter type of column \"" + column.name + "\" twice"));
  const json def_node = cmd.value("def", json::object());
  const json& def = pt::fields(def_node);
  auto target = new_column(column.name, def, input);
  if (!target)
    return fail(target.error());
  if (!column.domain.empty() || !target->domain.empty())
    return fail(not_supported("ALTER COLUMN ... TYPE from or to a domain"));
  if (!column.identity.empty() && !is_integer(target->type.oid))
    return fail(make_pg_error("22023", "identity column type must be smallint, integer, or bigint"));
  auto rule = chosen_cast(column, *target, read_using(def, column.name, *target, input));
  if (!rule)
    return fail(rule.error());
  if (rule->method == stored_cast::not_supported)
    return fail(not_supported("ALTER COLUMN ... TYPE from " + format_type(column.type) + " to " +
                              format_type(target->type)));
  auto default_sql = converted_default(column, *target, input);
  if (!default_sql)
    return fail(default_sql.error());
  column_item_change change;
  change.type = sqlite_column_type(target->type);
  if (*default_sql)
    change.default_sql = *default_sql;
  state.conversions.push_back(column_conversion{*index, column.type, target->type, rule->method,
                                                read_using(def, column.name, *target, input) ==
                                                    using_kind::cast_to_new_type});
  column.type = target->type;
  column.dimensions = target->dimensions;
  return edit_column_item(state, column.name, change);
}

}  // namespace tributary
