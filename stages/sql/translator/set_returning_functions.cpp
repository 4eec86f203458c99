// set_returning_functions: set-returning functions in a select list, as
// PostgreSQL 10 and later evaluates them: each input row gives as many output
// rows as its longest function result, the functions advance in lockstep, and a
// shorter one is NULL past its end; a row whose functions all return nothing
// gives no row.
//
//   SELECT a, unnest(b) FROM t
//   -> SELECT "t"."a" AS c1, CAST(pg_array_subscript("t"."b", "srf1"."n") AS INTEGER) AS c2
//      FROM "t" AS "t", pg_ordinals(coalesce(array_upper("t"."b", 1), 0)) AS "srf1"
//
// pg_ordinals(count) (cli/catalog/ordinals_table.hpp) gives the ordinals 1..count;
// the count is the greatest of the calls' lengths. Covered:
//   unnest(array | int2vector | oidvector)   the elements (integer and text elements)
//   generate_series(start, stop [, step])     integers (int4, or int8 when an argument is
//                                             int8), numeric, timestamp[tz] by an interval
//                                             (pg_series_count / pg_series_value)
//   pg_partition_ancestors(regclass)         the relation itself (no partitions)
//   information_schema._pg_expandarray(array) record (x, n): the element and its
//                                             1-based position, as JDBC's
//                                             getPrimaryKeys / getIndexInfo read them
//   json[b]_array_elements[_text], json[b]_object_keys   (json_functions.cpp)
//   regexp_matches(s, p [, flags])            text[] per match (all of them with g)
//   regexp_split_to_table(s, p [, flags])     text: the pieces between the matches
//                                             (pg_regexp_matches / pg_regexp_split)
//   string_to_table(s, delimiter [, null])    text: string_to_array's pieces
// (Field selection on their records, (f(a)).n: record_field_selection.cpp.)
// In FROM: pg_options_to_table(options), unnest(array), unnest(a, b, ...) (a column
// per array, NULL past a shorter one's end), string_to_table(...), generate_series(...)
// and pg_partition_ancestors(rel) [WITH ORDINALITY], pg_get_keywords() (the
// catalog relation of that name), and a function of one value (one row)
// [AS a(value [, ordinal])], over pg_ordinals (their argument may name the
// FROM items on their left).
// A select list with set-returning functions and GROUP BY, HAVING or aggregates,
// and such functions anywhere else than a select list or ORDER BY, are not
// translated.
#include <set>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/user/domain_over_array.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

constexpr oid_t int2vector_oid = 22;
constexpr oid_t oidvector_oid = 30;
constexpr oid_t record_oid = 2249;

bool is_set_returning_name(const std::vector<std::string>& names) {
  if (names.empty() || names.size() > 2)
    return false;
  const std::string& name = names.back();
  if (names.size() == 2 && names[0] == "information_schema")
    return name == "_pg_expandarray";
  if (names.size() == 2 && names[0] != "pg_catalog")
    return false;
  return name == "unnest" || name == "generate_series" || name == "pg_partition_ancestors" ||
         name == "regexp_matches" || name == "regexp_split_to_table" || name == "string_to_table" ||
         is_json_set_returning_name(name);
}

constexpr oid_t regclass_oid = 2205;

// pg_partition_ancestors(rel): the relation and the tables it is a partition of;
// Tributary's relations are no partitions: the relation alone (no row for NULL).
struct ancestors_call {
  std::string relation;  // its OID's SQL
  std::string length;    // 1, or 0 for NULL
};

ancestors_call ancestors_of(query_translator& t, typed_expression value) {
  if (value.literal)  // '16385' or 'name': regclass's input
    value.sql = "pg_catalog_regclass_in(" + value.sql + ")";
  else if (value.parameter != 0 || value.is_null_constant)
    value = t.coerce(std::move(value), builtin_column_type(pg_type_oid::oid));
  else if (value.type.oid != pg_type_oid::oid && value.type.oid != regclass_oid)
    throw not_translatable{"pg_partition_ancestors of this type"};
  return {value.sql, "CASE WHEN " + value.sql + " IS NULL THEN 0 ELSE 1 END"};
}

