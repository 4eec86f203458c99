// default_deparse: see the header. A walk of the tree that gives each node its
// text and the type PostgreSQL's parser gives it (0: an untyped literal, whose
// type the context decides), following ruleutils.c's get_const_expr and
// get_rule_expr for the nodes a DEFAULT usually holds.
#include "stages/sql/default_deparse.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <set>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
namespace oids = pg_type_oid;
using json = nlohmann::json;

constexpr oid_t untyped = 0;  // a quoted literal its context gives a type
constexpr oid_t record_type = 2249;  // a whole row

// The node's shape, for pretty mode's parentheses (ruleutils.c isSimpleNode).
enum class shape { simple, binary_operator, prefix_operator, cast, and_expr, or_expr, not_expr, null_test };

struct printed {
  std::string text;  // an untyped literal: its quoted text, no label yet
  oid_t type = untyped;
  bool constant = false;  // a literal (PostgreSQL's Const)
  std::string raw;        // an untyped literal's value
  // Pretty mode (pg_get_expr(..., true)): the text without parentheses of its own,
  // which the parent adds where precedence needs them.
  std::string pretty;
  enum shape shape = shape::simple;
  std::string op;  // a binary operator's name
};

// A leaf or a call: the same text in both modes.
printed simple(std::string text, oid_t type, bool constant = false) {
  printed p{text, type, constant, {}, text, shape::simple, {}};
  return p;
}

// Pretty mode: `child` inside a binary operator `parent_op` (as its left operand
// or not): parenthesised unless + - * / % precedence makes that needless.
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

// What the walk cannot print as PostgreSQL does.
struct not_covered {};

std::string type_label(oid_t type) { return format_type(builtin_column_type(type)); }

std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// A literal read by `type`'s input and printed as get_const_expr prints the
// Const: by the type's output ('1 hour' -> '01:00:00'::interval, 'yes' -> true),
// int4 bare unless negative, numeric bare when it reads as a float constant.
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

// An untyped literal given `type`: 'x'::text.
printed typed_as(printed p, oid_t type) {
  if (p.type != untyped)
    return p;
  return constant_of(p.raw, builtin_column_type(type), type_label(type));
}

// `inner` cast to `label`: (x)::t, in pretty mode x::t unless x is an operator.
printed cast_of(const printed& inner, oid_t type, const std::string& label) {
  const bool parenthesised = inner.shape == shape::binary_operator ||
                             inner.shape == shape::prefix_operator ||
                             (inner.shape == shape::cast && !inner.constant);
  printed out{"(" + inner.text + ")::" + label, type, false, {},
              (parenthesised ? "(" + inner.pretty + ")" : inner.pretty) + "::" + label,
              shape::cast, {}};
  return out;
}

// An implicit cast PostgreSQL's operator resolution adds: (2)::numeric.
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

// get_const_expr: int4 bare unless negative; numeric bare when it reads as a
// float constant; every other type quoted and labelled.
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

// Number types by PostgreSQL's preference: the larger one wins an operator.
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

// Result types of the functions a DEFAULT usually calls (0: not known here).
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
      {"version", oids::text}};
  if (auto it = fixed.find(name); it != fixed.end())
    return it->second;
  static const std::set<std::string> like_first_argument = {"abs", "round", "trunc", "ceil",
                                                            "floor", "greatest", "least"};
  if (like_first_argument.contains(name) && !args.empty() && args[0].type != untyped)
    return args[0].type;
  return 0;
}

// A varchar (or char(n)) argument of a text function: PostgreSQL resolves the
// function's text version and shows the cast ((v.name)::text); length,
// char_length and octet_length have char(n) versions of their own.
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

// nextval('s'): the sequence's name as a regclass constant, printed as given.
printed regclass_literal(printed p) {
  if (p.type != untyped)
    return p;
  return simple(p.text + "::regclass", 2205, true);
}

class deparser {
public:
  deparser(std::string_view source, const column_definition& column,
           const std::vector<column_definition>* columns = nullptr, std::string qualifier = {})
      : source_(source), column_(column), columns_(columns), qualifier_(std::move(qualifier)) {}
  // A view's expression over several FROM items.
  deparser(std::string_view source, const column_definition& column, const std::vector<view_scope_item>& scope,
           const view_subselect_printer* subselects)
      : source_(source), column_(column), columns_(scope.empty() ? nullptr : scope[0].columns), scope_(scope),
        subselects_(subselects) {}

