// view_deparse: see the header. The printer follows ruleutils.c's get_query_def:
// every query writes into its own text at an indentation level (PRETTYINDENT_STD
// 8 per SELECT), keywords start a new line through appendContextKeyword.
#include "stages/sql/view_deparse.hpp"

#include <algorithm>
#include <deque>
#include <map>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/default_deparse.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {

namespace {
namespace pt = parse_tree;
using json = nlohmann::json;

struct not_printed {};  // a part this printer does not cover: the view keeps its text

constexpr int indent_std = 8, indent_join = 4, indent_var = 4, indent_limit = 40;

// ruleutils' StringInfo with its indentLevel (pg_get_viewdef always indents).
struct writer {
  std::string text;
  int indent = 0;

  // appendContextKeyword: trailing spaces go, a new line at the level (plus `plus`), `keyword`.
  void keyword(const std::string& word, int before, int after, int plus) {
    indent += before;
    while (!text.empty() && text.back() == ' ')
      text.pop_back();
    text += '\n';
    const int amount = indent < indent_limit
                           ? std::max(indent, 0) + plus
                           : (indent_limit + (indent - indent_limit) / (indent_std / 2)) % indent_limit + plus;
    text.append(static_cast<size_t>(amount), ' ');
    text += word;
    indent = std::max(indent + after, 0);
  }
};

// One query's output: its text and its columns' names and types.
struct printed_select {
  std::string text;
  std::vector<std::string> names;
  std::vector<oid_t> types;
};

// A column of a FROM item as `*` expands it.
struct star_column {
  std::string qualifier;
  const column_definition* column;
};

// A FROM item printed: its text and the columns `*` gives for it.
struct printed_item {
  std::string text;
  std::vector<star_column> star;
};

// A target of the SELECT list, kept for GROUP BY / ORDER BY / DISTINCT ON.
struct target {
  const json* node = nullptr;  // nullptr: a column of a `*`
  std::string text;            // as printed, without AS
  std::string name;
};

// PostgreSQL's FigureColname for the expressions covered: the name a target
// without AS takes ("?column?" when none).
std::string figure_name(const json& e) {
  const std::string type = pt::node_type(e);
  const json& f = pt::fields(e);
  if (type == "ColumnRef") {
    const json& fields = pt::list(f, "fields");
    return !fields.empty() && pt::node_type(fields.back()) == "String" ? pt::text(pt::fields(fields.back()), "sval")
                                                                      : "?column?";
  }
  if (type == "FuncCall")
    return pt::strings(pt::list(f, "funcname")).back();
  if (type == "TypeCast") {
    const std::string inner = figure_name(f.value("arg", json()));
    if (inner != "?column?")
      return inner;
    const auto names = pt::strings(pt::list(f.value("typeName", json::object()), "names"));
    return names.empty() ? inner : names.back();
  }
  if (type == "SubLink") {
    const std::string kind = pt::text(f, "subLinkType");
    if (kind == "EXISTS_SUBLINK")
      return "exists";
    if (kind == "EXPR_SUBLINK") {
      const json select = pt::fields(f.value("subselect", json()));
      const json& targets = pt::list(select, "targetList");
      if (!targets.empty()) {
        const json& t = pt::fields(targets[0]);
        const std::string name = pt::text(t, "name");
        return name.empty() ? figure_name(t.value("val", json())) : name;
      }
    }
  }
  return "?column?";
}

// The qualifiers a FROM list brings (relations' names or aliases, sub-selects' aliases).
void from_names(const json& item, std::vector<std::string>& out) {
  const std::string type = pt::node_type(item);
  const json& f = pt::fields(item);
  const json& alias = f.value("alias", json::object());
  const std::string aliasname = pt::text(alias.contains("aliasname") ? alias : pt::fields(alias), "aliasname");
  if (type == "RangeVar") {
    const std::string relname = pt::text(f, "relname");
    const size_t dot = relname.rfind('.');
    out.push_back(!aliasname.empty() ? aliasname : dot == std::string::npos ? relname : relname.substr(dot + 1));
  } else if (type == "RangeSubselect") {
    out.push_back(aliasname);
  } else if (type == "JoinExpr") {
    from_names(f.value("larg", json()), out);
    from_names(f.value("rarg", json()), out);
  }
}

class select_printer {
public:
  select_printer(std::string_view source, const view_source_lookup& lookup, bool pretty)
      : source_(source), lookup_(lookup), pretty_(pretty) {}

