// json_functions: PostgreSQL's JSON operators and everyday functions, computed by
// the SQLite functions of storage/sql_functions_json.cpp on json's verbatim and
// jsonb's canonical stored texts.
//
//   json/jsonb -> text|int, ->> text|int      json/jsonb, text   pg_json_get
//   json/jsonb #> text[], #>> text[]          json/jsonb, text   pg_json_path
//   jsonb @> jsonb, <@, ? text, ?| text[], ?& text[]   boolean
//   jsonb || jsonb, jsonb - text|int|text[]   jsonb
//   json_object(text[] [, text[]])            json    pg_json_object
//   row_to_json(t [, pretty]), to_json(t)     a whole row (whole_row.cpp) as an object
//   to_json / to_jsonb (any), array_to_json   a value's JSON: numbers and booleans
//                                             as such, json as is, timestamps ISO 8601
//                                             with T, anything else its output text
//                                             as a string; arrays of them as JSON
//                                             arrays by dimension (pg_json_array)
//   json[b]_build_object / json[b]_build_array (variadic)
//   json[b]_agg (x [ORDER BY ...]) [FILTER], json[b]_object_agg (k, v)
//   jsonb_set (target, path, new [, create_missing]), jsonb_insert (target, path,
//   new [, insert_after]), json[b]_strip_nulls, jsonb_pretty
//   jsonb_path_exists / _match / _query_array / _query_first (target, path [, vars
//   [, silent]]), jsonb @? path, jsonb @@ path (errors NULL): pg_jsonb_path over
//   stages/sql/json/json_path's subset; jsonb_path_query in FROM and a select list:
//   the elements of _query_array's array
//   json[b]_typeof, json[b]_array_length, json[b]_extract_path[_text] (variadic)
//   json[b]_array_elements[_text], json[b]_object_keys, jsonb_path_query in a select
//   list (set_returning_functions.cpp's row expansion); in FROM: json_from_items.cpp
// Untyped literals take the JSON type the operator or function wants (an
// operator between two untyped literals is 42725, as in PostgreSQL). Records,
// arrays of arrays' other types and untyped arguments of to_json are not
// translated yet.
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/json_function_parts.hpp"
#include "stages/sql/translator/row_type_values.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/value_io.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

constexpr oid_t text_array_oid = 1009;

bool is_json(oid_t oid) { return oid == pg_type_oid::json || oid == pg_type_oid::jsonb; }

bool untyped(const typed_expression& e) { return e.literal.has_value() || e.parameter != 0 || e.is_null_constant; }

bool is_integer(oid_t oid) {
  return oid == pg_type_oid::int2 || oid == pg_type_oid::int4 || oid == pg_type_oid::int8;
}

column_type type_of(oid_t oid) { return builtin_column_type(oid); }

}  // namespace

// (json_function_parts.hpp)
typed_expression json_argument_as(query_translator& t, typed_expression e, oid_t oid) {
  if (e.type.oid == oid && !untyped(e))
    return e;
  return t.coerce(std::move(e), type_of(oid));
}

oid_t json_family_of(const std::string& name) { return name.rfind("jsonb", 0) == 0 ? pg_type_oid::jsonb : pg_type_oid::json; }

std::string jsonb_path_call(query_translator& t, std::optional<char> what, std::vector<typed_expression>& args) {
  const std::string doc = json_argument_as(t, std::move(args[0]), pg_type_oid::jsonb).sql;
  const std::string path = text_argument(t, std::move(args[1])).sql;
  const std::string vars = args.size() >= 3 ? json_argument_as(t, std::move(args[2]), pg_type_oid::jsonb).sql : "''";
  const std::string silent = args.size() == 4 ? json_argument_as(t, std::move(args[3]), pg_type_oid::boolean).sql : "0";
  return "pg_jsonb_path('" + std::string(1, *what) + "', " + doc + ", " + path + ", " + vars + ", " + silent + ")";
}