  printed node(const json& n) {
    const std::string type = pt::node_type(n);
    const json& f = pt::fields(n);
    if (type == "A_Const")
      return literal(n, source_);
    if (type == "TypeCast")
      return type_cast(f);
    if (type == "FuncCall")
      return function_call(f);
    if (type == "SQLValueFunction")
      return value_function(f);
    if (type == "A_Expr")
      return operator_expression(f);
    if (type == "ColumnRef")
      return column_reference(f);
    if (type == "BoolExpr")
      return boolean_expression(f);
    if (type == "NullTest") {
      printed arg = node(f.value("arg", json::object()));
      const std::string test = pt::text(f, "nulltesttype") == "IS_NULL" ? " IS NULL" : " IS NOT NULL";
      return printed{"(" + arg.text + test + ")", oids::boolean, false, {}, bare(arg) + test, shape::null_test, {}};
    }
    if (type == "A_ArrayExpr") {
      if (pt::list(f, "elements").empty())
        throw not_covered{};  // ARRAY[] has no type without a cast
      return array(f, 0);
    }
    if (type == "SubLink" && subselects_ != nullptr)
      return sublink(f);
    throw not_covered{};
  }

  // ARRAY[...]: untyped literals take `element` (a cast's element type) or text;
  // numbers of several types the largest one, the others cast to it.
  // `coerce`: ARRAY[...]::t[] — PostgreSQL coerces each element to t
  // (ARRAY[(1)::bigint, (2)::bigint]), not the array.
  printed array(const json& f, oid_t element, bool coerce = false) {
    std::vector<printed> elements;
    std::vector<bool> nulls;
    for (const auto& e : pt::list(f, "elements")) {
      const auto c = pt::constant_value(e, source_);
      nulls.push_back(c && c->is_null);
      elements.push_back(nulls.back() ? simple("NULL", untyped, true) : node(e));
    }
    oid_t common = 0;
    for (size_t i = 0; i < elements.size(); ++i) {
      const oid_t type = elements[i].type;
      if (type == untyped)
        continue;
      if (common == 0 || common == type)
        common = type;
      else if (number_rank(common) > 0 && number_rank(type) > 0)
        common = number_rank(type) > number_rank(common) ? type : common;
      else
        throw not_covered{};
    }
    if (common == 0)
      common = element != 0 ? element : oids::text;
    const type_descriptor* c = find_builtin_type(common);
    if (coerce && element != 0 && !(c != nullptr && c->element != 0))  // not ARRAY[ARRAY[...]]
      common = element;
    std::string text = "ARRAY[", pretty = text;
    for (size_t i = 0; i < elements.size(); ++i) {
      const printed e = nulls[i] ? simple("NULL::" + type_label(common), common, true)
                                 : cast_to(std::move(elements[i]), common);
      text += (i ? ", " : "") + e.text;
      pretty += (i ? ", " : "") + e.pretty;
    }
    // ARRAY[ARRAY[1, 2], ...]: sub-arrays make one array of more dimensions, same type.
    const type_descriptor* d = find_builtin_type(common);
    printed out = simple(text + "]", d == nullptr ? 0 : d->element != 0 ? common : d->array);
    out.pretty = pretty + "]";
    return out;
  }

private:
  printed type_cast(const json& f) {
    auto resolved = resolve_type_name(pt::type_name(f.value("typeName", json::object()), source_));
    if (!resolved || !resolved->known())
      throw not_covered{};
    const std::string label = format_type(*resolved);
    const json& arg = f.value("arg", json::object());
    if (pt::node_type(arg) == "A_ArrayExpr") {
      if (pt::list(pt::fields(arg), "elements").empty())
        return simple("ARRAY[]::" + label, resolved->oid);
      const type_descriptor* d = find_builtin_type(resolved->oid);
      printed inner = array(pt::fields(arg), d != nullptr ? d->element : 0, true);
      if (inner.type == resolved->oid)
        return inner;
      return cast_of(inner, resolved->oid, label);
    }
    if (const auto c = pt::constant_value(arg, source_); c && c->is_null)  // NULL::integer
      return simple("NULL::" + label, resolved->oid, true);
    printed inner = node(arg);
    if (inner.type == untyped)
      return constant_of(inner.raw, *resolved, label);
    return cast_of(inner, resolved->oid, label);
  }