// An array argument as one-dimensional array text, and its element type.
struct array_argument {
  std::string sql;
  column_type element;
};

array_argument array_of(query_translator& t, const typed_expression& value, const std::string& function) {
  if (value.literal || value.parameter != 0 || value.is_null_constant)
    throw not_translatable{function + " of an untyped value"};
  if (value.type.oid == int2vector_oid || value.type.oid == oidvector_oid)
    return {"('{' || replace(" + value.sql + ", ' ', ',') || '}')",
            builtin_column_type(value.type.oid == int2vector_oid ? pg_type_oid::int2 : pg_type_oid::oid)};
  if (const column_type* base_array = domain_over_array_element(value.type))
    return {value.sql, *base_array};  // il[]: each element an int4[]
  const type_descriptor* type = find_builtin_type(value.type.oid);
  if (type == nullptr || type->element == 0)
    t.fail_at(make_pg_error("42883", "function " + function + "(" + format_type(value.type) +
                                         ") does not exist"),
              value.location);
  if (find_builtin_type(type->element) == nullptr)
    throw not_translatable{function + " of an array of this element type"};
  return {value.sql, builtin_column_type(type->element)};
}

// An element's text (array_out's) as its type's stored form: integers and OIDs as
// integers, booleans t / f as 1 / 0, text and numeric as they are, the other types
// (dates, timestamps, ...) through their input function.
std::string stored_element(const array_argument& array, const std::string& text) {
  const oid_t oid = array.element.oid;
  if (oid == pg_type_oid::int2 || oid == pg_type_oid::int4 || oid == pg_type_oid::int8 || oid == pg_type_oid::oid)
    return "CAST(" + text + " AS INTEGER)";
  if (oid == pg_type_oid::boolean)
    return "CASE " + text + " WHEN 't' THEN 1 WHEN 'f' THEN 0 END";
  if (is_text_like(oid) || oid == pg_type_oid::numeric)
    return text;
  return cast_sql(text, builtin_column_type(pg_type_oid::text), array.element);
}

// string_to_table(s, delimiter [, null_string]): the pieces string_to_array gives, as a
// text array (a NULL string: no rows; a NULL delimiter: one row per character).
array_argument string_pieces(query_translator& t, std::vector<typed_expression>& args) {
  std::vector<std::string> texts;
  for (typed_expression& arg : args)
    texts.push_back(text_argument(t, std::move(arg)).sql);
  if (texts.size() == 2)
    texts.push_back("NULL");
  return {"pg_string_to_array(" + texts[0] + ", " + texts[1] + ", " + texts[2] + ")",
          builtin_column_type(pg_type_oid::text)};
}

// The element a pg_ordinals(count, array) row gives (its column item), as its
// type's stored form.
std::string item_sql(const array_argument& array, const std::string& item) { return stored_element(array, item); }

// The element `ordinal` of `array` (NULL past the end) as its type's stored form.
std::string element_sql(const array_argument& array, const std::string& ordinal) {
  return stored_element(array, "pg_array_subscript(" + array.sql + ", " + ordinal + ")");
}

std::string array_length_sql(const array_argument& array) {
  return "coalesce(array_upper(" + array.sql + ", 1), 0)";
}

// The set-returning functions' calls under `node`, outside sub-selects.
bool contains_call(const json& node) {
  if (node.is_array()) {
    for (const json& item : node)
      if (contains_call(item))
        return true;
    return false;
  }
  if (!node.is_object())
    return false;
  for (const auto& [key, value] : node.items()) {
    if (key == "SubLink" || key == "SelectStmt")
      continue;
    if (key == "FuncCall" && is_set_returning_name(pt::strings(pt::list(value, "funcname"))) &&
        !value.contains("over"))
      return true;
    if (contains_call(value))
      return true;
  }
  return false;
}