namespace {

std::string fragment_sql(query_translator& t, typed_expression e);

// A whole row's JSON object (row_to_json's form: {"a":1,"b":"x"}; pretty: a line per
// field after the first), each field's value as to_json makes it.
std::string row_object_sql(query_translator& t, const typed_expression& row, bool pretty) {
  std::string sql = "('{'";
  const auto& names = *row.type.record_fields;
  for (size_t i = 0; i < row.row_values->size(); ++i) {
    if (i > 0)
      sql += pretty ? " || ',' || char(10) || ' '" : " || ','";
    sql += " || pg_json_fragment(" + sql_quote(names[i].name) + ", 's') || ':' || coalesce(" +
           fragment_sql(t, (*row.row_values)[i]) + ", 'null')";
  }
  sql += " || '}')";
  return row.row_absent.empty() ? sql : "CASE WHEN " + row.row_absent + " THEN NULL ELSE " + sql + " END";
}

// The value's JSON text (to_json), NULL for NULL.
std::string fragment_sql(query_translator& t, typed_expression e) {
  if (e.is_null_constant)
    return "NULL";
  if (e.row_values || expand_named_row(t, e))  // a composite type's column: its fields
    return row_object_sql(t, e, false);
  if (untyped(e))
    e = t.coerce(std::move(e), type_of(pg_type_oid::text));
  const oid_t oid = e.type.oid;
  const column_type text = type_of(pg_type_oid::text);
  if (is_json(oid))
    return e.sql;
  if (is_integer(oid))
    return "CAST(" + e.sql + " AS TEXT)";
  if (oid == pg_type_oid::boolean)
    return "CASE WHEN " + e.sql + " IS NULL THEN NULL WHEN " + e.sql + " THEN 'true' ELSE 'false' END";
  if (oid == pg_type_oid::numeric || oid == pg_type_oid::float8 || oid == pg_type_oid::float4)
    return "pg_json_fragment(" + cast_sql(e.sql, e.type, text) + ", 'n')";
  if (oid == pg_type_oid::timestamp || oid == pg_type_oid::timestamptz)
    return "pg_json_fragment(" + cast_sql(e.sql, e.type, text) + ", 't')";
  if (is_text_like(oid))
    return "pg_json_fragment(" + e.sql + ", 's')";
  const type_descriptor* d = find_builtin_type(oid);
  if (e.type.known() && d != nullptr && d->element != 0 && !e.type.is_enum()) {
    // An array of a built-in scalar: its text form read by dimension.
    const oid_t element = d->element;
    const type_descriptor* ed = find_builtin_type(element);
    if (ed == nullptr || ed->element != 0 || element == 2249)
      throw not_translatable{"to_json of this array type"};
    const char kind = is_json(element)                                      ? 'j'
                      : element == pg_type_oid::boolean                    ? 'b'
                      : is_integer(element) || element == pg_type_oid::numeric ||
                              element == pg_type_oid::float8 || element == pg_type_oid::float4
                          ? 'n'
                      : element == pg_type_oid::timestamp || element == pg_type_oid::timestamptz ? 't'
                                                                                                 : 's';
    return "pg_json_array(" + cast_sql(e.sql, e.type, text) + ", '" + std::string(1, kind) + "')";
  }
  if (!e.type.known() || (d != nullptr && d->element != 0) || oid == 2249)
    throw not_translatable{"to_json of this type"};
  return "pg_json_fragment(" + cast_sql(e.sql, e.type, text) + ", 's')";
}

std::string null_as_json(const std::string& fragment) { return "coalesce(" + fragment + ", 'null')"; }

// An object key: the value's output text (NULL stays NULL: the function reports it).
std::string key_sql(query_translator& t, typed_expression e) {
  if (e.is_null_constant)
    return "NULL";
  if (untyped(e))
    e = t.coerce(std::move(e), type_of(pg_type_oid::text));
  if (is_text_like(e.type.oid))
    return e.sql;
  return cast_sql(e.sql, e.type, type_of(pg_type_oid::text));
}

// pg_jsonb_path's code of a scalar jsonb_path_* function (jsonb_path_query's rows
// are the elements of _query_array's array: json_set_returning, json_from_function).
std::optional<char> path_function_code(const std::string& name) {
  if (name == "jsonb_path_exists")
    return 'e';
  if (name == "jsonb_path_match")
    return 'm';
  if (name == "jsonb_path_query_array")
    return 'a';
  if (name == "jsonb_path_query_first")
    return 'f';
  return std::nullopt;
}

}  // namespace

