// json_from_items: PostgreSQL's JSON functions as FROM items, computed by the SQLite
// functions of storage/sql_functions_json.cpp (pg_ordinals rows over a document).
//
//   FROM json[b]_to_record[set](doc) AS r(a int, b text): the listed columns, read as
//   populate_record reads a table's (built-in scalar types)
//   FROM json[b]_populate_record[set](NULL::table, doc): the table's columns read from
//   the object's members by their types' input (records: pg_ordinals(1); sets: one
//   row per array element); an enum column by its labels (22P02 for another text);
//   array columns as JSON arrays or array texts, domain columns tested by the domain
//   FROM json[b]_each[_text] (key, value), json[b]_array_elements[_text] (value),
//        json[b]_object_keys (one column, named by the alias), jsonb_path_query (the
//        elements of _query_array's array): pg_ordinals over the value's members,
//        each row's columns read by member number
#include "stages/core/sql_quote.hpp"
#include "stages/sql/domain_checks.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/json_function_parts.hpp"
#include "stages/sql/translator/missing_type.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/user/enum_type.hpp"
#include "stages/types/value_io.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

bool is_json(oid_t oid) { return oid == pg_type_oid::json || oid == pg_type_oid::jsonb; }

column_type type_of(oid_t oid) { return builtin_column_type(oid); }

// The FROM item `item` of function `name` into `where`, its columns renamed by the
// alias's column list (42601 too many column aliases specified for function f).
void add_from_item(query_translator& t, scope_item item, const std::vector<std::string>& column_aliases,
                   const std::string& name, scope& where) {
  if (column_aliases.size() > item.columns.size())
    t.fail_at(make_pg_error("42601", "too many column aliases specified for function " + name), -1);
  for (size_t i = 0; i < column_aliases.size(); ++i)
    item.columns[i].name = column_aliases[i];
  t.refuse_taken_name(where, item.name);
  where.items.push_back(std::move(item));
}

}  // namespace