  // get_query_def: a SelectStmt at `indent`. `renamed`: the names the output
  // columns take (the view's column list), the first ones; `result_names`: the
  // query is the view's (set operations' branches take the first's names);
  // `names_visible`: an expression without a name of its own prints AS "?column?".
  printed_select query(const json& select, int indent, const std::vector<std::string>& renamed, bool result_names,
                       bool names_visible) {
    for (const char* clause : {"intoClause", "windowClause", "valuesLists", "lockingClause"})
      if (select.contains(clause))
        throw not_printed{};
    levels_.push_back({});
    levels_.back().names = {};
    writer w{{}, indent};
    if (select.contains("withClause")) {
      const json& with = select["withClause"];  // a WithClause, with or without its node name
      with_clause(w, with.contains("ctes") ? with : pt::fields(with));
    }
    printed_select out;
    const std::string op = pt::text(select, "op");
    std::vector<target> targets;
    if (op.empty() || op == "SETOP_NONE") {
      out = basic_select(w, select, renamed, names_visible, targets);
    } else {
      if (!pt::list(select, "targetList").empty())
        throw not_printed{};
      std::vector<std::string> names = renamed;
      out = set_operation(w, select, names, result_names);
      for (size_t i = 0; i < out.names.size(); ++i)
        targets.push_back({nullptr, std::to_string(i + 1), out.names[i]});
    }
    if (select.contains("sortClause")) {
      w.keyword(" ORDER BY ", -indent_std, indent_std, 1);
      std::vector<std::string> keys;  // a key given twice is sorted by once, as PostgreSQL keeps it
      for (const auto& s : pt::list(select, "sortClause")) {
        const json& f = pt::fields(s);
        if (pt::node_type(s) != "SortBy" || f.contains("useOp"))
          throw not_printed{};
        std::string key = sort_key(f.value("node", json()), targets, false, w.indent);
        if (std::find(keys.begin(), keys.end(), key) != keys.end())
          continue;
        w.text += (keys.empty() ? "" : ", ") + key + sort_direction(f);
        keys.push_back(std::move(key));
      }
    }
    if (select.contains("limitOffset")) {
      w.keyword(" OFFSET ", -indent_std, indent_std, 0);
      w.text += integer_constant(select["limitOffset"]);
    }
    if (select.contains("limitCount")) {
      w.keyword(" LIMIT ", -indent_std, indent_std, 0);
      w.text += integer_constant(select["limitCount"]);
    }
    levels_.pop_back();
    out.text = std::move(w.text);
    return out;
  }

private:
  struct level {
    std::vector<std::string> names;            // this SELECT's FROM qualifiers, known before its items print
    std::deque<view_scope_item> items;         // its FROM items as they print
    std::map<std::string, size_t> ctes;        // WITH queries: index into ctes_
  };
  struct cte {
    std::vector<column_definition> columns;
  };

  // get_with_clause.
  void with_clause(writer& w, const json& with) {
    if (pt::flag(with, "recursive"))
      throw not_printed{};
    w.indent += indent_std;
    w.text += " ";
    std::string separator = "WITH ";
    for (const auto& c : pt::list(with, "ctes")) {
      const json& f = pt::fields(c);
      const std::string materialized = pt::text(f, "ctematerialized");
      if (f.contains("aliascolnames") || (!materialized.empty() && materialized != "CTEMaterializeDefault") ||
          pt::node_type(f.value("ctequery", json())) != "SelectStmt")
        throw not_printed{};
      const std::string name = pt::text(f, "ctename");
      w.text += separator + quote_identifier_if_needed(name) + " AS (";
      w.keyword("", 0, 0, 0);
      printed_select body = query(pt::fields(f["ctequery"]), w.indent, {}, false, true);
      w.text += body.text;
      w.keyword("", 0, 0, 0);
      w.text += ")";
      separator = ", ";
      keep_columns(body);
      levels_.back().ctes[name] = ctes_.size() - 1;
    }
    w.indent -= indent_std;
    w.keyword("", 0, 0, 0);
  }

  // A sub-select's (or WITH query's) output columns, kept for the FROM items that read it.
  const std::vector<column_definition>& keep_columns(const printed_select& body) {
    cte& kept = ctes_.emplace_back();
    for (size_t i = 0; i < body.names.size(); ++i) {
      column_definition column;
      column.name = body.names[i];
      column.type = builtin_column_type(body.types[i]);
      kept.columns.push_back(std::move(column));
    }
    return kept.columns;
  }

