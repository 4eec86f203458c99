// expression_helpers: the small helpers expression_translator.cpp and
// operator_translator.cpp share to build typed SQLite expressions. Private to
// stages/sql/translator/.
#pragma once

#include <string>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"

namespace tributary::translator::expression_helpers {

inline column_type builtin(oid_t oid) { return builtin_column_type(oid); }

inline int location_of(const json& fields) {
  return static_cast<int>(parse_tree::integer(fields, "location"));
}

// Where an expression starts in the statement (PostgreSQL's exprLocation: the
// leftmost of an operator and its operands, of a cast and its argument), for an
// error about the whole expression; -1 when unknown.
inline int start_location(const json& node) {
  const json& f = parse_tree::fields(node);
  const std::string type = parse_tree::node_type(node);
  int location = f.contains("location") ? static_cast<int>(parse_tree::integer(f, "location")) : -1;
  for (const char* operand : {"lexpr", "arg"})
    if ((type == "A_Expr" || type == "TypeCast") && f.contains(operand)) {
      const int inner = start_location(f[operand]);
      if (inner >= 0 && (location < 0 || inner < location))
        location = inner;
    }
  return location;
}

inline typed_expression typed(std::string sql, column_type type, int location = -1) {
  typed_expression e;
  e.sql = std::move(sql);
  e.type = std::move(type);
  e.location = location;
  return e;
}

inline bool untyped(const typed_expression& e) {
  return e.literal.has_value() || e.parameter != 0 || e.is_null_constant;
}

inline bool is_integer_type(oid_t oid) {
  return oid == pg_type_oid::int2 || oid == pg_type_oid::int4 || oid == pg_type_oid::int8;
}

// A SelectStmt field that holds a SelectStmt (a sub-select, a set operation's arm): its fields.
inline const json& select_fields(const json& node) {
  return parse_tree::node_type(node) == "SelectStmt" ? parse_tree::fields(node) : node;
}

// The type name PostgreSQL's messages use ("integer", "text").
inline std::string message_type_name(const column_type& type) {
  if (type.oid == pg_type_oid::unknown)
    return "unknown";
  return format_type(type);
}

// A value's element text in an array's text form (array_out), as SQL: its output
// text, bool as t / f, bpchar with its padding; quoted by pg_array_element.
inline std::string array_element_sql(const typed_expression& value) {
  std::string text = value.type.oid == pg_type_oid::bpchar
                         ? value.sql
                         : cast_sql(value.sql, value.type, builtin(pg_type_oid::text));
  if (value.type.oid == pg_type_oid::boolean)
    text = "CASE WHEN " + value.sql + " IS NULL THEN NULL WHEN " + value.sql + " THEN 't' ELSE 'f' END";
  return "pg_array_element(" + text + ")";
}

// A WITH clause whose common table is INSERT / UPDATE / DELETE where it is not run
// (below the top level, where PostgreSQL refuses it too; the top level's are run
// before the statement, modifying_with.hpp): PostgreSQL's 0A000.
inline void refuse_data_modifying_with(const json& with) {
  for (const json& node : parse_tree::list(with, "ctes")) {
    const json& cte = parse_tree::fields(node);
    const std::string kind = parse_tree::node_type(cte.value("ctequery", json::object()));
    if (kind == "SelectStmt")
      continue;
    throw translation_failure{located_error{
        make_pg_error("0A000", "WITH clause containing a data-modifying statement must be at the top level"),
        location_of(cte)}};
  }
}

}  // namespace tributary::translator::expression_helpers
