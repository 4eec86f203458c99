// view_deparse: see the header.
#include "stages/sql/view_deparse.hpp"

#include <deque>

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

// One SELECT's output: its lines and its columns' names and types.
struct printed_select {
  std::string text;
  std::vector<std::string> names;
  std::vector<oid_t> types;
};

class select_printer {
public:
  select_printer(std::string_view source, const view_source_lookup& lookup, bool pretty)
      : source_(source), lookup_(lookup), pretty_(pretty) {}

  // `renamed`: the names the output columns take (the view's column list, or a set
  // operation's first branch), the first ones.
  printed_select simple_select(const json& select, const std::vector<std::string>& renamed) {
    for (const char* clause : {"intoClause", "windowClause", "valuesLists", "lockingClause", "withClause"})
      if (select.contains(clause))
        throw not_printed{};
    if (const std::string op = pt::text(select, "op"); !op.empty() && op != "SETOP_NONE")
      throw not_printed{};
    scope_.clear();
    std::string distinct;
    if (select.contains("distinctClause")) {
      const json& d = pt::list(select, "distinctClause");
      if (d.size() != 1 || !(d[0].is_object() && d[0].empty()))
        throw not_printed{};  // DISTINCT ON (...)
      distinct = "DISTINCT ";
    }
    const std::string from = from_clause(pt::list(select, "fromClause"));
    printed_select out;
    std::vector<std::string> targets;
    std::vector<std::string> target_columns;  // a plain column's printed reference, for ORDER BY 1
    const auto add = [&](const std::string& text, const std::string& own_name, const std::string& column, oid_t type,
                         bool plain) {
      const std::string name = out.names.size() < renamed.size() ? renamed[out.names.size()] : own_name;
      targets.push_back(name == column ? text : text + " AS " + quote_identifier_if_needed(name));
      out.names.push_back(name);
      out.types.push_back(type);
      target_columns.push_back(plain ? text : std::string());
    };
    for (const json& target : pt::list(select, "targetList")) {
      const json& t = pt::fields(target);
      const json& value = t.value("val", json());
      const std::string explicit_name = pt::text(t, "name");
      if (pt::node_type(value) == "ColumnRef") {
        const json& fields = pt::list(pt::fields(value), "fields");
        if (!fields.empty() && pt::node_type(fields.back()) == "A_Star") {
          if (fields.size() > 2)
            throw not_printed{};
          const std::string wanted = fields.size() == 2 ? pt::text(pt::fields(fields[0]), "sval") : std::string();
          bool expanded = false;
          for (const auto& item : scope_) {
            if (!wanted.empty() && item.qualifier != wanted)
              continue;
            expanded = true;
            for (const auto& c : *item.columns)
              add(quote_identifier_if_needed(item.qualifier) + "." + quote_identifier_if_needed(c.name), c.name,
                  c.name, c.type.oid, true);
          }
          if (!expanded)
            throw not_printed{};
          continue;
        }
      }
      oid_t type = 0;
      const std::string text = expression(value, &type);
      std::string column;  // a plain column keeps its name without AS
      std::string name = explicit_name;
      if (pt::node_type(value) == "ColumnRef")
        column = pt::text(pt::fields(pt::list(pt::fields(value), "fields").back()), "sval");
      if (name.empty())
        name = column;
      if (name.empty() && pt::node_type(value) == "FuncCall")  // PostgreSQL's FigureColname: the function's name
        name = pt::strings(pt::list(pt::fields(value), "funcname")).back();
      if (name.empty())
        throw not_printed{};  // PostgreSQL's own name for the expression: not derived here
      add(text, name, column, type, pt::node_type(value) == "ColumnRef");
    }
    if (targets.empty())
      throw not_printed{};
    out.text = " SELECT " + distinct;
    for (size_t i = 0; i < targets.size(); ++i)
      out.text += (i ? ",\n    " : "") + targets[i];
    out.text += "\n   FROM " + from;
    if (select.contains("whereClause"))
      out.text += "\n  WHERE " + condition(select["whereClause"]);
    if (select.contains("groupClause")) {
      std::string items;
      for (const auto& g : pt::list(select, "groupClause"))
        items += (items.empty() ? "" : ", ") + sort_key(g, target_columns);
      out.text += "\n  GROUP BY " + items;
    }
    if (select.contains("havingClause"))
      out.text += "\n HAVING " + condition(select["havingClause"]);
    if (select.contains("sortClause")) {
      std::string items;
      for (const auto& s : pt::list(select, "sortClause")) {
        const json& f = pt::fields(s);
        if (pt::node_type(s) != "SortBy" || f.contains("useOp"))
          throw not_printed{};
        const bool descending = pt::text(f, "sortby_dir") == "SORTBY_DESC";
        const std::string nulls = pt::text(f, "sortby_nulls");
        items += (items.empty() ? "" : ", ") + sort_key(f.value("node", json()), target_columns) +
                 (descending ? " DESC" : "") +
                 (nulls == "SORTBY_NULLS_FIRST" && !descending ? " NULLS FIRST"
                  : nulls == "SORTBY_NULLS_LAST" && descending ? " NULLS LAST"
                                                               : "");
      }
      out.text += "\n  ORDER BY " + items;
    }
    if (select.contains("limitOffset"))
      out.text += "\n OFFSET " + integer_constant(select["limitOffset"]);
    if (select.contains("limitCount"))
      out.text += "\n LIMIT " + integer_constant(select["limitCount"]);
    return out;
  }

