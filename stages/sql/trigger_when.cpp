// trigger_when: see the header.
#include "stages/sql/trigger_when.hpp"

#include <cctype>

#include <pg_query.h>

#include <nlohmann/json.hpp>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/text_edits.hpp"

namespace tributary {

namespace {
namespace pt = parse_tree;
using json = nlohmann::json;

// OLD, NEW, OLD.* or NEW.* (not a column of that name): the record's name.
std::string whole_row(const json& node, const std::vector<column_definition>& columns) {
  if (pt::node_type(node) != "ColumnRef")
    return {};
  const json& fields = pt::list(pt::fields(node), "fields");
  if (fields.empty() || fields.size() > 2 || pt::node_type(fields[0]) != "String")
    return {};
  const std::string name = pt::text(pt::fields(fields[0]), "sval");
  if (name != "old" && name != "new")
    return {};
  if (fields.size() == 2)
    return pt::node_type(fields[1]) == "A_Star" ? name : std::string();
  for (const auto& c : columns)
    if (c.name == name)
      return {};
  return name;
}

// The length of the reference at `at`: an identifier, and ".*" when it has one.
size_t reference_length(const std::string& text, size_t at) {
  size_t end = at;
  if (end < text.size() && text[end] == '"') {
    end = text.find('"', end + 1);
    end = end == std::string::npos ? text.size() : end + 1;
  } else {
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
      ++end;
  }
  size_t star = end;
  while (star < text.size() && std::isspace(static_cast<unsigned char>(text[star])))
    ++star;
  if (star < text.size() && text[star] == '.') {
    ++star;
    while (star < text.size() && std::isspace(static_cast<unsigned char>(text[star])))
      ++star;
    if (star < text.size() && text[star] == '*')
      end = star + 1;
  }
  return end - at;
}

// `left` < `right` (<=, >, >=) as PostgreSQL's record_cmp orders two records: column
// by column, a NULL after every value and equal to a NULL; never NULL itself.
std::string ordering(const std::string& op, const std::string& left, const std::string& right,
                     const std::vector<column_definition>& columns) {
  const bool greater = op[0] == '>';
  const std::string& low = greater ? right : left;
  const std::string& high = greater ? left : right;
  std::string out;
  for (size_t i = 0; i < columns.size(); ++i) {
    const std::string name = quote_identifier(columns[i].name);
    const std::string a = low + "." + name, b = high + "." + name;
    const std::string before = "COALESCE(" + a + " < " + b + ", " + a + " IS NOT NULL AND " + b + " IS NULL)";
    const std::string same = a + " IS NOT DISTINCT FROM " + b;
    if (i + 1 == columns.size())
      out += op.size() == 2 ? "(" + before + " OR " + same + ")" : before;
    else
      out += "(" + before + " OR (" + same + " AND ";
  }
  for (size_t i = 1; i < columns.size(); ++i)
    out += "))";
  return out;
}

void find_comparisons(const json& node, const std::string& text, const std::vector<column_definition>& columns,
                      std::vector<text_edit>& edits) {
  if (node.is_array()) {
    for (const auto& item : node)
      find_comparisons(item, text, columns, edits);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "A_Expr" && value.is_object()) {
      const std::string kind = pt::text(value, "kind");
      const json& left = value.value("lexpr", json());
      const json& right = value.value("rexpr", json());
      const auto names = pt::strings(pt::list(value, "name"));
      const bool equality = kind == "AEXPR_OP" && names.size() == 1 && (names[0] == "=" || names[0] == "<>");
      const bool order = kind == "AEXPR_OP" && names.size() == 1 &&
                         (names[0] == "<" || names[0] == "<=" || names[0] == ">" || names[0] == ">=");
      if (order && !whole_row(left, columns).empty() && !whole_row(right, columns).empty()) {
        // OLD.* < NEW.*  ->  TRUE = (<the ordering>): an equality, so the operators
        // around bind as they did to <.
        const auto record = [&](const json& side) { return whole_row(side, columns) == "old" ? "OLD" : "NEW"; };
        const auto left_at = static_cast<size_t>(pt::integer(pt::fields(left), "location"));
        const auto op_at = static_cast<size_t>(pt::integer(value, "location"));
        const auto right_at = static_cast<size_t>(pt::integer(pt::fields(right), "location"));
        edits.push_back({left_at, left_at + reference_length(text, left_at), "TRUE"});
        edits.push_back({op_at, op_at + names[0].size(), "="});
        edits.push_back({right_at, right_at + reference_length(text, right_at),
                         "(" + ordering(names[0], record(left), record(right), columns) + ")"});
        continue;
      }
      if ((kind == "AEXPR_DISTINCT" || kind == "AEXPR_NOT_DISTINCT" || equality) &&
          !whole_row(left, columns).empty() && !whole_row(right, columns).empty()) {
        if (equality) {  // two records are equal when no column is distinct (NULLs equal)
          const auto at = static_cast<size_t>(pt::integer(value, "location"));
          const size_t length = at < text.size() && text[at] == '=' ? 1 : 2;
          edits.push_back({at, at + length, names[0] == "=" ? "IS NOT DISTINCT FROM" : "IS DISTINCT FROM"});
        }
        for (const json* side : {&left, &right}) {
          const std::string record = whole_row(*side, columns) == "old" ? "OLD" : "NEW";
          std::string row = "ROW(";
          for (size_t i = 0; i < columns.size(); ++i)
            row += (i ? ", " : "") + record + "." + quote_identifier(columns[i].name);
          const auto at = static_cast<size_t>(pt::integer(pt::fields(*side), "location"));
          edits.push_back({at, at + reference_length(text, at), row + ")"});
        }
        continue;
      }
    }
    find_comparisons(value, text, columns, edits);
  }
}

}  // namespace

std::string expand_whole_row_comparisons(const std::string& condition, const std::vector<column_definition>& columns) {
  const std::string prefix = "SELECT ";
  const std::string text = prefix + condition;
  PgQueryParseResult parsed = pg_query_parse(text.c_str());
  std::vector<text_edit> edits;
  if (parsed.error == nullptr) {
    const json tree = json::parse(parsed.parse_tree, nullptr, false);
    if (!tree.is_discarded())
      find_comparisons(tree, text, columns, edits);
  }
  pg_query_free_parse_result(parsed);
  if (edits.empty() || columns.empty())
    return condition;
  return apply_text_edits(text, std::move(edits)).substr(prefix.size());
}

}  // namespace tributary
