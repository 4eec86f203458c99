// default_expression: see default_translation.hpp. A walk of the tree refuses what
// PostgreSQL refuses in a DEFAULT expression; the query translator then types and
// translates it in a scope without columns, and assigns it to the column.
#include "stages/sql/translator/default_translation.hpp"

#include <algorithm>
#include <cctype>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;
using translator::query_translator;

int location_in(const json& fields) {
  return fields.contains("location") ? static_cast<int>(pt::integer(fields, "location")) : -1;
}

// PostgreSQL's refusals in a DEFAULT expression (parse_expr.c, EXPR_KIND_COLUMN_DEFAULT).
void refuse_what_postgres_refuses(const query_translator& t, const json& node) {
  if (node.is_array()) {
    for (const auto& item : node)
      refuse_what_postgres_refuses(t, item);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "ColumnRef")
      t.fail_at(make_pg_error("0A000", "cannot use column reference in DEFAULT expression"),
                location_in(value));
    if (key == "SubLink")
      t.fail_at(make_pg_error("0A000", "cannot use subquery in DEFAULT expression"),
                location_in(value));
    if (key == "ParamRef")
      t.fail_at(make_pg_error("42P02", "there is no parameter $" +
                                           std::to_string(pt::integer(value, "number"))),
                location_in(value));
    if (key == "FuncCall") {
      const auto names = pt::strings(pt::list(value, "funcname"));
      const std::string name = names.empty() ? "" : names.back();
      if (value.contains("over"))
        t.fail_at(make_pg_error("42P20", "window functions are not allowed in DEFAULT expressions"),
                  location_in(value));
      if (t.is_aggregate_name(name) || pt::flag(value, "agg_star"))
        t.fail_at(
            make_pg_error("42803", "aggregate functions are not allowed in DEFAULT expressions"),
            location_in(value));
    }
    refuse_what_postgres_refuses(t, value);
  }
}

void locations(const json& node, int& first, int& last) {
  if (node.is_array()) {
    for (const auto& item : node)
      locations(item, first, last);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "location" && value.is_number_integer() && value.get<int>() >= 0) {
      first = first < 0 ? value.get<int>() : std::min(first, value.get<int>());
      last = std::max(last, value.get<int>());
    }
    locations(value, first, last);
  }
}

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' ||
         (static_cast<unsigned char>(c) & 0x80);
}

// The end of the token starting at `i`.
size_t token_end(std::string_view s, size_t i) {
  if (i >= s.size())
    return i;
  if ((s[i] == 'E' || s[i] == 'e' || s[i] == 'B' || s[i] == 'b' || s[i] == 'X' || s[i] == 'x') &&
      i + 1 < s.size() && s[i + 1] == '\'')
    ++i;
  if (s[i] == '\'' || s[i] == '"') {
    const char quote = s[i];
    for (size_t j = i + 1; j < s.size(); ++j) {
      if (s[j] == '\\' && quote == '\'' && j + 1 < s.size()) {
        ++j;
        continue;
      }
      if (s[j] == quote) {
        if (j + 1 < s.size() && s[j + 1] == quote) {
          ++j;
          continue;
        }
        return j + 1;
      }
    }
    return s.size();
  }
  if (word_char(s[i])) {
    while (i < s.size() && word_char(s[i]))
      ++i;
    return i;
  }
  static constexpr std::string_view operators = "+-*/<>=~!@#%^&|`?:";
  if (operators.find(s[i]) != std::string_view::npos) {
    while (i < s.size() && operators.find(s[i]) != std::string_view::npos)
      ++i;
    return i;
  }
  return i + 1;
}

}  // namespace

std::string expression_source_text(const json& expression, std::string_view source) {
  int first = -1, last = -1;
  locations(expression, first, last);
  if (first < 0 || static_cast<size_t>(last) >= source.size())
    return "";
  // Walk the tokens from the first to past the last located one, then close
  // what is still open: ( ... ) and [ ... ].
  // `depth`: brackets opened in the text; `unopened`: closed in it, opened before.
  int depth = 0, unopened = 0;
  size_t i = static_cast<size_t>(first);
  const auto step = [&]() {
    if (source[i] == '(' || source[i] == '[')
      ++depth;
    if (source[i] == ')' || source[i] == ']')
      depth > 0 ? --depth : ++unopened;
    i = token_end(source, i);
  };
  while (i <= static_cast<size_t>(last) && i < source.size())
    step();
  for (;;) {
    size_t next = i;
    while (next < source.size() && std::isspace(static_cast<unsigned char>(source[next])))
      ++next;
    if (next >= source.size())
      break;
    const char c = source[next];
    // A bracket opening right after the text: now(), text[].
    if (depth == 0 && c != '[' && c != '(')
      break;
    i = next;
    step();
  }
  size_t start = static_cast<size_t>(first);
  // Parentheses closed inside the text and opened before it.
  for (int open = unopened; open > 0 && start > 0;) {
    size_t back = start;
    while (back > 0 && std::isspace(static_cast<unsigned char>(source[back - 1])))
      --back;
    if (back == 0 || source[back - 1] != '(')
      break;
    start = back - 1;
    --open;
  }
  return std::string(source.substr(start, i - start));
}

result<translated_default, located_error> translate_default_expression(
    const json& expression, std::string_view source, const column_definition& column,
    const type_settings& settings) {
  translation_input input{nullptr, settings, source, {}};
  input.column_default = true;
  query_translator t(input);
  const translator::scope nothing;
  try {
    refuse_what_postgres_refuses(t, expression);
    translator::typed_expression value = t.expression(expression, nothing);
    if (!value.literal && value.parameter == 0 && !value.is_null_constant &&
        value.type.oid != 705 && !(value.type == column.type)) {
      const auto rule = find_cast(value.type, column.type);
      if (!rule || !applies_automatically(rule->context)) {
        pg_error error = make_pg_error("42804", "column \"" + column.name + "\" is of type " +
                                                    format_type(column.type) +
                                                    " but default expression is of type " +
                                                    format_type(value.type));
        error.hint = "You will need to rewrite or cast the expression.";
        return fail(located_error{std::move(error), -1});
      }
    }
    value = t.assign(std::move(value), column);
    return translated_default{value.sql, std::nullopt};
  } catch (const translator::not_translatable& what) {
    return translated_default{"", what.what};
  } catch (const translator::translation_failure& failure) {
    return fail(failure.error);
  }
}

}  // namespace tributary
