// catalog_functions: the functions and casts PostgreSQL's tools use on the
// system catalogs, typed as PostgreSQL types them; the session connection
// computes them (cli/catalog/catalog_functions.cpp registers the SQLite
// functions of the same names).
//
//   format_type(oid, int4)                         text
//   pg_get_userbyid(oid)                           name
//   pg_table_is_visible(oid)                       bool
//   pg_my_temp_schema()                            oid
//   pg_is_other_temp_schema(oid)                   bool
//   pg_get_indexdef(oid [, int4, bool])            text
//   pg_get_constraintdef(oid [, bool])             text
//   pg_get_expr(pg_node_tree, oid [, bool])        text
//   pg_get_statisticsobjdef_columns(oid)           text   (no statistics objects)
//   acldefault("char", oid)                        aclitem[]  an object kind's default privileges
//   pg_tablespace_location(oid)                    text   '' (the built-in tablespaces)
//   pg_get_triggerdef(oid [, bool])                text
//   pg_get_function_result / _arguments / _identity_arguments / _sqlbody(oid), pg_get_functiondef(oid)  text
//   pg_get_viewdef(oid [, bool])                   text   the view's SELECT
//   pg_type_is_visible(oid), pg_function_is_visible(oid), pg_opclass/opfamily_is_visible(oid),
//   pg_operator/conversion/ts_parser/ts_config/ts_dict/ts_template/statistics_obj_is_visible(oid)  bool
//   pg_describe_object(classid, objid, objsubid)   text   "table t", "function f(integer)", ...
//   pg_is_wal_replay_paused()                      bool   55000: never in recovery
//   obj_description(oid [, name]), col_description(oid, int4),
//   shobj_description(oid, name)                   text
//   pg_encoding_to_char(int4)                      name
//   pg_char_to_encoding(name)                      int4
//   getdatabaseencoding()                          name   UTF8
//   pg_collation_is_visible(oid)                   bool
//   has_{table,database,schema,column,sequence}_privilege(...)   bool
//   pg_size_pretty(int8)                           text
//   pg_relation_size, pg_table_size, pg_indexes_size,
//   pg_total_relation_size(regclass)               int8
//   pg_database_size(name)                         int8
//   quote_ident(text)                              text
//   array_to_string(array, text [, text])          text
//   pg_is_in_recovery()                            bool   false: never a standby
//   pg_typeof(any)                                 regtype  the argument's type (unknown for a literal)
//   pg_relation_is_publishable(regclass)           bool   true for tables
//   array_upper(array, 1)                          int4   of a one-dimensional array
//   current_schemas(bool)                          name[] the search path's existing schemas
//   array_position(array, x)                       int4   first position of x (integer and text elements)
//   quote_literal(text)                            text   'it''s', E'a\\b'
//   quote_nullable(text)                           text   the same, NULL for NULL
//
//   'name'::regclass         the relation's OID (42P01 when there is none)
//   x::regclass, x::oid      of an OID-valued x: the same number
//   (x::regclass)::text      the relation's name
//   'int4'::regtype          a built-in type's OID by its pg_type name
//   (x::regtype)::text       format_type(x, NULL)
//   (x::regnamespace)::text  the schema's name
//   'name'::regnamespace     the schema's OID (3F000 when there is none)
#include <cctype>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/row_type_oid.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/user/user_types.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

constexpr oid_t regproc_oid = 24;
constexpr oid_t regclass_oid = 2205;
constexpr oid_t regtype_oid = 2206;
constexpr oid_t regnamespace_oid = 4089;
constexpr oid_t pg_node_tree_oid = 194;
constexpr oid_t any_type = 0;  // an argument passed as it is
constexpr oid_t name_array_oid = 1003;

struct signature {
  const char* name;
  std::vector<oid_t> arguments;
  oid_t result;
};

