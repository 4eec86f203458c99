// The texts of pg_get_indexdef and pg_get_constraintdef for indexes, key
// constraints and foreign keys (catalog_model.hpp), as PostgreSQL 15's ruleutils
// prints them.
#include <algorithm>
#include <cctype>

#include "cli/catalog/catalog_model.hpp"
#include "stages/core/sql_quote.hpp"

namespace tributary {

namespace {

// Whether a printed expression is a function call ("lower(v)", "COALESCE(v, 'x'::text)"),
// which pg_get_indexdef does not put in parentheses (its looks_like_function).
bool looks_like_function(const std::string& text) {
  size_t i = 0;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_' || text[i] == '.'))
    ++i;
  if (i == 0 || i >= text.size() || text[i] != '(')
    return false;
  int depth = 0;
  for (; i < text.size(); ++i) {
    if (text[i] == '\'' || text[i] == '"') {
      const size_t close = text.find(text[i], i + 1);
      if (close == std::string::npos)
        return false;
      i = close;
    } else if (text[i] == '(') {
      ++depth;
    } else if (text[i] == ')' && --depth == 0) {
      return i + 1 == text.size();
    }
  }
  return false;
}

std::string column_list(const catalog_relation& table, const catalog_index& index, bool pretty = false) {
  std::string out;
  const auto& expressions = pretty ? index.pretty_expressions : index.expressions;
  for (size_t i = 0; i < index.columns.size(); ++i) {
    const int attnum = index.columns[i];
    if (!out.empty())
      out += ", ";
    if (i < expressions.size() && !expressions[i].empty())
      out += printed_index_key(expressions[i]);
    else if (attnum >= 1 && static_cast<size_t>(attnum) <= table.columns.size())
      out += quote_identifier_if_needed(table.columns[static_cast<size_t>(attnum - 1)].name);
    if (i < index.descending.size() && index.descending[i])
      out += " DESC";
  }
  return out;
}

}  // namespace

std::string printed_index_key(const std::string& expression) {
  return looks_like_function(expression) ? expression : "(" + expression + ")";
}

std::string index_definition(const catalog_relation& table, const catalog_index& index, bool pretty) {
  const std::string& predicate = pretty ? index.pretty_predicate : index.predicate;
  return std::string("CREATE ") + (index.unique ? "UNIQUE " : "") + "INDEX " +
         quote_identifier_if_needed(index.name) + " ON " + quote_identifier_if_needed(table.schema) + "." +
         quote_identifier_if_needed(table.name) + " USING btree (" + column_list(table, index, pretty) + ")" +
         (predicate.empty() ? "" : " WHERE " + predicate);
}

std::string constraint_definition(const catalog_relation& table, const catalog_index& index) {
  return std::string(index.primary ? "PRIMARY KEY" : "UNIQUE") + " (" + column_list(table, index) + ")";
}

std::string foreign_key_definition(const catalog_model& model, const catalog_relation& table,
                                   const catalog_foreign_key& key, const std::vector<std::string>& visible) {
  const auto names = [](const catalog_relation& r, const std::vector<int>& attnums) {
    std::string out;
    for (int attnum : attnums)
      if (attnum >= 1 && static_cast<size_t>(attnum) <= r.columns.size())
        out += (out.empty() ? "" : ", ") + quote_identifier_if_needed(r.columns[static_cast<size_t>(attnum - 1)].name);
    return out;
  };
  std::string out = "FOREIGN KEY (" + names(table, key.columns) + ") REFERENCES ";
  if (const catalog_relation* target = model.relation(key.referenced_oid)) {
    if (std::find(visible.begin(), visible.end(), target->schema) == visible.end())
      out += quote_identifier_if_needed(target->schema) + ".";
    out += quote_identifier_if_needed(target->name) + "(" + names(*target, key.referenced_columns) + ")";
  } else {
    out += quote_identifier_if_needed(key.referenced_local_name);
  }
  const auto action = [](char a) -> std::string {
    switch (a) {
      case 'r': return "RESTRICT";
      case 'c': return "CASCADE";
      case 'n': return "SET NULL";
      case 'd': return "SET DEFAULT";
      default: return "";
    }
  };
  if (key.on_update != 'a')
    out += " ON UPDATE " + action(key.on_update);
  if (key.on_delete != 'a')
    out += " ON DELETE " + action(key.on_delete);
  return out;
}

}  // namespace tributary
