// expression_translator: one expression node -> a typed SQLite expression
// (query_translator.hpp): column references, constants, casts and coercions,
// parameters, boolean expressions, CASE / COALESCE and sub-links. Operator
// expressions are operator_translator.cpp's.
#include <algorithm>
#include <cctype>
#include <charconv>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/domain_checks.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/missing_type.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/input_notices.hpp"
#include "stages/types/numeric/type_numeric.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/row_type_values.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;
using namespace expression_helpers;

// Numbers, boolean and the date/time types: between them only pg_cast's casts
// exist (find_cast), so that 2.5::date is 42846 as PostgreSQL's transformTypeCast.
bool cast_only_by_pg_cast(oid_t oid) {
  namespace o = pg_type_oid;
  return is_number_type(oid) || oid == o::boolean || oid == o::date || oid == o::time || oid == o::timetz ||
         oid == o::timestamp || oid == o::timestamptz || oid == o::interval;
}

}  // namespace

void query_translator::fail_at(pg_error error, int location) const {
  throw translation_failure{located_error{std::move(error), location}};
}

typed_expression query_translator::expression(const json& node, const scope& where) {
  const std::string type = pt::node_type(node);
  const json& f = pt::fields(node);
  if (type == "ColumnRef")
    return column_reference(f, where);
  if (type == "A_Const")
    return constant(node);
  if (type == "TypeCast")
    return type_cast(f, where);
  if (type == "A_Expr")
    return operator_expression(f, where);
  if (type == "BoolExpr")
    return boolean_expression(f, where);
  if (type == "NullTest") {
    typed_expression arg = expression(f.value("arg", json::object()), where);
    const bool is_null = pt::text(f, "nulltesttype") == "IS_NULL";
    if (arg.row_values)  // a row is NULL when every field is (row_constructor.cpp)
      return row_null_test(arg, is_null);
    return typed("(" + arg.sql + (is_null ? " IS NULL)" : " IS NOT NULL)"), builtin(pg_type_oid::boolean));
  }
  if (type == "BooleanTest") {
    typed_expression arg = as_boolean(expression(f.value("arg", json::object()), where));
    const std::string test = pt::text(f, "booltesttype");
    const std::string sql = test == "IS_TRUE"        ? " IS 1"
                            : test == "IS_NOT_TRUE"  ? " IS NOT 1"
                            : test == "IS_FALSE"     ? " IS 0"
                            : test == "IS_NOT_FALSE" ? " IS NOT 0"
                            : test == "IS_UNKNOWN"   ? " IS NULL"
                                                     : " IS NOT NULL";
    return typed("(" + arg.sql + sql + ")", builtin(pg_type_oid::boolean));
  }
  if (type == "SetToDefault")  // an INSERT's or UPDATE's own DEFAULT is read before
    fail_at(make_pg_error("42601", "DEFAULT is not allowed in this context"), location_of(f));
  if (type == "CaseExpr")
    return case_expression(f, where);
  if (type == "CoalesceExpr")
    return coalesce(f, where);
  if (type == "SubLink")
    return sub_link(f, where);
  if (type == "ParamRef")
    return parameter(f);
  if (type == "FuncCall")
    return function_call(f, where);
  if (type == "A_ArrayExpr")
    return array_constructor(*this, f, where);
  if (type == "RowExpr")
    return row_constructor(f, where);
  if (type == "A_Indirection")
    return array_subscript(*this, f, where);
  if (type == "MinMaxExpr" || type == "SQLValueFunction" || type == "CollateClause")
    return special_expression(type, f, where);
  throw not_translatable{type};
}