  printed function_call(const json& f) {
    auto names = pt::strings(pt::list(f, "funcname"));
    if (f.contains("over"))
      return window_call(names, f);
    if (names.size() == 1 || (names.size() == 2 && names[0] == "pg_catalog"))
      if (auto a = aggregate(names.back(), f))
        return *a;
    if (names.empty() || f.contains("over") || pt::flag(f, "agg_star") || f.contains("agg_order") ||
        pt::flag(f, "agg_distinct") || pt::flag(f, "func_variadic"))
      throw not_covered{};
    if (names.size() == 2 && names[0] == "pg_catalog")
      names.erase(names.begin());
    if (names.size() != 1)
      throw not_covered{};
    const std::string& name = names[0];
    std::vector<printed> args;
    for (const auto& a : pt::list(f, "args"))
      args.push_back(node(a));
    std::string text = name + "(", pretty = text;
    // concat(VARIADIC "any"), concat_ws(text, VARIADIC "any"), format(text, VARIADIC
    // "any"): a literal passed as "any" stays untyped and unlabelled.
    const size_t typed_arguments = name == "concat" ? 0
                                   : name == "concat_ws" || name == "format" ? 1
                                                                             : args.size();
    for (size_t i = 0; i < args.size(); ++i) {
      if (name == "nextval" || name == "currval")
        args[i] = regclass_literal(std::move(args[i]));
      else if (i < typed_arguments && takes_text(name, args[i].type))
        args[i] = cast_to(std::move(args[i]), oids::text);  // upper(v.name) on varchar: upper((v.name)::text)
      else if (i < typed_arguments)
        args[i] = typed_as(std::move(args[i]), oids::text);
      text += (i ? ", " : "") + args[i].text;
      pretty += (i ? ", " : "") + args[i].pretty;  // an argument needs no parentheses
    }
    printed out = simple(text + ")", function_result(name, args));
    out.pretty = pretty + ")";
    return out;
  }

  printed value_function(const json& f) {
    std::string op = pt::text(f, "op");
    std::string precision;
    if (op.ends_with("_N")) {
      precision = "(" + std::to_string(pt::integer(f, "typmod")) + ")";
      op = op.substr(0, op.size() - 2);
    }
    static const std::map<std::string, std::pair<std::string, oid_t>> functions = {
        {"SVFOP_CURRENT_DATE", {"CURRENT_DATE", oids::date}},
        {"SVFOP_CURRENT_TIME", {"CURRENT_TIME", oids::timetz}},
        {"SVFOP_CURRENT_TIMESTAMP", {"CURRENT_TIMESTAMP", oids::timestamptz}},
        {"SVFOP_LOCALTIME", {"LOCALTIME", oids::time}},
        {"SVFOP_LOCALTIMESTAMP", {"LOCALTIMESTAMP", oids::timestamp}},
        {"SVFOP_CURRENT_ROLE", {"CURRENT_ROLE", oids::name}},
        {"SVFOP_CURRENT_USER", {"CURRENT_USER", oids::name}},
        {"SVFOP_USER", {"USER", oids::name}},
        {"SVFOP_SESSION_USER", {"SESSION_USER", oids::name}},
        {"SVFOP_CURRENT_CATALOG", {"CURRENT_CATALOG", oids::name}},
        {"SVFOP_CURRENT_SCHEMA", {"CURRENT_SCHEMA", oids::name}}};
    auto it = functions.find(op);
    if (it == functions.end())
      throw not_covered{};
    return simple(it->second.first + precision, it->second.second);
  }

  // A table's column in a CHECK: its name, of its type.
  printed column_reference(const json& f) {
    const json& fields = pt::list(f, "fields");
    if (!scope_.empty())
      return scoped_column_reference(fields);
    // A view's column reference: c or q.c, printed q.c (the FROM item's name `qualifier_`).
    const bool qualified = !qualifier_.empty() && fields.size() == 2 && pt::node_type(fields[0]) == "String" &&
                           pt::text(pt::fields(fields[0]), "sval") == qualifier_;
    if (columns_ == nullptr || (fields.size() != 1 && !qualified) || pt::node_type(fields.back()) != "String")
      throw not_covered{};
    const std::string name = pt::text(pt::fields(fields.back()), "sval");
    const std::string prefix = qualifier_.empty() ? "" : quote_identifier_if_needed(qualifier_) + ".";
    for (const column_definition& c : *columns_)
      if (c.name == name && c.type.known())
        return simple(prefix + quote_identifier_if_needed(name), c.type.oid);
    throw not_covered{};
  }

