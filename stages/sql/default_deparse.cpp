// default_deparse: see the header. A walk of the tree that gives each node its
// text and the type PostgreSQL's parser gives it (0: an untyped literal, whose
// type the context decides), following ruleutils.c's get_const_expr and
// get_rule_expr for the nodes a DEFAULT usually holds.
#include "stages/sql/default_deparse.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <set>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/default_deparse_internal.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {

namespace default_deparse_internal {

printed simple(std::string text, oid_t type, bool constant) {
  printed p{text, type, constant, {}, text, shape::simple, {}};
  return p;
}

std::string pretty_operand(const printed& child, const std::string& parent_op, bool left) {
  if (child.shape == shape::simple || child.shape == shape::cast)
    return child.pretty;
  if (child.shape == shape::binary_operator) {
    const auto rank = [](const std::string& op) {
      return op == "+" || op == "-" ? 1 : op == "*" || op == "/" || op == "%" ? 2 : 0;
    };
    const int c = rank(child.op), p = rank(parent_op);
    if (c > 0 && p > 0 && (c > p || (c == p && left)))
      return child.pretty;
  }
  return "(" + child.pretty + ")";
}

std::string type_label(oid_t type) { return format_type(builtin_column_type(type)); }

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

printed constant_of(const std::string& raw, const column_type& type, const std::string& label) {
  auto stored = parse_text_value(type, raw, type_settings{});
  if (!stored)
    throw not_covered{};
  const auto text = format_text_value(type, *stored, type_settings{});
  if (!text)
    throw not_covered{};
  const std::string& out = *text;
  if (type.oid == oids::boolean)
    return simple(out == "t" ? "true" : "false", type.oid, true);
  if (type.oid == oids::int4 && !out.starts_with("-"))
    return simple(out, type.oid, true);
  if (type.oid == oids::numeric && !out.empty() && std::isdigit(static_cast<unsigned char>(out[0])) &&
      out.find_first_of(".eE") != std::string::npos)
    return simple(type.typmod >= 0 ? out + "::" + label : out, type.oid, true);
  return simple(quoted(out) + "::" + label, type.oid, true);
}

printed typed_as(printed p, oid_t type) {
  if (p.type != untyped)
    return p;
  return constant_of(p.raw, builtin_column_type(type), type_label(type));
}

printed cast_of(const printed& inner, oid_t type, const std::string& label) {
  const bool parenthesised = inner.shape == shape::binary_operator ||
                             inner.shape == shape::prefix_operator || inner.shape == shape::sublink ||
                             (inner.shape == shape::cast && !inner.constant);
  printed out{"(" + inner.text + ")::" + label, type, false, {},
              (parenthesised ? "(" + inner.pretty + ")" : inner.pretty) + "::" + label,
              shape::cast, {}};
  return out;
}

printed cast_to(printed p, oid_t type) {
  if (p.type == type)
    return p;
  if (p.type == untyped)
    return typed_as(std::move(p), type);
  return cast_of(p, type, type_label(type));
}

bool fits_int64(const std::string& digits) {
  int64_t value = 0;
  const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return r.ec == std::errc() && r.ptr == digits.data() + digits.size();
}

printed literal(const json& node, std::string_view source) {
  const auto c = pt::constant_value(node, source);
  if (!c || c->is_null)
    throw not_covered{};
  if (c->is_string) {
    printed p = simple(quoted(c->text), untyped, true);
    p.raw = c->text;
    return p;
  }
  if (c->text == "true" || c->text == "false")
    return simple(c->text, oids::boolean, true);
  const bool has_point = c->text.find_first_of(".eE") != std::string::npos;
  if (!has_point && fits_int64(c->text)) {
    int64_t value = 0;
    std::from_chars(c->text.data(), c->text.data() + c->text.size(), value);
    const bool int4 = value >= std::numeric_limits<int32_t>::min() &&
                      value <= std::numeric_limits<int32_t>::max();
    if (int4)
      return simple(value < 0 ? quoted(c->text) + "::integer" : c->text, oids::int4, true);
    return simple(quoted(c->text) + "::bigint", oids::int8, true);
  }
  const bool reads_as_float = !c->text.empty() && std::isdigit(static_cast<unsigned char>(c->text[0])) &&
                              has_point;
  return simple(reads_as_float ? c->text : quoted(c->text) + "::numeric", oids::numeric, true);
}

int number_rank(oid_t type) {
  switch (type) {
    case oids::int2: return 1;
    case oids::int4: return 2;
    case oids::int8: return 3;
    case oids::numeric: return 4;
    case oids::float4: return 5;
    case oids::float8: return 6;
    default: return 0;
  }
}

oid_t function_result(const std::string& name, const std::vector<printed>& args) {
  static const std::map<std::string, oid_t> fixed = {
      {"now", oids::timestamptz},         {"transaction_timestamp", oids::timestamptz},
      {"clock_timestamp", oids::timestamptz}, {"statement_timestamp", oids::timestamptz},
      {"random", oids::float8},           {"gen_random_uuid", oids::uuid},
      {"nextval", oids::int8},            {"currval", oids::int8},
      {"lower", oids::text},              {"upper", oids::text},
      {"initcap", oids::text},            {"repeat", oids::text},
      {"md5", oids::text},                {"concat", oids::text},
      {"concat_ws", oids::text},          {"btrim", oids::text},
      {"ltrim", oids::text},              {"rtrim", oids::text},
      {"replace", oids::text},            {"reverse", oids::text},
      {"left", oids::text},               {"right", oids::text},
      {"lpad", oids::text},               {"rpad", oids::text},
      {"substr", oids::text},             {"to_char", oids::text},
      {"format", oids::text},             {"length", oids::int4},
      {"char_length", oids::int4},        {"octet_length", oids::int4},
      {"version", oids::text},            {"current_setting", oids::text},
      {"current_database", oids::name},   {"current_schema", oids::name},
      {"pg_backend_pid", oids::int4}};
  if (auto it = fixed.find(name); it != fixed.end())
    return it->second;
  static const std::set<std::string> like_first_argument = {"abs", "round", "trunc", "ceil",
                                                            "floor", "greatest", "least"};
  if (like_first_argument.contains(name) && !args.empty() && args[0].type != untyped)
    return args[0].type;
  return 0;
}

bool takes_text(const std::string& function, oid_t argument) {
  static const std::set<std::string> text_functions = {
      "lower", "upper", "initcap", "md5", "btrim", "ltrim", "rtrim", "replace", "reverse", "left", "right",
      "lpad", "rpad", "substr", "length", "char_length", "octet_length", "repeat"};
  if (!text_functions.contains(function))
    return false;
  if (argument == oids::varchar)
    return true;
  return argument == oids::bpchar && function != "length" && function != "char_length" && function != "octet_length";
}

printed regclass_literal(printed p) {
  if (p.type != untyped)
    return p;
  return simple(p.text + "::regclass", 2205, true);
}

}  // namespace default_deparse_internal

