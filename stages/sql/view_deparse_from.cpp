// view_deparse_from: the printer's FROM items (relations, WITH queries, sub-selects,
// joins with their merged USING columns) and set operations. See view_deparse.hpp.
#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/view_deparse_internal.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::view_deparse_internal {

printed_select select_printer::set_operation(writer& w, const json& select, std::vector<std::string>& names,
                                             bool result_names, bool names_visible) {
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
  printed_select out = branch(w, left, names, result_names, names_visible);
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
  printed_select second = branch(w, right, names, result_names, false);
  w.indent -= subindent;
  if (parenthesised)
    w.keyword(")", 0, 0, 0);
  if (second.types.size() != out.types.size())
    throw not_printed{};
  // Branches of different types: PostgreSQL casts the result to their common type
  // and prints the branches as they are (its implicit casts hidden). An untyped
  // literal beside another string type takes that type ('a'::character varying):
  // not printed here.
  for (size_t i = 0; i < out.types.size(); ++i) {
    const bool untyped = (i < out.untyped.size() && out.untyped[i]) ||
                         (i < second.untyped.size() && second.untyped[i]);
    if (untyped && out.types[i] != second.types[i])
      throw not_printed{};
    out.types[i] = common_type(out.types[i], second.types[i]);
    if (i < out.untyped.size())
      out.untyped[i] = false;
  }
  return out;
}

oid_t common_type(oid_t a, oid_t b) {
  if (a == b)
    return a;
  // select_common_type over the string category: text is its preferred type,
  // between the others (all cast to each other implicitly) the first stays.
  const auto is_string = [](oid_t t) {
    return t == pg_type_oid::text || t == pg_type_oid::varchar || t == pg_type_oid::bpchar || t == pg_type_oid::name;
  };
  if (is_string(a) && is_string(b))
    return a == pg_type_oid::text || b == pg_type_oid::text ? pg_type_oid::text : a;
  // Over the number category the later type in the order below wins.
  static const oid_t numbers[] = {pg_type_oid::int2, pg_type_oid::int4, pg_type_oid::int8, pg_type_oid::numeric,
                                  pg_type_oid::float4, pg_type_oid::float8};
  const auto rank = [](oid_t t) {
    return static_cast<int>(std::find(std::begin(numbers), std::end(numbers), t) - std::begin(numbers));
  };
  constexpr int none = static_cast<int>(std::size(numbers));
  if (rank(a) == none || rank(b) == none)
    throw not_printed{};
  return rank(a) > rank(b) ? a : b;
}

printed_select select_printer::branch(writer& w, const json& select, std::vector<std::string>& names,
                                      bool result_names, bool names_visible) {
  const std::string op = pt::text(select, "op");
  if (!op.empty() && op != "SETOP_NONE")
    return set_operation(w, select, names, result_names, names_visible);
  bool parenthesised = false;
  for (const char* clause : {"withClause", "sortClause", "lockingClause", "limitOffset", "limitCount"})
    parenthesised = parenthesised || select.contains(clause);
  if (parenthesised) {
    w.text += "(";
    w.keyword("", 0, 0, 0);
  }
  printed_select out =
      query(select, w.indent, result_names ? names : std::vector<std::string>{}, false, names_visible);
  if (result_names && names.size() < out.names.size())
    names = out.names;
  w.text += out.text;
  if (parenthesised) {
    w.keyword("", 0, 0, 0);
    w.text += ")";
  }
  return out;
}