  // get_basic_select_query.
  printed_select basic_select(writer& w, const json& select, const std::vector<std::string>& renamed,
                              bool names_visible, std::vector<target>& targets) {
    w.indent += indent_std;
    w.text += " SELECT";
    // FROM first: the scope of every expression.
    const json& from = pt::list(select, "fromClause");
    for (const auto& item : from)
      from_names(item, levels_.back().names);
    writer from_text{{}, w.indent};
    std::vector<star_column> star;
    bool first_item = true;
    for (const auto& item : from) {
      if (first_item) {
        from_text.keyword(" FROM ", -indent_std, indent_std, 2);
      } else {
        from_text.text += ", ";
        from_text.keyword("", -indent_std, indent_std, indent_var);
      }
      first_item = false;
      printed_item printed = from_item(from_text, item);
      from_text.text += printed.text;
      star.insert(star.end(), printed.star.begin(), printed.star.end());
    }
    printed_select out;
    std::vector<std::string> lines;
    const auto add = [&](const json* node, const std::string& text, const std::string& own_name,
                         const std::string& column, oid_t type) {
      const std::string name = out.names.size() < renamed.size() ? renamed[out.names.size()] : own_name;
      const bool shown = name != column && (names_visible || name != "?column?" || out.names.size() < renamed.size());
      lines.push_back(shown ? text + " AS " + quote_identifier_if_needed(name) : text);
      out.names.push_back(name);
      out.types.push_back(type);
      targets.push_back({node, text, name});
    };
    for (const json& entry : pt::list(select, "targetList")) {
      const json& t = pt::fields(entry);
      static const json none;
      const json& value = t.contains("val") ? t["val"] : none;  // in the tree: targets keep its address
      if (pt::node_type(value) == "ColumnRef") {
        const json& fields = pt::list(pt::fields(value), "fields");
        if (!fields.empty() && pt::node_type(fields.back()) == "A_Star") {
          if (fields.size() > 2)
            throw not_printed{};
          const std::string wanted = fields.size() == 2 ? pt::text(pt::fields(fields[0]), "sval") : std::string();
          bool expanded = false;
          for (const auto& c : star) {
            if (!wanted.empty() && c.qualifier != wanted)
              continue;
            expanded = true;
            add(nullptr,
                (c.qualifier.empty() ? "" : quote_identifier_if_needed(c.qualifier) + ".") +
                    quote_identifier_if_needed(c.column->name),
                c.column->name, c.column->name, c.column->type.oid);
          }
          if (!expanded)
            throw not_printed{};
          continue;
        }
      }
      oid_t type = 0;
      const std::string text = expression(value, &type, w.indent);
      std::string column;  // a plain column keeps its name without AS
      if (pt::node_type(value) == "ColumnRef")
        column = pt::text(pt::fields(pt::list(pt::fields(value), "fields").back()), "sval");
      std::string name = pt::text(t, "name");
      if (name.empty())
        name = figure_name(value);
      add(&value, text, name, column, type);
    }
    if (lines.empty())
      throw not_printed{};
    if (select.contains("distinctClause")) {
      const json& d = pt::list(select, "distinctClause");
      if (d.size() == 1 && d[0].is_object() && d[0].empty()) {
        w.text += " DISTINCT";
      } else {
        w.text += " DISTINCT ON (" + sort_keys(d, targets, false, w.indent) + ")";
      }
    }
    for (size_t i = 0; i < lines.size(); ++i) {
      if (i == 0) {
        w.text += " ";
      } else {
        w.text += ", ";
        w.keyword("", -indent_std, indent_std, indent_var);
      }
      w.text += lines[i];
    }
    w.text += from_text.text;
    if (select.contains("whereClause")) {
      w.keyword(" WHERE ", -indent_std, indent_std, 1);
      w.text += condition(select["whereClause"], w.indent);
    }
    if (select.contains("groupClause")) {
      w.keyword(" GROUP BY ", -indent_std, indent_std, 1);
      w.text += sort_keys(pt::list(select, "groupClause"), targets, true, w.indent);
    }
    if (select.contains("havingClause")) {
      w.keyword(" HAVING ", -indent_std, indent_std, 0);
      w.text += condition(select["havingClause"], w.indent);
    }
    return out;
  }

