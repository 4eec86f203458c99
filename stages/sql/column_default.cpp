// column_default: translate_default (declared in create_table.hpp) — a column's
// DEFAULT expression as SQLite stores it, giving the value PostgreSQL gives.
//
//   constants         read by the column's type ('x', 42, -1.5, true, '{}'); a
//                     signed number (+5, -0.0: numeric zero has no sign) and a
//                     constant with a cast ('2024-01-01'::date, 0::numeric(10,2))
//                     take the cast's type first, then the assignment cast to the
//                     column (type_casts.hpp): 42804 `column "v" is of type integer
//                     but default expression is of type date` where none exists
//   now(), CURRENT_TIMESTAMP[(p)], transaction_timestamp(), LOCALTIMESTAMP[(p)]
//                     on timestamp/timestamptz: (pg_transaction_timestamp()), the
//                     transaction's time in µs, rounded to the column's precision
//                     (on timestamp: in the inserting session's TimeZone,
//                     pg_local_time); on date: its day there
//   clock_timestamp() (pg_clock_timestamp()), the time of each call
//   CURRENT_DATE      on date: the transaction's day in the session's TimeZone
//   gen_random_uuid() on uuid: (pg_gen_random_uuid()), version 4 from OpenSSL
//   nextval('s')      on an integer column: (nextval('s')), storage/sequence_functions
// (the functions are storage/default_functions.hpp's). Any other expression
// ((1 + 2), lower('ABC'), 'a' || 'b', now() + interval '1 day', ARRAY[1,2]) is
// translated by the query translator and assigned to the column's type
// (translator/default_translation.hpp): SQLite evaluates it at each insert. The
// PostgreSQL text of every default is PostgreSQL's own printing of it
// (default_deparse.hpp), or its source text where that does not cover it. What the translator does not cover is 0A000
// naming the function or expression. Pure.
#include "stages/sql/create_table.hpp"

#include "stages/sql/constant_assignment.hpp"
#include "stages/sql/default_deparse.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/sequence_definition.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/sql/translator/check_translation.hpp"
#include "stages/sql/translator/default_translation.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error not_supported(const std::string& what) {
  return make_pg_error("0A000", what + " is not supported yet");
}

// A constant, maybe under a unary sign and a cast: -1.5, '1'::int, -(1.5::numeric).
struct cast_constant {
  pt::constant value;
  const json* cast_type = nullptr;  // the TypeCast's typeName fields, if any
};

std::optional<cast_constant> read_constant(const json& node, std::string_view source) {
  const std::string type = pt::node_type(node);
  const json& f = pt::fields(node);
  if (type == "TypeCast") {
    auto inner = pt::constant_value(f.value("arg", json::object()), source);
    if (!inner)
      return std::nullopt;
    return cast_constant{*inner, &f["typeName"]};
  }
  if (type == "A_Expr" && pt::text(f, "kind") == "AEXPR_OP" && !f.contains("lexpr")) {
    const auto op = pt::strings(pt::list(f, "name"));
    auto operand = read_constant(f.value("rexpr", json::object()), source);
    if (op.size() != 1 || (op[0] != "-" && op[0] != "+") || !operand || operand->value.is_string ||
        operand->value.is_null)
      return std::nullopt;
    if (op[0] == "-")
      operand->value.text = operand->value.text.starts_with("-") ? operand->value.text.substr(1)
                                                                 : "-" + operand->value.text;
    return operand;
  }
  auto c = pt::constant_value(node, source);
  if (!c)
    return std::nullopt;
  return cast_constant{*c, nullptr};
}

// -0, -0.0, -0e3 as numbers: numeric zero has no sign.
void unsign_numeric_zero(pt::constant& c) {
  if (c.is_string || !c.text.starts_with("-"))
    return;
  const std::string mantissa = c.text.substr(0, c.text.find_first_of("eE"));
  const bool zero = mantissa.find_first_of("123456789") == std::string::npos;
  if (zero)
    c.text = c.text.substr(1);
}