std::optional<typed_expression> json_operator(query_translator& t, const std::string& op, typed_expression& left,
                                              typed_expression& right, int location) {
  static const char* const json_only[] = {"->", "->>", "#>", "#>>", "?", "?|", "?&", "@>", "<@"};
  bool json_operator_name = false;
  for (const char* name : json_only)
    json_operator_name = json_operator_name || op == name;
  if (json_operator_name && left.literal && right.literal && op != "@>" && op != "<@")
    t.fail_at(make_pg_error("42725", "operator is not unique: unknown " + op + " unknown", "",
                            "Could not choose a best candidate operator. You might need to add explicit type casts."),
              location);
  const bool left_json = is_json(left.type.oid) && !untyped(left);
  const bool right_json = is_json(right.type.oid) && !untyped(right);
  if (!left_json && !(right_json && (op == "@>" || op == "<@" || op == "||")))
    return std::nullopt;
  const oid_t family = left.type.oid;
  if (op == "@?" || op == "@@") {  // jsonb_path_exists / _match, errors as NULL
    if (family != pg_type_oid::jsonb || !untyped(right))
      throw not_translatable{"operator " + op + " on these types"};
    return typed_result("pg_jsonb_path('" + std::string(op == "@?" ? "e" : "m") + "', " + left.sql + ", " +
                            text_argument(t, std::move(right)).sql + ", '', 1)",
                        pg_type_oid::boolean);
  }
  if (op == "->" || op == "->>" || op == "#>" || op == "#>>") {
    const bool as_text = op.size() == 3;
    const oid_t result = as_text ? pg_type_oid::text : family;
    if (op[0] == '#') {
      typed_expression path = json_argument_as(t, std::move(right), text_array_oid);
      return typed_result("pg_json_path(" + left.sql + ", " + path.sql + ", " + (as_text ? "1" : "0") + ")", result);
    }
    std::string step;
    if (is_integer(right.type.oid) && !untyped(right))
      step = "CAST(" + right.sql + " AS INTEGER)";
    else
      step = text_argument(t, std::move(right)).sql;
    const int flags = (as_text ? 1 : 0) + (family == pg_type_oid::jsonb ? 2 : 0);
    return typed_result("pg_json_get(" + left.sql + ", " + step + ", " + std::to_string(flags) + ")", result);
  }
  const auto jsonb_operand = [&](typed_expression& e) {
    if (untyped(e))
      e = t.coerce(std::move(e), type_of(pg_type_oid::jsonb));
    if (e.type.oid != pg_type_oid::jsonb)
      throw not_translatable{"operator " + op + " on json"};
    return e.sql;
  };
  if (op == "@>" || op == "<@") {
    const std::string l = jsonb_operand(left);
    const std::string r = jsonb_operand(right);
    return typed_result(op == "@>" ? "pg_jsonb_contains(" + l + ", " + r + ")" : "pg_jsonb_contains(" + r + ", " + l + ")",
                        pg_type_oid::boolean);
  }
  if (op == "||") {
    if (!(untyped(left) || left.type.oid == pg_type_oid::jsonb) || !(untyped(right) || right.type.oid == pg_type_oid::jsonb))
      return std::nullopt;
    const std::string l = jsonb_operand(left);
    const std::string r = jsonb_operand(right);
    return typed_result("pg_jsonb_concat(" + l + ", " + r + ")", pg_type_oid::jsonb);
  }
  if (family != pg_type_oid::jsonb && op == "#-") {  // jsonb's only
    pg_error error = make_pg_error("42883", "operator does not exist: json #- " +
                                                (untyped(right) ? std::string("unknown") : expression_helpers::message_type_name(right.type)));
    error.hint = "No operator matches the given name and argument types. You might need to add explicit type casts.";
    t.fail_at(std::move(error), location);
  }
  if (family != pg_type_oid::jsonb)
    return std::nullopt;
  if (op == "?" || op == "?|" || op == "?&") {
    if (op == "?")
      return typed_result("pg_jsonb_exists(" + left.sql + ", " + text_argument(t, std::move(right)).sql + ", 0)",
                          pg_type_oid::boolean);
    typed_expression keys = json_argument_as(t, std::move(right), text_array_oid);
    return typed_result("pg_jsonb_exists(" + left.sql + ", " + keys.sql + ", " + (op == "?|" ? "1" : "2") + ")",
                        pg_type_oid::boolean);
  }
  if (op == "#-") {  // the key or element at a path removed
    typed_expression path = json_argument_as(t, std::move(right), text_array_oid);
    return typed_result("pg_jsonb_delete(" + left.sql + ", " + path.sql + ", 'p')", pg_type_oid::jsonb);
  }
  if (op == "-") {
    if (is_integer(right.type.oid) && !untyped(right))
      return typed_result("pg_jsonb_delete(" + left.sql + ", " + right.sql + ", 'i')", pg_type_oid::jsonb);
    if (right.type.oid == text_array_oid && !untyped(right))
      return typed_result("pg_jsonb_delete(" + left.sql + ", " + right.sql + ", 'a')", pg_type_oid::jsonb);
    return typed_result("pg_jsonb_delete(" + left.sql + ", " + text_argument(t, std::move(right)).sql + ", 'k')",
                        pg_type_oid::jsonb);
  }
  return std::nullopt;
}