// generate_series(start, stop [, step]) with PostgreSQL's resolution: integers (int4,
// int8 when an argument is int8), numeric (when an argument is numeric), or
// timestamp / timestamptz with an interval step (timestamptz unless a timestamp
// argument is there and no timestamptz; dates read as the chosen type). Its values
// come from storage/sql_functions_series.cpp: pg_series_count / pg_series_value.
struct series_call {
  std::string kind;     // int, numeric, timestamp, timestamptz
  column_type type;     // the values' type
  std::string arguments;  // "start, stop, step" as SQL
  std::string count() const { return "pg_series_count(" + sql_quote(kind) + ", " + arguments + ")"; }
  std::string value(const std::string& ordinal) const {
    return "pg_series_value(" + sql_quote(kind) + ", " + arguments + ", " + ordinal + ")";
  }
};

series_call series_of(query_translator& t, std::vector<typed_expression>& args) {
  if (args.size() != 2 && args.size() != 3)
    throw not_translatable{"generate_series with these arguments"};
  const auto typed_as = [](const typed_expression& a, oid_t oid) {
    return !a.literal && a.parameter == 0 && !a.is_null_constant && a.type.oid == oid;
  };
  const auto any = [&](oid_t oid) {
    for (const typed_expression& a : args)
      if (typed_as(a, oid))
        return true;
    return false;
  };
  const bool datetime = any(pg_type_oid::timestamp) || any(pg_type_oid::timestamptz) || any(pg_type_oid::date) ||
                        (args.size() == 3 && typed_as(args[2], pg_type_oid::interval));
  series_call out;
  if (datetime) {
    if (args.size() != 3)
      throw not_translatable{"generate_series of timestamps without a step"};
    const oid_t target = any(pg_type_oid::timestamp) && !any(pg_type_oid::timestamptz) ? pg_type_oid::timestamp
                                                                                          : pg_type_oid::timestamptz;
    out.kind = target == pg_type_oid::timestamp ? "timestamp" : "timestamptz";
    out.type = builtin_column_type(target);
    for (size_t i = 0; i < 2; ++i) {
      typed_expression& a = args[i];
      if (typed_as(a, pg_type_oid::date))
        a = typed_result(cast_sql(a.sql, a.type, out.type), target);
      else if (!typed_as(a, pg_type_oid::timestamp) && !typed_as(a, pg_type_oid::timestamptz) &&
               !(a.literal || a.parameter != 0 || a.is_null_constant))
        throw not_translatable{"generate_series of this type"};
      a = t.coerce(std::move(a), out.type);
      if (a.type.oid != target)  // a timestamp among timestamptz: cast
        a = typed_result(cast_sql(a.sql, a.type, out.type), target);
    }
    args[2] = t.coerce(std::move(args[2]), builtin_column_type(pg_type_oid::interval));
    if (args[2].type.oid != pg_type_oid::interval)
      throw not_translatable{"generate_series step of this type"};
  } else {
    for (const typed_expression& a : args)
      if (!(a.literal || a.parameter != 0 || a.is_null_constant) && a.type.oid != pg_type_oid::int2 && a.type.oid != pg_type_oid::int4 &&
          a.type.oid != pg_type_oid::int8 && a.type.oid != pg_type_oid::numeric)
        throw not_translatable{"generate_series of this type"};
    const oid_t target = any(pg_type_oid::numeric) ? pg_type_oid::numeric
                         : any(pg_type_oid::int8)  ? pg_type_oid::int8
                                                   : pg_type_oid::int4;
    if (!any(pg_type_oid::int2) && !any(pg_type_oid::int4) && !any(pg_type_oid::int8) && !any(pg_type_oid::numeric))
      throw not_translatable{"generate_series of untyped values"};
    out.kind = target == pg_type_oid::numeric ? "numeric" : "int";
    out.type = builtin_column_type(target);
    for (typed_expression& a : args)
      a = t.coerce(std::move(a), out.type);
  }
  out.arguments = args[0].sql + ", " + args[1].sql + ", " + (args.size() == 3 ? args[2].sql : std::string("1"));
  return out;
}
}  // namespace