const std::vector<signature>& signatures() {
  using namespace pg_type_oid;
  static const std::vector<signature> all = {
      {"format_type", {oid, int4}, text},
      {"pg_get_userbyid", {oid}, name},
      {"pg_table_is_visible", {oid}, boolean},
      {"pg_my_temp_schema", {}, oid},
      {"pg_is_other_temp_schema", {oid}, boolean},
      {"pg_get_indexdef", {oid}, text},
      {"pg_get_indexdef", {oid, int4, boolean}, text},
      {"pg_get_constraintdef", {oid}, text},
      {"pg_get_constraintdef", {oid, boolean}, text},
      {"pg_get_expr", {pg_node_tree_oid, oid}, text},
      {"pg_get_statisticsobjdef_columns", {oid}, text},
      {"pg_relation_is_publishable", {regclass_oid}, boolean},
      {"array_upper", {any_type, int4}, int4},
      {"pg_get_expr", {pg_node_tree_oid, oid, boolean}, text},
      {"obj_description", {oid}, text},
      {"obj_description", {oid, name}, text},
      {"col_description", {oid, int4}, text},
      {"shobj_description", {oid, name}, text},
      {"pg_encoding_to_char", {int4}, name},
      {"pg_char_to_encoding", {name}, int4},
      {"getdatabaseencoding", {}, name},
      {"pg_collation_is_visible", {oid}, boolean},
      {"has_table_privilege", {any_type, any_type}, boolean},
      {"has_table_privilege", {any_type, any_type, any_type}, boolean},
      {"has_database_privilege", {any_type, any_type}, boolean},
      {"has_database_privilege", {any_type, any_type, any_type}, boolean},
      {"has_schema_privilege", {any_type, any_type}, boolean},
      {"has_schema_privilege", {any_type, any_type, any_type}, boolean},
      {"has_column_privilege", {any_type, any_type, any_type}, boolean},
      {"has_column_privilege", {any_type, any_type, any_type, any_type}, boolean},
      {"has_sequence_privilege", {any_type, any_type}, boolean},
      {"has_sequence_privilege", {any_type, any_type, any_type}, boolean},
      {"pg_size_pretty", {int8}, text},
      {"pg_relation_size", {regclass_oid}, int8},
      {"pg_table_size", {regclass_oid}, int8},
      {"pg_indexes_size", {regclass_oid}, int8},
      {"pg_total_relation_size", {regclass_oid}, int8},
      {"pg_database_size", {name}, int8},
      {"quote_ident", {text}, text},
      {"array_to_string", {any_type, text}, text},
      {"array_to_string", {any_type, text, text}, text},
      {"acldefault", {any_type, oid}, 1034},
      {"pg_tablespace_location", {oid}, text},
      {"pg_get_triggerdef", {oid}, text},
      {"pg_get_triggerdef", {oid, boolean}, text},
      {"pg_get_function_result", {oid}, text},
      {"pg_get_function_arguments", {oid}, text},
      {"pg_get_function_identity_arguments", {oid}, text},
      {"pg_get_function_sqlbody", {oid}, text},
      {"pg_get_functiondef", {oid}, text},
      {"pg_get_viewdef", {oid}, text},
      {"pg_get_viewdef", {oid, boolean}, text},
      {"pg_type_is_visible", {oid}, boolean},
      {"pg_function_is_visible", {oid}, boolean},
      {"pg_opclass_is_visible", {oid}, boolean},
      {"pg_opfamily_is_visible", {oid}, boolean},
      {"pg_operator_is_visible", {oid}, boolean},
      {"pg_conversion_is_visible", {oid}, boolean},
      {"pg_ts_parser_is_visible", {oid}, boolean},
      {"pg_ts_config_is_visible", {oid}, boolean},
      {"pg_ts_dict_is_visible", {oid}, boolean},
      {"pg_ts_template_is_visible", {oid}, boolean},
      {"pg_statistics_obj_is_visible", {oid}, boolean},
      {"pg_describe_object", {oid, oid, int4}, text},
      {"pg_is_wal_replay_paused", {}, boolean},
  };
  return all;
}

bool untyped(const typed_expression& e) { return e.literal.has_value() || e.parameter != 0 || e.is_null_constant; }

bool oid_like(oid_t type) {
  return is_object_identifier_type(type) || type == pg_type_oid::int2 || type == pg_type_oid::int4 ||
         type == pg_type_oid::int8;
}