  // c or q.c over the view's FROM items: printed q.c, q the item that has c (one only).
  printed scoped_column_reference(const json& fields) {
    if (fields.empty() || fields.size() > 2 || pt::node_type(fields.back()) != "String" ||
        (fields.size() == 2 && pt::node_type(fields[0]) != "String"))
      throw not_covered{};
    const std::string name = pt::text(pt::fields(fields.back()), "sval");
    const std::string wanted = fields.size() == 2 ? pt::text(pt::fields(fields[0]), "sval") : std::string();
    const column_definition* found = nullptr;
    std::string qualifier;
    int found_level = 0;
    for (const auto& item : scope_) {
      if ((!wanted.empty() && item.qualifier != wanted) || (found != nullptr && item.level > found_level))
        continue;
      if (wanted.empty() && std::find(item.merged.begin(), item.merged.end(), name) != item.merged.end())
        continue;
      for (const column_definition& c : *item.columns)
        if (c.name == name) {
          if ((found != nullptr && item.level == found_level) || !c.type.known())
            throw not_covered{};  // ambiguous: PostgreSQL's error, not printed here
          if (found != nullptr && item.level > found_level)
            continue;
          found = &c;
          found_level = item.level;
          qualifier = item.qualifier;
        }
    }
    if (found == nullptr)
      throw not_covered{};
    // A FULL JOIN ... USING's merged column belongs to the join: printed bare.
    return simple((qualifier.empty() ? "" : quote_identifier_if_needed(qualifier) + ".") +
                      quote_identifier_if_needed(name),
                  found->type.oid);
  }

  // count(*), count(x), sum, avg, min, max of a view (PostgreSQL's result types).
  std::optional<printed> aggregate(const std::string& name, const json& f) {
    static const std::set<std::string> aggregates = {"count", "sum", "avg", "min", "max"};
    if (scope_.empty() || !aggregates.contains(name) || f.contains("over") || f.contains("agg_order") ||
        f.contains("agg_filter") || pt::flag(f, "agg_distinct") || pt::flag(f, "func_variadic"))
      return std::nullopt;
    if (pt::flag(f, "agg_star")) {
      if (name != "count")
        throw not_covered{};
      return simple("count(*)", oids::int8);
    }
    const json& list = pt::list(f, "args");
    if (list.size() != 1)
      throw not_covered{};
    printed arg = node(list[0]);
    oid_t result = 0;
    const oid_t t = arg.type;
    if (name == "count")
      result = oids::int8;
    else if (name == "min" || name == "max")
      result = t == untyped ? 0 : t;
    else if (name == "sum")
      result = t == oids::int2 || t == oids::int4 ? oids::int8
               : t == oids::int8 || t == oids::numeric ? oids::numeric
               : t == oids::float4 || t == oids::float8 ? t
                                                        : 0;
    else  // avg
      result = t == oids::int2 || t == oids::int4 || t == oids::int8 || t == oids::numeric ? oids::numeric
               : t == oids::float4 || t == oids::float8 ? oids::float8
                                                        : 0;
    if (result == 0)
      throw not_covered{};
    printed out = simple(name + "(" + arg.text + ")", result);
    out.pretty = name + "(" + arg.pretty + ")";
    return out;
  }

  // f(...) OVER (PARTITION BY ... ORDER BY ...) (ruleutils.c get_windowfunc_expr and
  // get_rule_windowspec): ranking functions, lag/lead/first_value/last_value, the
  // aggregates; the default frame only, no named window.
  printed window_call(const std::vector<std::string>& names, const json& f) {
    const json window = f.value("over", json::object());  // a WindowDef, with or without its node name
    const json& over = window.contains("WindowDef") ? window["WindowDef"] : window;
    constexpr int64_t default_frame = 1058;  // FRAMEOPTION_DEFAULTS
    if (scope_.empty() || names.size() != 1 || over.contains("name") || over.contains("refname") ||
        pt::integer(over, "frameOptions") != default_frame || f.contains("agg_filter") ||
        f.contains("agg_order") || pt::flag(f, "agg_distinct") || pt::flag(f, "func_variadic"))
      throw not_covered{};
    const std::string& name = names[0];
    json plain = f;
    plain.erase("over");
    printed call;
    if (auto a = aggregate(name, plain)) {
      call = *a;
    } else {
      static const std::map<std::string, oid_t> ranking = {
          {"row_number", oids::int8}, {"rank", oids::int8},         {"dense_rank", oids::int8},
          {"ntile", oids::int4},      {"percent_rank", oids::float8}, {"cume_dist", oids::float8}};
      std::vector<printed> args;
      for (const auto& a : pt::list(f, "args"))
        args.push_back(node(a));
      oid_t result = 0;
      if (auto r = ranking.find(name); r != ranking.end()) {
        result = r->second;
        if (args.size() != (name == "ntile" ? 1u : 0u))
          throw not_covered{};
        if (!args.empty())
          args[0] = cast_to(std::move(args[0]), oids::int4);
      } else if (name == "lag" || name == "lead" || name == "first_value" || name == "last_value") {
        const size_t most = name == "lag" || name == "lead" ? 3 : 1;
        if (args.empty() || args.size() > most || args[0].type == untyped)
          throw not_covered{};
        result = args[0].type;
        if (args.size() > 1)
          args[1] = cast_to(std::move(args[1]), oids::int4);
        if (args.size() > 2)
          args[2] = cast_to(std::move(args[2]), result);
      } else {
        throw not_covered{};
      }
      std::string text = name + "(", pretty = text;
      for (size_t i = 0; i < args.size(); ++i) {
        text += (i ? ", " : "") + args[i].text;
        pretty += (i ? ", " : "") + args[i].pretty;
      }
      call = simple(text + ")", result);
      call.pretty = pretty + ")";
    }
    std::string spec, pretty_spec;
    const auto add_items = [&](const json& items, const char* keyword, bool ordering) {
      if (items.empty())
        return;
      spec += (spec.empty() ? "" : " ") + std::string(keyword);
      pretty_spec += (pretty_spec.empty() ? "" : " ") + std::string(keyword);
      bool first = true;
      for (const auto& item : items) {
        const json* key = &item;
        std::string suffix;
        if (ordering) {
          const json& by = pt::fields(item);
          if (pt::node_type(item) != "SortBy" || by.contains("useOp"))
            throw not_covered{};
          key = &by.at("node");
          suffix = sort_direction(by);
        }
        const printed p = node(*key);
        spec += (first ? " " : ", ") + sort_item_text(*key, p.text, false) + suffix;
        pretty_spec += (first ? " " : ", ") + sort_item_text(*key, p.pretty, true) + suffix;
        first = false;
      }
    };
    add_items(pt::list(over, "partitionClause"), "PARTITION BY", false);
    add_items(pt::list(over, "orderClause"), "ORDER BY", true);
    printed out = simple(call.text + " OVER (" + spec + ")", call.type);
    out.pretty = call.pretty + " OVER (" + pretty_spec + ")";
    return out;
  }