bool has_set_returning_call(const json& target_list) { return contains_call(target_list); }

std::optional<typed_expression> set_returning_function(query_translator& t, const json& call, const scope& where) {
  const std::vector<std::string> names = pt::strings(pt::list(call, "funcname"));
  if (!is_set_returning_name(names) || call.contains("over"))
    return std::nullopt;
  const std::string& name = names.back();
  set_returning_level* level = t.set_returning();
  if (level == nullptr)
    throw not_translatable{"set-returning function " + name + " outside a select list"};
  if (call.contains("agg_filter") || pt::flag(call, "agg_distinct") || call.contains("agg_order") ||
      pt::flag(call, "func_variadic"))
    throw not_translatable{"set-returning function call form"};
  std::vector<typed_expression> args;
  for (const json& arg : pt::list(call, "args"))
    args.push_back(t.expression(arg, where));
  const std::string& ordinal = level->ordinal;
  if (auto json_rows = json_set_returning(t, name, args, *level))
    return json_rows;
  if (name == "unnest" && args.size() > 1)  // only in FROM (ROWS FROM): PostgreSQL's 42883
    no_such_function(t, name, args, static_cast<int>(pt::integer(call, "location")));
  if (name == "unnest" && args.size() == 1) {
    const array_argument array = array_of(t, args[0], name);
    level->lengths.push_back(array_length_sql(array));
    typed_expression out = typed_result(element_sql(array, ordinal), 0);
    out.type = array.element;
    return out;
  }
  if (name == "string_to_table" && (args.size() == 2 || args.size() == 3)) {
    const array_argument pieces = string_pieces(t, args);
    level->lengths.push_back(array_length_sql(pieces));
    return typed_result(element_sql(pieces, ordinal), pg_type_oid::text);
  }
  if (name == "pg_partition_ancestors" && args.size() == 1) {
    const ancestors_call call = ancestors_of(t, args[0]);
    level->lengths.push_back(call.length);
    return typed_result("CASE WHEN " + ordinal + " = 1 THEN " + call.relation + " END", regclass_oid);
  }
  if (name == "_pg_expandarray" && args.size() == 1) {
    const array_argument array = array_of(t, args[0], name);
    level->lengths.push_back(array_length_sql(array));
    typed_expression out = typed_result(
        "CASE WHEN " + ordinal + " <= " + array_length_sql(array) + " THEN pg_record(" +
            element_sql(array, ordinal) + ", " + ordinal + ") END",
        record_oid);
    out.type.record_fields = std::make_shared<const std::vector<record_field>>(std::vector<record_field>{
        {"x", array.element.oid, array.element.typmod}, {"n", pg_type_oid::int4, -1}});
    return out;
  }
  if ((name == "regexp_matches" || name == "regexp_split_to_table") && (args.size() == 2 || args.size() == 3)) {
    std::string arguments;
    for (typed_expression& arg : args)
      arguments += text_argument(t, std::move(arg)).sql + ", ";
    if (args.size() == 2)
      arguments += "'', ";
    const bool matches = name == "regexp_matches";
    const auto call_with = [&](const std::string& n) {
      return (matches ? "pg_regexp_matches(" : "pg_regexp_split(") + arguments + n +
             (matches ? ")" : ", 'regexp_split_to_table')");
    };
    level->lengths.push_back(call_with("0"));
    return typed_result(call_with(ordinal), matches ? 1009 : pg_type_oid::text);
  }
  if (name == "generate_series") {
    const series_call series = series_of(t, args);
    level->lengths.push_back(series.count());
    typed_expression out = typed_result(series.value(ordinal), 0);
    out.type = series.type;
    return out;
  }
  throw not_translatable{"set-returning function " + name + " with these arguments"};
}