  // get_setop_query over a set operation's tree; `names`: the names its branches
  // take (filled by the first branch when empty and `result_names`).
  printed_select set_operation(writer& w, const json& select, std::vector<std::string>& names, bool result_names) {
    for (const char* clause : {"withClause", "lockingClause"})
      if (select.contains(clause))
        throw not_printed{};
    const std::string op = pt::text(select, "op");
    const std::string word = op == "SETOP_UNION" ? "UNION " : op == "SETOP_INTERSECT" ? "INTERSECT "
                             : op == "SETOP_EXCEPT"                                   ? "EXCEPT "
                                                                                      : "";
    if (word.empty())
      throw not_printed{};
    const json& left = select.value("larg", json::object());  // SelectStmts without their node name
    const json& right = select.value("rarg", json::object());
    const auto is_set_operation = [](const json& s) {
      const std::string o = pt::text(s, "op");
      return !o.empty() && o != "SETOP_NONE";
    };
    bool parenthesised = is_set_operation(left) &&
                         !(pt::text(left, "op") == op && pt::flag(left, "all") == pt::flag(select, "all"));
    int subindent = 0;
    if (parenthesised) {
      w.text += "(";
      subindent = indent_std;
      w.keyword("", subindent, 0, 0);
    }
    printed_select out = branch(w, left, names, result_names);
    if (parenthesised)
      w.keyword(") ", -subindent, 0, 0);
    else
      w.keyword("", -subindent, 0, 0);
    w.text += word + (pt::flag(select, "all") ? "ALL " : "");
    parenthesised = is_set_operation(right);
    subindent = 0;
    if (parenthesised) {
      w.text += "(";
      subindent = indent_std;
    }
    w.keyword("", subindent, 0, 0);
    printed_select second = branch(w, right, names, result_names);
    w.indent -= subindent;
    if (parenthesised)
      w.keyword(")", 0, 0, 0);
    if (second.types != out.types)
      throw not_printed{};  // PostgreSQL casts the branches to common types: not printed here
    return out;
  }

  printed_select branch(writer& w, const json& select, std::vector<std::string>& names, bool result_names) {
    const std::string op = pt::text(select, "op");
    if (!op.empty() && op != "SETOP_NONE")
      return set_operation(w, select, names, result_names);
    bool parenthesised = false;
    for (const char* clause : {"withClause", "sortClause", "lockingClause", "limitOffset", "limitCount"})
      parenthesised = parenthesised || select.contains(clause);
    if (parenthesised) {
      w.text += "(";
      w.keyword("", 0, 0, 0);
    }
    printed_select out = query(select, w.indent, result_names ? names : std::vector<std::string>{}, false, false);
    if (result_names && names.size() < out.names.size())
      names = out.names;
    w.text += out.text;
    if (parenthesised) {
      w.keyword("", 0, 0, 0);
      w.text += ")";
    }
    return out;
  }