printed_item select_printer::from_item(writer& w, const json& item) {
  const std::string type = pt::node_type(item);
  const json& f = pt::fields(item);
  if (type == "RangeVar")
    return range(f);
  if (type == "RangeSubselect")
    return subselect(w, f);
  if (type != "JoinExpr" || f.contains("join_using_alias"))
    throw not_printed{};
  const json& alias_node = f.value("alias", json::object());
  const json& alias = alias_node.contains("aliasname") ? alias_node : pt::fields(alias_node);
  const std::string alias_name = pt::text(alias, "aliasname");
  if (alias.contains("colnames"))
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
  // An aliased join is parenthesised in both modes.
  const bool parenthesised = !pretty_ || !alias_name.empty();
  std::string text = parenthesised ? "(" : "";
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
    // The merged column (buildMergedJoinVar) is a side's column where that side
    // needs no cast to the two's common type: the left one's (the right one's when
    // the left is cast) for JOIN, the left one's for LEFT JOIN, the right one's for
    // RIGHT JOIN. Otherwise (FULL JOIN's COALESCE, a cast side) it is the join's
    // own, printed bare. An unqualified name finds it there only, `*` gives it first.
    auto& items = levels_.back().items;
    std::vector<star_column> merged;
    cte& join_columns = ctes_.emplace_back();
    join_columns.columns.reserve(names.size());
    bool any_bare = false;
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
      const column_type& lt = l.column->type;
      const column_type& rt = r.column->type;
      column_definition common = *l.column;
      if (lt.oid != rt.oid || lt.typmod != rt.typmod)
        common.type = builtin_column_type(common_type(lt.oid, rt.oid), -1);
      if (l.column->domain != r.column->domain)
        common.domain.clear();  // a domain is the common type only of itself
      const auto plain = [&](const column_definition& c) {
        return c.type.oid == common.type.oid && c.type.typmod == common.type.typmod && c.domain == common.domain;
      };
      const bool left_plain = plain(*l.column), right_plain = plain(*r.column);
      // A left side relabelled to the common type (a typmod dropped, varchar as
      // text: binary coercible) leaves the join's own column, printed bare, as
      // PostgreSQL 15 prints it; one cast by a function (int4 to int8) the right one's.
      const bool left_relabelled = !left_plain && (lt.oid == common.type.oid || (lt.oid == pg_type_oid::varchar &&
                                                                                 common.type.oid == pg_type_oid::text));
      const star_column* kept = kind == "JOIN_INNER" ? (left_plain                         ? &l
                                                        : right_plain && !left_relabelled ? &r
                                                                                           : nullptr)
                                : kind == "JOIN_LEFT"  ? (left_plain ? &l : nullptr)
                                : kind == "JOIN_RIGHT" ? (right_plain ? &r : nullptr)
                                                       : nullptr;
      if (kept == nullptr) {
        join_columns.columns.push_back(std::move(common));
        merged.push_back({"", &join_columns.columns.back()});
        any_bare = true;
      } else {
        merged.push_back(*kept);
      }
      for (const star_column* hidden : {&l, &r}) {
        if (hidden == kept)
          continue;
        const bool on_left = hidden == &l;
        const size_t from = on_left ? left_items : right_items;
        const size_t to = on_left ? right_items : items.size();
        for (size_t i = from; i < to; ++i)
          if (items[i].qualifier == hidden->qualifier)
            items[i].merged.push_back(name);
      }
    }
    if (any_bare)
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
  out.text = parenthesised ? text + ")" : text;
  if (!alias_name.empty())
    aliased_join(out, alias_name, left_items);
  return out;
}

void select_printer::aliased_join(printed_item& join, const std::string& alias, size_t first_item) {
  // The join's columns as it exposes them, each name made unique (price_1, as
  // set_join_column_names), printed as a list only when one was renamed.
  cte& columns = ctes_.emplace_back();
  std::vector<std::string> used;
  bool renamed = false;
  for (const auto& c : join.star) {
    std::string name = c.column->name;
    for (int n = 1; std::find(used.begin(), used.end(), name) != used.end(); ++n)
      name = c.column->name + "_" + std::to_string(n);
    renamed = renamed || name != c.column->name;
    used.push_back(name);
    column_definition column = *c.column;
    column.name = name;
    columns.columns.push_back(std::move(column));
  }
  // Outside the join only its alias names it.
  auto& items = levels_.back().items;
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(first_item), items.end());
  std::string printed;
  join.star = add_item(alias, columns.columns, &printed);
  join.text += " " + quote_identifier_if_needed(printed);
  if (renamed) {
    for (size_t i = 0; i < used.size(); ++i)
      join.text += (i ? ", " : "(") + quote_identifier_if_needed(used[i]);
    join.text += ")";
  }
}