namespace {

// An enum's input of a text, as SQL: each label's stored form, NULL for NULL, 22P02
// invalid input value for enum mood: "x" for anything else.
std::string enum_input_sql(query_translator& t, const std::string& text, const column_type& type) {
  std::string sql = "CASE WHEN " + text + " IS NULL THEN NULL";
  for (const enum_label& label : type.enum_labels->labels) {
    auto stored = parse_text_value(type, label.label, t.input().settings);
    if (!stored)
      throw not_translatable{"an enum label its input refuses"};
    sql += " WHEN " + text + " = " + sql_quote(label.label) + " THEN " + sql_literal(*stored);
  }
  return sql + " ELSE pg_raise('22P02', " + sql_quote("invalid input value for enum " + type.enum_labels->name + ": \"") +
         " || " + text + " || '\"') END";
}

// The FROM item of a record read from a JSON object (or one per element of an array of
// objects: `set`): `columns`, each the object's member of its name read by the column
// type's input (->>'s text; json and jsonb columns take the member itself).
std::string record_from_json(query_translator& t, const std::string& name, const std::string& doc, oid_t family,
                             bool set, const std::vector<column_definition>& columns, const std::string& alias,
                             const std::vector<std::string>& column_aliases, scope& where) {
  const std::string item_name = alias.empty() ? name : alias;
  const std::string ordinal = quote_identifier(item_name) + ".n";
  const std::string object = set ? "pg_json_item(" + doc + ", " + ordinal + ", 0)" : doc;
  const std::string jsonb_flag = family == pg_type_oid::jsonb ? "2" : "0";
  scope_item item;
  item.name = item_name;
  for (const column_definition& c : columns) {
    if (c.type.is_enum() && c.dimensions == 0 && c.domain.empty() && !c.type.is_enum_array()) {
      const std::string text = "pg_json_get(" + object + ", " + sql_quote(c.name) + ", " +
                               (family == pg_type_oid::jsonb ? "3" : "1") + ")";
      scope_column column{c.name, "", c.type};
      column.expression = enum_input_sql(t, text, c.type);
      item.columns.push_back(std::move(column));
      continue;
    }
    if (c.type.is_enum() || !c.type.known() || c.type.domain_array)
      throw not_translatable{name + " of a record with such column types"};
    const type_descriptor* d = find_builtin_type(c.type.oid);
    if (d == nullptr || c.type.oid == 2249)
      throw not_translatable{name + " of a record with a record column"};
    const std::string key = sql_quote(c.name);
    std::string sql;
    if (d->element != 0 || c.dimensions > 0) {
      // An array column: a JSON array's elements (or a string's array text) read by the
      // array type's input (stages/sql/json/json_array_text.hpp).
      const column_type array_type = d->element != 0 ? c.type : type_of(d->array);
      const std::string member = "pg_json_get(" + object + ", " + key + ", " + jsonb_flag + ")";
      scope_column column{c.name, "", array_type};
      column.expression = cast_sql("pg_json_array_text(" + member + ", " + key + ")", type_of(pg_type_oid::text),
                                   array_type);
      item.columns.push_back(std::move(column));
      continue;
    }
    if (is_json(c.type.oid)) {
      sql = "pg_json_get(" + object + ", " + key + ", " + jsonb_flag + ")";
      if (c.type.oid != family)
        sql = c.type.oid == pg_type_oid::jsonb ? "pg_jsonb_in(" + sql + ")" : sql;
    } else {
      const std::string text = "pg_json_get(" + object + ", " + key + ", " + (family == pg_type_oid::jsonb ? "3" : "1") + ")";
      if (c.type.oid == pg_type_oid::varchar || c.type.oid == pg_type_oid::bpchar)  // a length is checked, not cut
        sql = t.assign(typed_result(text, pg_type_oid::text), c).sql;
      else
        sql = cast_sql(text, type_of(pg_type_oid::text), c.type);
    }
    if (!c.domain.empty()) {  // a domain column: its NOT NULL and CHECKs test the value
      const size_t dot = c.domain.find('.');
      const user_type* domain =
          !t.input().find_user_type ? nullptr
          : dot == std::string::npos ? t.input().find_user_type("", c.domain)
                                     : t.input().find_user_type(c.domain.substr(0, dot), c.domain.substr(dot + 1));
      if (domain == nullptr || domain->kind != 'd')
        throw not_translatable{name + " of a record with a column of this domain"};
      auto tested = domain_tested_value(sql, *domain, t.input().settings);
      if (!tested)
        t.fail_at(tested.error(), -1);
      sql = std::move(*tested);
    }
    scope_column column{c.name, "", c.type};
    column.expression = std::move(sql);
    item.columns.push_back(std::move(column));
  }
  add_from_item(t, std::move(item), column_aliases, name, where);
  const std::string rows =
      set ? "pg_json_count(" + doc + ", " + sql_quote(family == pg_type_oid::jsonb ? "jsonb_array_elements" : "json_array_elements") + ")"
          : "1";
  return "pg_ordinals(" + rows + ") AS " + quote_identifier(item_name);
}

// FROM json[b]_populate_record[set](NULL::table, doc): the table's columns.
std::string populate_record(query_translator& t, const json& call, const std::string& name, const std::string& alias,
                            const std::vector<std::string>& column_aliases, scope& where) {
  const json& arguments = pt::list(call, "args");
  if (arguments.size() != 2 || pt::node_type(arguments[0]) != "TypeCast")
    throw not_translatable{name + " form"};
  const json& base = pt::fields(arguments[0]);
  const auto constant = pt::constant_value(base.value("arg", json()));
  const std::vector<std::string> type = pt::strings(pt::list(base.value("typeName", json::object()), "names"));
  if (!constant || !constant->is_null || type.empty() || type.size() > 2 ||
      pt::list(base.value("typeName", json::object()), "arrayBounds").size() > 0 || !t.input().lookup)
    throw not_translatable{name + " of a base other than NULL::table"};
  const std::vector<column_definition>* columns =
      t.input().lookup(type.size() == 2 && type[0] != "public" ? type[0] + "." + type[1] : type.back());
  if (columns == nullptr)
    throw not_translatable{name + " of a type that is not a table's"};
  const oid_t family = json_family_of(name);
  const std::string doc = json_argument_as(t, t.expression(arguments[1], where), family).sql;
  return record_from_json(t, name, doc, family, name.back() == 't', *columns, alias, column_aliases, where);
}

}  // namespace