// The stored form of a constant DEFAULT (sql_null for NULL).
result<sql_value, pg_error> stored_constant(cast_constant c, const column_definition& column,
                                            std::string_view source, const type_settings& settings) {
  if (c.value.is_null)
    return sql_value{sql_null{}};
  unsign_numeric_zero(c.value);
  std::optional<column_type> cast_type;
  if (c.cast_type) {
    auto resolved = resolve_type_name(pt::type_name(*c.cast_type, source));
    if (resolved && resolved->known() && !(*resolved == column.type))
      cast_type = *resolved;
    c.value.is_string = true;  // '...'::t and 5::t are read by t's input
  }
  if (!cast_type)
    return assign_constant(c.value, column, settings);
  column_definition as_cast = column;
  as_cast.type = *cast_type;
  auto stored = assign_constant(c.value, as_cast, settings);
  if (!stored)
    return fail(stored.error());
  const auto rule = find_cast(*cast_type, column.type);
  if (!rule || !applies_automatically(rule->context))
    return fail(make_pg_error("42804", "column \"" + column.name + "\" is of type " +
                                           format_type(column.type) +
                                           " but default expression is of type " +
                                           format_type(*cast_type),
                              "", "You will need to rewrite or cast the expression."));
  if (rule->method == stored_cast::not_supported)
    return fail(not_supported("a DEFAULT cast from " + format_type(*cast_type) + " to " +
                              format_type(column.type)));
  return cast_stored_value(*stored, *cast_type, column.type, rule->method, false, settings);
}

result<default_text, pg_error> constant_default(const cast_constant& c, const column_definition& column,
                                                std::string_view source,
                                                const type_settings& settings) {
  if (c.value.is_null)
    return default_text{"NULL", "NULL"};
  std::string quoted;  // the constant as a literal again: quotes doubled
  for (char ch : c.value.text)
    quoted += ch == '\'' ? std::string("''") : std::string(1, ch);
  pt::constant shown = c.value;
  unsign_numeric_zero(shown);
  const std::string postgres = c.value.is_string ? "'" + quoted + "'" : shown.text;
  auto stored = stored_constant(c, column, source, settings);
  if (!stored)
    return fail(stored.error());
  return default_text{sql_literal(*stored), postgres};
}

// The SQL that rounds µs `expression` to `precision` fractional digits (0-5).
std::string rounded_to(const std::string& expression, int precision) {
  if (precision < 0 || precision >= 6)
    return "(" + expression + ")";
  int64_t scale = 1;
  for (int i = precision; i < 6; ++i)
    scale *= 10;
  return "((" + expression + " + " + std::to_string(scale / 2) + ") / " + std::to_string(scale) +
         " * " + std::to_string(scale) + ")";
}

struct called_function {
  std::string name;    // PostgreSQL's spelling: "now()", "CURRENT_TIMESTAMP", ...
  std::string kind;    // transaction, clock, date, uuid, or "" (not supported)
  int precision = -1;  // CURRENT_TIMESTAMP(p)
};

std::optional<called_function> read_function(const json& node) {
  const std::string type = pt::node_type(node);
  const json& f = pt::fields(node);
  if (type == "FuncCall") {
    const auto names = pt::strings(pt::list(f, "funcname"));
    const std::string name = names.empty() ? "" : names.back();
    called_function out{name + "()", "", -1};
    if (!pt::list(f, "args").empty())
      return out;
    if (name == "now" || name == "transaction_timestamp")
      out.kind = "transaction";
    else if (name == "clock_timestamp")
      out.kind = "clock";
    else if (name == "gen_random_uuid")
      out.kind = "uuid";
    return out;
  }
  if (type != "SQLValueFunction")
    return std::nullopt;
  std::string op = pt::text(f, "op");
  called_function out{"", "", -1};
  if (op.ends_with("_N")) {
    out.precision = static_cast<int>(pt::integer(f, "typmod"));
    op = op.substr(0, op.size() - 2);
  }
  out.name = op.starts_with("SVFOP_") ? op.substr(6) : op;
  if (out.name == "CURRENT_TIMESTAMP" || out.name == "LOCALTIMESTAMP")
    out.kind = "transaction";
  else if (out.name == "CURRENT_DATE")
    out.kind = "date";
  return out;
}

