// check_constraints: see the header.
#include "stages/sql/check_constraints.hpp"

#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/sql_literal.hpp"

namespace tributary {
namespace {

constexpr std::string_view function_opening = " CHECK (pg_check_row(";
constexpr size_t max_identifier_bytes = 63;  // NAMEDATALEN - 1

// The end of the quoted text ('...' or "...", doubled quotes inside) at `i`.
size_t quoted_end(std::string_view text, size_t i) {
  const char quote = text[i];
  for (size_t j = i + 1; j < text.size(); ++j) {
    if (text[j] != quote)
      continue;
    if (j + 1 < text.size() && text[j + 1] == quote) {
      ++j;
      continue;
    }
    return j + 1;
  }
  return std::string_view::npos;
}

}  // namespace

size_t parenthesised_group_end(std::string_view text, size_t i) {
  int depth = 0;
  for (size_t j = i; j < text.size();) {
    const char c = text[j];
    if (c == '\'' || c == '"') {
      j = quoted_end(text, j);
      if (j == std::string_view::npos)
        return j;
      continue;
    }
    if (c == '(')
      ++depth;
    else if (c == ')' && --depth == 0)
      return j + 1;
    ++j;
  }
  return std::string_view::npos;
}

namespace {

std::string unquoted_identifier(std::string_view quoted) {
  std::string out;
  for (size_t i = 1; i + 1 < quoted.size(); ++i) {
    out += quoted[i];
    if (quoted[i] == '"')
      ++i;
  }
  return out;
}

// How a column's stored values print: its type as "oid/typmod", 0/-1 when the
// stored form is the text itself (enums, types Tributary does not know).
std::string stored_type_text(const column_definition& column) {
  if (column.type.is_enum() || !column.type.known())
    return "0/-1";
  return std::to_string(column.type.oid) + "/" + std::to_string(column.type.typmod);
}

// The first `bytes` bytes of `text`, not cutting a UTF-8 character.
std::string clipped(const std::string& text, size_t bytes) {
  if (text.size() <= bytes)
    return text;
  size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
    --end;
  return text.substr(0, end);
}

}  // namespace

std::string check_item(const std::string& relation, const check_definition& check,
                       const std::vector<column_definition>& columns) {
  std::string types;
  std::string values;
  for (const auto& c : columns) {
    types += (types.empty() ? "" : ",") + stored_type_text(c);
    values += ", " + quote_identifier(c.name);
  }
  return "CONSTRAINT " + quote_identifier(check.name) + std::string(function_opening) + "(" +
         check.expression_sql + "), " + sql_literal(relation) + ", " + sql_literal(check.name) +
         ", " + sql_literal(types) + values + "))";
}

std::optional<check_definition> read_check_item(std::string_view item) {
  constexpr std::string_view opening = "CONSTRAINT ";
  if (item.substr(0, opening.size()) != opening || item.size() <= opening.size() ||
      item[opening.size()] != '"')
    return std::nullopt;
  const size_t name_end = quoted_end(item, opening.size());
  if (name_end == std::string_view::npos ||
      item.substr(name_end, function_opening.size()) != function_opening)
    return std::nullopt;
  const size_t expression_start = name_end + function_opening.size();
  const size_t expression_end = parenthesised_group_end(item, expression_start);
  if (expression_end == std::string_view::npos)
    return std::nullopt;
  check_definition out;
  out.name = unquoted_identifier(item.substr(opening.size(), name_end - opening.size()));
  out.expression_sql =
      std::string(item.substr(expression_start + 1, expression_end - expression_start - 2));
  return out;
}

std::string make_object_name(const std::string& name1, const std::string& name2,
                             const std::string& label) {
  const size_t overhead = (label.empty() ? 0 : label.size() + 1) + (name2.empty() ? 0 : 1);
  const size_t available = max_identifier_bytes > overhead ? max_identifier_bytes - overhead : 0;
  size_t chars1 = name1.size();
  size_t chars2 = name2.size();
  while (chars1 + chars2 > available) {
    if (chars1 > chars2)
      --chars1;
    else
      --chars2;
  }
  std::string out = clipped(name1, chars1);
  if (!name2.empty())
    out += "_" + clipped(name2, chars2);
  if (!label.empty())
    out += "_" + label;
  return out;
}

std::string choose_check_name(const std::string& relation,
                              const std::vector<std::string>& referenced,
                              const std::vector<std::string>& taken) {
  const std::string column = referenced.size() == 1 ? referenced[0] : std::string();
  // The table's own name: a table of schema s is the local table "s.t" (local_relation_name.hpp).
  const size_t dot = relation.find('.');
  const std::string table = dot == std::string::npos ? relation : relation.substr(dot + 1);
  std::string label = "check";
  for (int pass = 1;; ++pass) {
    std::string name = make_object_name(table, column, label);
    if (std::find(taken.begin(), taken.end(), name) == taken.end())
      return name;
    label = "check" + std::to_string(pass);
  }
}

}  // namespace tributary