typed_expression query_translator::column_reference(const json& ref, const scope& where) {
  const json& fields = pt::list(ref, "fields");
  const int location = location_of(ref);
  // t.* as a value (row_to_json(t.*)): t's whole row.
  if (fields.size() == 2 && pt::node_type(fields.back()) == "A_Star" && pt::node_type(fields[0]) == "String") {
    const std::string table = pt::text(pt::fields(fields[0]), "sval");
    for (const scope* level = &where; level != nullptr; level = level->outer)
      for (const scope_item& item : level->items)
        if (item.name == table)
          return whole_row(level, item, location);
    fail_missing_table(where, table, location);
  }
  if (fields.empty() || fields.size() > 2 || pt::node_type(fields.back()) != "String")
    throw not_translatable{"column reference form"};
  const std::string column = pt::text(pt::fields(fields.back()), "sval");
  const std::string table = fields.size() == 2 ? pt::text(pt::fields(fields[0]), "sval") : "";
  for (const scope* level = &where; level != nullptr; level = level->outer) {
    const scope_item* found_item = nullptr;
    const scope_column* found = nullptr;
    bool table_seen = false;
    for (const scope_item& item : level->items) {
      if (!table.empty() && item.name != table)
        continue;
      table_seen = true;
      for (const scope_column& c : item.columns) {
        if (c.name != column || (c.merged && table.empty()))
          continue;
        if (found != nullptr)
          fail_at(make_pg_error("42702", "column reference \"" + column + "\" is ambiguous"),
                  location);
        found_item = &item;
        found = &c;
      }
    }
    if (found != nullptr) {
      note_column(level, found_item->name, found->name, location);
      typed_expression out = typed(column_reference_sql(*found_item, *found), found->type, location);
      out.domain = found->domain;
      mark_row_type_column(*this, out, found_item->relation, found->name);  // pair, pair[]
      return out;
    }
    if (!table.empty() && table_seen)
      fail_missing_column(where, table, column, location);
  }
  for (const row_variable& record : input_.row_variables) {
    if (record.name != table)  // "": plain variables (TG_OP)
      continue;
    for (const row_variable_field& field : record.fields)
      if (field.name == column)
        return typed(field.sql, field.type, location);
    if (table.empty())
      break;
    fail_at(make_pg_error("42703", "record \"" + table + "\" has no field \"" + column + "\""),
            location);
  }
  if (!table.empty())
    fail_missing_table(where, table, location);
  for (const scope* level = &where; level != nullptr; level = level->outer)
    for (const scope_item& item : level->items)
      if (item.scalar_value && item.name == column && item.columns.size() == 1) {
        note_column(level, item.name, item.columns[0].name, location);
        return typed("(" + item.columns[0].expression + ")", item.columns[0].type, location);
      }
  // A FROM item's name alone is its whole row (a record), which PostgreSQL accepts.
  for (const scope* level = &where; level != nullptr; level = level->outer)
    for (const scope_item& item : level->items)
      if (item.name == column)
        return whole_row(level, item, location);
  fail_missing_column(where, "", column, location);
}

typed_expression query_translator::constant(const json& node) {
  const json& c = pt::fields(node);
  const int location = location_of(c);
  auto value = pt::constant_value(node, input_.source);
  if (!value)
    throw not_translatable{"constant"};
  if (value->is_null) {
    typed_expression e = typed("NULL", builtin(pg_type_oid::unknown), location);
    e.is_null_constant = true;
    return e;
  }
  if (c.contains("boolval"))
    return typed(value->text == "true" ? "1" : "0", builtin(pg_type_oid::boolean), location);
  if (c.contains("bsval")) {
    // B'1010' / X'1F': a constant of type bit, read by bit_in (PostgreSQL's make_const).
    auto bits = parse_text_value(builtin(pg_type_oid::bit), value->text, input_.settings);
    if (!bits)
      fail_at(bits.error(), location);
    return typed(sql_literal(*bits), builtin(pg_type_oid::bit), location);
  }
  if (value->is_string) {
    typed_expression e = typed(sql_quote(value->text), builtin(pg_type_oid::unknown), location);
    e.literal = value->text;
    return e;
  }
  if (c.contains("ival")) {
    int64_t n = 0;
    std::from_chars(value->text.data(), value->text.data() + value->text.size(), n);
    const bool fits_int4 = n >= INT32_MIN && n <= INT32_MAX;
    return typed(std::to_string(n), builtin(fits_int4 ? pg_type_oid::int4 : pg_type_oid::int8),
                 location);
  }
  // make_const: a "float" constant that reads as an integer (PostgreSQL's lexer
  // gives integers past int4 that form) is int4 or int8 when it fits.
  int64_t n = 0;
  const char* end = value->text.data() + value->text.size();
  if (auto [ptr, ec] = std::from_chars(value->text.data(), end, n); ec == std::errc() && ptr == end) {
    const bool fits_int4 = n >= INT32_MIN && n <= INT32_MAX;
    return typed(std::to_string(n), builtin(fits_int4 ? pg_type_oid::int4 : pg_type_oid::int8),
                 location);
  }
  auto number = parse_numeric_text(value->text);
  if (!number)
    fail_at(number.error(), location);
  return typed(sql_quote(format_numeric_text(*number)), builtin(pg_type_oid::numeric), location);
}

