// set_operations: UNION / INTERSECT / EXCEPT [ALL] and VALUES lists -> SQLite
// (query_translation.hpp): each output column has the type both sides (or all
// rows) resolve to, a side of another type is cast, and every column carries its
// type's collation so the set operation compares as PostgreSQL does. An untyped
// literal of a branch is read by the column's type when the statement is analysed
// (22P02 at the literal even when its branch returns no row).
#include <utility>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/value_io.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

const json& select_fields(const json& node) {
  return pt::node_type(node) == "SelectStmt" ? pt::fields(node) : node;
}

}  // namespace

translated_query query_translator::set_operation(const json& s, const scope* outer) {
  const bool bare = std::exchange(bare_compound_, false);
  // PostgreSQL refuses row locks on a set operation before it reads the branches.
  for (const json& clause : pt::list(s, "lockingClause"))
    fail_at(make_pg_error("0A000", locking_strength_name(clause) + " is not allowed with UNION/INTERSECT/EXCEPT"), -1);
  translated_query left = select(select_fields(s.value("larg", json::object())), outer);
  translated_query right = select(select_fields(s.value("rarg", json::object())), outer);
  const std::string op = pt::text(s, "op");
  const std::string word = op == "SETOP_UNION" ? "UNION" : op == "SETOP_INTERSECT" ? "INTERSECT" : "EXCEPT";
  if (left.columns.size() != right.columns.size())
    fail_at(make_pg_error("42601", "each " + word + " query must have the same number of columns"),
            -1);
  // Each column has the type both sides resolve to; a side of another type is cast.
  std::vector<column_type> types;
  for (size_t i = 0; i < left.columns.size(); ++i) {
    typed_expression l, r;
    l.type = left.columns[i].untyped ? builtin_column_type(pg_type_oid::unknown) : left.columns[i].type;
    r.type = right.columns[i].untyped ? builtin_column_type(pg_type_oid::unknown) : right.columns[i].type;
    types.push_back(common_type({l, r}, word.c_str()));
  }
  // An untyped literal column of a plain SELECT branch is read by the resolved type's
  // input when the statement is analysed, as PostgreSQL coerces the constant: its
  // error comes even when the branch returns no row, at the literal.
  const auto check_literal = [&](const json& branch, const translated_query& side, size_t i) {
    const json& targets = pt::list(branch, "targetList");
    if (targets.size() != side.columns.size() || !side.columns[i].untyped || is_text_like(types[i].oid))
      return;
    const json& value = pt::fields(targets[i]).value("val", json());
    if (pt::node_type(value) != "A_Const")
      return;
    const auto literal = pt::constant_value(value, input_.source);
    if (!literal || literal->is_null || !literal->is_string)
      return;
    if (auto read = parse_text_value(types[i], literal->text, input_.settings); !read)
      fail_at(read.error(), static_cast<int>(pt::integer(pt::fields(value), "location")));
  };
  for (size_t i = 0; i < types.size(); ++i) {  // column by column, left then right, as transformSetOperationTree
    check_literal(select_fields(s.value("larg", json::object())), left, i);
    check_literal(select_fields(s.value("rarg", json::object())), right, i);
    // UNION / INTERSECT / EXCEPT without ALL compare rows: 42883 for a json, xml or
    // geometric column, at the left branch's expression.
    if (!pt::flag(s, "all")) {
      const json left_branch = select_fields(s.value("larg", json::object()));
      const json& targets = pt::list(left_branch, "targetList");
      require_sort_operators(types[i], false,
                             targets.size() == types.size()
                                 ? expression_helpers::start_location(pt::fields(targets[i]).value("val", json()))
                                 : -1);
    }
  }
  const auto conform = [&](translated_query& side) {
    bool same = true;
    std::string sql = "SELECT ";
    for (size_t i = 0; i < types.size(); ++i) {
      typed_expression column;
      column.sql = positional_alias(i);
      column.type = side.columns[i].type;
      same = same && column.type == types[i];
      // An untyped literal column (held as text) is read by the resolved type's input
      // function: SELECT 1 EXCEPT SELECT 'x' is 22P02, as PostgreSQL's.
      const std::string value = side.columns[i].untyped && !(column.type == types[i])
                                    ? cast_sql(column.sql, column.type, types[i])
                                    : coerce(column, types[i]).sql;
      sql += (i ? ", " : "") + with_collation(value, types[i]) + " AS " + positional_alias(i);
    }
    if (!same && bare)
      throw not_translatable{"recursive WITH whose terms' types differ"};
    if (!same)
      side.sql = sql + " FROM (" + side.sql + ")";
  };
  conform(left);
  conform(right);
  if (pt::flag(s, "all") && word != "UNION")
    throw not_translatable{word + " ALL"};
  translated_query out;
  out.columns = left.columns;
  for (size_t i = 0; i < types.size(); ++i) {
    out.columns[i].type = types[i];
    out.columns[i].untyped = false;
  }
  std::vector<std::string> column_sql;
  for (size_t i = 0; i < out.columns.size(); ++i)
    column_sql.push_back(with_collation(positional_alias(i), out.columns[i].type));
  const std::string compound = "SELECT * FROM (" + left.sql + ") " + word +
                               (pt::flag(s, "all") ? " ALL" : "") + " SELECT * FROM (" + right.sql + ")";
  if (bare) {
    if (s.contains("sortClause") || s.contains("limitCount") || s.contains("limitOffset"))
      throw not_translatable{"ORDER BY / LIMIT on a recursive WITH body"};
    out.sql = left.sql + " " + word + (pt::flag(s, "all") ? " ALL " : " ") + right.sql;
    return out;
  }
  scope none;
  none.outer = outer;
  out.sql = "SELECT * FROM (" + compound + ")" +
            order_by(pt::list(s, "sortClause"), none, out.columns, column_sql) + limits(s, none);
  return out;
}

