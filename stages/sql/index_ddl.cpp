// index_ddl: see the header.
#include "stages/sql/index_ddl.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/default_deparse.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/check_translation.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

constexpr size_t max_name_bytes = 63;  // NAMEDATALEN - 1

// PostgreSQL's makeObjectName: "name1_name2_label", the longer of the first two
// parts cut (at a character boundary) until the whole fits in 63 bytes.
std::string object_name(std::string table, std::string columns, const std::string& label) {
  auto cut = [](std::string& s) {
    s.pop_back();
    while (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0x80)
      s.pop_back();
    if (!s.empty() && (static_cast<unsigned char>(s.back()) & 0xC0) == 0xC0)
      s.pop_back();
  };
  auto total = [&] { return table.size() + (columns.empty() ? 0 : columns.size() + 1) + label.size() + 1; };
  while (total() > max_name_bytes) {
    if (table.size() > columns.size())
      cut(table);
    else
      cut(columns);
  }
  return table + (columns.empty() ? "" : "_" + columns) + "_" + label;
}

pg_error not_supported(const std::string& what) {
  return make_pg_error("0A000", what + " are not supported here");
}

// Built-in functions PostgreSQL 15 marks STABLE or VOLATILE that a translated
// expression may call (C order); an index may use only IMMUTABLE ones.
constexpr std::array<std::string_view, 30> mutable_functions = {
    "age",           "clock_timestamp", "concat",          "concat_ws",
    "currval",       "current_database", "current_schema", "current_schemas",
    "current_setting", "format",        "gen_random_uuid", "inet_client_addr",
    "lastval",       "nextval",         "now",             "pg_backend_pid",
    "pg_postmaster_start_time", "random", "set_config",    "setseed",
    "setval",        "statement_timestamp", "timeofday",   "to_char",
    "to_date",       "to_timestamp",    "transaction_timestamp", "txid_current",
    "uuid_generate_v4", "version"};

// Whether `node` calls a function that is not IMMUTABLE (CURRENT_DATE, now(), ...).
bool calls_mutable_function(const json& node) {
  if (node.is_array())
    return std::any_of(node.begin(), node.end(), calls_mutable_function);
  if (!node.is_object())
    return false;
  for (const auto& [key, value] : node.items()) {
    if (key == "SQLValueFunction")
      return true;
    if (key == "FuncCall") {
      const auto names = pt::strings(pt::list(value, "funcname"));
      if (!names.empty() &&
          std::find(mutable_functions.begin(), mutable_functions.end(), names.back()) != mutable_functions.end())
        return true;
    }
    if (calls_mutable_function(value))
      return true;
  }
  return false;
}

// PostgreSQL's FigureIndexColname: the name an expression gives the index column
// (the function's, the column's, the cast's type), "" when none.
std::string figure_name(const json& node) {
  const std::string type = pt::node_type(node);
  const json& f = pt::fields(node);
  if (type == "ColumnRef") {
    const json& fields = pt::list(f, "fields");
    return !fields.empty() && pt::node_type(fields.back()) == "String" ? pt::text(pt::fields(fields.back()), "sval")
                                                                        : "";
  }
  if (type == "FuncCall") {
    const auto names = pt::strings(pt::list(f, "funcname"));
    return names.empty() ? "" : names.back();
  }
  if (type == "TypeCast") {
    std::string inner = figure_name(f.at("arg"));
    if (!inner.empty())
      return inner;
    const auto names = pt::strings(pt::list(f.at("typeName"), "names"));
    return names.empty() ? "" : names.back();
  }
  if (type == "CollateClause")
    return figure_name(f.at("arg"));
  if (type == "CaseExpr")
    return "case";
  if (type == "CoalesceExpr")
    return "coalesce";
  if (type == "MinMaxExpr")
    return pt::text(f, "op") == "IS_GREATEST" ? "greatest" : "least";
  if (type == "A_ArrayExpr")
    return "array";
  if (type == "RowExpr")
    return "row";
  if (type == "A_Expr" && pt::text(f, "kind") == "AEXPR_NULLIF")
    return "nullif";
  return "";
}

// "(a)" and "(a COLLATE c)" are the column a, as PostgreSQL takes them.
std::optional<std::string> bare_column(const json& expression) {
  const json* node = &expression;
  if (pt::node_type(*node) == "CollateClause")
    node = &pt::fields(*node).at("arg");
  if (pt::node_type(*node) != "ColumnRef")
    return std::nullopt;
  const json& fields = pt::list(pt::fields(*node), "fields");
  if (fields.size() != 1 || pt::node_type(fields.back()) != "String")
    return std::nullopt;
  return pt::text(pt::fields(fields.back()), "sval");
}

