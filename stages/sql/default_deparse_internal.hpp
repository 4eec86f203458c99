// default_deparse_internal: the walk default_deparse.cpp, default_deparse_calls.cpp
// and default_deparse_operators.cpp share (not for other files): the printed node,
// the literal and cast helpers, and the deparser class. See default_deparse.hpp.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/sql/default_deparse.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::default_deparse_internal {

namespace pt = parse_tree;
namespace oids = pg_type_oid;
using json = nlohmann::json;

constexpr oid_t untyped = 0;  // a quoted literal its context gives a type
constexpr oid_t record_type = 2249;  // a whole row

// The node's shape, for pretty mode's parentheses (ruleutils.c isSimpleNode).
// A scalar sub-select is as a NULL test: pretty mode parenthesises it under an
// operator, a cast or a test ((( SELECT ...)) > 1), not under AND / OR.
enum class shape { simple, binary_operator, prefix_operator, cast, and_expr, or_expr, not_expr, null_test, sublink };

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
printed simple(std::string text, oid_t type, bool constant = false);

// Pretty mode: `child` inside a binary operator `parent_op` (as its left operand
// or not): parenthesised unless + - * / % precedence makes that needless.
std::string pretty_operand(const printed& child, const std::string& parent_op, bool left);

// What the walk cannot print as PostgreSQL does.
struct not_covered {};

std::string type_label(oid_t type);

std::string quoted(const std::string& text);

// A literal read by `type`'s input and printed as get_const_expr prints the
// Const: by the type's output ('1 hour' -> '01:00:00'::interval, 'yes' -> true),
// int4 bare unless negative, numeric bare when it reads as a float constant.
printed constant_of(const std::string& raw, const column_type& type, const std::string& label);

// An untyped literal given `type`: 'x'::text.
printed typed_as(printed p, oid_t type);

// `inner` cast to `label`: (x)::t, in pretty mode x::t unless x is an operator.
printed cast_of(const printed& inner, oid_t type, const std::string& label);

// An implicit cast PostgreSQL's operator resolution adds: (2)::numeric.
printed cast_to(printed p, oid_t type);

bool fits_int64(const std::string& digits);

// get_const_expr: int4 bare unless negative; numeric bare when it reads as a
// float constant; every other type quoted and labelled.
printed literal(const json& node, std::string_view source);

// Number types by PostgreSQL's preference: the larger one wins an operator.
int number_rank(oid_t type);

// Result types of the functions a DEFAULT usually calls (0: not known here).
oid_t function_result(const std::string& name, const std::vector<printed>& args);

// A varchar (or char(n)) argument of a text function: PostgreSQL resolves the
// function's text version and shows the cast ((v.name)::text); length,
// char_length and octet_length have char(n) versions of their own.
bool takes_text(const std::string& function, oid_t argument);

// nextval('s'): the sequence's name as a regclass constant, printed as given.
printed regclass_literal(printed p);

// WindowDef.frameOptions (parsenodes.h FRAMEOPTION_*).
namespace frame_option {
constexpr int64_t nondefault = 0x1, range = 0x2, rows = 0x4, groups = 0x8, between = 0x10,
                  start_unbounded_preceding = 0x20, end_unbounded_preceding = 0x40,
                  start_unbounded_following = 0x80, end_unbounded_following = 0x100, start_current_row = 0x200,
                  end_current_row = 0x400, start_offset_preceding = 0x800, end_offset_preceding = 0x1000,
                  start_offset_following = 0x2000, end_offset_following = 0x4000, exclude_current_row = 0x8000,
                  exclude_group = 0x10000, exclude_ties = 0x20000;
}  // namespace frame_option

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

  printed node(const json& n);

  // ARRAY[...]: untyped literals take `element` (a cast's element type) or text;
  // numbers of several types the largest one, the others cast to it.
  // `coerce`: ARRAY[...]::t[] — PostgreSQL coerces each element to t
  // (ARRAY[(1)::bigint, (2)::bigint]), not the array.
  printed array(const json& f, oid_t element, bool coerce = false);