// nextval('s') or nextval('s'::regclass): the sequence's text, else nullopt.
std::optional<std::string> nextval_call(const json& node, std::string_view source) {
  if (pt::node_type(node) != "FuncCall")
    return std::nullopt;
  const json& f = pt::fields(node);
  const auto names = pt::strings(pt::list(f, "funcname"));
  const json& args = pt::list(f, "args");
  if (names.empty() || names.back() != "nextval" || args.size() != 1)
    return std::nullopt;
  const json* argument = &args[0];
  if (pt::node_type(*argument) == "TypeCast") {
    const json& cast = pt::fields(*argument);
    const auto type = pt::strings(pt::list(cast.value("typeName", json::object()), "names"));
    if (type.empty() || type.back() != "regclass")
      return std::nullopt;
    argument = &cast["arg"];
  }
  auto constant = pt::constant_value(*argument, source);
  if (!constant || !constant->is_string)
    return std::nullopt;
  return constant->text;
}

bool is_integer_column(const column_definition& column) {
  const oid_t oid = column.type.oid;
  return (oid == 20 || oid == 21 || oid == 23) && column.dimensions == 0;
}

// Any other expression: the query translator's (default_translation.hpp), the
// text PostgreSQL's source gave it as its PostgreSQL text. `name` names a
// function call the translator does not cover in the 0A000 ("" = the expression).
result<default_text, pg_error> general_default(const json& expr, const column_definition& column,
                                               std::string_view source,
                                               const type_settings& settings,
                                               const std::string& name) {
  auto translated = translate_default_expression(expr, source, column, settings);
  if (!translated)
    return fail(with_position(translated.error(), source));
  if (translated->untranslatable)
    return fail(not_supported(name.empty() ? "this DEFAULT expression (" +
                                                 *translated->untranslatable + ")"
                                           : name));
  return default_text{"(" + translated->sql + ")", expression_source_text(expr, source)};
}

// ARRAY[c1, c2, ...] of constants (maybe signed or cast, NULL) on an array column,
// or ARRAY[...]::t[] of the column's type: each element assigned to the element
// type as PostgreSQL's array assignment cast does, the array stored as one
// constant. nullopt for any other expression (the general path's).
std::optional<result<default_text, pg_error>> array_default(const json& expr,
                                                            const column_definition& column,
                                                            std::string_view source,
                                                            const type_settings& settings) {
  const json* array = &expr;
  if (pt::node_type(expr) == "TypeCast") {
    const json& cast = pt::fields(expr);
    if (pt::node_type(cast.value("arg", json::object())) != "A_ArrayExpr")
      return std::nullopt;
    auto type = resolve_type_name(pt::type_name(cast.value("typeName", json::object()), source));
    if (!type || !(*type == column.type))
      return std::nullopt;
    array = &cast["arg"];
  }
  if (pt::node_type(*array) != "A_ArrayExpr")
    return std::nullopt;
  const type_descriptor* descriptor = find_builtin_type(column.type.oid);
  if (descriptor == nullptr || descriptor->element == 0)
    return std::nullopt;
  column_definition element_column = column;
  element_column.type = builtin_column_type(descriptor->element, column.type.typmod);
  element_column.dimensions = 0;
  element_column.domain.clear();
  const auto& elements = pt::list(pt::fields(*array), "elements");
  std::vector<cast_constant> constants;
  bool all_untyped = !elements.empty();
  for (const auto& element : elements) {
    auto c = read_constant(element, source);
    if (!c)
      return std::nullopt;  // an expression, a nested ARRAY: the general path
    all_untyped = all_untyped && c->value.is_string && c->cast_type == nullptr;
    constants.push_back(*c);
  }
  // Untyped literals make a text[]: only string types take it by assignment.
  const oid_t e = descriptor->element;
  const bool string_element = e == 25 || e == 1043 || e == 1042 || e == 19;
  if (all_untyped && !string_element)
    return result<default_text, pg_error>(fail(make_pg_error(
        "42804",
        "column \"" + column.name + "\" is of type " + format_type(column.type) +
            " but default expression is of type text[]",
        "", "You will need to rewrite or cast the expression.")));
  std::string text = "{";
  for (size_t i = 0; i < constants.size(); ++i) {
    text += i ? "," : "";
    auto stored = stored_constant(constants[i], element_column, source, settings);
    if (!stored)
      return result<default_text, pg_error>(fail(stored.error()));
    if (std::holds_alternative<sql_null>(*stored)) {
      text += "NULL";
      continue;
    }
    auto value = format_text_value(element_column.type, *stored, settings);
    if (!value)
      return std::nullopt;
    text += "\"";
    for (char ch : *value)
      text += ch == '"' || ch == '\\' ? std::string("\\") + ch : std::string(1, ch);
    text += "\"";
  }
  auto stored = parse_text_value(column.type, text + "}", settings);
  if (!stored)
    return result<default_text, pg_error>(fail(stored.error()));
  return result<default_text, pg_error>(
      default_text{sql_literal(*stored), expression_source_text(expr, source)});
}