  // get_from_clause_item.
  printed_item from_item(writer& w, const json& item) {
    const std::string type = pt::node_type(item);
    const json& f = pt::fields(item);
    if (type == "RangeVar")
      return range(f);
    if (type == "RangeSubselect")
      return subselect(w, f);
    if (type != "JoinExpr" || f.contains("alias") || f.contains("join_using_alias"))
      throw not_printed{};
    const std::string kind = pt::text(f, "jointype");
    const bool using_columns = f.contains("usingClause") || pt::flag(f, "isNatural");
    std::string word = kind == "JOIN_INNER" ? (f.contains("quals") || using_columns ? " JOIN " : " CROSS JOIN ")
                       : kind == "JOIN_LEFT"  ? " LEFT JOIN "
                       : kind == "JOIN_RIGHT" ? " RIGHT JOIN "
                       : kind == "JOIN_FULL"  ? " FULL JOIN "
                                                               : "";
    if (word.empty())
      throw not_printed{};
    std::string text = pretty_ ? "" : "(";
    const size_t left_items = levels_.back().items.size();
    printed_item left = from_item(w, f.value("larg", json()));
    text += left.text;
    writer join{{}, w.indent};
    join.keyword(word, -indent_std, indent_std, indent_join);
    text += join.text;
    const size_t right_items = levels_.back().items.size();
    printed_item right = from_item(w, f.value("rarg", json()));
    text += right.text;
    printed_item out;
    if (using_columns) {
      std::vector<std::string> names;
      if (pt::flag(f, "isNatural")) {
        for (const auto& l : left.star)
          for (const auto& r : right.star)
            if (l.column->name == r.column->name &&
                std::find(names.begin(), names.end(), l.column->name) == names.end())
              names.push_back(l.column->name);
        if (names.empty())
          throw not_printed{};  // NATURAL JOIN without a common column is a cross join
      } else {
        names = pt::strings(pt::list(f, "usingClause"));
      }
      text += " USING (";
      for (size_t i = 0; i < names.size(); ++i)
        text += (i ? ", " : "") + quote_identifier_if_needed(names[i]);
      text += ")";
      // The merged column is the left one's (the right one's for RIGHT JOIN; the
      // join's own, printed bare, for FULL JOIN): an unqualified name finds it there
      // only, `*` gives it first.
      const bool keep_right = kind == "JOIN_RIGHT", full = kind == "JOIN_FULL";
      auto& items = levels_.back().items;
      std::vector<star_column> merged;
      cte& join_columns = ctes_.emplace_back();
      join_columns.columns.reserve(names.size());
      for (const auto& name : names) {
        const auto find = [&](const std::vector<star_column>& side) -> const star_column& {
          const star_column* found = nullptr;
          for (const auto& c : side)
            if (c.column->name == name) {
              if (found != nullptr)
                throw not_printed{};
              found = &c;
            }
          if (found == nullptr)
            throw not_printed{};
          return *found;
        };
        const star_column& l = find(left.star);
        const star_column& r = find(right.star);
        if (l.column->type.oid != r.column->type.oid)
          throw not_printed{};  // PostgreSQL coerces the two to a common type
        if (full) {
          join_columns.columns.push_back(*l.column);
          merged.push_back({"", &join_columns.columns.back()});
        } else {
          merged.push_back(keep_right ? r : l);
        }
        for (const star_column* hidden : {&l, &r}) {
          if (!full && hidden == (keep_right ? &r : &l))
            continue;
          const bool on_left = hidden == &l;
          const size_t from = on_left ? left_items : right_items;
          const size_t to = on_left ? right_items : items.size();
          for (size_t i = from; i < to; ++i)
            if (items[i].qualifier == hidden->qualifier)
              items[i].merged.push_back(name);
        }
      }
      if (full)
        items.push_back({"", &join_columns.columns, 0, {}});
      out.star = merged;
      for (const auto* side : {&left.star, &right.star})
        for (const auto& c : *side)
          if (std::find(names.begin(), names.end(), c.column->name) == names.end())
            out.star.push_back(c);
    } else {
      if (f.contains("quals")) {
        const std::string on = condition(f.value("quals", json()), w.indent);
        text += " ON " + (pretty_ ? on : "(" + on + ")");
      } else if (kind != "JOIN_INNER") {
        text += " ON TRUE";
      }
      out.star = left.star;
      out.star.insert(out.star.end(), right.star.begin(), right.star.end());
    }
    out.text = pretty_ ? text : text + ")";
    return out;
  }

  // FROM (SELECT ...) alias.
  printed_item subselect(writer& w, const json& f) {
    const json& alias_node = f.value("alias", json::object());
    const json& alias = alias_node.contains("aliasname") ? alias_node : pt::fields(alias_node);
    const std::string name = pt::text(alias, "aliasname");
    if (pt::flag(f, "lateral") || name.empty() || alias.contains("colnames") ||
        pt::node_type(f.value("subquery", json())) != "SelectStmt")
      throw not_printed{};
    printed_select body = query(pt::fields(f["subquery"]), w.indent, {}, false, true);
    return {"(" + body.text + ") " + quote_identifier_if_needed(name), add_item(name, keep_columns(body))};
  }

  // A relation of the FROM list: "vt", "vt q", "sales.o" off the search path, a WITH query.
  printed_item range(const json& range) {
    const std::string relname = pt::text(range, "relname");
    const json& alias_node = range.value("alias", json::object());
    std::string alias = pt::text(alias_node.contains("aliasname") ? alias_node : pt::fields(alias_node), "aliasname");
    if (!range.contains("schemaname"))
      for (auto level = levels_.rbegin(); level != levels_.rend(); ++level)
        if (auto c = level->ctes.find(relname); c != level->ctes.end()) {
          if (alias.empty())
            return {quote_identifier_if_needed(relname), add_item(relname, ctes_[c->second].columns)};
          return {quote_identifier_if_needed(relname) + " " + quote_identifier_if_needed(alias),
                  add_item(alias, ctes_[c->second].columns)};
        }
    auto relation = lookup_(local_relation_name(pt::text(range, "schemaname"), relname));
    if (!relation)
      throw not_printed{};
    // FROM sales.o reaches here as FROM "sales.o" AS "o" (qualified_names.hpp): not an alias of the user's.
    const size_t at = static_cast<size_t>(pt::integer(range, "location"));
    if (alias == relation->name && relname.find('.') != std::string::npos && at < source_.size() &&
        source_.substr(at).starts_with(quote_identifier(relname) + " AS " + quote_identifier(alias)))
      alias.clear();
    sources_.push_back(std::move(*relation));
    const view_source& kept = sources_.back();
    const std::string qualifier = alias.empty() ? kept.name : alias;
    return {kept.printed_name + (alias.empty() ? "" : " " + quote_identifier_if_needed(alias)),
            add_item(qualifier, kept.columns)};
  }