typed_expression query_translator::type_cast(const json& cast, const scope& where) {
  const int location = location_of(cast);
  json type_name = cast.value("typeName", json::object());
  if (pt::node_type(type_name) == "TypeName")
    type_name = pt::fields(type_name);
  const type_name_parts parts = pt::type_name(type_name, input_.source);
  if (auto r = catalog_cast(*this, parts, cast, where))  // regclass, oid, ... (catalog_functions.cpp)
    return *r;
  auto target = resolve_type_name(parts);
  if (!target)
    fail_at(target.error(), location_of(type_name));
  if (!target->known() && input_.find_user_type && parts.typmod_args.empty() &&
      !parts.names.empty() && parts.names.size() <= 2)
    if (const user_type* user = input_.find_user_type(parts.names.size() == 2 ? parts.names[0] : "",
                                                      parts.names.back())) {
      if (parts.array_dimensions == 0)
        return user_type_cast(cast, where, *user, location);
      if (user->kind == 'e')  // mood[]: each label checked by the enum's input
        return cast_to(cast, where, user->enum_array_column_type(), location);
      if (auto array_type = user->domain_array_column_type())  // price[]
        return domain_array_cast(cast, where, *user, *array_type, location);
    }
  if (!target->known())
    if (auto row = table_row_cast(cast, where, parts, location))
      return *row;
  if (!target->known())
    if (auto missing = missing_type_error(input_, parts))
      fail_at(*missing, location_of(type_name));
  if (!target->known() || target->oid == pg_type_oid::unknown)
    throw not_translatable{"cast to a type that is not built in"};
  return cast_to(cast, where, *target, location);
}

typed_expression query_translator::user_type_cast(const json& cast, const scope& where,
                                                  const user_type& type, int location) {
  if (type.kind == 'e')  // the label is checked by the enum's input (22P02)
    return cast_to(cast, where, type.enum_column_type(), location);
  if (type.kind != 'd' || !type.base.known())
    throw not_translatable{"cast to a domain over a user type"};
  typed_expression value = cast_to(cast, where, type.base, location);
  if (type.checks.empty() && !type.not_null)
    return value;
  // The value once, as "value", tested by each check as the domain's columns are
  // (domain_checks.hpp): 23514 value for domain d violates check constraint "c".
  auto tested = domain_tested_value(value.sql, type, input_.settings);
  if (!tested)
    fail_at(tested.error(), location);
  value.sql = std::move(*tested);
  value.literal.reset();
  value.is_null_constant = false;
  return value;
}

typed_expression query_translator::domain_array_cast(const json& cast, const scope& where,
                                                     const user_type& domain, const column_type& array_type,
                                                     int location) {
  const json& arg = cast.value("arg", json::object());
  const bool literal = pt::node_type(arg) == "A_Const" && pt::fields(arg).contains("sval");
  typed_expression value = cast_to(cast, where, array_type, location);
  return domain_elements_tested(std::move(value), domain, literal ? location_of(pt::fields(arg)) : -1);
}

