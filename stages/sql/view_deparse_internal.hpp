// view_deparse_internal: the printer view_deparse.cpp, view_deparse_from.cpp and
// view_deparse_keys.cpp share (not for other files): ruleutils' indenting writer,
// the printed query and FROM item, and the select_printer class. See view_deparse.hpp.
#pragma once

#include <algorithm>
#include <deque>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/sql/default_deparse.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/view_deparse.hpp"

namespace tributary::view_deparse_internal {

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
  std::vector<bool> untyped;  // per column: an untyped string literal ('a', printed 'a'::text)
};

// A column of a FROM item as `*` expands it.
struct star_column {
  std::string qualifier;  // as the SELECT names its item
  const column_definition* column;
  std::string printed;  // the item's name as printed (vt_1), "" for the qualifier
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
std::string figure_name(const json& e);

// Two set operation branches' column types: their common type (int4 and numeric:
// numeric; text beside another string type: text, else the first string type, as
// select_common_type prefers text); not_printed for other pairs.
oid_t common_type(oid_t a, oid_t b);

// The qualifiers a FROM list brings (relations' names or aliases, sub-selects' aliases).
void from_names(const json& item, std::vector<std::string>& out);

class select_printer {
public:
  select_printer(std::string_view source, const view_source_lookup& lookup, bool pretty)
      : source_(source), lookup_(lookup), pretty_(pretty) {}

  // get_query_def: a SelectStmt at `indent`. `renamed`: the names the output
  // columns take (the view's column list), the first ones; `result_names`: the
  // query is the view's (set operations' branches take the first's names);
  // `names_visible`: an expression without a name of its own prints AS "?column?".
  printed_select query(const json& select, int indent, const std::vector<std::string>& renamed, bool result_names,
                       bool names_visible);

private:
  struct level {
    std::vector<std::string> names;            // this SELECT's FROM qualifiers, known before its items print
    std::vector<std::string> printed;          // each as printed: unique here and in the SELECTs around (vt_1)
    std::vector<bool> claimed;                 // the names an item printed took
    std::deque<view_scope_item> items;         // its FROM items as they print
    std::map<std::string, size_t> ctes;        // WITH queries: index into ctes_
  };
  struct cte {
    std::vector<column_definition> columns;
  };

  // get_with_clause.
  void with_clause(writer& w, const json& with);

  // A sub-select's (or WITH query's) output columns, kept for the FROM items that read it.
  const std::vector<column_definition>& keep_columns(const printed_select& body);

  // get_basic_select_query.
  printed_select basic_select(writer& w, const json& select, const std::vector<std::string>& renamed,
                              bool names_visible, std::vector<target>& targets);

  // get_setop_query over a set operation's tree; `names`: the names its branches
  // take (filled by the first branch when empty and `result_names`);
  // `names_visible`: the first branch's (only) unnamed expressions print AS "?column?".
  printed_select set_operation(writer& w, const json& select, std::vector<std::string>& names, bool result_names,
                               bool names_visible);

  printed_select branch(writer& w, const json& select, std::vector<std::string>& names, bool result_names,
                        bool names_visible);

  // get_from_clause_item.
  printed_item from_item(writer& w, const json& item);

  // (a JOIN b ...) j: the join's columns under its alias (j(id, price, price_1)
  // when names repeat), its items no longer seen by their names.
  void aliased_join(printed_item& join, const std::string& alias, size_t first_item);

  // FROM (SELECT ...) alias.
  printed_item subselect(writer& w, const json& f);

  // A relation of the FROM list: "vt", "vt q", "sales.o" off the search path, a WITH query.
  printed_item range(const json& range);

  // set_rtable_names: this SELECT's FROM names, each renamed name_N when an outer
  // SELECT's (or an earlier one here) has it, before anything of it prints.
  void name_items(const json& select);

  // A FROM item in this SELECT's scope; its columns as `*` gives them; the name it
  // prints as in `*printed` (its qualifier, or PostgreSQL's rename).
  std::vector<star_column> add_item(const std::string& qualifier, const std::vector<column_definition>& columns,
                                    std::string* printed = nullptr);

  // The FROM items an expression sees: this SELECT's, then those around (correlated).
  std::vector<view_scope_item> scope() const;

  // Sub-selects of an expression printed at `indent`.
  view_subselect_printer subselect_printer(int indent);

  std::string expression(const json& e, oid_t* type, int indent);

  // get_rule_windowclause: WINDOW w AS (...), w2 AS (w) (its named windows).
  std::string window_clause(const json& windows, int indent);

  std::string condition(const json& e, int indent);

  // A GROUP BY / ORDER BY / DISTINCT ON item (get_rule_sortgroupclause): the
  // number of a target, a target's name (ORDER BY and DISTINCT ON read output names
  // first, GROUP BY input columns first), or an expression. A set operation's
  // ORDER BY prints the target's number.
  std::string sort_key(const json& key, const std::vector<target>& targets, bool grouping, int indent);

  // GROUP BY / DISTINCT ON items, each once.
  std::string sort_keys(const json& items, const std::vector<target>& targets, bool grouping, int indent);

  std::string integer_constant(const json& e);

  std::string_view source_;
  const view_source_lookup& lookup_;
  bool pretty_;
  std::deque<view_source> sources_;  // stable: the scopes point into it
  std::deque<cte> ctes_;             // sub-selects' and WITH queries' columns, stable too
  std::vector<level> levels_;        // the SELECTs being printed, outermost first
};

}  // namespace tributary::view_deparse_internal