std::optional<typed_expression> json_function(query_translator& t, const std::string& name,
                                              std::vector<typed_expression>& args, int) {
  if (name == "to_json" || name == "to_jsonb") {
    if (args.size() != 1)
      return std::nullopt;
    if (untyped(args[0]))
      throw not_translatable{name + " of an untyped value"};
    const std::string fragment = fragment_sql(t, std::move(args[0]));
    return name == "to_json" ? typed_result(fragment, pg_type_oid::json)
                             : typed_result("pg_jsonb_in(" + fragment + ")", pg_type_oid::jsonb);
  }
  if (name == "row_to_json" && !args.empty())
    expand_named_row(t, args[0]);  // a composite type's column: its fields (row_type_values.hpp)
  if (name == "row_to_json" && (args.size() == 1 || args.size() == 2) && args[0].row_values) {
    bool pretty = false;
    if (args.size() == 2) {  // row_to_json(record, pretty): a constant only
      typed_expression flag = json_argument_as(t, std::move(args[1]), pg_type_oid::boolean);
      if (flag.sql != "1" && flag.sql != "0")
        throw not_translatable{"row_to_json with a pretty flag that is not a constant"};
      pretty = flag.sql == "1";
    }
    return typed_result(row_object_sql(t, args[0], pretty), pg_type_oid::json);
  }
  if (name == "json_object" && (args.size() == 1 || args.size() == 2)) {  // of text[] texts
    std::string sql = "pg_json_object(";
    for (size_t i = 0; i < args.size(); ++i) {
      typed_expression array = json_argument_as(t, std::move(args[i]), text_array_oid);
      if (array.type.oid != text_array_oid)
        throw not_translatable{"json_object of this type"};
      sql += (i ? ", " : "") + array.sql;
    }
    return typed_result(sql + ")", pg_type_oid::json);
  }
  if (name == "array_to_json" && args.size() == 1 && !untyped(args[0])) {  // to_json of an array
    const type_descriptor* d = find_builtin_type(args[0].type.oid);
    if (d == nullptr || d->element == 0)
      throw not_translatable{"array_to_json of a value that is not an array"};
    return typed_result(fragment_sql(t, std::move(args[0])), pg_type_oid::json);
  }
  const oid_t family = json_family_of(name);
  const std::string jsonb_flag = family == pg_type_oid::jsonb ? "1" : "0";
  if (name == "json_build_object" || name == "jsonb_build_object") {
    std::string sql = "pg_json_build_object(" + jsonb_flag;
    for (size_t i = 0; i < args.size(); ++i)
      sql += ", " + (i % 2 == 0 ? key_sql(t, std::move(args[i])) : null_as_json(fragment_sql(t, std::move(args[i]))));
    return typed_result(sql + ")", family);
  }
  if (name == "json_build_array" || name == "jsonb_build_array") {
    std::string sql = "pg_json_build_array(" + jsonb_flag;
    for (auto& arg : args)
      sql += ", " + null_as_json(fragment_sql(t, std::move(arg)));
    return typed_result(sql + ")", family);
  }
  if (name == "json_typeof" || name == "jsonb_typeof") {
    if (args.size() != 1)
      return std::nullopt;
    return typed_result("pg_json_typeof(" + json_argument_as(t, std::move(args[0]), family).sql + ")", pg_type_oid::text);
  }
  if (name == "json_array_length" || name == "jsonb_array_length") {
    if (args.size() != 1)
      return std::nullopt;
    const std::string doc = json_argument_as(t, std::move(args[0]), family).sql;
    return typed_result("CASE WHEN " + doc + " IS NULL THEN NULL ELSE pg_json_count(" + doc + ", " + sql_quote(name) +
                            ") END",
                        pg_type_oid::int4);
  }
  if (name == "json_extract_path" || name == "jsonb_extract_path" || name == "json_extract_path_text" ||
      name == "jsonb_extract_path_text") {
    if (args.empty())
      return std::nullopt;
    const bool as_text = name.size() > 5 && name.compare(name.size() - 5, 5, "_text") == 0;
    const std::string doc = json_argument_as(t, std::move(args[0]), family).sql;
    // The steps as a text[] stored text: '{' || quoted steps || '}'.
    std::string path = "'{'";
    for (size_t i = 1; i < args.size(); ++i)
      path += std::string(i > 1 ? " || ','" : "") + " || '\"' || replace(replace(" +
              text_argument(t, std::move(args[i])).sql + ", '\\', '\\\\'), '\"', '\\\"') || '\"'";
    path += " || '}'";
    return typed_result("pg_json_path(" + doc + ", " + path + ", " + (as_text ? "1" : "0") + ")",
                        as_text ? pg_type_oid::text : family);
  }
  if (name == "jsonb_set") {
    if (args.size() != 3 && args.size() != 4)
      return std::nullopt;
    const std::string doc = json_argument_as(t, std::move(args[0]), pg_type_oid::jsonb).sql;
    const std::string path = json_argument_as(t, std::move(args[1]), text_array_oid).sql;
    const std::string value = json_argument_as(t, std::move(args[2]), pg_type_oid::jsonb).sql;
    const std::string create = args.size() == 4 ? json_argument_as(t, std::move(args[3]), pg_type_oid::boolean).sql : "1";
    return typed_result("pg_jsonb_set(" + doc + ", " + path + ", " + value + ", " + create + ")", pg_type_oid::jsonb);
  }
  if (name == "jsonb_insert") {
    if (args.size() != 3 && args.size() != 4)
      return std::nullopt;
    const std::string doc = json_argument_as(t, std::move(args[0]), pg_type_oid::jsonb).sql;
    const std::string path = json_argument_as(t, std::move(args[1]), text_array_oid).sql;
    const std::string value = json_argument_as(t, std::move(args[2]), pg_type_oid::jsonb).sql;
    const std::string after = args.size() == 4 ? json_argument_as(t, std::move(args[3]), pg_type_oid::boolean).sql : "0";
    return typed_result("pg_jsonb_insert(" + doc + ", " + path + ", " + value + ", " + after + ")",
                        pg_type_oid::jsonb);
  }
  if ((name == "json_strip_nulls" || name == "jsonb_strip_nulls") && args.size() == 1)
    return typed_result("pg_json_strip_nulls(" + json_argument_as(t, std::move(args[0]), family).sql + ", " + jsonb_flag + ")",
                        family);
  if (auto what = path_function_code(name); what && args.size() >= 2 && args.size() <= 4)
    return typed_result(jsonb_path_call(t, what, args),
                        *what == 'e' || *what == 'm' ? pg_type_oid::boolean : pg_type_oid::jsonb);
  if (name == "jsonb_pretty" && args.size() == 1)
    return typed_result("pg_jsonb_pretty(" + json_argument_as(t, std::move(args[0]), pg_type_oid::jsonb).sql + ")",
                        pg_type_oid::text);
  return std::nullopt;
}