typed_expression query_translator::domain_elements_tested(typed_expression value, const user_type& domain,
                                                          int literal_location) {
  const int position = query_position(literal_location);
  // The array once, as "value", its elements tested as a column of price[] tests
  // them (domain_checks.hpp): 23514 value for domain price violates check constraint.
  auto tests = domain_element_tests(domain, "\"value\"", input_.settings, position);
  if (!tests)
    fail_at(tests.error(), value.location);
  if (tests->empty())
    return value;
  value.sql = "(SELECT \"value\" FROM (SELECT " + value.sql + " AS \"value\") WHERE " + *tests + ")";
  value.literal.reset();
  value.is_null_constant = false;
  return value;
}

typed_expression query_translator::cast_to(const json& cast, const scope& where,
                                           const column_type& target_type, int location) {
  return explicit_cast(expression(cast.value("arg", json::object()), where), target_type, location);
}

typed_expression query_translator::explicit_cast(typed_expression arg, const column_type& target_type, int location) {
  const column_type* target = &target_type;
  if (arg.is_null_constant)
    return typed("NULL", *target, location);
  if (!arg.literal && arg.parameter == 0 && arg.type.oid != target->oid && cast_only_by_pg_cast(arg.type.oid) &&
      cast_only_by_pg_cast(target->oid) && !find_cast(builtin(arg.type.oid), builtin(target->oid)))
    fail_at(make_pg_error("42846", "cannot cast type " + format_type(builtin(arg.type.oid)) + " to " +
                                       format_type(builtin(target->oid))),
            location);
  if (arg.literal && explicit_cast_cuts(*target)) {
    // An explicit cast to varchar(n) / char(n) cuts the literal to n characters,
    // to bit(n) pads or cuts it to n bits, to varbit(n) cuts it, and to an array
    // of one of them each element so: read it without the length, then cast it
    // as ::type does (type_casts.hpp).
    const column_type unbounded = builtin(target->oid);
    auto read = parse_text_value(unbounded, *arg.literal, input_.settings);
    if (!read)
      fail_at(read.error(), arg.location);
    auto cut = cast_stored_value(*read, unbounded, *target, stored_cast::via_text,
                                 /*explicit_cast=*/true, input_.settings);
    if (!cut)
      fail_at(cut.error(), arg.location);
    return typed(sql_literal(*cut), *target, location);
  }
  if (arg.literal || arg.parameter != 0)
    return coerce(std::move(arg), *target);
  if (arg.type == *target)
    return arg;
  // regproc / regclass / regtype / ... to text: the object's name (their output functions).
  if ((target->oid == pg_type_oid::text || target->oid == pg_type_oid::varchar) &&
      !object_name_output_function(arg.type.oid).empty())
    return typed(object_name_output_function(arg.type.oid) + "(" + arg.sql + ")", *target, location);
  return typed(cast_sql(arg.sql, arg.type, *target), *target, location);
}

int query_translator::query_position(int location) const {
  if (location < 0 || static_cast<size_t>(location) > input_.source.size())
    return 0;
  int position = input_.position_base + 1;
  for (size_t i = 0; i < static_cast<size_t>(location); ++i)
    position += (static_cast<unsigned char>(input_.source[i]) & 0xC0) != 0x80 ? 1 : 0;
  return position;
}

std::string query_translator::regclass_input_sql(const typed_expression& literal) const {
  const int position = query_position(literal.location);
  return "pg_catalog_regclass_in(" + sql_quote(*literal.literal) +
         (position > 0 ? ", " + std::to_string(position) : std::string()) + ")";
}