namespace {

// unnest(a, b, ...) in FROM (ROWS FROM (unnest(a), unnest(b), ...)): one column per
// array, named unnest, the shorter ones NULL past their end, [WITH ORDINALITY].
std::string unnest_several(query_translator& t, const json& arguments, const std::string& alias,
                           const std::vector<std::string>& column_aliases, bool ordinality, scope& where) {
  scope_item item;
  item.name = alias.empty() ? "unnest" : alias;
  const std::string ordinal = quote_identifier(item.name) + ".n";
  std::string length;
  for (const json& argument : arguments) {
    const array_argument array = array_of(t, t.expression(argument, where), "unnest");
    length += (length.empty() ? "" : ", ") + array_length_sql(array);
    const size_t i = item.columns.size();
    scope_column column{i < column_aliases.size() ? column_aliases[i] : "unnest", "", array.element};
    column.expression = element_sql(array, ordinal);
    item.columns.push_back(std::move(column));
  }
  if (ordinality) {
    const size_t i = item.columns.size();
    scope_column number{i < column_aliases.size() ? column_aliases[i] : "ordinality", "",
                        builtin_column_type(pg_type_oid::int8)};
    number.expression = ordinal;
    item.columns.push_back(std::move(number));
  }
  if (column_aliases.size() > item.columns.size())
    t.fail_at(make_pg_error("42P10", "table \"" + item.name + "\" has " + std::to_string(item.columns.size()) +
                                         " columns available but " + std::to_string(column_aliases.size()) +
                                         " columns specified"),
              -1);
  t.refuse_taken_name(where, item.name);
  where.items.push_back(std::move(item));
  return "pg_ordinals(max(" + length + ")) AS " + quote_identifier(where.items.back().name);
}

}  // namespace

