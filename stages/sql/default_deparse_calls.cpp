// default_deparse_calls: the deparser's entry (node) and its leaves and calls:
// constants, casts, arrays, function calls, column references, aggregates, window
// functions and sub-selects. See default_deparse.hpp and default_deparse_internal.hpp.
#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <set>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/default_deparse_internal.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"

namespace tributary::default_deparse_internal {

printed deparser::node(const json& n) {
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
  if (type == "BooleanTest") {  // x IS [NOT] TRUE / FALSE / UNKNOWN
    printed arg = node(f.value("arg", json::object()));
    std::string test = pt::text(f, "booltesttype");  // IS_NOT_TRUE
    if (!test.starts_with("IS_") || arg.type != oids::boolean)
      throw not_covered{};
    for (char& c : test)
      c = c == '_' ? ' ' : c;
    test = " " + test;
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

printed deparser::array(const json& f, oid_t element, bool coerce) {
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

printed deparser::type_cast(const json& f) {
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

printed deparser::function_call(const json& f) {
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
  // A call of unknown result type is not an untyped literal: not covered.
  const oid_t result = function_result(name, args);
  if (result == untyped)
    throw not_covered{};
  printed out = simple(text + ")", result);
  out.pretty = pretty + ")";
  return out;
}

printed deparser::value_function(const json& f) {
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

printed deparser::column_reference(const json& f) {
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

printed deparser::scoped_column_reference(const json& fields) {
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
        qualifier = item.printed.empty() ? item.qualifier : item.printed;
      }
  }
  if (found == nullptr)
    throw not_covered{};
  // A FULL JOIN ... USING's merged column belongs to the join: printed bare.
  return simple((qualifier.empty() ? "" : quote_identifier_if_needed(qualifier) + ".") +
                    quote_identifier_if_needed(name),
                found->type.oid);
}

std::optional<printed> deparser::aggregate(const std::string& name, const json& f) {
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

printed deparser::window_call(const std::vector<std::string>& names, const json& f) {
  const json window = f.value("over", json::object());  // a WindowDef, with or without its node name
  const json& over = window.contains("WindowDef") ? window["WindowDef"] : window;
  constexpr int64_t default_frame = 1058;  // FRAMEOPTION_DEFAULTS
  const int64_t frame = pt::integer(over, "frameOptions");
  if (scope_.empty() || names.size() != 1 ||
      (over.contains("name") && (over.contains("refname") || over.contains("partitionClause") ||
                                 over.contains("orderClause") || frame != default_frame)) ||
      (frame != default_frame && (frame & frame_option::nondefault) == 0) || f.contains("agg_filter") ||
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
  if (over.contains("name")) {  // OVER w: the query's window w
    const std::string named = " OVER " + quote_identifier_if_needed(pt::text(over, "name"));
    printed out = simple(call.text + named, call.type);
    out.pretty = call.pretty + named;
    return out;
  }
  const auto [spec, pretty_spec] = window_spec(over);
  printed out = simple(call.text + " OVER " + spec, call.type);
  out.pretty = call.pretty + " OVER " + pretty_spec;
  return out;
}

std::pair<std::string, std::string> deparser::window_spec(const json& over) {
  const int64_t frame = pt::integer(over, "frameOptions");
  if (frame != 1058 /* FRAMEOPTION_DEFAULTS */ && (frame & frame_option::nondefault) == 0)
    throw not_covered{};
  std::string spec, pretty_spec;
  if (over.contains("refname")) {  // (w ORDER BY ...): a window on the query's w
    spec = pretty_spec = quote_identifier_if_needed(pt::text(over, "refname"));
  }
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
  if (frame & frame_option::nondefault) {
    const auto [text, pretty] = frame_clause(over);
    spec += (spec.empty() ? "" : " ") + text;
    pretty_spec += (pretty_spec.empty() ? "" : " ") + pretty;
  }
  return {"(" + spec + ")", "(" + pretty_spec + ")"};
}

std::pair<std::string, std::string> deparser::frame_clause(const json& over) {
  namespace fo = frame_option;
  const int64_t options = pt::integer(over, "frameOptions");
  std::string text = options & fo::range ? "RANGE " : options & fo::rows ? "ROWS " : options & fo::groups ? "GROUPS " : "";
  if (text.empty())
    throw not_covered{};
  std::string pretty = text;
  const auto word = [&](const std::string& w) {
    text += w;
    pretty += w;
  };
  // One bound: its flags (UNBOUNDED PRECEDING / FOLLOWING, CURRENT ROW, offset
  // PRECEDING / FOLLOWING) and its offset's node.
  const auto bound = [&](int64_t unbounded_preceding, int64_t unbounded_following, int64_t current,
                         int64_t offset_preceding, int64_t offset_following, const char* offset) {
    if (options & unbounded_preceding) {
      word("UNBOUNDED PRECEDING ");
    } else if (options & unbounded_following) {
      word("UNBOUNDED FOLLOWING ");
    } else if (options & current) {
      word("CURRENT ROW ");
    } else if (options & (offset_preceding | offset_following)) {
      printed p = node(over.value(offset, json::object()));
      if (p.type == untyped)
        p = typed_as(std::move(p), offset_type(over, options));
      text += p.text;
      // ROWS / GROUPS offsets are cast to bigint, a hidden cast that keeps an
      // operator's parentheses in pretty mode.
      pretty += options & (fo::rows | fo::groups) ? bare(p) : p.pretty;
      word(options & offset_preceding ? " PRECEDING " : " FOLLOWING ");
    } else {
      throw not_covered{};
    }
  };
  if (options & fo::between)
    word("BETWEEN ");
  bound(fo::start_unbounded_preceding, fo::start_unbounded_following, fo::start_current_row,
        fo::start_offset_preceding, fo::start_offset_following, "startOffset");
  if (options & fo::between) {
    word("AND ");
    bound(fo::end_unbounded_preceding, fo::end_unbounded_following, fo::end_current_row, fo::end_offset_preceding,
          fo::end_offset_following, "endOffset");
  }
  if (options & fo::exclude_current_row)
    word("EXCLUDE CURRENT ROW ");
  else if (options & fo::exclude_group)
    word("EXCLUDE GROUP ");
  else if (options & fo::exclude_ties)
    word("EXCLUDE TIES ");
  text.pop_back();  // the trailing space, as ruleutils removes it
  pretty.pop_back();
  return {text, pretty};
}

oid_t deparser::offset_type(const json& over, int64_t options) {
  // An untyped offset takes the type transformFrameOffset resolves: bigint for
  // ROWS / GROUPS; for RANGE the offset type of the in_range function of the
  // ORDER BY column's type (interval beside dates and times, float8 beside
  // float4), the column's own type where several would do.
  if (options & (frame_option::rows | frame_option::groups))
    return oids::int8;
  const json& order = pt::list(over, "orderClause");
  if (order.size() != 1 || pt::node_type(order[0]) != "SortBy")
    throw not_covered{};
  const oid_t key = node(pt::fields(order[0]).at("node")).type;
  switch (key) {
    case oids::date:
    case oids::timestamp:
    case oids::timestamptz:
    case oids::time:
    case oids::timetz:
    case oids::interval: return oids::interval;
    case oids::float4: return oids::float8;
    case oids::int2:
    case oids::int4:
    case oids::int8:
    case oids::numeric:
    case oids::float8: return key;
    default: throw not_covered{};
  }
}

printed deparser::sublink(const json& f) {
  const std::string kind = pt::text(f, "subLinkType");
  auto sub = (*subselects_)(f.value("subselect", json::object()));
  if (!sub)
    throw not_covered{};
  if (kind == "EXPR_SUBLINK") {
    if (sub->type == 0)
      throw not_covered{};
    printed out = simple("(" + sub->text + ")", sub->type);
    out.shape = shape::sublink;
    return out;
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

}  // namespace tributary::default_deparse_internal