typed_expression query_translator::coerce(typed_expression value, const column_type& type) {
  if (value.type == type || (value.type.oid == type.oid && !value.literal && value.parameter == 0))
    return value;
  if (value.is_null_constant) {
    value.type = type;
    return value;
  }
  if (value.literal && (type.oid == 2205 || type.oid == 2206) &&
      value.literal->find_first_not_of("0123456789") != std::string::npos) {
    // regclass / regtype input reads a name: the relation's OID (42P01 when there is
    // none, when the statement runs), a type's OID (42704).
    if (type.oid == 2205)
      return typed(regclass_input_sql(value), type, value.location);
    return typed(std::to_string(regtype_input(*value.literal, value.location)), type, value.location);
  }
  if (value.literal && !type.known() && !type.name.empty() && input_.lookup) {
    // A table's row type (a column of type t): the literal read as record_in reads
    // it (row_constructor.cpp), kept as record_out prints the row.
    const size_t dot = type.name.find('.');
    const std::string local = dot == std::string::npos
                                  ? local_relation_name("", type.name)
                                  : local_relation_name(type.name.substr(0, dot), type.name.substr(dot + 1));
    if (const std::vector<column_definition>* columns = input_.lookup(local)) {
      typed_expression row = record_literal_fields(value, *columns);
      row.type = type;
      return row;
    }
  }
  if (value.literal) {
    auto stored = parse_text_value(type, *value.literal, input_.settings);
    if (!stored) {
      // PostgreSQL reads a literal by its type's input without the typmod (interval
      // aside), at the literal's position; the length or precision (22001 value too
      // long, 22003 numeric field overflow, 22026 bit string length) is applied after,
      // by the type's length coercion, whose error has no position.
      column_type unbounded = type;
      unbounded.typmod = -1;
      const bool typmod_error = type.typmod >= 0 && type.oid != pg_type_oid::interval &&
                                parse_text_value(unbounded, *value.literal, input_.settings).ok();
      fail_at(stored.error(), typmod_error ? -1 : value.location);
    }
    for (pg_error& notice : text_input_notices(type, *value.literal)) {
      // A literal the translation reads twice sends its NOTICE once, as PostgreSQL's parser.
      const bool sent = std::any_of(notices_.begin(), notices_.end(), [&](const located_error& n) {
        return n.location == value.location && n.error.message == notice.message;
      });
      if (!sent)
        notices_.push_back({std::move(notice), value.location});
    }
    return typed(sql_literal(*stored), type, value.location);
  }
  if (value.parameter != 0) {
    parameter_types_[value.parameter] = type;
    value.type = type;
    value.parameter = 0;
    return value;
  }
  const oid_t from = value.type.oid;
  if (is_number_type(from) && is_number_type(type.oid) && number_rank(from) < number_rank(type.oid)) {
    if (number_rank(type.oid) <= number_rank(pg_type_oid::int8))
      return typed(value.sql, type, value.location);  // integers widen as they are
    return typed(cast_sql(value.sql, value.type, type), type, value.location);
  }
  if (is_text_like(from) && is_text_like(type.oid) && type.oid != pg_type_oid::bpchar) {
    if (from == pg_type_oid::bpchar)
      return typed(cast_sql(value.sql, value.type, builtin(pg_type_oid::text)), type, value.location);
    return typed(value.sql, type, value.location);
  }
  if (is_text_like(from) && type.oid == pg_type_oid::bpchar && type.typmod < 0)
    return typed(value.sql, type, value.location);  // bpchar without a length keeps the text
  if (type.oid == pg_type_oid::oid &&
      (from == pg_type_oid::int2 || from == pg_type_oid::int4 || is_object_identifier_type(from)))
    return typed(value.sql, type, value.location);  // all stored as the integer
  throw not_translatable{"implicit cast from " + message_type_name(value.type) + " to " +
                         message_type_name(type)};
}

typed_expression query_translator::parameter(const json& ref) {
  const int number = static_cast<int>(pt::integer(ref, "number"));
  const size_t index = static_cast<size_t>(number - 1);
  std::string sql = "$" + std::to_string(number);
  if (number >= 1 && index < input_.parameter_types.size() && input_.parameter_types[index].known()) {
    parameter_types_[number] = input_.parameter_types[index];
    return typed(sql, input_.parameter_types[index], location_of(ref));
  }
  if (auto it = parameter_types_.find(number); it != parameter_types_.end())
    return typed(sql, it->second, location_of(ref));
  typed_expression e = typed(sql, builtin(pg_type_oid::unknown), location_of(ref));
  e.parameter = number;
  return e;
}

typed_expression query_translator::as_boolean(typed_expression value) {
  if (value.type.oid == pg_type_oid::boolean)
    return value;
  if (untyped(value))
    return coerce(std::move(value), builtin(pg_type_oid::boolean));
  throw not_translatable{"non-boolean operand of a boolean operator"};
}