  // A FROM item in this SELECT's scope; its columns as `*` gives them. Its name
  // must be new here and in the SELECTs around (PostgreSQL would rename it).
  std::vector<star_column> add_item(const std::string& qualifier, const std::vector<column_definition>& columns) {
    for (size_t i = 0; i < levels_.size(); ++i) {
      const auto& names = levels_[i].names;
      const auto n = std::count(names.begin(), names.end(), qualifier);
      if (n > (i + 1 == levels_.size() ? 1 : 0))
        throw not_printed{};
    }
    levels_.back().items.push_back({qualifier, &columns, 0, {}});
    std::vector<star_column> out;
    for (const auto& c : columns)
      out.push_back({qualifier, &c});
    return out;
  }

  std::string expression(const json& e, oid_t* type, int indent) {
    std::vector<view_scope_item> scope;
    int distance = 0;
    for (auto level = levels_.rbegin(); level != levels_.rend(); ++level, ++distance)
      for (const auto& item : level->items) {
        scope.push_back(item);
        scope.back().level = distance;
      }
    const view_subselect_printer subselects = [&](const json& select) -> std::optional<printed_subselect> {
      if (pt::node_type(select) != "SelectStmt")
        return std::nullopt;
      printed_select body = query(pt::fields(select), indent, {}, false, false);
      return printed_subselect{body.text, body.types.empty() ? oid_t{0} : body.types[0]};
    };
    auto text = deparse_view_expression(e, source_, scope, pretty_, type, &subselects);
    if (!text)
      throw not_printed{};
    return *text;
  }

  std::string condition(const json& e, int indent) {
    oid_t type = 0;
    std::string text = expression(e, &type, indent);
    if (type != pg_type_oid::boolean)
      throw not_printed{};
    return text;
  }

  // A GROUP BY / ORDER BY / DISTINCT ON item (get_rule_sortgroupclause): the
  // number of a target, a target's name (ORDER BY and DISTINCT ON read output names
  // first, GROUP BY input columns first), or an expression. A set operation's
  // ORDER BY prints the target's number.
  std::string sort_key(const json& key, const std::vector<target>& targets, bool grouping, int indent) {
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

  // GROUP BY / DISTINCT ON items, each once.
  std::string sort_keys(const json& items, const std::vector<target>& targets, bool grouping, int indent) {
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

  std::string integer_constant(const json& e) {
    auto c = pt::constant_value(e, source_);
    if (!c || c->is_null || c->is_string || c->text.empty() || c->text.find_first_not_of("0123456789") != std::string::npos)
      throw not_printed{};
    return c->text;
  }

  std::string_view source_;
  const view_source_lookup& lookup_;
  bool pretty_;
  std::deque<view_source> sources_;  // stable: the scopes point into it
  std::deque<cte> ctes_;             // sub-selects' and WITH queries' columns, stable too
  std::vector<level> levels_;        // the SELECTs being printed, outermost first
};

}  // namespace

std::optional<std::string> deparse_view(const json& view, std::string_view source, const view_source_lookup& lookup,
                                        bool pretty) {
  const json& query = view.value("query", json::object());
  if (!query.contains("SelectStmt"))
    return std::nullopt;
  std::vector<std::string> renamed;
  for (const auto& a : view.value("aliases", json::array()))
    renamed.push_back(a.value("String", json::object()).value("sval", std::string()));
  try {
    select_printer printer(source, lookup, pretty);
    printed_select out = printer.query(query["SelectStmt"], 0, renamed, true, true);
    return out.text + ";";
  } catch (const not_printed&) {
    return std::nullopt;
  }
}

}  // namespace tributary
