// assignment: a value stored in a column (INSERT's values, UPDATE's SET) -> the
// column's type by PostgreSQL's assignment cast (query_translator::assign).
//
// NULL, literals and parameters are read as the column's type (a literal for a
// domain's array column has its elements tested here, the error at the literal).
// Numbers into numbers, anything known into text, dates / timestamps into each
// other, arrays of built-in types element by element and other built-in pairs that
// pg_cast allows by assignment are cast by pg_cast; a pair PostgreSQL has no
// assignment cast for is 42804 `column "c" is of type ... but expression is of
// type ...` at the value, with PostgreSQL's HINT.
#include <string>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/sql/translator/row_type_values.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/verbatim/record_type_description.hpp"

namespace tributary::translator {
namespace {

bool is_builtin_array(const column_type& type) {
  const type_descriptor* descriptor = type.is_enum() ? nullptr : find_builtin_type(type.oid);
  return descriptor != nullptr && descriptor->element != 0;
}

// A built-in type whose casts pg_cast lists completely in type_casts.cpp's table
// (the reg* types and oid, cast from integers by PostgreSQL, are not there).
bool has_listed_casts(const column_type& type) {
  if (type.is_enum() || type.domain_array || find_builtin_type(type.oid) == nullptr)
    return false;
  return !is_object_identifier_type(type.oid);
}

bool is_time_type(oid_t oid) {
  return oid == pg_type_oid::date || oid == pg_type_oid::timestamp || oid == pg_type_oid::timestamptz;
}

std::string type_words(const column_type& type) {
  if (type.domain_array)
    return type.domain_array->domain_name + "[]";
  return type.oid == pg_type_oid::unknown ? "unknown" : format_type(type);
}

}  // namespace

// A NULL into the rowid: PostgreSQL's not-null violation, not a new rowid.
std::string rowid_not_null(const std::string& sql, const std::string& relation, const column_definition& column) {
  return "pg_rowid_not_null(" + sql + ", " + sql_quote(relation) + ", " + sql_quote(column.name) + ")";
}

typed_expression query_translator::assign(typed_expression value, const column_definition& column) {
  typed_expression out = assign_value(std::move(value), column);
  const column_type& to = column.type;
  if (!out.is_null_constant && ((!to.known() && to.record_fields) || to.record_element)) {
    // A composite type's column keeps record_out's text with the publisher's
    // settings: a value printed in this session (ROW(...)) is read again here.
    out.sql = "pg_record_in(" + out.sql + ", " + sql_quote(describe_record_type(to)) + ")";
  }
  if (column.rowid && !target_relation_.empty()) {
    out.sql = rowid_not_null(out.sql, target_relation_, column);
    out.is_null_constant = false;
  }
  return out;
}

typed_expression query_translator::assign_value(typed_expression value, const column_definition& column) {
  const column_type& to = column.type;
  if (value.is_null_constant)
    return value;
  if (value.literal && to.domain_array && input_.find_user_type) {
    // A literal for a column of a domain's array type: its elements tested here,
    // so that the error points at the literal as PostgreSQL's does (the column's
    // own checks test every other value).
    const std::string& name = to.domain_array->domain_name;
    const size_t dot = name.find('.');
    const user_type* domain = dot == std::string::npos
                                  ? input_.find_user_type("", name)
                                  : input_.find_user_type(name.substr(0, dot), name.substr(dot + 1));
    const int location = value.location;
    typed_expression coerced = coerce(std::move(value), to);
    if (domain == nullptr || domain->kind != 'd')
      return coerced;
    return domain_elements_tested(std::move(coerced), *domain, location);
  }
  if (auto row = row_value_assignment(*this, value, column))  // ROW(...), pair[]: row_type_values.hpp
    return *row;
  if (auto array = row_array_literal(*this, value, column))
    return *array;
  if (value.literal || value.parameter != 0)
    return coerce(std::move(value), to);
  const column_type& from = value.type;
  const auto cast = [&](bool needed) {
    typed_expression out = value;
    if (needed)
      out.sql = "pg_cast(" + value.sql + ", " + std::to_string(from.oid) + ", " +
                std::to_string(from.typmod) + ", " + std::to_string(to.oid) + ", " +
                std::to_string(to.typmod) + ", 1)";
    out.type = to;
    return out;
  };
  if (from.oid == to.oid && !to.is_enum())
    return cast(to.typmod >= 0 && from.typmod != to.typmod);
  if (to.is_enum() && from == to)
    return value;
  const bool number_to_number = is_number_type(from.oid) && is_number_type(to.oid);
  const bool to_text = is_text_like(to.oid) && from.known() && !from.is_enum();
  const bool time_to_time = is_time_type(from.oid) && is_time_type(to.oid);
  if (number_to_number || to_text || time_to_time)
    return cast(true);
  if ((is_builtin_array(from) && is_builtin_array(to)) || (has_listed_casts(from) && has_listed_casts(to))) {
    // int4[] into numeric[] (or a domain's array over it): element by element, as
    // PostgreSQL's array coercion applies the elements' assignment cast. Any
    // other two built-in types: pg_cast's assignment or implicit cast, else 42804
    // (now() into an int8[] column, 5 into an inet column).
    const auto rule = find_cast(from, to);
    if (rule && applies_automatically(rule->context)) {
      if (rule->method == stored_cast::not_supported)
        throw not_translatable{"assignment from " + type_words(from) + " to " + type_words(to)};
      return cast(true);
    }
    pg_error error = make_pg_error("42804", "column \"" + column.name + "\" is of type " +
                                                type_words(to) + " but expression is of type " +
                                                type_words(from));
    error.hint = "You will need to rewrite or cast the expression.";
    fail_at(std::move(error), value.location);
  }
  // Pairs PostgreSQL has no assignment cast for: 42804. Any other pair (oid,
  // money, ... from a number) is left to the untranslated path.
  const auto family = [](oid_t oid) {
    if (is_number_type(oid))
      return 'N';
    if (is_text_like(oid))
      return 'S';
    if (oid == pg_type_oid::boolean)
      return 'B';
    if (is_time_type(oid) || oid == pg_type_oid::time || oid == pg_type_oid::timetz ||
        oid == pg_type_oid::interval)
      return 'D';
    return '?';
  };
  const char from_family = family(from.oid);
  const char to_family = family(to.oid);
  if (from_family == '?' || to_family == '?' || from_family == to_family)
    throw not_translatable{"assignment from " + type_words(from) + " to " + type_words(to)};
  pg_error error = make_pg_error("42804", "column \"" + column.name + "\" is of type " +
                                              type_words(to) + " but expression is of type " +
                                              type_words(from));
  error.hint = "You will need to rewrite or cast the expression.";
  fail_at(std::move(error), value.location);
}

}  // namespace tributary::translator