typed_expression query_translator::boolean_expression(const json& expr, const scope& where) {
  const std::string op = pt::text(expr, "boolop");
  std::vector<std::string> parts;
  for (const json& arg : pt::list(expr, "args"))
    parts.push_back(as_boolean(expression(arg, where)).sql);
  if (op == "NOT_EXPR" && parts.size() == 1)
    return typed("(NOT " + parts[0] + ")", builtin(pg_type_oid::boolean));
  const std::string glue = op == "AND_EXPR" ? " AND " : " OR ";
  std::string sql;
  for (const std::string& part : parts)
    sql += (sql.empty() ? "(" : glue) + part;
  return typed(sql + ")", builtin(pg_type_oid::boolean));
}

typed_expression query_translator::case_expression(const json& expr, const scope& where) {
  std::optional<typed_expression> subject;
  if (expr.contains("arg"))
    subject = expression(expr["arg"], where);
  std::vector<std::string> conditions;
  std::vector<typed_expression> results;
  for (const json& when : pt::list(expr, "args")) {
    const json& w = pt::fields(when);
    typed_expression condition = expression(w.value("expr", json()), where);
    if (subject)  // PostgreSQL's CASE x WHEN y is x = y at the WHEN
      require_comparison_operator("=", *subject, condition, location_of(w));
    condition = subject ? comparison("=", *subject, std::move(condition))
                        : as_boolean(std::move(condition));
    conditions.push_back(condition.sql);
    results.push_back(expression(w.value("result", json()), where));
  }
  const bool has_default = expr.contains("defresult");
  if (has_default)
    results.push_back(expression(expr["defresult"], where));
  // PostgreSQL resolves the ELSE result's type first (transformCaseExpr).
  std::vector<typed_expression> by_preference;
  if (has_default)
    by_preference.push_back(results.back());
  by_preference.insert(by_preference.end(), results.begin(), results.end() - (has_default ? 1 : 0));
  const column_type type = common_type(by_preference, "CASE");
  std::string sql = "CASE";
  for (size_t i = 0; i < conditions.size(); ++i)
    sql += " WHEN " + conditions[i] + " THEN " + coerce(results[i], type).sql;
  if (has_default)
    sql += " ELSE " + coerce(results.back(), type).sql;
  return typed(sql + " END", type);
}

typed_expression query_translator::coalesce(const json& expr, const scope& where) {
  std::vector<typed_expression> values;
  for (const json& arg : pt::list(expr, "args"))
    values.push_back(expression(arg, where));
  const column_type type = common_type(values, "COALESCE");
  std::string sql = "COALESCE(";
  for (size_t i = 0; i < values.size(); ++i)
    sql += (i ? ", " : "") + coerce(values[i], type).sql;
  if (values.size() == 1)
    sql += ", NULL";  // SQLite's coalesce needs two arguments
  return typed(sql + ")", type);
}

