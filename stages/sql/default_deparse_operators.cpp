// default_deparse_operators: the deparser's operators: AND / OR / NOT, comparisons
// with the casts operator resolution adds, IN lists, IS [NOT] DISTINCT FROM, LIKE,
// BETWEEN and arithmetic. See default_deparse.hpp and default_deparse_internal.hpp.
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

std::string deparser::bare(const printed& p) {
  return p.shape == shape::simple || p.shape == shape::cast ? p.pretty : "(" + p.pretty + ")";
}

printed deparser::boolean_expression(const json& f) {
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
      case shape::sublink:
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

bool deparser::text_type(oid_t type) {
  return type == oids::text || type == oids::varchar || type == oids::name;
}

void deparser::comparable(printed& left, printed& right) {
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

printed deparser::in_list(const json& f) {
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

printed deparser::distinct_or_like(const json& f, const std::string& kind) {
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

std::optional<printed> deparser::whole_row(const json& e) const {
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
    return simple(quote_identifier_if_needed(item.printed.empty() ? name : item.printed) + ".*", record_type);
  }
  return std::nullopt;
}

printed deparser::between(const json& f, bool negated) {
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

printed deparser::operator_expression(const json& f) {
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
  // Two records (a trigger's old.* = new.*, old.* < new.*): compared as records.
  if (left_row && right_row && (op == "=" || op == "<>" || op == "<" || op == ">" || op == "<=" || op == ">="))
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

oid_t deparser::arithmetic(const std::string& op, printed& left, printed& right) {
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

}  // namespace tributary::default_deparse_internal