result<default_text, pg_error> stored_default(const json& expr, const column_definition& column,
                                                  std::string_view source,
                                                  const type_settings& settings) {
  if (auto c = read_constant(expr, source))
    return constant_default(*c, column, source, settings);
  if (auto array = array_default(expr, column, source, settings))
    return std::move(*array);
  if (auto sequence = nextval_call(expr, source)) {
    if (!is_integer_column(column))
      return fail(not_supported("DEFAULT nextval() on a column of type " + format_type(column.type)));
    auto name = sequence_relation_name(*sequence);
    if (!name)
      return fail(name.error());
    std::string quoted;
    for (char ch : *sequence)
      quoted += ch == '\'' ? std::string("''") : std::string(1, ch);
    return default_text{"(nextval('" + quoted + "'))", "nextval('" + quoted + "'::regclass)"};
  }
  auto function = read_function(expr);
  if (!function || function->kind.empty())
    return general_default(expr, column, source, settings,
                           function ? "DEFAULT " + function->name : std::string());
  const oid_t oid = column.type.oid;
  const bool timestamp_column = (oid == 1184 || oid == 1114) && column.dimensions == 0;
  const std::string clock = function->kind == "clock" ? "pg_clock_timestamp()"
                                                      : "pg_transaction_timestamp()";
  // timestamp and date columns take the time in the inserting session's TimeZone.
  if ((function->kind == "transaction" || function->kind == "clock") && timestamp_column) {
    int precision = column.type.typmod;
    if (function->precision >= 0 && (precision < 0 || function->precision < precision))
      precision = function->precision;
    const std::string instant = oid == 1114 ? "pg_local_time(" + clock + ", 1114)" : clock;
    return default_text{rounded_to(instant, precision), function->name};
  }
  if ((function->kind == "transaction" || function->kind == "clock" || function->kind == "date") &&
      oid == 1082 && column.dimensions == 0)
    return default_text{"(pg_local_time(" + clock + ", 1082))", function->name};
  if (function->kind == "uuid" && oid == 2950 && column.dimensions == 0)
    return default_text{"(pg_gen_random_uuid())", function->name};
  return general_default(expr, column, source, settings, "DEFAULT " + function->name);
}

}  // namespace

result<default_text, pg_error> translate_default(const json& expr, const column_definition& column,
                                                 std::string_view source,
                                                 const type_settings& settings) {
  auto translated = stored_default(expr, column, source, settings);
  if (translated)
    if (auto printed = deparse_default(expr, source, column))
      translated->postgres = std::move(*printed);
  return translated;
}

}  // namespace tributary
