// check_expression: see check_translation.hpp. A walk of the tree refuses what
// PostgreSQL refuses in a CHECK constraint and collects the columns it names; the
// query translator then types and translates the expression in a scope holding
// only the table's columns, written bare.
#include "stages/sql/translator/check_translation.hpp"

#include <algorithm>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/index_casts.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;
using translator::query_translator;

int location_in(const json& fields) {
  return fields.contains("location") ? static_cast<int>(pt::integer(fields, "location")) : -1;
}

// Where the expression stands, in PostgreSQL's words for its refusals.
struct expression_place {
  const char* one;   // "cannot use subquery in check constraint"
  const char* many;  // "aggregate functions are not allowed in check constraints"
};
constexpr expression_place check_place{"check constraint", "check constraints"};
constexpr expression_place index_expression_place{"index expression", "index expressions"};
constexpr expression_place index_predicate_place{"index predicate", "index predicates"};

// Walks every node below `node`: PostgreSQL's refusals, and the columns named.
class check_walk {
public:
  check_walk(const query_translator& t, expression_place place) : translator_(t), place_(place) {}

  void visit(const json& node, std::vector<std::string>& referenced) {
    if (node.is_array()) {
      for (const auto& item : node)
        visit(item, referenced);
      return;
    }
    if (!node.is_object())
      return;
    for (const auto& [key, value] : node.items()) {
      if (key == "SubLink")
        translator_.fail_at(make_pg_error("0A000", std::string("cannot use subquery in ") + place_.one),
                            location_in(value));
      if (key == "ParamRef")
        translator_.fail_at(make_pg_error("42P02", "there is no parameter $" +
                                                       std::to_string(pt::integer(value, "number"))),
                            location_in(value));
      if (key == "FuncCall")
        function_call(value);
      if (key == "ColumnRef")
        column_reference(value, referenced);
      visit(value, referenced);
    }
  }

private:
  void function_call(const json& call) {
    const auto names = pt::strings(pt::list(call, "funcname"));
    const std::string name = names.empty() ? "" : names.back();
    if (call.contains("over"))
      translator_.fail_at(
          make_pg_error("42P20", std::string("window functions are not allowed in ") + place_.many),
          location_in(call));
    if (translator_.is_aggregate_name(name) || pt::flag(call, "agg_star"))
      translator_.fail_at(
          make_pg_error("42803", std::string("aggregate functions are not allowed in ") + place_.many),
          location_in(call));
  }

  static void column_reference(const json& ref, std::vector<std::string>& referenced) {
    const json& fields = pt::list(ref, "fields");
    if (fields.empty() || pt::node_type(fields.back()) != "String")
      return;
    const std::string name = pt::text(pt::fields(fields.back()), "sval");
    if (std::find(referenced.begin(), referenced.end(), name) == referenced.end())
      referenced.push_back(name);
  }

  const query_translator& translator_;
  expression_place place_;
};

// `value` as a boolean: an untyped literal coerced, another type refused as
// PostgreSQL's coerce_to_boolean does ("argument of CHECK must be type boolean, ...").
translator::typed_expression as_boolean(query_translator& t, translator::typed_expression value,
                                        const json& expression, const std::string& clause) {
  if (value.type.oid == pg_type_oid::boolean)
    return value;
  const bool untyped = value.literal.has_value() || value.type.oid == 705;
  if (!untyped)
    t.fail_at(make_pg_error("42804", "argument of " + clause + " must be type boolean, not type " +
                                         format_type(value.type)),
              value.location >= 0 ? value.location : location_in(pt::fields(expression)));
  return t.coerce(std::move(value), builtin_column_type(pg_type_oid::boolean));
}

// A query translator's scope holding only `columns`, written bare.
translator::scope bare_columns(const std::vector<check_column>& columns) {
  translator::scope where;
  translator::scope_item item;
  item.bare = true;
  for (const auto& c : columns)
    item.columns.push_back({c.name, c.sqlite_name, c.type, false});
  where.items.push_back(std::move(item));
  return where;
}

}  // namespace

pg_error with_position(const located_error& error, std::string_view source) {
  pg_error out = error.error;
  if (error.location < 0 || static_cast<size_t>(error.location) > source.size())
    return out;
  int characters = 0;
  for (size_t i = 0; i < static_cast<size_t>(error.location); ++i)
    if ((static_cast<unsigned char>(source[i]) & 0xC0) != 0x80)
      ++characters;
  out.position = characters + 1;
  return out;
}

std::vector<check_column> table_check_columns(const std::vector<column_definition>& columns) {
  std::vector<check_column> out;
  for (const auto& c : columns)
    out.push_back({c.name, c.name, c.type});
  return out;
}

result<translated_check, located_error> translate_check_expression(
    const json& expression, std::string_view source, const std::vector<check_column>& columns,
    const type_settings& settings) {
  translation_input input{nullptr, settings, source, {}};
  query_translator t(input);
  const translator::scope where = bare_columns(columns);
  translated_check out;
  try {
    check_walk(t, check_place).visit(expression, out.referenced);
    // A referenced name that is no column is the translator's 42703, at its place.
    out.sql = as_boolean(t, t.expression(expression, where), expression, "CHECK").sql;
    return out;
  } catch (const translator::not_translatable& what) {
    return fail(located_error{make_pg_error("0A000", "this CHECK constraint expression (" +
                                                         what.what + ") is not supported yet"),
                              location_in(pt::fields(expression))});
  } catch (const translator::translation_failure& failure) {
    return fail(failure.error);
  }
}

result<translated_index_key, located_error> translate_index_expression(
    const json& expression, std::string_view source, const std::vector<check_column>& columns,
    const type_settings& settings, bool predicate) {
  translation_input input{nullptr, settings, source, {}};
  query_translator t(input);
  const translator::scope where = bare_columns(columns);
  translated_index_key out{"", builtin_column_type(pg_type_oid::boolean), {}};
  try {
    check_walk(t, predicate ? index_predicate_place : index_expression_place).visit(expression, out.referenced);
    translator::typed_expression value = t.expression(expression, where);
    if (predicate)
      value = as_boolean(t, std::move(value), expression, "WHERE");
    out.sql = with_fixed_casts(value.sql, &out.stable_cast);  // SQLite indexes deterministic functions only
    if (!predicate)  // a key compares in its type's collation, as a column does (numeric 1.5 = 1.50)
      out.sql = translator::with_collation(out.sql, value.type);
    out.type = value.type;
    return out;
  } catch (const translator::not_translatable& what) {
    return fail(located_error{make_pg_error("0A000", std::string("this index ") +
                                                         (predicate ? "predicate" : "expression") + " (" +
                                                         what.what + ") is not supported yet"),
                              location_in(pt::fields(expression))});
  } catch (const translator::translation_failure& failure) {
    return fail(failure.error);
  }
}

}  // namespace tributary