translated_query query_translator::values_list(const json& s, const scope* outer) {
  for (const char* field : {"sortClause", "limitCount", "limitOffset", "withClause"})
    if (s.contains(field))
      throw not_translatable{std::string("VALUES with ") + field};
  for (const json& clause : pt::list(s, "lockingClause"))  // transformValuesClause's refusal
    fail_at(make_pg_error("0A000", locking_strength_name(clause) + " cannot be applied to VALUES"), -1);
  scope none;
  none.outer = outer;
  std::vector<std::vector<typed_expression>> rows;
  for (const json& row : pt::list(s, "valuesLists")) {
    rows.emplace_back();
    for (const json& item : pt::list(pt::fields(row), "items"))
      rows.back().push_back(expression(item, none));
    if (rows.back().size() != rows.front().size())
      fail_at(make_pg_error("42601", "VALUES lists must all be the same length"), -1);
  }
  if (rows.empty() || rows.front().empty())
    throw not_translatable{"empty VALUES"};
  translated_query out;
  std::vector<column_type> types;
  for (size_t c = 0; c < rows.front().size(); ++c) {
    std::vector<typed_expression> column;
    for (const auto& row : rows)
      column.push_back(row[c]);
    column_type type = common_type(column, "VALUES");
    if (type.oid == pg_type_oid::unknown || type.oid == 0)
      type = builtin_column_type(pg_type_oid::text);
    types.push_back(type);
    out.columns.push_back({"column" + std::to_string(c + 1), type});
  }
  std::string sql;
  for (auto& row : rows) {
    sql += sql.empty() ? "SELECT " : " UNION ALL SELECT ";
    for (size_t c = 0; c < row.size(); ++c)
      sql += (c ? ", " : "") + with_collation(coerce(std::move(row[c]), types[c]).sql, types[c]) + " AS " +
             positional_alias(c);
  }
  out.sql = "SELECT * FROM (" + sql + ")";
  return out;
}

}  // namespace tributary::translator