  // UNION [ALL] / INTERSECT [ALL] / EXCEPT [ALL] of two plain SELECTs of the same types.
  printed_select set_operation(const json& select, const std::vector<std::string>& renamed) {
    for (const char* clause : {"sortClause", "limitOffset", "limitCount", "withClause", "lockingClause"})
      if (select.contains(clause))
        throw not_printed{};
    const std::string op = pt::text(select, "op");
    const std::string word = op == "SETOP_UNION" ? "UNION" : op == "SETOP_INTERSECT" ? "INTERSECT"
                             : op == "SETOP_EXCEPT"                                 ? "EXCEPT"
                                                                                    : "";
    if (word.empty())
      throw not_printed{};
    printed_select left = simple_select(select.value("larg", json::object()), renamed);
    printed_select right = simple_select(select.value("rarg", json::object()), left.names);
    if (left.types != right.types)
      throw not_printed{};  // PostgreSQL casts the branches to common types: not printed here
    left.text += "\n" + word + (pt::flag(select, "all") ? " ALL" : "") + "\n" + right.text;
    return left;
  }

private:
  // FROM a, b / FROM a JOIN b ON ...: the scope's items, in order.
  std::string from_clause(const json& from) {
    if (from.empty())
      throw not_printed{};
    std::string out;
    for (const auto& item : from)
      out += (out.empty() ? "" : ",\n    ") + from_item(item);
    return out;
  }

  std::string from_item(const json& item) {
    const std::string type = pt::node_type(item);
    const json& f = pt::fields(item);
    if (type == "RangeVar")
      return range(f);
    if (type != "JoinExpr" || f.contains("usingClause") || pt::flag(f, "isNatural") || f.contains("alias") ||
        !f.contains("quals") || pt::node_type(f.value("rarg", json())) != "RangeVar")
      throw not_printed{};
    const std::string kind = pt::text(f, "jointype");
    const std::string word = kind == "JOIN_INNER" ? "JOIN" : kind == "JOIN_LEFT" ? "LEFT JOIN"
                             : kind == "JOIN_RIGHT"                             ? "RIGHT JOIN"
                             : kind == "JOIN_FULL"                              ? "FULL JOIN"
                                                                                : "";
    if (word.empty())
      throw not_printed{};
    const std::string left = from_item(f.value("larg", json()));
    const std::string right = from_item(f.value("rarg", json()));
    const std::string on = condition(f.value("quals", json()));
    const std::string joined = left + "\n     " + word + " " + right + " ON " + (pretty_ ? on : "(" + on + ")");
    return pretty_ ? joined : "(" + joined + ")";
  }

  // A relation of the FROM list: "vt", "vt q", "sales.o" off the search path.
  std::string range(const json& range) {
    const std::string relname = pt::text(range, "relname");
    auto relation = lookup_(local_relation_name(pt::text(range, "schemaname"), relname));
    if (!relation)
      throw not_printed{};
    // FROM sales.o reaches here as FROM "sales.o" AS "o" (qualified_names.hpp): not an alias of the user's.
    const json& alias_node = range.value("alias", json::object());
    std::string alias = pt::text(alias_node.contains("aliasname") ? alias_node : pt::fields(alias_node), "aliasname");
    const size_t at = static_cast<size_t>(pt::integer(range, "location"));
    if (alias == relation->name && relname.find('.') != std::string::npos && at < source_.size() &&
        source_.substr(at).starts_with(quote_identifier(relname) + " AS " + quote_identifier(alias)))
      alias.clear();
    sources_.push_back(std::move(*relation));
    const view_source& kept = sources_.back();
    const std::string qualifier = alias.empty() ? kept.name : alias;
    for (const auto& item : scope_)
      if (item.qualifier == qualifier)
        throw not_printed{};  // the same name twice: PostgreSQL's error
    scope_.push_back({qualifier, &kept.columns});
    return kept.printed_name + (alias.empty() ? "" : " " + quote_identifier_if_needed(alias));
  }

  std::string expression(const json& e, oid_t* type) {
    auto text = deparse_view_expression(e, source_, scope_, pretty_, type);
    if (!text)
      throw not_printed{};
    return *text;
  }

  std::string condition(const json& e) {
    oid_t type = 0;
    std::string text = expression(e, &type);
    if (type != pg_type_oid::boolean)
      throw not_printed{};
    return text;
  }

  // A GROUP BY / ORDER BY item: a column of the FROM items, or the number of a
  // target that is one (PostgreSQL prints the column).
  std::string sort_key(const json& key, const std::vector<std::string>& target_columns) {
    if (pt::node_type(key) == "ColumnRef") {
      oid_t type = 0;
      return expression(key, &type);
    }
    if (auto c = pt::constant_value(key, source_);
        c && !c->is_null && !c->is_string && !c->text.empty() &&
        c->text.find_first_not_of("0123456789") == std::string::npos) {
      const size_t n = std::stoul(c->text);
      if (n >= 1 && n <= target_columns.size() && !target_columns[n - 1].empty())
        return target_columns[n - 1];
    }
    throw not_printed{};
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
  std::deque<view_source> sources_;  // stable: the scope points into it
  std::vector<view_scope_item> scope_;
};

}  // namespace

std::optional<std::string> deparse_view(const json& view, std::string_view source, const view_source_lookup& lookup,
                                        bool pretty) {
  const json& query = view.value("query", json::object());
  if (!query.contains("SelectStmt"))
    return std::nullopt;
  const json& select = query["SelectStmt"];
  std::vector<std::string> renamed;
  for (const auto& a : view.value("aliases", json::array()))
    renamed.push_back(a.value("String", json::object()).value("sval", std::string()));
  try {
    select_printer printer(source, lookup, pretty);
    const std::string op = pt::text(select, "op");
    printed_select out = op.empty() || op == "SETOP_NONE" ? printer.simple_select(select, renamed)
                                                          : printer.set_operation(select, renamed);
    return out.text + ";";
  } catch (const not_printed&) {
    return std::nullopt;
  }
}

}  // namespace tributary