  // (SELECT ...), EXISTS (SELECT ...), x IN (SELECT ...), x op ANY / ALL (SELECT ...)
  // (ruleutils.c get_sublink_expr: parenthesised in both modes).
  printed sublink(const json& f) {
    const std::string kind = pt::text(f, "subLinkType");
    auto sub = (*subselects_)(f.value("subselect", json::object()));
    if (!sub)
      throw not_covered{};
    if (kind == "EXPR_SUBLINK") {
      if (sub->type == 0)
        throw not_covered{};
      return simple("(" + sub->text + ")", sub->type);
    }
    if (kind == "EXISTS_SUBLINK")
      return simple("(EXISTS (" + sub->text + "))", oids::boolean);
    if (kind != "ANY_SUBLINK" && kind != "ALL_SUBLINK")
      throw not_covered{};
    const auto op_names = pt::strings(pt::list(f, "operName"));
    const std::string op = op_names.empty() ? "=" : op_names.size() == 1 ? op_names[0] : "";
    static const std::set<std::string> comparisons = {"=", "<>", "<", ">", "<=", ">="};
    if (!comparisons.contains(op))
      throw not_covered{};
    printed test = node(f.value("testexpr", json::object()));
    const int l = number_rank(test.type), r = number_rank(sub->type);
    const bool same = test.type == sub->type || (l > 0 && l <= 3 && r > 0 && r <= 3);
    if (test.type == untyped || !same)
      throw not_covered{};  // PostgreSQL casts one side: not printed here
    const std::string word = kind == "ANY_SUBLINK" && op == "=" ? " IN " : " " + op + (kind == "ANY_SUBLINK" ? " ANY " : " ALL ");
    printed out = simple("(" + test.text + word + "(" + sub->text + "))", oids::boolean);
    out.pretty = "(" + test.pretty + word + "(" + sub->text + "))";
    return out;
  }

  // A child of an operator without parentheses of its own: a leaf, a cast.
  static std::string bare(const printed& p) {
    return p.shape == shape::simple || p.shape == shape::cast ? p.pretty : "(" + p.pretty + ")";
  }