namespace {
using namespace default_deparse_internal;

// The column's type as a literal's label at the top: without typmod ('ab'::character
// varying); a domain's literal is a Const of its base type.
std::string column_label(const column_definition& column) {
  column_type type = column.type;
  type.typmod = -1;
  return format_type(type);
}

}  // namespace

std::optional<std::string> deparse_default(const json& expression, std::string_view source,
                                           const column_definition& column, bool pretty) {
  try {
    deparser d(source, column);
    printed p = d.node(expression);
    if (p.type == untyped) {
      column_type type = column.type;
      type.typmod = -1;  // the length or precision is a cast of its own, not shown
      return constant_of(p.raw, type, column_label(column)).text;
    }
    if (!pretty)
      return p.text;
    // An operator assigned to another type sits under the hidden cast to the
    // column's type, and under a hidden length coercion for a typmod: each puts
    // it in parentheses once more ((('a'::text || 'b'::text)) on varchar(5)).
    const bool is_operator = p.shape == shape::binary_operator || p.shape == shape::prefix_operator;
    if (!is_operator || !column.type.known() || p.type == untyped)
      return p.pretty;
    const int layers = (p.type != column.type.oid ? 1 : 0) + (column.type.typmod >= 0 ? 1 : 0);
    return std::string(static_cast<size_t>(layers), '(') + p.pretty +
           std::string(static_cast<size_t>(layers), ')');
  } catch (const not_covered&) {
    return std::nullopt;
  }
}

std::optional<std::string> deparse_check(const json& expression, std::string_view source,
                                         const std::vector<column_definition>& columns, bool pretty) {
  try {
    const column_definition none;
    deparser d(source, none, &columns);
    printed p = d.node(expression);
    if (p.type != oids::boolean)
      return std::nullopt;
    return "CHECK (" + (pretty ? p.pretty : p.text) + ")";
  } catch (const not_covered&) {
    return std::nullopt;
  }
}

std::optional<std::string> deparse_view_expression(const json& expression, std::string_view source,
                                                   const std::vector<column_definition>& columns,
                                                   const std::string& qualifier, bool pretty, oid_t* type) {
  try {
    const column_definition none;
    deparser d(source, none, &columns, qualifier);
    printed p = d.node(expression);
    if (p.type == untyped)  // a view's untyped literal is text
      p = constant_of(p.raw, builtin_column_type(oids::text), "text");
    if (type != nullptr)
      *type = p.type;
    return pretty ? p.pretty : p.text;
  } catch (const not_covered&) {
    return std::nullopt;
  }
}

std::optional<std::string> deparse_view_expression(const json& expression, std::string_view source,
                                                   const std::vector<view_scope_item>& scope, bool pretty,
                                                   oid_t* type, const view_subselect_printer* subselects) {
  try {
    const column_definition none;
    deparser d(source, none, scope, subselects);
    printed p = d.node(expression);
    if (p.type == untyped)  // a view's untyped literal is text
      p = constant_of(p.raw, builtin_column_type(oids::text), "text");
    if (type != nullptr)
      *type = p.type;
    return pretty ? p.pretty : p.text;
  } catch (const not_covered&) {
    return std::nullopt;
  }
}

std::optional<std::string> deparse_view_window(const json& window, std::string_view source,
                                               const std::vector<view_scope_item>& scope, bool pretty,
                                               const view_subselect_printer* subselects) {
  try {
    const column_definition none;
    deparser d(source, none, scope, subselects);
    const auto [text, pretty_text] = d.window_spec(window);
    return pretty ? pretty_text : text;
  } catch (const not_covered&) {
    return std::nullopt;
  }
}

std::string sort_item_text(const json& expression, const std::string& printed, bool pretty) {
  const std::string type = pt::node_type(expression);
  if (type == "ColumnRef")
    return printed;
  return pretty || type == "FuncCall" ? "(" + printed + ")" : printed;
}

std::string sort_direction(const json& sort_by) {
  const bool descending = pt::text(sort_by, "sortby_dir") == "SORTBY_DESC";
  const std::string nulls = pt::text(sort_by, "sortby_nulls");
  return std::string(descending ? " DESC" : "") +
         (nulls == "SORTBY_NULLS_FIRST" && !descending ? " NULLS FIRST"
          : nulls == "SORTBY_NULLS_LAST" && descending ? " NULLS LAST"
                                                       : "");
}

}  // namespace tributary