// An argument as the function's parameter type takes it.
std::string argument_sql(query_translator& t, typed_expression value, oid_t type) {
  if (type == any_type) {
    if (untyped(value))
      value = t.coerce(std::move(value), builtin_column_type(pg_type_oid::text));
    return value.sql;
  }
  if (type == regclass_oid && value.literal)
    return t.regclass_input_sql(value);
  if (type == pg_node_tree_oid)
    return untyped(value) ? t.coerce(std::move(value), builtin_column_type(pg_type_oid::text)).sql : value.sql;
  if (untyped(value))
    return t.coerce(std::move(value), builtin_column_type(type)).sql;
  if ((type == pg_type_oid::oid || type == regclass_oid || is_number_type(type)) && oid_like(value.type.oid))
    return value.sql;
  if (is_text_like(type) && is_text_like(value.type.oid))
    return value.sql;
  if (type == value.type.oid)
    return value.sql;
  throw not_translatable{"argument of type " + std::to_string(value.type.oid)};
}

// The last name of a TypeName ("pg_catalog.regclass" -> "regclass").
std::string last_name(const type_name_parts& parts) { return parts.names.empty() ? "" : parts.names.back(); }

// The cast's argument is itself a cast to `type_name` (x::regclass::text).
bool argument_is_cast_to(const json& cast, const std::string& type_name) {
  const json& arg = cast.value("arg", json());
  if (pt::node_type(arg) != "TypeCast")
    return false;
  json inner = pt::fields(arg).value("typeName", json::object());
  if (pt::node_type(inner) == "TypeName")
    inner = pt::fields(inner);
  return last_name(pt::type_name(inner)) == type_name;
}

typed_expression typed_as(std::string sql, oid_t type) {
  typed_expression e = typed_result(std::move(sql), type);
  return e;
}

// pg_typeof's type of a value of a domain (a column declared with one, an element
// of an array of a domain over an array: typed_expression::domain names it): the
// domain, as PostgreSQL's; of an array of a domain (price[], il[]) its array type;
// else the value's type.
oid_t typeof_domain(query_translator& t, const typed_expression& value) {
  const column_type& type = value.type;
  if (type.domain_array && (value.domain.empty() || type.domain_array->domain_name == value.domain))
    return type.client_oid();
  if (value.domain.empty() || !t.input().find_user_type)
    return type.oid;
  const size_t dot = value.domain.find('.');
  const user_type* domain = dot == std::string::npos
                                ? t.input().find_user_type("", value.domain)
                                : t.input().find_user_type(value.domain.substr(0, dot), value.domain.substr(dot + 1));
  return domain != nullptr && domain->kind == 'd' ? domain->oid : type.oid;
}

}  // namespace

