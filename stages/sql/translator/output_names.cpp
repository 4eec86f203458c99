// output_names: FigureColnameInternal's rules over libpg_query's JSON tree. Each
// rule returns a strength: 2 a name the user wrote (a column, a function), 1 a
// fallback name ("case", a cast's type), 0 none.
#include "stages/sql/translator/output_names.hpp"

#include <utility>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

int figure_name(const json& node, std::string& name);

std::string sql_value_function_name(const std::string& op) {
  static const std::pair<const char*, const char*> names[] = {
      {"SVFOP_CURRENT_DATE", "current_date"},
      {"SVFOP_CURRENT_TIME", "current_time"},
      {"SVFOP_CURRENT_TIME_N", "current_time"},
      {"SVFOP_CURRENT_TIMESTAMP", "current_timestamp"},
      {"SVFOP_CURRENT_TIMESTAMP_N", "current_timestamp"},
      {"SVFOP_LOCALTIME", "localtime"},
      {"SVFOP_LOCALTIME_N", "localtime"},
      {"SVFOP_LOCALTIMESTAMP", "localtimestamp"},
      {"SVFOP_LOCALTIMESTAMP_N", "localtimestamp"},
      {"SVFOP_CURRENT_ROLE", "current_role"},
      {"SVFOP_CURRENT_USER", "current_user"},
      {"SVFOP_USER", "user"},
      {"SVFOP_SESSION_USER", "session_user"},
      {"SVFOP_CURRENT_CATALOG", "current_catalog"},
      {"SVFOP_CURRENT_SCHEMA", "current_schema"},
  };
  for (const auto& [key, value] : names)
    if (op == key)
      return value;
  return {};
}

// The name of a sub-select's first target.
int first_target_name(const json& select, std::string& name) {
  const json& targets = pt::list(select, "targetList");
  if (targets.empty())
    return 0;
  const json& target = pt::fields(targets[0]);
  if (std::string alias = pt::text(target, "name"); !alias.empty()) {
    name = alias;
    return 2;
  }
  return figure_name(target.value("val", json()), name);
}

int figure_name(const json& node, std::string& name) {
  const std::string type = pt::node_type(node);
  const json& f = pt::fields(node);
  if (type == "ColumnRef") {
    const json& fields = pt::list(f, "fields");
    if (fields.empty() || pt::node_type(fields.back()) != "String")
      return 0;
    name = pt::text(pt::fields(fields.back()), "sval");
    return 2;
  }
  if (type == "A_Indirection") {
    // x[1] or (x).field: the last field name, else the base's name.
    const json& indirection = pt::list(f, "indirection");
    for (auto it = indirection.rbegin(); it != indirection.rend(); ++it)
      if (pt::node_type(*it) == "String") {
        name = pt::text(pt::fields(*it), "sval");
        return 2;
      }
    return figure_name(f.value("arg", json()), name);
  }
  if (type == "FuncCall") {
    const json& names = pt::list(f, "funcname");
    if (names.empty())
      return 0;
    name = pt::text(pt::fields(names.back()), "sval");
    return 2;
  }
  if (type == "A_Expr") {
    if (pt::text(f, "kind") == "AEXPR_NULLIF") {
      name = "nullif";
      return 2;
    }
    return 0;
  }
  if (type == "TypeCast") {
    const int strength = figure_name(f.value("arg", json()), name);
    if (strength <= 1) {
      json type_name = f.value("typeName", json::object());
      if (pt::node_type(type_name) == "TypeName")
        type_name = pt::fields(type_name);
      const json& names = pt::list(type_name, "names");
      if (!names.empty()) {
        name = pt::text(pt::fields(names.back()), "sval");
        return 1;
      }
    }
    return strength;
  }
  if (type == "CollateClause")
    return figure_name(f.value("arg", json()), name);
  if (type == "GroupingFunc") {
    name = "grouping";
    return 2;
  }
  if (type == "SubLink") {
    const std::string kind = pt::text(f, "subLinkType");
    if (kind == "EXISTS_SUBLINK") {
      name = "exists";
      return 2;
    }
    if (kind == "ARRAY_SUBLINK") {
      name = "array";
      return 2;
    }
    if (kind == "EXPR_SUBLINK")
      return first_target_name(pt::fields(f.value("subselect", json::object())), name);
    return 0;
  }
  if (type == "CaseExpr") {
    int strength = 0;
    if (f.contains("defresult"))
      strength = figure_name(f["defresult"], name);
    if (strength <= 1) {
      name = "case";
      strength = 1;
    }
    return strength;
  }
  if (type == "A_ArrayExpr") {
    name = "array";
    return 2;
  }
  if (type == "RowExpr") {
    name = "row";
    return 2;
  }
  if (type == "CoalesceExpr") {
    name = "coalesce";
    return 2;
  }
  if (type == "MinMaxExpr") {
    name = pt::text(f, "op") == "IS_GREATEST" ? "greatest" : "least";
    return 2;
  }
  if (type == "SQLValueFunction") {
    name = sql_value_function_name(pt::text(f, "op"));
    return name.empty() ? 0 : 2;
  }
  return 0;
}

}  // namespace

std::string output_column_name(const nlohmann::json& node) {
  std::string name;
  figure_name(node, name);
  return name.empty() ? "?column?" : name;
}

// The statement's result columns of types regproc / regclass / regtype / regnamespace
// print the object's name as PostgreSQL's output functions do (inside the
// statement they stay OIDs, so they compare and join as numbers).
std::string object_name_output_function(oid_t type) {
  switch (type) {
    case 24: return "pg_catalog_regproc_out";
    case 2202: return "pg_catalog_regprocedure_out";
    case 2203: return "pg_catalog_regoper_out";
    case 2204: return "pg_catalog_regoperator_out";
    case 2205: return "pg_catalog_regclass_out";
    case 2206: return "pg_catalog_regtype_out";
    case 4089: return "pg_catalog_regnamespace_out";
    default: return "";
  }
}

translated_query named_object_output(translated_query query) {
  const auto output_function = object_name_output_function;
  bool named = false;
  for (const query_column& c : query.columns)
    named = named || !output_function(c.type.oid).empty();
  if (!named)
    return query;
  std::string sql = "SELECT ";
  for (size_t i = 0; i < query.columns.size(); ++i) {
    const std::string column = quote_identifier("c" + std::to_string(i + 1));  // the aliases c1, c2, ...
    const std::string function = output_function(query.columns[i].type.oid);
    sql += (i ? ", " : "") + (function.empty() ? column : function + "(" + column + ") AS " + column);
  }
  query.sql = sql + " FROM (" + query.sql + ")";
  return query;
}

std::string positional_alias(size_t index) { return "c" + std::to_string(index + 1); }

}  // namespace tributary