std::optional<std::string> set_returning_from_function(query_translator& t, const json& call, const std::string& alias,
                                                       const std::vector<std::string>& column_aliases,
                                                       bool ordinality, scope& where) {
  const std::vector<std::string> names = pt::strings(pt::list(call, "funcname"));
  const json& arguments = pt::list(call, "args");
  if (names.empty() || names.size() > 2 || (names.size() == 2 && names[0] != "pg_catalog") ||
      arguments.empty() || call.contains("over") || pt::flag(call, "func_variadic"))
    return std::nullopt;
  const std::string& name = names.back();
  if (name != "unnest" && name != "pg_partition_ancestors" && name != "pg_options_to_table" &&
      name != "generate_series" && name != "string_to_table")
    return std::nullopt;
  if (name == "string_to_table" ? arguments.size() != 2 && arguments.size() != 3
                                : name != "generate_series" && name != "unnest" && arguments.size() != 1)
    return std::nullopt;
  if (name == "unnest" && arguments.size() > 1)
    return unnest_several(t, arguments, alias, column_aliases, ordinality, where);
  if (name == "pg_options_to_table") {
    // The "name=value" items of an options array (reloptions, fdwoptions) as
    // (option_name, option_value).
    if (ordinality || column_aliases.size() > 2)
      throw not_translatable{"pg_options_to_table form"};
    const array_argument array = array_of(t, t.expression(arguments[0], where), name);
    const std::string item_name = alias.empty() ? name : alias;
    const std::string element = quote_identifier(item_name) + ".item";
    scope_item item;
    item.name = item_name;
    const column_type text = builtin_column_type(pg_type_oid::text);
    scope_column option_name{column_aliases.size() > 0 ? column_aliases[0] : "option_name", "", text};
    option_name.expression = "substr(" + element + ", 1, instr(" + element + ", '=') - 1)";
    scope_column option_value{column_aliases.size() > 1 ? column_aliases[1] : "option_value", "", text};
    option_value.expression = "substr(" + element + ", instr(" + element + ", '=') + 1)";
    item.columns.push_back(std::move(option_name));
    item.columns.push_back(std::move(option_value));
    where.items.push_back(std::move(item));
    return "pg_ordinals(" + array_length_sql(array) + ", " + array.sql + ") AS " + quote_identifier(item_name);
  }
  if (column_aliases.size() > (ordinality ? 2u : 1u))
    throw not_translatable{"more column aliases than the function's columns"};
  const std::string item_name = alias.empty() ? name : alias;
  const std::string ordinal = quote_identifier(item_name) + ".n";
  scope_item item;
  item.name = item_name;
  std::string length;
  scope_column value;
  if (name == "generate_series") {
    std::vector<typed_expression> args;
    for (const json& arg : arguments)
      args.push_back(t.expression(arg, where));
    const series_call series = series_of(t, args);
    length = series.count();
    value = {column_aliases.empty() ? item_name : column_aliases[0], "", series.type};
    value.expression = series.value(ordinal);
    item.scalar_value = column_aliases.empty();
  } else if (name == "string_to_table") {
    std::vector<typed_expression> args;
    for (const json& arg : arguments)
      args.push_back(t.expression(arg, where));
    const array_argument pieces = string_pieces(t, args);
    length = array_length_sql(pieces) + ", " + pieces.sql;
    value = {column_aliases.empty() ? item_name : column_aliases[0], "", pieces.element};
    value.expression = quote_identifier(item_name) + ".item";
    item.scalar_value = column_aliases.empty();
  } else if (name == "unnest") {
    const array_argument array = array_of(t, t.expression(arguments[0], where), name);
    length = array_length_sql(array) + ", " + array.sql;
    value = {column_aliases.empty() ? item_name : column_aliases[0], "", array.element};
    value.expression = item_sql(array, quote_identifier(item_name) + ".item");
    item.scalar_value = column_aliases.empty();
  } else {
    const ancestors_call ancestors = ancestors_of(t, t.expression(arguments[0], where));
    length = ancestors.length;
    value = {column_aliases.empty() ? "relid" : column_aliases[0], "", builtin_column_type(regclass_oid)};
    value.expression = ancestors.relation;
  }
  item.columns.push_back(std::move(value));
  if (ordinality) {
    scope_column number{column_aliases.size() > 1 ? column_aliases[1] : "ordinality", "",
                        builtin_column_type(pg_type_oid::int8)};
    number.expression = ordinal;
    item.columns.push_back(std::move(number));
  }
  t.refuse_taken_name(where, item.name);
  where.items.push_back(std::move(item));
  return "pg_ordinals(" + length + ") AS " + quote_identifier(item_name);
}

// pg_get_keywords(): the catalog relation of that name (its rows are the function's).
std::optional<std::string> keywords_from_function(query_translator& t, const json& call, const std::string& alias,
                                                  const std::vector<std::string>& column_aliases, scope& where) {
  const std::vector<std::string> names = pt::strings(pt::list(call, "funcname"));
  if (names.empty() || names.back() != "pg_get_keywords" || (names.size() == 2 && names[0] != "pg_catalog") ||
      names.size() > 2 || !pt::list(call, "args").empty())
    return std::nullopt;
  const std::vector<column_definition>* columns = t.input().lookup("pg_get_keywords");
  if (columns == nullptr)
    return std::nullopt;
  if (column_aliases.size() > columns->size())
    throw not_translatable{"more column aliases than the function's columns"};
  scope_item item;
  item.name = alias.empty() ? "pg_get_keywords" : alias;
  for (size_t i = 0; i < columns->size(); ++i) {
    const column_definition& c = (*columns)[i];
    item.columns.push_back({i < column_aliases.size() ? column_aliases[i] : c.name, c.name, c.type});
  }
  t.refuse_taken_name(where, item.name);
  where.items.push_back(std::move(item));
  return "\"pg_get_keywords\" AS " + quote_identifier(where.items.back().name);
}

