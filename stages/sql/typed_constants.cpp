// typed_constants: see the header.
#include "stages/sql/typed_constants.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/constant_assignment.hpp"
#include "stages/sql/null_ordering.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;


// The end (exclusive) of the constant that starts at `at`: a quoted string (with
// an E/B/X/N prefix), a number with an optional '-', or a word (true/false); npos
// for any other spelling (U&'...', $$...$$), which is then left as written.
size_t constant_end(std::string_view s, size_t at) {
  size_t i = at;
  if (i >= s.size() || s[i] == '$' || ((s[i] == 'U' || s[i] == 'u') && i + 1 < s.size() && s[i + 1] == '&'))
    return std::string_view::npos;
  if (i < s.size() && std::strchr("EeBbXxNn", s[i]) && i + 1 < s.size() && s[i + 1] == '\'')
    ++i;
  if (i < s.size() && s[i] == '\'') {
    const bool escapes = i > at && (s[at] == 'E' || s[at] == 'e');
    for (++i; i < s.size(); ++i) {
      if (escapes && s[i] == '\\') {
        ++i;
      } else if (s[i] == '\'') {
        if (i + 1 < s.size() && s[i + 1] == '\'')
          ++i;
        else
          return i + 1;
      }
    }
    return s.size();
  }
  if (i < s.size() && s[i] == '-') {
    ++i;
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i])))
      ++i;
  }
  while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '.' ||
                          ((s[i] == '+' || s[i] == '-') && (s[i - 1] == 'e' || s[i - 1] == 'E'))))
    ++i;
  return i;
}

struct rewriter {
  std::string_view source;
  const table_columns_lookup& lookup;
  const type_settings& settings;
  std::vector<std::pair<std::string, const std::vector<column_definition>*>> ranges;  // alias -> columns
  std::vector<text_edit> replacements;
  typed_statement out;

  void add_range(const json& range_var) {
    const std::string table = pt::text(range_var, "relname");
    const json& alias = range_var.value("alias", json::object());
    const std::string name = alias.contains("aliasname") ? pt::text(alias, "aliasname") : table;
    ranges.emplace_back(name, pt::text(range_var, "schemaname").empty() ? lookup(table) : nullptr);
  }

  void add_from_item(const json& item) {
    const std::string type = pt::node_type(item);
    if (type == "RangeVar")
      add_range(pt::fields(item));
    else if (type == "JoinExpr") {
      add_from_item(pt::fields(item).value("larg", json::object()));
      add_from_item(pt::fields(item).value("rarg", json::object()));
    }
  }

  // The column a ColumnRef names, if its table's types are known and the name is unique.
  const column_definition* column_of(const json& node) const {
    if (pt::node_type(node) != "ColumnRef")
      return nullptr;
    const auto names = pt::strings(pt::list(pt::fields(node), "fields"));
    if (names.empty() || names.size() > 2)
      return nullptr;
    const column_definition* found = nullptr;
    for (const auto& [alias, columns] : ranges) {
      if (names.size() == 2 && !same_identifier(alias, names[0]))
        continue;
      if (!columns)
        continue;
      for (const auto& c : *columns)
        if (same_identifier(c.name, names.back())) {
          if (found)
            return nullptr;  // ambiguous: leave it to SQLite
          found = &c;
        }
    }
    return found;
  }

  result<ok_t, pg_error> replace_constant(const json& node, const column_definition& column,
                                          bool assignment) {
    if (pt::node_type(node) == "ParamRef") {
      out.parameter_types[static_cast<int>(pt::integer(pt::fields(node), "number"))] = column.type;
      return ok_v;
    }
    auto c = pt::constant_value(node, source);
    if (!c || c->is_null || (!assignment && !c->is_string))
      return ok_v;
    auto stored = assignment ? assign_constant(*c, column, settings)
                             : parse_text_value(column.type, c->text, settings);
    if (!stored)
      return fail(stored.error());
    const auto at = static_cast<size_t>(pt::integer(pt::fields(node), "location"));
    const size_t end = at < source.size() ? constant_end(source, at) : std::string_view::npos;
    if (end == std::string_view::npos || end == at)
      return ok_v;  // a spelling not re-read here: SQLite gets it as written
    replacements.push_back({at, end, sql_literal(*stored)});
    return ok_v;
  }