std::optional<typed_expression> json_aggregate(query_translator& t, const std::string& name, const json& call,
                                               const scope& where, const std::string& filter) {
  const bool object = name == "json_object_agg" || name == "jsonb_object_agg";
  if (name != "json_agg" && name != "jsonb_agg" && !object)
    return std::nullopt;
  const bool ordered_distinct = pt::flag(call, "agg_distinct") && call.contains("agg_order");
  const bool distinct = pt::flag(call, "agg_distinct") && !ordered_distinct;
  const json& arguments = pt::list(call, "args");
  if (arguments.size() != (object ? 2u : 1u))
    return std::nullopt;
  const bool jsonb = name.rfind("jsonb", 0) == 0;
  std::string item;
  std::string separator = "', '";
  // DISTINCT: the arguments sorted (each in its type's order, NULLs last), equal ones once.
  std::string distinct_keys;
  const auto distinct_key = [&](const typed_expression& value, const json& node) {
    distinct_keys += aggregate_distinct_key(t, value, expression_helpers::start_location(node), name);
  };
  if (object) {
    typed_expression key_value = t.expression(arguments[0], where);
    typed_expression value = t.expression(arguments[1], where);
    if (distinct) {
      distinct_key(key_value, arguments[0]);
      distinct_key(value, arguments[1]);
    }
    const std::string key = key_sql(t, std::move(key_value));
    // A NULL key: PostgreSQL's error (json_object_agg: "field name must not be null").
    item = "CASE WHEN " + key + " IS NULL THEN pg_raise('22023', 'field name must not be null') ELSE pg_json_fragment(" +
           key + ", 's') || " + (jsonb ? "': '" : "' : '") + " || " + null_as_json(fragment_sql(t, std::move(value))) +
           " END";
  } else {
    typed_expression value = t.expression(arguments[0], where);
    if (distinct)
      distinct_key(value, arguments[0]);
    // json_agg writes a line break before each array or record after the first (not
    // before a NULL one).
    const type_descriptor* d = untyped(value) ? nullptr : find_builtin_type(value.type.oid);
    if (!jsonb && (value.row_values || value.row_array_type_oid != 0 || (d != nullptr && d->element != 0)))
      separator = "CASE WHEN " + value.sql + " IS NULL THEN ', ' ELSE ', ' || char(10) || ' ' END";
    item = null_as_json(fragment_sql(t, std::move(value)));
  }
  std::string sql = "pg_string_agg(" + item + ", " + separator + distinct_keys;
  if (ordered_distinct)
    sql += distinct_ordered_keys(t, call, where);
  if (!ordered_distinct)
    sql += aggregate_order_keys(t, call, where, name);
  sql += ")" + filter;
  const std::string open = object ? (jsonb ? "'{'" : "'{ '") : "'['";
  const std::string close = object ? (jsonb ? "'}'" : "' }'") : "']'";
  std::string whole = "(" + open + " || " + sql + " || " + close + ")";
  if (jsonb)
    whole = "pg_jsonb_in(" + whole + ")";
  return typed_result(whole, jsonb ? pg_type_oid::jsonb : pg_type_oid::json);
}