std::optional<typed_expression> catalog_function(query_translator& t, const std::string& name,
                                                 std::vector<typed_expression>& args, int) {
  if (name == "pg_is_in_recovery" && args.empty())
    return typed_result("0", pg_type_oid::boolean);
  if (name == "pg_typeof" && args.size() == 1) {
    // The argument's type as PostgreSQL's parser typed it (an untyped literal or NULL:
    // unknown); the argument is still evaluated (its errors are PostgreSQL's too).
    const typed_expression& value = args[0];
    if (value.parameter != 0)
      throw not_translatable{"pg_typeof of a parameter"};
    const std::string oid = std::to_string(value.literal || value.is_null_constant ? pg_type_oid::unknown
                                           : value.row_type_oid != 0            ? value.row_type_oid
                                                                                : typeof_domain(t, value));
    return typed_result("CASE WHEN " + value.sql + " IS NULL THEN " + oid + " ELSE " + oid + " END", regtype_oid);
  }
  if (name == "current_schemas" && args.size() == 1) {
    // The schemas of the session's search_path that exist, pg_catalog first
    // when the implicit ones are asked for (the path as the statement is translated).
    const session_information* session = t.input().session;
    if (session == nullptr || !session->setting)
      throw not_translatable{"current_schemas outside a session"};
    const std::string path = session->setting("search_path").value_or("\"$user\", public");
    const std::string implicit = t.coerce(std::move(args[0]), builtin_column_type(pg_type_oid::boolean)).sql;
    return typed_result("pg_catalog_current_schemas(" + implicit + ", " + sql_quote(path) + ", " +
                            sql_quote(session->user) + ")",
                        name_array_oid);
  }
  if (name == "array_position" && args.size() == 2) {
    // The first position of an element equal to the value (integer and text elements).
    const type_descriptor* array = untyped(args[0]) ? nullptr : find_builtin_type(args[0].type.oid);
    const type_descriptor* element = array != nullptr && array->element != 0 ? find_builtin_type(array->element)
                                                                             : nullptr;
    if (element == nullptr || (element->storage != storage_class::integer && !is_text_like(element->oid)) ||
        element->oid == pg_type_oid::boolean)
      throw not_translatable{"array_position of this array type"};
    typed_expression value = args[1];
    if (untyped(value) || (is_text_like(element->oid) && is_text_like(value.type.oid)) ||
        (element->storage == storage_class::integer && oid_like(value.type.oid)))
      value = untyped(value) ? t.coerce(std::move(value), builtin_column_type(element->oid)) : value;
    else
      throw not_translatable{"array_position of a value of another type"};
    return typed_result("pg_array_position(" + args[0].sql + ", " + value.sql + ")", pg_type_oid::int4);
  }
  if ((name == "quote_literal" || name == "quote_nullable") && args.size() == 1) {
    // 'it''s'; with a backslash E'a\\b' (SQLite's quote() doubles the quotes);
    // quote_nullable gives the word NULL for NULL.
    const std::string x = text_argument(t, std::move(args[0])).sql;
    return typed_result("CASE WHEN " + x + " IS NULL THEN " + (name == "quote_nullable" ? "'NULL'" : "NULL") + " WHEN instr(" + x + ", '\\') > 0 THEN 'E' || quote(replace(" +
                            x + ", '\\', '\\\\')) ELSE quote(" + x + ") END",
                        pg_type_oid::text);
  }
  for (const signature& s : signatures()) {
    if (name != s.name || s.arguments.size() != args.size())
      continue;
    std::string sql = name + "(";
    for (size_t i = 0; i < args.size(); ++i)
      sql += (i ? ", " : "") + argument_sql(t, args[i], s.arguments[i]);
    return typed_result(sql + ")", s.result);
  }
  return std::nullopt;
}

std::string position_argument(const query_translator& t, const typed_expression& literal) {
  const int position = t.query_position(literal.location);
  return position > 0 ? ", " + std::to_string(position) : std::string();
}

std::optional<typed_expression> catalog_cast(query_translator& t, const type_name_parts& target, const json& cast,
                                             const scope& where) {
  const std::string type = last_name(target);
  if (target.array_dimensions != 0 || (target.names.size() == 2 && target.names[0] != "pg_catalog"))
    return std::nullopt;
  if (type == "text" || type == "name" || type == "varchar") {
    const oid_t result = type == "name" ? pg_type_oid::name : pg_type_oid::text;
    if (argument_is_cast_to(cast, "regclass")) {
      typed_expression arg = t.expression(cast.value("arg", json()), where);
      return typed_as("pg_catalog_regclass_out(" + arg.sql + ")", result);
    }
    if (argument_is_cast_to(cast, "regnamespace")) {
      typed_expression arg = t.expression(cast.value("arg", json()), where);
      return typed_as("pg_catalog_regnamespace_out(" + arg.sql + ")", result);
    }
    if (argument_is_cast_to(cast, "regtype")) {
      typed_expression arg = t.expression(cast.value("arg", json()), where);
      return typed_as("format_type(" + arg.sql + ", NULL)", result);
    }
    return std::nullopt;
  }
  if (type == "regprocedure" || type == "regoper" || type == "regoperator")
    return routine_name_cast(t, type, cast, where);
  if (type != "regclass" && type != "regtype" && type != "oid" && type != "regproc" && type != "regnamespace" &&
      type != "regrole")
    return std::nullopt;
  const oid_t result = type == "regclass" ? regclass_oid
                       : type == "regtype" ? regtype_oid
                       : type == "regproc" ? regproc_oid
                       : type == "regnamespace" ? regnamespace_oid
                                           : pg_type_oid::oid;
  typed_expression arg = t.expression(cast.value("arg", json()), where);
  if (arg.is_null_constant)
    return typed_as("NULL", result);
  if (arg.literal) {
    const std::string& text = *arg.literal;
    if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos)
      return typed_as(text, result);
    if (type == "regclass")
      return typed_as(t.regclass_input_sql(arg), result);
    if (type == "regnamespace")
      return typed_as("pg_catalog_regnamespace_in(" + arg.sql + position_argument(t, arg) + ")", result);
    if (type == "regtype")
      return typed_as(std::to_string(t.regtype_input(text, arg.location)), result);
    if (type == "regproc")
      return typed_as("pg_catalog_regproc_in(" + arg.sql + position_argument(t, arg) + ")", result);
    throw not_translatable{"cast of a name to " + type};
  }
  if (arg.parameter != 0 || !oid_like(arg.type.oid)) {
    if (type == "regclass" && !untyped(arg) && is_text_like(arg.type.oid))
      return typed_as("pg_catalog_regclass_in(" + arg.sql + ")", result);
    throw not_translatable{"cast to " + type};
  }
  return typed_as(arg.sql, result);
}

