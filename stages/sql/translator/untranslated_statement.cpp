// untranslated_statement: see untranslated_statement.hpp.
#include "stages/sql/translator/untranslated_statement.hpp"

#include <set>

#include "stages/core/local_relation_name.hpp"
#include "stages/sql/parse_tree.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

// The functions the catalog layer registers in SQLite for the queries of psql,
// pg_dump and drivers (cli/catalog/), any call written pg_catalog.f(...) (not the
// SQL syntax the parser writes so: extract(... from ...), overlay, trim), and the
// functions PostgreSQL does not have (SQLite's own): a statement calling one stays
// with SQLite. The calls the parser itself writes for SIMILAR TO and LIKE ... ESCAPE
// are the translator's.
bool catalog_function(const json& call) {
  const std::vector<std::string> names = pt::strings(pt::list(call, "funcname"));
  // SIMILAR TO's pattern comes as pg_catalog.similar_to_escape(...), LIKE ... ESCAPE's
  // as like_escape: the parser writes them, the translator covers them.
  if (names.size() == 2 && names[0] == "pg_catalog" &&
      (names[1] == "similar_to_escape" || names[1] == "like_escape"))
    return false;
  if (names.size() == 2 && names[0] == "pg_catalog")
    return pt::text(call, "funcformat") != "COERCE_SQL_SYNTAX";
  if (names.empty())
    return false;
  const std::string& name = names.back();
  if (name.starts_with("pg_") || name.starts_with("has_") || !is_postgres_function(name))
    return true;
  static const std::set<std::string, std::less<>> served = {
      "acldefault",    "array_to_string", "array_upper",  "col_description", "format_type",
      "obj_description", "quote_ident",   "shobj_description"};
  return served.contains(name);
}

void collect_common_tables(const json& node, std::set<std::string>& out) {
  if (node.is_array()) {
    for (const json& item : node)
      collect_common_tables(item, out);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "CommonTableExpr")
      out.insert(pt::text(value, "ctename"));
    collect_common_tables(value, out);
  }
}

bool reads_sqlite_only(const json& node, const translation_input& input, const std::set<std::string>& common) {
  if (node.is_array()) {
    for (const json& item : node)
      if (reads_sqlite_only(item, input, common))
        return true;
    return false;
  }
  if (!node.is_object())
    return false;
  // A RangeVar: {"RangeVar": {...}} in FROM, its fields alone as UPDATE's / DELETE's
  // "relation".
  if (node.contains("relname") && node["relname"].is_string()) {
    const std::string schema = pt::text(node, "schemaname");
    const std::string relation = pt::text(node, "relname");
    if (schema.empty() && common.contains(relation))
      return false;
    if (schema == "pg_catalog" || schema == "information_schema" || relation.starts_with("pg_") ||
        node.contains("catalogname"))
      return true;
    return !input.lookup || input.lookup(local_relation_name(schema, relation)) == nullptr;
  }
  for (const auto& [key, value] : node.items())
    if (reads_sqlite_only(value, input, common))
      return true;
  return false;
}

// The calls of catalog functions (and of functions PostgreSQL does not have) in a
// statement: their names, and whether one is a function in FROM.
struct catalog_calls {
  std::set<std::string, std::less<>> names;
  bool in_from = false;
};

void collect_catalog_calls(const json& node, bool in_from, catalog_calls& out) {
  if (node.is_array()) {
    for (const json& item : node)
      collect_catalog_calls(item, in_from, out);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "FuncCall" && catalog_function(value)) {
      const std::vector<std::string> names = pt::strings(pt::list(value, "funcname"));
      out.names.insert(names.empty() ? std::string() : names.back());
      out.in_from = out.in_from || in_from;
    }
    collect_catalog_calls(value, in_from || key == "RangeFunction", out);
  }
}

// True when what stopped the translator is a call of a catalog function (one the
// translator does not know: SQLite's catalog functions serve it), not another
// construct beside such a call.
bool stopped_at_catalog_call(const json& statement, const not_translatable& what) {
  catalog_calls calls;
  collect_catalog_calls(statement, false, calls);
  if (calls.names.empty())
    return false;
  constexpr std::string_view function_prefix = "function ";
  if (what.what == "function name" || what.what == "function call form")
    return true;
  if (what.what == "function in FROM")
    return calls.in_from;
  return what.what.starts_with(function_prefix) &&
         calls.names.contains(std::string_view(what.what).substr(function_prefix.size()));
}

// A parse-tree node's name as the SQL it stands for.
std::string construct_words(const std::string& what) {
  static const std::pair<const char*, const char*> words[] = {
      {"RowExpr", "ROW(...)"},
      {"NamedArgExpr", "a named argument (name => value)"},
      {"A_Indirection", "this indirection"},
      {"CollateClause", "COLLATE"},
      {"XmlExpr", "an XML function"},
      {"XmlSerialize", "XMLSERIALIZE"},
      {"GroupingFunc", "grouping() here"},
      {"SetToDefault", "DEFAULT here"},
      {"RangeTableSample", "TABLESAMPLE"},
      {"RangeTableFunc", "XMLTABLE"},
      {"RangeFunction", "this function in FROM"},
      {"JoinExpr", "this join"},
      {"A_Star", "* here"},
      {"ColumnRef", "this column reference"},
      {"MultiAssignRef", "a multiple-column assignment"},
      {"ROWCOMPARE_SUBLINK", "a row comparison with a sub-select"},
      {"MULTIEXPR_SUBLINK", "a multiple-column sub-select"},
      {"ALL_SUBLINK", "ALL (sub-select)"},
      {"CurrentOfExpr", "WHERE CURRENT OF"},
      {"JSON_TABLE", "JSON_TABLE"},
      {"lockingClause", "SELECT ... FOR UPDATE / FOR SHARE"},
      {"function timezone", "AT TIME ZONE"},
  };
  for (const auto& [node, text] : words)
    if (what == node)
      return text;
  return what;
}

}  // namespace

bool served_by_sqlite(const json& statement, const translation_input& input, const not_translatable& what) {
  std::set<std::string> common;
  collect_common_tables(statement, common);
  return reads_sqlite_only(statement, input, common) || stopped_at_catalog_call(statement, what);
}

located_error refusal_of(const not_translatable& what) {
  return located_error{make_pg_error("0A000", construct_words(what.what) + " is not supported yet"), -1};
}

}  // namespace tributary::translator