std::optional<std::string> json_to_record_from_item(query_translator& t, const json& call, const json& column_list,
                                                    const std::string& alias, scope& where) {
  const std::vector<std::string> names = pt::strings(pt::list(call, "funcname"));
  const std::string name = names.empty() ? "" : names.back();
  if ((names.size() == 2 && names[0] != "pg_catalog") ||
      (name != "json_to_record" && name != "jsonb_to_record" && name != "json_to_recordset" &&
       name != "jsonb_to_recordset"))
    return std::nullopt;
  const json& arguments = pt::list(call, "args");
  if (arguments.size() != 1 || call.contains("agg_order") || pt::flag(call, "func_variadic"))
    throw not_translatable{name + " form"};
  std::vector<column_definition> columns;
  for (const json& node : column_list) {
    const json& definition = pt::fields(node);
    json type_name = definition.value("typeName", json::object());
    if (pt::node_type(type_name) == "TypeName")
      type_name = pt::fields(type_name);
    const type_name_parts parts = pt::type_name(type_name, t.input().source);
    auto type = resolve_type_name(parts);
    if (!type)
      t.fail_at(type.error(), static_cast<int>(pt::integer(type_name, "location")));
    column_definition c;
    c.name = pt::text(definition, "colname");
    c.type = *type;
    if (!c.type.known() && t.input().find_user_type && parts.array_dimensions == 0 && parts.typmod_args.empty() &&
        !parts.names.empty() && parts.names.size() <= 2) {  // a user's enum or domain
      const user_type* user = t.input().find_user_type(parts.names.size() == 2 ? parts.names[0] : "", parts.names.back());
      if (user != nullptr && user->kind == 'e') {
        c.type = user->enum_column_type();
      } else if (user != nullptr && user->kind == 'd' && user->base.known()) {  // a domain: its base, tested
        c.type = user->base;
        c.domain = parts.names.size() == 2 ? parts.names[0] + "." + parts.names[1] : parts.names[0];
      }
    }
    if (!c.type.known())
      if (auto missing = missing_type_error(t.input(), parts))
        t.fail_at(*missing, static_cast<int>(pt::integer(type_name, "location")));
    columns.push_back(std::move(c));
  }
  const oid_t family = json_family_of(name);
  const std::string doc = json_argument_as(t, t.expression(arguments[0], where), family).sql;
  return record_from_json(t, name, doc, family, name.back() == 't', columns, alias, {}, where);
}

std::optional<std::string> json_from_function(query_translator& t, const json& call, const std::string& alias,
                                              const std::vector<std::string>& column_aliases, scope& where) {
  const std::vector<std::string> names = pt::strings(pt::list(call, "funcname"));
  if (names.empty() || names.size() > 2 || (names.size() == 2 && names[0] != "pg_catalog"))
    return std::nullopt;
  const std::string& name = names.back();
  static const char* const functions[] = {"json_each", "jsonb_each", "json_each_text", "jsonb_each_text",
                                          "json_array_elements", "jsonb_array_elements", "json_array_elements_text",
                                          "jsonb_array_elements_text", "json_object_keys", "jsonb_object_keys"};
  if (name == "json_populate_record" || name == "jsonb_populate_record" || name == "json_populate_recordset" ||
      name == "jsonb_populate_recordset")
    return populate_record(t, call, name, alias, column_aliases, where);
  bool known = name == "jsonb_path_query";
  for (const char* f : functions)
    known = known || name == f;
  if (!known)
    return std::nullopt;
  const json& arguments = pt::list(call, "args");
  const bool path_query = name == "jsonb_path_query";
  if ((path_query ? arguments.size() < 2 || arguments.size() > 4 : arguments.size() != 1) ||
      call.contains("agg_order") || pt::flag(call, "func_variadic"))
    throw not_translatable{"function in FROM"};
  const oid_t family = json_family_of(name);
  std::string doc;
  if (path_query) {  // the elements of jsonb_path_query_array's array, one column named as the function
    std::vector<typed_expression> args;
    for (const json& argument : arguments)
      args.push_back(t.expression(argument, where));
    doc = jsonb_path_call(t, 'a', args);
  } else {
    doc = json_argument_as(t, t.expression(arguments[0], where), family).sql;
  }
  const std::string item_name = alias.empty() ? name : alias;
  const std::string ordinal = quote_identifier(item_name) + ".n";
  const bool as_text = name.size() > 5 && name.compare(name.size() - 5, 5, "_text") == 0;
  const oid_t value_type = as_text ? pg_type_oid::text : family;
  scope_item item;
  item.name = item_name;
  const auto add = [&](std::string column, std::string sql, oid_t type) {
    scope_column c{std::move(column), "", type_of(type)};
    c.expression = std::move(sql);
    item.columns.push_back(std::move(c));
  };
  const std::string value = "pg_json_item(" + doc + ", " + ordinal + ", " + (as_text ? "1" : "0") + ")";
  if (name.find("_each") != std::string::npos) {
    add("key", "pg_json_key(" + doc + ", " + ordinal + ")", pg_type_oid::text);
    add("value", value, value_type);
  } else if (name.find("_array_elements") != std::string::npos) {
    add("value", value, value_type);
    item.scalar_value = true;
  } else if (path_query) {
    add(alias.empty() ? name : alias, value, pg_type_oid::jsonb);
    item.scalar_value = true;
  } else {
    add(alias.empty() ? name : alias, "pg_json_key(" + doc + ", " + ordinal + ")", pg_type_oid::text);
    item.scalar_value = true;
  }
  add_from_item(t, std::move(item), column_aliases, name, where);
  return "pg_ordinals(pg_json_count(" + doc + ", " + sql_quote(path_query ? "jsonb_array_elements" : name) + ")) AS " +
         quote_identifier(item_name);
}

}  // namespace tributary::translator