oid_t query_translator::regtype_input(const std::string& text, int location) const {
  // PostgreSQL's regtypein: a type's name as format_type prints it or as pg_type
  // names it, optionally qualified and with [] suffixes.
  std::string name = text;
  const auto trim = [](std::string& s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
      s.pop_back();
    size_t first = 0;
    while (first < s.size() && std::isspace(static_cast<unsigned char>(s[first])))
      ++first;
    s.erase(0, first);
  };
  trim(name);
  int dimensions = 0;
  while (name.size() > 2 && name.ends_with("[]")) {
    name.resize(name.size() - 2);
    trim(name);
    ++dimensions;
  }
  std::string schema;
  if (const size_t dot = name.find('.'); dot != std::string::npos) {
    schema = name.substr(0, dot);
    name = name.substr(dot + 1);
  }
  for (char& c : name)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  oid_t found = 0;
  if (schema.empty() || schema == "pg_catalog") {
    // The SQL standard's spellings (format_type's output) first.
    static const std::pair<const char*, const char*> spellings[] = {
        {"integer", "int4"}, {"int", "int4"}, {"smallint", "int2"}, {"bigint", "int8"},
        {"real", "float4"}, {"double precision", "float8"}, {"float", "float8"},
        {"boolean", "bool"}, {"character varying", "varchar"}, {"character", "bpchar"},
        {"char", "bpchar"}, {"decimal", "numeric"}, {"dec", "numeric"}, {"bit varying", "varbit"},
        {"timestamp without time zone", "timestamp"}, {"timestamp with time zone", "timestamptz"},
        {"time without time zone", "time"}, {"time with time zone", "timetz"}};
    std::string typname = name;
    for (const auto& [spelled, pg_name] : spellings)
      if (name == spelled)
        typname = pg_name;
    if (const type_descriptor* d = find_builtin_type(std::string_view(typname)))
      found = d->oid;
  }
  if (found != 0 && dimensions > 0) {
    const type_descriptor* d = find_builtin_type(found);
    found = d != nullptr ? d->array : 0;
  } else if (found == 0 && schema != "pg_catalog" && input_.find_user_type) {
    if (const user_type* user = input_.find_user_type(schema, name))
      found = dimensions > 0 ? user->array_oid : user->oid;
  }
  if (found == 0 && schema != "pg_catalog" && input_.lookup) {  // a table's or composite type's row type
    const auto row_type = [&](const std::string& type_name, bool array) {
      const std::string local = local_relation_name(schema == "public" ? "" : schema, type_name);
      return input_.lookup(local) != nullptr ? static_cast<oid_t>(table_row_type_oid(local, array)) : 0;
    };
    found = row_type(name, dimensions > 0);
    if (found == 0 && dimensions == 0 && name.size() > 1 && name[0] == '_')  // _pair: its array type
      found = row_type(name.substr(1), true);
  }
  if (found == 0)
    fail_at(make_pg_error("42704", "type \"" + text + "\" does not exist"), location);
  return found;
}

}  // namespace tributary::translator