  // AND / OR / NOT (ruleutils.c: an operator or a NULL test under them needs no
  // parentheses in pretty mode, nor AND or NOT under AND / OR, nor OR under OR).
  printed boolean_expression(const json& f) {
    const std::string op = pt::text(f, "boolop");
    std::vector<printed> args;
    for (const auto& a : pt::list(f, "args"))
      args.push_back(node(a));
    for (const printed& a : args)
      if (a.type != oids::boolean)
        throw not_covered{};
    const auto pretty_arg = [&](const printed& a, shape parent) {
      switch (a.shape) {
        case shape::binary_operator:  // x = ANY (ARRAY[...]) is parenthesised under AND / OR / NOT
          return a.op == "= ANY" || a.op == "<> ALL" ? "(" + a.pretty + ")" : a.pretty;
        case shape::simple:
        case shape::cast:
        case shape::null_test:
          return a.pretty;
        case shape::and_expr:
        case shape::not_expr:
          return parent != shape::not_expr ? a.pretty : "(" + a.pretty + ")";
        case shape::or_expr:
          return parent == shape::or_expr ? a.pretty : "(" + a.pretty + ")";
        default:
          return "(" + a.pretty + ")";
      }
    };
    if (op == "NOT_EXPR" && args.size() == 1)
      return printed{"(NOT " + args[0].text + ")", oids::boolean, false, {},
                     "NOT " + pretty_arg(args[0], shape::not_expr), shape::not_expr, {}};
    if ((op != "AND_EXPR" && op != "OR_EXPR") || args.size() < 2)
      throw not_covered{};
    const shape kind = op == "AND_EXPR" ? shape::and_expr : shape::or_expr;
    const std::string word = op == "AND_EXPR" ? " AND " : " OR ";
    std::string text = "(", pretty;
    for (size_t i = 0; i < args.size(); ++i) {
      text += (i ? word : "") + args[i].text;
      pretty += (i ? word : "") + pretty_arg(args[i], kind);
    }
    return printed{text + ")", oids::boolean, false, {}, pretty, kind, {}};
  }

  static bool text_type(oid_t type) {
    return type == oids::text || type == oids::varchar || type == oids::name;
  }

  // Both sides of a comparison as PostgreSQL's operator resolution casts them.
  static void comparable(printed& left, printed& right) {
    if (left.type == untyped && right.type == untyped)
      throw not_covered{};
    // varchar and name compare as text: a literal beside them is text.
    if (left.type == untyped)
      left = typed_as(std::move(left), right.type == oids::varchar ? oids::text : right.type);
    if (right.type == untyped)
      right = typed_as(std::move(right), left.type == oids::varchar ? oids::text : left.type);
    if (left.type == right.type)
      return;
    if (text_type(left.type) && text_type(right.type)) {
      left = cast_to(std::move(left), oids::text);
      right = cast_to(std::move(right), oids::text);
      return;
    }
    const int l = number_rank(left.type), r = number_rank(right.type);
    if (l == 0 || r == 0)
      throw not_covered{};
    if ((l <= 3 && r <= 3) || (l >= 5 && r >= 5))  // int2/int4/int8, float4/float8: cross-type operators
      return;
    const oid_t common = l >= r ? left.type : right.type;
    left = cast_to(std::move(left), common);
    right = cast_to(std::move(right), common);
  }

  // x IN (a, b) -> x = ANY (ARRAY[a, b]); NOT IN -> <> ALL (parse_expr.c
  // transformAExprIn). The array has the common type of x and the items: a
  // varchar x with quoted items is a varchar array compared as text,
  // ((b)::text = ANY ((ARRAY['x'::character varying, ...])::text[])). One item
  // is a plain comparison, (c = 'p'::text).
  printed in_list(const json& f) {
    const auto op_names = pt::strings(pt::list(f, "name"));
    if (op_names.size() != 1 || (op_names[0] != "=" && op_names[0] != "<>"))
      throw not_covered{};
    const std::string& op = op_names[0];
    printed left = node(f.value("lexpr", json::object()));
    if (left.type == untyped)
      throw not_covered{};
    const json& list = f.value("rexpr", json::object());
    std::vector<printed> items;
    for (const auto& e : list.is_array() ? list : pt::list(pt::fields(list), "items")) {
      if (pt::node_type(e) == "ColumnRef")  // a Var item is a condition of its own
        throw not_covered{};
      items.push_back(node(e));
    }
    if (items.empty())
      throw not_covered{};
    if (items.size() == 1) {
      printed right = std::move(items[0]);
      comparable(left, right);
      return printed{"(" + left.text + " " + op + " " + right.text + ")", oids::boolean, false, {},
                     pretty_operand(left, op, true) + " " + op + " " + pretty_operand(right, op, false),
                     shape::binary_operator, op};
    }
    // varchar has no = of its own: the array of varchar items compares as text[].
    const bool as_text = left.type == oids::varchar;
    std::string text = "ARRAY[", pretty = text;
    for (size_t i = 0; i < items.size(); ++i) {
      printed element = std::move(items[i]);
      if (as_text || left.type == oids::bpchar) {
        if (element.type != untyped)
          throw not_covered{};
        element = typed_as(std::move(element), left.type);
      } else {
        printed probe = left;
        comparable(probe, element);
        if (probe.type != left.type)
          throw not_covered{};
      }
      text += (i ? ", " : "") + element.text;
      pretty += (i ? ", " : "") + element.pretty;
    }
    text += "]";
    pretty += "]";
    if (as_text) {
      left = cast_to(std::move(left), oids::text);
      text = "(" + text + ")::text[]";
      pretty += "::text[]";
    }
    const std::string quantified = op == "=" ? " = ANY (" : " <> ALL (";
    return printed{"(" + left.text + quantified + text + "))", oids::boolean, false, {},
                   bare(left) + quantified + pretty + ")", shape::binary_operator, op == "=" ? "= ANY" : "<> ALL"};
  }