// The expression's text as written: from its location to the ',' or ')' that
// ends it (quotes and parentheses skipped), for what the printer does not cover.
// The smallest location in `node` (its first token), or -1.
int64_t first_location(const json& node) {
  int64_t out = -1;
  auto take = [&](int64_t l) {
    if (l >= 0 && (out < 0 || l < out))
      out = l;
  };
  if (node.is_array()) {
    for (const auto& item : node)
      take(first_location(item));
  } else if (node.is_object()) {
    for (const auto& [key, value] : node.items())
      take(key == "location" && value.is_number_integer() ? value.get<int64_t>() : first_location(value));
  }
  return out;
}

std::string as_written(const json& expression, std::string_view source) {
  const int64_t location = first_location(expression);
  if (location < 0 || static_cast<size_t>(location) >= source.size())
    return "";
  size_t i = static_cast<size_t>(location);
  const size_t start = i;
  int depth = 0;
  for (; i < source.size(); ++i) {
    const char c = source[i];
    if (c == '\'' || c == '"') {
      const size_t close = source.find(c, i + 1);
      i = close == std::string_view::npos ? source.size() - 1 : close;
    } else if (c == '(') {
      ++depth;
    } else if ((c == ')' || c == ',') && depth == 0) {
      break;
    } else if (c == ')') {
      --depth;
    }
  }
  std::string out(source.substr(start, i - start));
  while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back())))
    out.pop_back();
  return out;
}

// ruleutils.c's looks_like_function: a call, or a construct written like one
// (COALESCE, NULLIF, GREATEST / LEAST, CURRENT_DATE, ...), which needs no parentheses.
bool looks_like_function(const json& node) {
  const std::string type = pt::node_type(node);
  if (type == "A_Expr")
    return pt::text(pt::fields(node), "kind") == "AEXPR_NULLIF";
  return type == "FuncCall" || type == "CoalesceExpr" || type == "MinMaxExpr" || type == "SQLValueFunction" ||
         type == "XmlExpr";
}

// The expression as PostgreSQL's deparser prints it ("lower(v)", "(a + b)").
std::string printed(const json& expression, std::string_view source, const std::vector<column_definition>& columns,
                    bool pretty) {
  if (const auto text = deparse_view_expression(expression, source, columns, "", pretty, nullptr))
    return *text;
  const std::string written = as_written(expression, source);
  const std::string type = pt::node_type(expression);
  const bool call = type == "FuncCall" || type == "CoalesceExpr" || type == "MinMaxExpr";
  return call ? written : "(" + written + ")";
}

// PostgreSQL's ChooseIndexColumnNames: a name seen before gets 1, 2, ... appended.
std::string unique_column_name(const std::string& name, std::vector<std::string>& taken) {
  std::string out = name;
  for (int n = 1; std::find(taken.begin(), taken.end(), out) != taken.end(); ++n)
    out = name + std::to_string(n);
  taken.push_back(out);
  return out;
}

}  // namespace

bool create_index_plan::has_expressions() const {
  return !predicate_text.empty() ||
         std::any_of(key_texts.begin(), key_texts.end(), [](const std::string& t) { return !t.empty(); });
}

