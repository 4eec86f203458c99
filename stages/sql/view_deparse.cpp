// view_deparse: see the header. The printer follows ruleutils.c's get_query_def:
// every query writes into its own text at an indentation level (PRETTYINDENT_STD
// 8 per SELECT), keywords start a new line through appendContextKeyword.
#include "stages/sql/view_deparse.hpp"

#include <cctype>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/view_deparse_internal.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {

namespace view_deparse_internal {

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
  if (type == "SQLValueFunction") {  // FigureColnameInternal: CURRENT_USER -> current_user
    std::string op = pt::text(f, "op");
    if (op.ends_with("_N"))
      op.resize(op.size() - 2);
    std::string name = op.starts_with("SVFOP_") ? op.substr(6) : "?column?";
    for (char& c : name)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name;
  }
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
    if (!aliasname.empty())  // (a JOIN b) j: after its items, as PostgreSQL's range table
      out.push_back(aliasname);
  }
}

printed_select select_printer::query(const json& select, int indent, const std::vector<std::string>& renamed, bool result_names,
                     bool names_visible) {
  for (const char* clause : {"intoClause", "valuesLists", "lockingClause"})
    if (select.contains(clause))
      throw not_printed{};
  levels_.push_back({});
  name_items(select);
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
    out = set_operation(w, select, names, result_names, names_visible);
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

void select_printer::with_clause(writer& w, const json& with) {
  const bool recursive = pt::flag(with, "recursive");
  w.indent += indent_std;
  w.text += " ";
  std::string separator = recursive ? "WITH RECURSIVE " : "WITH ";
  for (const auto& c : pt::list(with, "ctes")) {
    const json& f = pt::fields(c);
    const std::string materialized = pt::text(f, "ctematerialized");
    if ((!materialized.empty() && materialized != "CTEMaterializeDefault") ||
        pt::node_type(f.value("ctequery", json())) != "SelectStmt")
      throw not_printed{};
    const std::string name = pt::text(f, "ctename");
    const auto renamed = pt::strings(pt::list(f, "aliascolnames"));  // WITH c(x, y) AS (...)
    // Its columns: the query's, the first ones renamed.
    const auto register_columns = [&](printed_select columns_of) {
      if (renamed.size() > columns_of.names.size())
        throw not_printed{};
      std::copy(renamed.begin(), renamed.end(), columns_of.names.begin());
      keep_columns(columns_of);
      levels_.back().ctes[name] = ctes_.size() - 1;
    };
    std::string header = quote_identifier_if_needed(name);
    for (size_t i = 0; i < renamed.size(); ++i)
      header += (i ? ", " : "(") + quote_identifier_if_needed(renamed[i]) + (i + 1 == renamed.size() ? ")" : "");
    w.text += separator + header + " AS (";
    w.keyword("", 0, 0, 0);
    const json& query_fields = pt::fields(f["ctequery"]);
    if (recursive) {
      // A recursive query reads itself: its columns are its first branch's,
      // known before it prints (that branch printed once more, on its own).
      const std::string op = pt::text(query_fields, "op");
      const bool set_operation = !op.empty() && op != "SETOP_NONE";
      register_columns(query(set_operation ? query_fields.value("larg", json::object()) : query_fields, w.indent, {},
                             false, true));
    }
    printed_select body = query(query_fields, w.indent, {}, false, true);
    w.text += body.text;
    w.keyword("", 0, 0, 0);
    w.text += ")";
    separator = ", ";
    if (!recursive)
      register_columns(body);
  }
  w.indent -= indent_std;
  w.keyword("", 0, 0, 0);
}

const std::vector<column_definition>& select_printer::keep_columns(const printed_select& body) {
  cte& kept = ctes_.emplace_back();
  for (size_t i = 0; i < body.names.size(); ++i) {
    column_definition column;
    column.name = body.names[i];
    column.type = builtin_column_type(body.types[i]);
    kept.columns.push_back(std::move(column));
  }
  return kept.columns;
}

printed_select select_printer::basic_select(writer& w, const json& select, const std::vector<std::string>& renamed,
                            bool names_visible, std::vector<target>& targets) {
  w.indent += indent_std;
  w.text += " SELECT";
  // FROM first: the scope of every expression.
  const json& from = pt::list(select, "fromClause");
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
    // get_target_list: a column AS unless the name is its own; an expression AS
    // unless the names are not visible and the name is "?column?".
    const bool shown = column.empty() ? names_visible || name != "?column?" : name != column;
    lines.push_back(shown ? text + " AS " + quote_identifier_if_needed(name) : text);
    out.names.push_back(name);
    out.types.push_back(type);
    out.untyped.push_back(node != nullptr && pt::node_type(*node) == "A_Const" &&
                          pt::fields(*node).contains("sval"));
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
              (c.qualifier.empty() ? "" : quote_identifier_if_needed(c.printed.empty() ? c.qualifier : c.printed) + ".") +
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
  if (select.contains("windowClause")) {
    w.keyword(" WINDOW ", -indent_std, indent_std, 1);
    w.text += window_clause(pt::list(select, "windowClause"), w.indent);
  }
  return out;
}

}  // namespace view_deparse_internal

std::optional<std::string> deparse_view(const nlohmann::json& view, std::string_view source, const view_source_lookup& lookup,
                                        bool pretty) {
  using json = nlohmann::json;
  const json& query = view.value("query", json::object());
  if (!query.contains("SelectStmt"))
    return std::nullopt;
  std::vector<std::string> renamed;
  for (const auto& a : view.value("aliases", json::array()))
    renamed.push_back(a.value("String", json::object()).value("sval", std::string()));
  try {
    view_deparse_internal::select_printer printer(source, lookup, pretty);
    view_deparse_internal::printed_select out = printer.query(query["SelectStmt"], 0, renamed, true, true);
    return out.text + ";";
  } catch (const view_deparse_internal::not_printed&) {
    return std::nullopt;
  }
}

}  // namespace tributary