namespace {

// A function in FROM that returns one value (FROM t, LATERAL substring(t.b FROM 2) s):
// one row, the value a column named by the alias's column list, else the alias, else
// the function's name; the alias alone is the value too. Its arguments may read the
// items on its left, as any function in FROM. A set-returning function the translator
// does not cover stays "function in FROM".
std::string scalar_function_from_item(query_translator& t, const json& call, const std::string& alias_name,
                                      const std::vector<std::string>& column_aliases, scope& where) {
  const std::vector<std::string> names = pt::strings(pt::list(pt::fields(call), "funcname"));
  static const std::set<std::string, std::less<>> set_returning = {
      "generate_subscripts", "string_to_table", "json_each", "json_each_text", "jsonb_each", "jsonb_each_text",
      "json_populate_recordset", "jsonb_populate_recordset", "json_to_recordset", "jsonb_to_recordset",
      "jsonb_path_query", "json_array_elements", "jsonb_array_elements", "json_array_elements_text",
      "jsonb_array_elements_text", "json_object_keys", "jsonb_object_keys", "pg_get_keywords",
      "pg_options_to_table", "ts_debug", "ts_stat", "ts_parse", "ts_token_type", "pg_listening_channels"};
  if (names.empty() || is_set_returning_name(names) || set_returning.contains(names.back()))
    throw not_translatable{"function in FROM"};
  typed_expression value = t.expression(call, where);
  if (value.literal || value.parameter != 0 || value.is_null_constant || value.type.oid == pg_type_oid::unknown)
    value = t.coerce(std::move(value), builtin_column_type(pg_type_oid::text));
  scope_item item;
  item.name = alias_name.empty() ? names.back() : alias_name;
  item.scalar_value = true;
  t.refuse_taken_name(where, item.name);
  scope_column column{column_aliases.empty() ? item.name : column_aliases[0], "", value.type};
  column.expression = value.sql;
  item.columns.push_back(std::move(column));
  where.items.push_back(std::move(item));
  return "(SELECT 1) AS " + quote_identifier(where.items.back().name);
}

}  // namespace

std::string function_from_item(query_translator& t, const json& f, const std::string& alias_name,
                               const std::vector<std::string>& column_aliases, scope& where) {
    const json& functions = pt::list(f, "functions");
    if (f.contains("coldeflist") && !pt::flag(f, "ordinality") && !pt::flag(f, "is_rowsfrom") && functions.size() == 1) {
      const json& items = pt::list(pt::fields(functions[0]), "items");
      if (!items.empty())
        if (auto sql = json_to_record_from_item(t, pt::fields(items[0]), pt::list(f, "coldeflist"), alias_name, where))
          return *sql;
    }
    if (f.contains("coldeflist"))
      throw not_translatable{"a column definition list"};
    if (!pt::flag(f, "ordinality") && !pt::flag(f, "is_rowsfrom") && functions.size() == 1) {
      const json& items = pt::list(pt::fields(functions[0]), "items");
      if (!items.empty())
        if (auto sql = keywords_from_function(t, pt::fields(items[0]), alias_name, column_aliases, where))
          return *sql;
    }
    if (!pt::flag(f, "ordinality") && !pt::flag(f, "is_rowsfrom") && functions.size() == 1) {
      const json& items = pt::list(pt::fields(functions[0]), "items");
      if (!items.empty())
        if (auto sql = json_from_function(t, pt::fields(items[0]), alias_name, column_aliases, where))
          return *sql;
    }
    if (!pt::flag(f, "is_rowsfrom") && functions.size() == 1) {
      const json& items = pt::list(pt::fields(functions[0]), "items");
      if (!items.empty())
        if (auto sql = set_returning_from_function(t, pt::fields(items[0]), alias_name, column_aliases,
                                                   pt::flag(f, "ordinality"), where))
          return *sql;
    }
    if (!pt::flag(f, "ordinality") && !pt::flag(f, "is_rowsfrom") && functions.size() == 1 && column_aliases.size() <= 1) {
      const json& items = pt::list(pt::fields(functions[0]), "items");
      if (!items.empty() && pt::node_type(items[0]) == "FuncCall")
        return scalar_function_from_item(t, items[0], alias_name, column_aliases, where);
    }
    throw not_translatable{"function in FROM"};
}

}  // namespace tributary::translator