result<create_index_plan, pg_error> plan_create_index(
    const json& f, std::string_view source, const std::vector<column_definition>& table_columns,
    const type_settings& settings, const std::function<bool(const std::string&)>& relation_exists) {
  const json& relation = f.at("relation");
  const std::string table = pt::text(relation, "relname");  // the local name ("s.t" in schema s)
  const auto dot = table.find('.');
  const std::string schema_prefix = dot == std::string::npos ? "" : table.substr(0, dot + 1);
  const std::string bare_table = table.substr(schema_prefix.size());
  const std::string method = pt::text(f, "accessMethod");
  if (!method.empty() && method != "btree" && method != "hash")
    return fail(make_pg_error("0A000", "access method \"" + method + "\" is not supported here",
                              "", "Tributary's indexes are SQLite B-trees; use btree."));
  if (table_columns.empty())
    return fail(make_pg_error("42P01", "relation \"" + bare_table + "\" does not exist"));
  const std::vector<check_column> scope = table_check_columns(table_columns);
  auto translated = [&](const json& expression, bool predicate) -> result<translated_index_key, pg_error> {
    auto out = translate_index_expression(expression, source, scope, settings, predicate);
    if (!out)
      return fail(with_position(out.error(), source));
    if (calls_mutable_function(expression) || out->stable_cast)
      return fail(make_pg_error("42P17", std::string("functions in index ") +
                                             (predicate ? "predicate" : "expression") +
                                             " must be marked IMMUTABLE"));
    return std::move(*out);
  };

  create_index_plan plan;
  plan.unique = pt::flag(f, "unique");
  std::string column_sql;
  std::vector<std::string> names_taken;
  for (const json& item : pt::list(f, "indexParams")) {
    const json& elem = pt::fields(item);
    std::optional<std::string> column;
    if (elem.contains("name"))
      column = pt::text(elem, "name");
    else
      column = bare_column(elem.at("expr"));
    if (!column_sql.empty())
      column_sql += ", ";
    if (column) {
      if (std::none_of(table_columns.begin(), table_columns.end(),
                       [&](const column_definition& c) { return c.name == *column; }))
        return fail(make_pg_error("42703", "column \"" + *column + "\" does not exist"));
      plan.columns.push_back(*column);
      plan.keys.push_back({*column, "", {}});
      plan.column_names.push_back(unique_column_name(*column, names_taken));
      plan.key_texts.emplace_back();
      plan.pretty_key_texts.emplace_back();
      plan.detail_key_texts.push_back(quote_identifier_if_needed(*column));
      column_sql += quote_identifier(*column);
    } else {
      auto key = translated(elem.at("expr"), false);
      if (!key)
        return fail(key.error());
      const std::string figured = figure_name(elem.at("expr"));
      plan.keys.push_back({"", key->sql, key->type});
      plan.column_names.push_back(unique_column_name(figured.empty() ? "expr" : figured, names_taken));
      plan.key_texts.push_back(printed(elem.at("expr"), source, table_columns, false));
      plan.pretty_key_texts.push_back(printed(elem.at("expr"), source, table_columns, true));
      plan.detail_key_texts.push_back(looks_like_function(elem.at("expr")) ? plan.pretty_key_texts.back()
                                                                           : "(" + plan.pretty_key_texts.back() + ")");
      column_sql += "(" + key->sql + ")";
    }
    if (pt::text(elem, "ordering") == "SORTBY_DESC")
      column_sql += " DESC";
  }
  for (const json& item : pt::list(f, "indexIncludingParams"))
    if (!pt::fields(item).contains("name"))
      return fail(not_supported("expressions in INCLUDE"));
  std::string where_sql;
  if (f.contains("whereClause")) {
    auto predicate = translated(f.at("whereClause"), true);
    if (!predicate)
      return fail(predicate.error());
    plan.predicate = predicate->sql;
    where_sql = " WHERE " + predicate->sql;
    plan.predicate_text = printed(f.at("whereClause"), source, table_columns, false);
    plan.pretty_predicate_text = printed(f.at("whereClause"), source, table_columns, true);
  }

  if (f.contains("idxname")) {
    plan.name = pt::text(f, "idxname");
    plan.sqlite_name = schema_prefix + plan.name;
    if (relation_exists(plan.sqlite_name)) {
      pg_error exists = make_pg_error("42P07", "relation \"" + plan.name + "\" already exists");
      if (!pt::flag(f, "if_not_exists"))
        return fail(std::move(exists));
      exists.message += ", skipping";
      exists.severity = "NOTICE";
      plan.notice = std::move(exists);
      return plan;
    }
  } else {
    std::string joined;
    for (const auto& c : plan.column_names)
      joined += (joined.empty() ? "" : "_") + c;
    const std::string base = object_name(bare_table, joined, "idx");
    plan.name = base;
    for (int n = 1; relation_exists(schema_prefix + plan.name); ++n) {
      // ChooseRelationName: the number goes after the label, the name shortened to fit.
      const std::string suffix = std::to_string(n);
      plan.name = object_name(bare_table, joined, "idx" + suffix);
    }
    plan.sqlite_name = schema_prefix + plan.name;
  }
  plan.sql = std::string("CREATE ") + (plan.unique ? "UNIQUE " : "") + "INDEX " +
             quote_identifier(plan.sqlite_name) + " ON " + quote_identifier(table) + " (" + column_sql + ")" + where_sql;
  return plan;
}

result<drop_index_plan, pg_error> plan_drop_index(const json& f,
                                                  const std::function<bool(const std::string&)>& index_exists) {
  drop_index_plan plan;
  const bool if_exists = pt::flag(f, "missing_ok");
  for (const json& object : pt::list(f, "objects")) {
    const std::vector<std::string> parts = pt::strings(pt::list(pt::fields(object), "items"));
    if (parts.empty())
      continue;
    const std::string& shown = parts.back();
    std::string sqlite_name = parts.size() >= 2 && parts[parts.size() - 2] != "public"
                                  ? parts[parts.size() - 2] + "." + shown
                                  : shown;
    if (!index_exists(sqlite_name)) {
      pg_error missing = make_pg_error("42704", "index \"" + shown + "\" does not exist");
      if (!if_exists)
        return fail(std::move(missing));
      missing.sqlstate = "00000";
      missing.message += ", skipping";
      missing.severity = "NOTICE";
      plan.notices.push_back(std::move(missing));
      continue;
    }
    plan.sql.push_back("DROP INDEX " + quote_identifier(sqlite_name));
    plan.sqlite_names.push_back(sqlite_name);
  }
  return plan;
}

}  // namespace tributary
