// view_deparse_keys: the printer's expressions and conditions (through
// default_deparse) and its GROUP BY / ORDER BY / DISTINCT ON keys. See view_deparse.hpp.
#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/view_deparse_internal.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::view_deparse_internal {

std::vector<view_scope_item> select_printer::scope() const {
  std::vector<view_scope_item> out;
  int distance = 0;
  for (auto level = levels_.rbegin(); level != levels_.rend(); ++level, ++distance)
    for (const auto& item : level->items) {
      out.push_back(item);
      out.back().level = distance;
    }
  return out;
}

view_subselect_printer select_printer::subselect_printer(int indent) {
  return [this, indent](const json& select) -> std::optional<printed_subselect> {
    if (pt::node_type(select) != "SelectStmt")
      return std::nullopt;
    printed_select body = query(pt::fields(select), indent, {}, false, false);
    return printed_subselect{body.text, body.types.empty() ? oid_t{0} : body.types[0]};
  };
}

std::string select_printer::expression(const json& e, oid_t* type, int indent) {
  const view_subselect_printer subselects = subselect_printer(indent);
  auto text = deparse_view_expression(e, source_, scope(), pretty_, type, &subselects);
  if (!text)
    throw not_printed{};
  return *text;
}

std::string select_printer::window_clause(const json& windows, int indent) {
  const view_subselect_printer subselects = subselect_printer(indent);
  std::string out;
  for (const auto& w : windows) {
    const json& window = pt::fields(w);
    const std::string name = pt::text(window, "name");
    auto spec = deparse_view_window(window, source_, scope(), pretty_, &subselects);
    if (name.empty() || !spec)
      throw not_printed{};
    out += (out.empty() ? "" : ", ") + quote_identifier_if_needed(name) + " AS " + *spec;
  }
  return out;
}

std::string select_printer::condition(const json& e, int indent) {
  oid_t type = 0;
  std::string text = expression(e, &type, indent);
  if (type != pg_type_oid::boolean)
    throw not_printed{};
  return text;
}

std::string select_printer::sort_key(const json& key, const std::vector<target>& targets, bool grouping, int indent) {
  const target* chosen = nullptr;
  if (auto c = pt::constant_value(key, source_);
      c && !c->is_null && !c->is_string && !c->text.empty() &&
      c->text.find_first_not_of("0123456789") == std::string::npos) {
    const size_t n = std::stoul(c->text);
    if (n < 1 || n > targets.size())
      throw not_printed{};
    chosen = &targets[n - 1];
  } else if (pt::node_type(key) == "ColumnRef") {
    const json& fields = pt::list(pt::fields(key), "fields");
    if (fields.size() == 1 && pt::node_type(fields[0]) == "String") {
      const std::string name = pt::text(pt::fields(fields[0]), "sval");
      const auto by_name = [&]() -> const target* {
        const target* found = nullptr;
        for (const auto& t : targets)
          if (t.name == name) {
            if (found != nullptr && found->text != t.text)
              throw not_printed{};  // ambiguous: PostgreSQL's error
            found = &t;
          }
        return found;
      };
      if (!grouping) {
        chosen = by_name();
      } else {
        oid_t type = 0;
        try {
          return expression(key, &type, indent);
        } catch (const not_printed&) {
          chosen = by_name();
        }
      }
    }
  }
  if (chosen == nullptr) {
    if (!targets.empty() && targets[0].node == nullptr && targets[0].text == "1")
      throw not_printed{};  // a set operation's ORDER BY of an expression
    oid_t type = 0;
    if (pt::node_type(key) == "A_Const")
      throw not_printed{};
    return sort_item_text(key, expression(key, &type, indent), pretty_);
  }
  if (chosen->node == nullptr)
    return chosen->text;  // a column of `*`, or a set operation's column number
  if (pt::node_type(*chosen->node) == "A_Const" || pt::node_type(*chosen->node) == "TypeCast")
    throw not_printed{};  // PostgreSQL shows the constant's type
  return sort_item_text(*chosen->node, chosen->text, pretty_);
}

std::string select_printer::sort_keys(const json& items, const std::vector<target>& targets, bool grouping, int indent) {
  std::vector<std::string> keys;
  for (const auto& item : items)
    if (std::string key = sort_key(item, targets, grouping, indent);
        std::find(keys.begin(), keys.end(), key) == keys.end())
      keys.push_back(std::move(key));
  std::string out;
  for (const auto& key : keys)
    out += (out.empty() ? "" : ", ") + key;
  return out;
}

std::string select_printer::integer_constant(const json& e) {
  auto c = pt::constant_value(e, source_);
  if (!c || c->is_null || c->is_string || c->text.empty() || c->text.find_first_not_of("0123456789") != std::string::npos)
    throw not_printed{};
  return c->text;
}

}  // namespace tributary::view_deparse_internal