  // a IS [NOT] DISTINCT FROM b; a [NOT] LIKE / ILIKE b on text, printed ~~ !~~ ~~* !~~*.
  // (PostgreSQL's own texts: (NOT (a IS DISTINCT FROM b)), (a ~~ 'x'::text).)
  printed distinct_or_like(const json& f, const std::string& kind) {
    if (columns_ == nullptr || !f.contains("lexpr") || !f.contains("rexpr"))
      throw not_covered{};
    const bool distinct = kind == "AEXPR_DISTINCT" || kind == "AEXPR_NOT_DISTINCT";
    const auto left_row = distinct ? whole_row(f.value("lexpr", json::object())) : std::nullopt;
    const auto right_row = distinct ? whole_row(f.value("rexpr", json::object())) : std::nullopt;
    if (left_row.has_value() != right_row.has_value())
      throw not_covered{};
    printed left = left_row ? *left_row : node(f.value("lexpr", json::object()));
    printed right = right_row ? *right_row : node(f.value("rexpr", json::object()));
    std::string op;
    if (distinct) {
      if (!left_row)
        comparable(left, right);
      op = "IS DISTINCT FROM";
    } else {
      const auto names = pt::strings(pt::list(f, "name"));
      if (names.size() != 1 || left.type != oids::text || (right.type != oids::text && right.type != untyped))
        throw not_covered{};
      op = names[0];
      right = typed_as(std::move(right), oids::text);
    }
    printed out{"(" + left.text + " " + op + " " + right.text + ")", oids::boolean, false, {},
                pretty_operand(left, op, true) + " " + op + " " + pretty_operand(right, op, false),
                shape::binary_operator, op};
    if (kind != "AEXPR_NOT_DISTINCT")
      return out;
    // IS NOT DISTINCT FROM is stored as NOT (a IS DISTINCT FROM b), and printed so.
    return printed{"(NOT " + out.text + ")", oids::boolean, false, {}, "NOT " + out.pretty, shape::not_expr, {}};
  }

  // A FROM item's whole row (a trigger's OLD.* or NEW, a record), printed q.*.
  std::optional<printed> whole_row(const json& e) const {
    if (pt::node_type(e) != "ColumnRef")
      return std::nullopt;
    const json& fields = pt::list(pt::fields(e), "fields");
    if (fields.empty() || fields.size() > 2 || pt::node_type(fields[0]) != "String" ||
        (fields.size() == 2 && pt::node_type(fields[1]) != "A_Star"))
      return std::nullopt;
    const std::string name = pt::text(pt::fields(fields[0]), "sval");
    for (const auto& item : scope_) {
      if (item.qualifier != name)
        continue;
      if (fields.size() == 1)
        for (const auto& other : scope_)
          for (const auto& c : *other.columns)
            if (c.name == name)
              return std::nullopt;  // a column of that name
      return simple(quote_identifier_if_needed(name) + ".*", record_type);
    }
    return std::nullopt;
  }

  // x BETWEEN a AND b is stored as x >= a AND x <= b (NOT BETWEEN: x < a OR x > b),
  // and printed so: ((x >= 1) AND (x <= 10)).
  printed between(const json& f, bool negated) {
    const json& bounds = f.value("rexpr", json::object());
    const json& items = bounds.is_array() ? bounds : pt::list(pt::fields(bounds), "items");
    if (columns_ == nullptr || items.size() != 2)
      throw not_covered{};
    std::vector<printed> parts;
    const char* ops[2] = {negated ? "<" : ">=", negated ? ">" : "<="};
    for (int i = 0; i < 2; ++i) {
      printed left = node(f.value("lexpr", json::object()));
      printed right = node(items[i]);
      comparable(left, right);
      const std::string op = ops[i];
      parts.push_back(printed{"(" + left.text + " " + op + " " + right.text + ")", oids::boolean, false, {},
                              pretty_operand(left, op, true) + " " + op + " " + pretty_operand(right, op, false),
                              shape::binary_operator, op});
    }
    const std::string word = negated ? " OR " : " AND ";
    return printed{"(" + parts[0].text + word + parts[1].text + ")", oids::boolean, false, {},
                   parts[0].pretty + word + parts[1].pretty, negated ? shape::or_expr : shape::and_expr, {}};
  }