printed_item select_printer::subselect(writer& w, const json& f) {
  const json& alias_node = f.value("alias", json::object());
  const json& alias = alias_node.contains("aliasname") ? alias_node : pt::fields(alias_node);
  const std::string name = pt::text(alias, "aliasname");
  if (name.empty() || pt::node_type(f.value("subquery", json())) != "SelectStmt")
    throw not_printed{};
  // LATERAL: its expressions read the FROM items before it, as a correlated sub-select's.
  printed_select body = query(pt::fields(f["subquery"]), w.indent, {}, false, true);
  std::string printed;
  const std::vector<column_definition>& columns = keep_columns(body);  // renamed below
  std::vector<star_column> star = add_item(name, columns, &printed);
  std::string text = std::string(pt::flag(f, "lateral") ? "LATERAL (" : "(") + body.text + ") " +
                     quote_identifier_if_needed(printed);
  if (alias.contains("colnames")) {  // s(x, y): the columns renamed, the whole list printed
    const auto renamed = pt::strings(pt::list(alias, "colnames"));
    if (renamed.size() > body.names.size())
      throw not_printed{};
    auto& kept = ctes_.back().columns;  // keep_columns' list: the FROM item's columns
    for (size_t i = 0; i < kept.size(); ++i) {
      if (i < renamed.size())
        kept[i].name = renamed[i];
      text += (i ? ", " : "(") + quote_identifier_if_needed(kept[i].name);
    }
    text += ")";
  }
  return {text, star};
}

printed_item select_printer::range(const json& range) {
  const std::string relname = pt::text(range, "relname");
  const json& alias_node = range.value("alias", json::object());
  std::string alias = pt::text(alias_node.contains("aliasname") ? alias_node : pt::fields(alias_node), "aliasname");
  if (!range.contains("schemaname"))
    for (auto level = levels_.rbegin(); level != levels_.rend(); ++level)
      if (auto c = level->ctes.find(relname); c != level->ctes.end()) {
        std::string printed;
        auto star = add_item(alias.empty() ? relname : alias, ctes_[c->second].columns, &printed);
        return {quote_identifier_if_needed(relname) + (printed == relname ? "" : " " + quote_identifier_if_needed(printed)),
                star};
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
  std::string printed;
  auto star = add_item(qualifier, kept.columns, &printed);
  return {kept.printed_name + (alias.empty() && printed == kept.name ? "" : " " + quote_identifier_if_needed(printed)),
          star};
}

void select_printer::name_items(const json& select) {
  level& here = levels_.back();
  for (const auto& item : pt::list(select, "fromClause"))
    from_names(item, here.names);
  const auto used = [&](const std::string& name) {
    for (const auto& l : levels_)
      if (std::find(l.printed.begin(), l.printed.end(), name) != l.printed.end())
        return true;
    return false;
  };
  for (const auto& name : here.names) {
    std::string printed = name;
    for (int n = 1; !name.empty() && used(printed); ++n)
      printed = name + "_" + std::to_string(n);
    here.printed.push_back(printed);
  }
  here.claimed.assign(here.names.size(), false);
}

std::vector<star_column> select_printer::add_item(const std::string& qualifier,
                                                  const std::vector<column_definition>& columns,
                                                  std::string* printed) {
  level& here = levels_.back();
  std::string name = qualifier;
  for (size_t i = 0; i < here.names.size(); ++i)
    if (!here.claimed[i] && here.names[i] == qualifier) {
      here.claimed[i] = true;
      name = here.printed[i];
      break;
    }
  if (printed != nullptr)
    *printed = name;
  const std::string renamed = name == qualifier ? std::string() : name;
  here.items.push_back({qualifier, &columns, 0, {}, renamed});
  std::vector<star_column> out;
  for (const auto& c : columns)
    out.push_back({qualifier, &c, renamed});
  return out;
}

}  // namespace tributary::view_deparse_internal