bool is_json_set_returning_name(const std::string& name) {
  return name == "jsonb_path_query" || name == "json_array_elements" || name == "jsonb_array_elements" || name == "json_array_elements_text" ||
         name == "jsonb_array_elements_text" || name == "json_object_keys" || name == "jsonb_object_keys";
}

std::optional<typed_expression> json_set_returning(query_translator& t, const std::string& name,
                                                   std::vector<typed_expression>& args, set_returning_level& level) {
  if (!is_json_set_returning_name(name))
    return std::nullopt;
  if (name == "jsonb_path_query") {  // the elements of jsonb_path_query_array's array
    if (args.size() < 2 || args.size() > 4)
      throw not_translatable{name + " with these arguments"};
    const std::string items = jsonb_path_call(t, 'a', args);
    level.lengths.push_back("pg_json_count(" + items + ", 'jsonb_array_elements')");
    return typed_result("pg_json_item(" + items + ", " + level.ordinal + ", 0)", pg_type_oid::jsonb);
  }
  if (args.size() != 1)
    throw not_translatable{name + " with these arguments"};
  const oid_t family = json_family_of(name);
  const std::string doc = json_argument_as(t, std::move(args[0]), family).sql;
  level.lengths.push_back("pg_json_count(" + doc + ", " + sql_quote(name) + ")");
  if (name.find("_object_keys") != std::string::npos)
    return typed_result("pg_json_key(" + doc + ", " + level.ordinal + ")", pg_type_oid::text);
  const bool as_text = name.size() > 5 && name.compare(name.size() - 5, 5, "_text") == 0;
  return typed_result("pg_json_item(" + doc + ", " + level.ordinal + ", " + (as_text ? "1" : "0") + ")",
                      as_text ? pg_type_oid::text : family);
}

}  // namespace tributary::translator