  printed operator_expression(const json& f) {
    if (pt::text(f, "kind") == "AEXPR_IN" && columns_ != nullptr)
      return in_list(f);
    const std::string kind = pt::text(f, "kind");
    if (kind == "AEXPR_DISTINCT" || kind == "AEXPR_NOT_DISTINCT" || kind == "AEXPR_LIKE" || kind == "AEXPR_ILIKE")
      return distinct_or_like(f, kind);
    if (kind == "AEXPR_BETWEEN" || kind == "AEXPR_NOT_BETWEEN")
      return between(f, kind == "AEXPR_NOT_BETWEEN");
    if (kind != "AEXPR_OP")
      throw not_covered{};
    const auto op_names = pt::strings(pt::list(f, "name"));
    if (op_names.size() != 1)
      throw not_covered{};
    const std::string& op = op_names[0];
    if (!f.contains("lexpr")) {  // prefix operator on an expression: (- random())
      printed operand = node(f.value("rexpr", json::object()));
      if ((op != "-" && op != "+") || number_rank(operand.type) == 0)
        throw not_covered{};
      const bool bare = operand.shape == shape::simple || operand.shape == shape::cast;
      return printed{"(" + op + " " + operand.text + ")", operand.type, false, {},
                     op + " " + (bare ? operand.pretty : "(" + operand.pretty + ")"),
                     shape::prefix_operator, {}};
    }
    const auto left_row = whole_row(f.value("lexpr", json::object()));
    const auto right_row = whole_row(f.value("rexpr", json::object()));
    if (left_row && right_row && (op == "=" || op == "<>"))  // two records (a trigger's old.* = new.*)
      return printed{"(" + left_row->text + " " + op + " " + right_row->text + ")", oids::boolean, false, {},
                     left_row->text + " " + op + " " + right_row->text, shape::binary_operator, op};
    printed left = node(f.value("lexpr", json::object()));
    printed right = node(f.value("rexpr", json::object()));
    oid_t result = 0;
    if (op == "||") {
      left = typed_as(std::move(left), oids::text);
      right = typed_as(std::move(right), oids::text);
      result = oids::text;
    } else if (op == "+" || op == "-" || op == "*" || op == "/" || op == "%" || op == "^") {
      result = arithmetic(op, left, right);
    } else if (columns_ != nullptr &&
               (op == "=" || op == "<>" || op == "<" || op == ">" || op == "<=" || op == ">=")) {
      comparable(left, right);
      result = oids::boolean;
    } else {
      throw not_covered{};
    }
    return printed{"(" + left.text + " " + op + " " + right.text + ")", result, false, {},
                   pretty_operand(left, op, true) + " " + op + " " + pretty_operand(right, op, false),
                   shape::binary_operator, op};
  }

  // The operands as PostgreSQL's operator resolution casts them; the result type.
  static oid_t arithmetic(const std::string& op, printed& left, printed& right) {
    if (left.type == untyped && number_rank(right.type) > 0)
      left = typed_as(std::move(left), right.type);
    if (right.type == untyped && number_rank(left.type) > 0)
      right = typed_as(std::move(right), left.type);
    const int l = number_rank(left.type), r = number_rank(right.type);
    if (l > 0 && r > 0) {
      oid_t common = l >= r ? left.type : right.type;
      if (op == "^")  // numeric ^ numeric or float8 ^ float8 only
        common = std::max(l, r) == 4 ? oids::numeric : oids::float8;
      // int2/int4/int8 have operators between each other; float4 with float8 too.
      const bool integers = l <= 3 && r <= 3 && op != "^";
      const bool floats = l >= 5 && r >= 5 && op != "^";
      if (!integers && !floats) {
        left = cast_to(std::move(left), common);
        right = cast_to(std::move(right), common);
      }
      return common;
    }
    // date +/- integer, timestamps +/- interval.
    const bool time_type = left.type == oids::date || left.type == oids::timestamp ||
                           left.type == oids::timestamptz;
    if (time_type && (op == "+" || op == "-")) {
      if (left.type == oids::date && right.type == oids::int4)
        return oids::date;
      if (right.type == oids::interval)
        return left.type == oids::date ? oids::timestamp : left.type;
    }
    throw not_covered{};
  }

  std::string_view source_;
  const column_definition& column_;
  const std::vector<column_definition>* columns_;  // a CHECK's table; nullptr for a DEFAULT
  std::string qualifier_;  // a view's FROM item: column references print qualified
  std::vector<view_scope_item> scope_;  // a view's FROM items (several: joins, lists)
  const view_subselect_printer* subselects_ = nullptr;  // a view's sub-selects
};

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