typed_expression query_translator::sub_link(const json& link, const scope& where) {
  const std::string kind = pt::text(link, "subLinkType");
  static const json no_select = json::object();
  const json& subselect = pt::fields(link.contains("subselect") ? link.at("subselect") : no_select);
  if (kind == "EXISTS_SUBLINK") {
    translated_query inner = select(subselect, &where);
    return typed("EXISTS (" + inner.sql + ")", builtin(pg_type_oid::boolean));
  }
  if (kind == "ANY_SUBLINK" && pt::node_type(link.value("testexpr", json())) == "RowExpr") {
    // (a, b) IN (SELECT x, y ...): SQLite's row value IN, each pair of one type.
    translated_query inner = select(subselect, &where);
    const std::vector<std::string> names = pt::strings(pt::list(link, "operName"));
    if (!names.empty() && (names.size() != 1 || names[0] != "="))
      throw not_translatable{"ANY with an operator other than ="};
    const typed_expression row = expression(link.value("testexpr", json()), where);
    const std::vector<typed_expression>& values = *row.row_values;
    if (inner.columns.size() != values.size())
      fail_at(make_pg_error("42601", inner.columns.size() > values.size() ? "subquery has too many columns"
                                                                          : "subquery has too few columns"),
              location_of(link));
    for (size_t i = 0; i < values.size(); ++i)  // each pair's = (json = json: 42883)
      require_comparison_operator("=", values[i], typed("c" + std::to_string(i + 1), inner.columns[i].type),
                                  location_of(link));
    std::string left;
    for (size_t i = 0; i < values.size(); ++i) {
      const column_type& type = inner.columns[i].type;
      typed_expression value = untyped(values[i]) ? coerce(values[i], type) : values[i];
      if (value.type.oid != type.oid)
        throw not_translatable{"IN (sub-select) of another row type"};
      left += (i ? ", " : "") + with_collation(value.sql, value.type);
    }
    return typed("((" + left + ") IN (" + inner.sql + "))", builtin(pg_type_oid::boolean));
  }
  if (const auto op = pt::strings(pt::list(link, "operName")); kind == "ALL_SUBLINK" || (kind == "ANY_SUBLINK" && !op.empty() && op != std::vector<std::string>{"="}))
    return quantified_sub_select(kind == "ALL_SUBLINK", link, where);
  if (kind == "EXPR_SUBLINK" || kind == "ANY_SUBLINK") {
    translated_query inner = select(subselect, &where);
    if (inner.columns.size() != 1)
      fail_at(make_pg_error("42601", inner.columns.size() > 1 ? "subquery has too many columns"
                                                              : "subquery has too few columns"),
              location_of(link));
    const column_type type = inner.columns[0].type;
    if (kind == "EXPR_SUBLINK")  // more than one row is PostgreSQL's 21000, not the first row
      return typed("(SELECT CASE WHEN count(*) > 1 THEN pg_raise('21000', 'more than one row returned "
                   "by a subquery used as an expression') ELSE max(c1) END FROM (SELECT * FROM (" +
                       inner.sql + ") LIMIT 2))",
                   type.oid == pg_type_oid::unknown ? builtin(pg_type_oid::text) : type);
    // IN (sub-select) has no operator name; = ANY (sub-select) has "=".
    const std::vector<std::string> names = pt::strings(pt::list(link, "operName"));
    if (!names.empty() && (names.size() != 1 || names[0] != "="))
      throw not_translatable{"ANY with an operator other than ="};
    typed_expression test = expression(link.value("testexpr", json()), where);
    require_comparison_operator("=", test, typed("c1", type), location_of(link));  // json = json: 42883
    if (untyped(test))
      test = coerce(std::move(test), type);
    if (test.type.oid != type.oid && !(is_object_identifier_type(test.type.oid) && is_object_identifier_type(type.oid)))
      throw not_translatable{"IN (sub-select) of another type"};
    return typed("(" + with_collation(test.sql, test.type) + " IN (" + inner.sql + "))",
                 builtin(pg_type_oid::boolean));
  }
  if (kind == "ARRAY_SUBLINK") {  // ARRAY(SELECT x ...): the rows' values as an array's text form
    translated_query inner = select(subselect, &where);
    if (inner.columns.size() != 1)
      fail_at(make_pg_error("42601", "subquery must return only one column"), location_of(link));
    // Each row's element text as array_out writes it (NULL rows as NULL), in the rows' order.
    column_type type = inner.columns[0].type;
    if (type.oid == pg_type_oid::unknown)
      type = builtin(pg_type_oid::text);
    if (auto element = array_element_type(type); element && !type.domain_array && type.oid != 22 && type.oid != 30)
      return array_of_arrays(inner.sql, type, *element);  // not int2vector / oidvector
    std::optional<column_type> array_type = array_type_of(type);
    if (!array_type || type.domain_array)
      throw not_translatable{"ARRAY(sub-select) of this type"};
    array_type->typmod = -1;
    const std::string element = type.is_enum() ? "pg_array_element(c1)" : array_element_sql(typed("c1", type));
    return typed("(SELECT '{' || coalesce(group_concat(" + element + ", ','), '') || '}' FROM (" + inner.sql + "))",
                 *array_type);
  }
  throw not_translatable{kind};
}

}  // namespace tributary::translator