  result<ok_t, pg_error> comparison(const json& expr) {
    const std::string kind = pt::text(expr, "kind");
    const json& left = expr.value("lexpr", json::object());
    const json& right = expr.value("rexpr", json::object());
    if (kind == "AEXPR_OP") {
      const auto op = pt::strings(pt::list(expr, "name"));
      static const std::vector<std::string> comparisons = {"=", "<>", "!=", "<", "<=", ">", ">="};
      if (op.size() != 1 || std::find(comparisons.begin(), comparisons.end(), op[0]) == comparisons.end())
        return ok_v;
      if (const auto* column = column_of(left))
        return replace_constant(right, *column, false);
      if (const auto* column = column_of(right))
        return replace_constant(left, *column, false);
      return ok_v;
    }
    const bool list_kind = kind == "AEXPR_IN" || kind == "AEXPR_BETWEEN" ||
                           kind == "AEXPR_NOT_BETWEEN";
    const auto* column = column_of(left);
    if (!list_kind || !column || pt::node_type(right) != "List")
      return ok_v;
    for (const auto& item : pt::list(pt::fields(right), "items"))
      if (auto r = replace_constant(item, *column, false); !r)
        return r;
    return ok_v;
  }

  // Every A_Expr anywhere below `node` (sub-selects keep the outer ranges: good enough
  // for correlated references, and their own FROM is not looked at).
  result<ok_t, pg_error> walk(const json& node) {
    if (node.is_object()) {
      for (auto it = node.begin(); it != node.end(); ++it) {
        if (it.key() == "A_Expr")
          if (auto r = comparison(it.value()); !r)
            return r;
        if (auto r = walk(it.value()); !r)
          return r;
      }
    } else if (node.is_array()) {
      for (const auto& item : node)
        if (auto r = walk(item); !r)
          return r;
    }
    return ok_v;
  }

  result<ok_t, pg_error> update_targets(const json& targets) {
    for (const auto& target : targets) {
      const json& res = pt::fields(target);
      const std::string name = pt::text(res, "name");
      for (const auto& [alias, columns] : ranges) {
        if (!columns)
          break;
        for (const auto& c : *columns)
          if (same_identifier(c.name, name))
            if (auto r = replace_constant(res.value("val", json::object()), c, true); !r)
              return r;
        break;  // the target table is the first range
      }
    }
    return ok_v;
  }

};

}  // namespace

result<typed_statement, pg_error> rewrite_typed_constants(const std::string& node_type,
                                                          const json& stmt, std::string_view source,
                                                          const table_columns_lookup& lookup,
                                                          const type_settings& settings) {
  rewriter w{source, lookup, settings, {}, {}, {}};
  if (node_type == "UpdateStmt" || node_type == "DeleteStmt")
    w.add_range(stmt.value("relation", json::object()));
  for (const char* from : {"fromClause", "usingClause"})
    for (const auto& item : pt::list(stmt, from))
      w.add_from_item(item);
  if (node_type == "UpdateStmt")
    if (auto r = w.update_targets(pt::list(stmt, "targetList")); !r)
      return fail(r.error());
  if (auto r = w.walk(stmt.value("whereClause", json::object())); !r)
    return fail(r.error());
  if (node_type == "SelectStmt") {
    if (auto r = w.walk(stmt.value("havingClause", json::object())); !r)
      return fail(r.error());
    for (const auto& item : pt::list(stmt, "fromClause"))
      if (auto r = w.walk(item); !r)
        return fail(r.error());
  }
  add_null_ordering(stmt, source, w.replacements);
  w.out.sql = apply_text_edits(source, std::move(w.replacements));
  return std::move(w.out);
}

}  // namespace tributary