private:
  printed type_cast(const json& f);

  printed function_call(const json& f);

  printed value_function(const json& f);

  // A table's column in a CHECK: its name, of its type.
  printed column_reference(const json& f);

  // c or q.c over the view's FROM items: printed q.c, q the item that has c (one only).
  printed scoped_column_reference(const json& fields);

  // count(*), count(x), sum, avg, min, max of a view (PostgreSQL's result types).
  std::optional<printed> aggregate(const std::string& name, const json& f);

  // f(...) OVER (PARTITION BY ... ORDER BY ...) (ruleutils.c get_windowfunc_expr and
  // get_rule_windowspec): ranking functions, lag/lead/first_value/last_value, the
  // aggregates; frame clauses; named windows (OVER w, OVER (w ...)).
  printed window_call(const std::vector<std::string>& names, const json& f);

  // get_rule_windowspec's frame: ROWS / RANGE / GROUPS [BETWEEN] bounds [EXCLUDE ...],
  // plain and pretty (an offset is an expression).
  std::pair<std::string, std::string> frame_clause(const json& over);
  oid_t offset_type(const json& over, int64_t options);  // an untyped frame offset's type

public:
  // get_rule_windowspec: "([w] [PARTITION BY ...] [ORDER BY ...] [frame])", plain and pretty.
  std::pair<std::string, std::string> window_spec(const json& over);

private:

  // (SELECT ...), EXISTS (SELECT ...), x IN (SELECT ...), x op ANY / ALL (SELECT ...)
  // (ruleutils.c get_sublink_expr: parenthesised in both modes).
  printed sublink(const json& f);

  // A child of an operator without parentheses of its own: a leaf, a cast.
  static std::string bare(const printed& p);

  // AND / OR / NOT (ruleutils.c: an operator or a NULL test under them needs no
  // parentheses in pretty mode, nor AND or NOT under AND / OR, nor OR under OR).
  printed boolean_expression(const json& f);

  static bool text_type(oid_t type);

  // Both sides of a comparison as PostgreSQL's operator resolution casts them.
  static void comparable(printed& left, printed& right);

  // x IN (a, b) -> x = ANY (ARRAY[a, b]); NOT IN -> <> ALL (parse_expr.c
  // transformAExprIn). The array has the common type of x and the items: a
  // varchar x with quoted items is a varchar array compared as text,
  // ((b)::text = ANY ((ARRAY['x'::character varying, ...])::text[])). One item
  // is a plain comparison, (c = 'p'::text).
  printed in_list(const json& f);

  // a IS [NOT] DISTINCT FROM b; a [NOT] LIKE / ILIKE b on text, printed ~~ !~~ ~~* !~~*.
  // (PostgreSQL's own texts: (NOT (a IS DISTINCT FROM b)), (a ~~ 'x'::text).)
  printed distinct_or_like(const json& f, const std::string& kind);

  // A FROM item's whole row (a trigger's OLD.* or NEW, a record), printed q.*.
  std::optional<printed> whole_row(const json& e) const;

  // x BETWEEN a AND b is stored as x >= a AND x <= b (NOT BETWEEN: x < a OR x > b),
  // and printed so: ((x >= 1) AND (x <= 10)).
  printed between(const json& f, bool negated);

  printed operator_expression(const json& f);

  // The operands as PostgreSQL's operator resolution casts them; the result type.
  static oid_t arithmetic(const std::string& op, printed& left, printed& right);

  std::string_view source_;
  const column_definition& column_;
  const std::vector<column_definition>* columns_;  // a CHECK's table; nullptr for a DEFAULT
  std::string qualifier_;  // a view's FROM item: column references print qualified
  std::vector<view_scope_item> scope_;  // a view's FROM items (several: joins, lists)
  const view_subselect_printer* subselects_ = nullptr;  // a view's sub-selects
};

}  // namespace tributary::default_deparse_internal
