// select_translator: SelectStmt -> SQLite SELECT (query_translation.hpp).
//
// Output columns are aliased c1, c2, ... in the SQL (PostgreSQL allows two output
// columns of one name; a sub-select's columns are then referred to by alias) and
// each carries its type's collation, so DISTINCT, GROUP BY, UNION and ORDER BY
// compare as PostgreSQL does. ORDER BY items get PostgreSQL's NULL placement
// (ASC: NULLS LAST, DESC: NULLS FIRST).
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {
namespace translator {
namespace {

namespace pt = parse_tree;

std::string alias_of(size_t index) { return "c" + std::to_string(index + 1); }

// A SelectStmt field that holds a SelectStmt: its fields.
const json& select_fields(const json& node) {
  return pt::node_type(node) == "SelectStmt" ? pt::fields(node) : node;
}

bool plain_distinct(const json& distinct) {
  for (const json& item : distinct)
    if (!item.is_null() && !item.empty())
      return false;
  return true;
}

std::string message_type_name(const column_type& type) {
  return type.oid == pg_type_oid::unknown ? "unknown" : format_type(type);
}

}  // namespace

translated_query query_translator::select(const json& s, const scope* outer) {
  const std::string op = pt::text(s, "op");
  if (!op.empty() && op != "SETOP_NONE")
    return set_operation(s, outer);
  for (const char* field : {"withClause", "intoClause", "lockingClause", "windowClause",
                            "valuesLists", "groupDistinct"})
    if (s.contains(field))
      throw not_translatable{field};
  if (s.contains("distinctClause") && !plain_distinct(s["distinctClause"]))
    throw not_translatable{"DISTINCT ON"};
  if (pt::text(s, "limitOption") == "LIMIT_OPTION_WITH_TIES")
    throw not_translatable{"WITH TIES"};

  scope own;
  own.outer = outer;
  std::string from;
  for (const json& item : pt::list(s, "fromClause"))
    from += (from.empty() ? " FROM " : ", ") + from_item(item, own);

  translated_query out;
  std::vector<std::string> column_sql;
  const auto add_column = [&](typed_expression e, std::string name) {
    if (e.type.oid == pg_type_oid::unknown)
      e = coerce(std::move(e), builtin_column_type(pg_type_oid::text));
    column_sql.push_back(with_collation(e.sql, e.type));
    out.columns.push_back({std::move(name), e.type});
  };
  for (const json& target : pt::list(s, "targetList")) {
    const json& t = pt::fields(target);
    const json& value = t.value("val", json());
    const json& ref_fields = pt::list(pt::fields(value), "fields");
    if (pt::node_type(value) == "ColumnRef" && !ref_fields.empty() &&
        pt::node_type(ref_fields.back()) == "A_Star") {
      if (ref_fields.size() > 2)
        throw not_translatable{"star form"};
      const std::string table = ref_fields.size() == 2 ? pt::text(pt::fields(ref_fields[0]), "sval") : "";
      bool found = false;
      for (const scope_item& item : own.items) {
        if (!table.empty() && item.name != table)
          continue;
        found = true;
        for (const scope_column& c : item.columns) {
          typed_expression e;
          e.sql = quote_identifier(item.name) + "." + quote_identifier(c.sql_name);
          e.type = c.type;
          add_column(std::move(e), c.name);
        }
      }
      if (!table.empty() && !found)
        fail_at(make_pg_error("42P01", "missing FROM-clause entry for table \"" + table + "\""),
                static_cast<int>(pt::integer(pt::fields(value), "location")));
      if (table.empty() && own.items.empty())
        fail_at(make_pg_error("42601", "SELECT * with no tables specified is not valid"),
                static_cast<int>(pt::integer(pt::fields(value), "location")));
      continue;
    }
    std::string name = pt::text(t, "name");
    if (name.empty())
      name = output_column_name(value);
    add_column(expression(value, own), std::move(name));
  }

  std::string sql = "SELECT ";
  if (s.contains("distinctClause"))
    sql += "DISTINCT ";
  for (size_t i = 0; i < column_sql.size(); ++i)
    sql += (i ? ", " : "") + column_sql[i] + " AS " + alias_of(i);
  if (column_sql.empty())
    throw not_translatable{"SELECT without columns"};
  sql += from;
  const auto condition = [&](const char* field, const char* clause) {
    typed_expression e = expression(s[field], own);
    if (e.type.oid != pg_type_oid::boolean && !e.literal && e.parameter == 0 && !e.is_null_constant)
      fail_at(make_pg_error("42804", std::string("argument of ") + clause +
                                         " must be type boolean, not type " +
                                         message_type_name(e.type)),
              e.location);
    return as_boolean(std::move(e)).sql;
  };
  if (s.contains("whereClause"))
    sql += " WHERE " + condition("whereClause", "WHERE");
  std::string group;
  for (const json& item : pt::list(s, "groupClause")) {
    std::string term;
    if (auto c = pt::constant_value(item, input_.source);
        c && !c->is_string && !c->is_null && pt::fields(item).contains("ival")) {
      const long position = std::stol(c->text);
      if (position < 1 || static_cast<size_t>(position) > column_sql.size())
        fail_at(make_pg_error("42P10", "GROUP BY position " + c->text + " is not in select list"),
                static_cast<int>(pt::integer(pt::fields(item), "location")));
      term = column_sql[static_cast<size_t>(position - 1)];
    } else {
      typed_expression e = expression(item, own);
      term = with_collation(e.sql, e.type);
    }
    group += (group.empty() ? " GROUP BY " : ", ") + term;
  }
  sql += group;
  if (s.contains("havingClause"))
    sql += " HAVING " + condition("havingClause", "HAVING");
  sql += order_by(pt::list(s, "sortClause"), own, out.columns, column_sql);
  sql += limits(s, own);
  out.sql = std::move(sql);
  return out;
}

std::string query_translator::order_by(const json& sort_clause, const scope& where,
                                       const std::vector<query_column>& columns,
                                       const std::vector<std::string>& column_sql) {
  std::string sql;
  for (const json& node : sort_clause) {
    const json& sort = pt::fields(node);
    const json& key = sort.value("node", json());
    std::string term;
    if (auto c = pt::constant_value(key, input_.source);
        c && !c->is_string && !c->is_null && pt::fields(key).contains("ival")) {
      const long position = std::stol(c->text);
      if (position < 1 || static_cast<size_t>(position) > columns.size())
        fail_at(make_pg_error("42P10", "ORDER BY position " + c->text + " is not in select list"),
                static_cast<int>(pt::integer(pt::fields(key), "location")));
      term = column_sql[static_cast<size_t>(position - 1)];
    } else {
      // A bare name that is an output column's name orders by that column.
      const json& fields = pt::list(pt::fields(key), "fields");
      if (pt::node_type(key) == "ColumnRef" && fields.size() == 1 &&
          pt::node_type(fields[0]) == "String") {
        const std::string name = pt::text(pt::fields(fields[0]), "sval");
        for (size_t i = 0; i < columns.size() && term.empty(); ++i)
          if (columns[i].name == name)
            term = column_sql[i];
      }
      if (term.empty()) {
        typed_expression e = expression(key, where);
        term = with_collation(e.sql, e.type);
      }
    }
    const std::string direction = pt::text(sort, "sortby_dir");
    const std::string nulls = pt::text(sort, "sortby_nulls");
    if (direction == "SORTBY_USING")
      throw not_translatable{"ORDER BY USING"};
    const bool descending = direction == "SORTBY_DESC";
    const bool nulls_first = nulls == "SORTBY_NULLS_FIRST" ||
                             (nulls != "SORTBY_NULLS_LAST" && descending);
    sql += (sql.empty() ? " ORDER BY " : ", ") + term + (descending ? " DESC" : " ASC") +
           (nulls_first ? " NULLS FIRST" : " NULLS LAST");
  }
  return sql;
}

std::string query_translator::limits(const json& s, const scope& where) {
  const auto count_sql = [&](const char* field) -> std::string {
    typed_expression e = expression(s[field], where);
    if (e.is_null_constant)
      return "-1";
    return coerce(std::move(e), builtin_column_type(pg_type_oid::int8)).sql;
  };
  std::string sql;
  if (s.contains("limitCount"))
    sql += " LIMIT " + count_sql("limitCount");
  if (s.contains("limitOffset"))
    sql += (sql.empty() ? " LIMIT -1 OFFSET " : " OFFSET ") + count_sql("limitOffset");
  return sql;
}

translated_query query_translator::set_operation(const json& s, const scope* outer) {
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
    l.type = left.columns[i].type;
    r.type = right.columns[i].type;
    types.push_back(common_type({l, r}, word.c_str()));
  }
  const auto conform = [&](translated_query& side) {
    bool same = true;
    std::string sql = "SELECT ";
    for (size_t i = 0; i < types.size(); ++i) {
      typed_expression column;
      column.sql = alias_of(i);
      column.type = side.columns[i].type;
      same = same && column.type == types[i];
      sql += (i ? ", " : "") + with_collation(coerce(column, types[i]).sql, types[i]) + " AS " + alias_of(i);
    }
    if (!same)
      side.sql = sql + " FROM (" + side.sql + ")";
  };
  conform(left);
  conform(right);
  if (pt::flag(s, "all") && word != "UNION")
    throw not_translatable{word + " ALL"};
  translated_query out;
  out.columns = left.columns;
  for (size_t i = 0; i < types.size(); ++i)
    out.columns[i].type = types[i];
  std::vector<std::string> column_sql;
  for (size_t i = 0; i < out.columns.size(); ++i)
    column_sql.push_back(with_collation(alias_of(i), out.columns[i].type));
  const std::string compound = "SELECT * FROM (" + left.sql + ") " + word +
                               (pt::flag(s, "all") ? " ALL" : "") + " SELECT * FROM (" + right.sql + ")";
  scope none;
  none.outer = outer;
  out.sql = "SELECT * FROM (" + compound + ")" +
            order_by(pt::list(s, "sortClause"), none, out.columns, column_sql) + limits(s, none);
  return out;
}

std::string query_translator::from_item(const json& node, scope& where) {
  const std::string type = pt::node_type(node);
  const json& f = pt::fields(node);
  // Alias is a typed field: {"alias": {"aliasname": "i"}} (or wrapped in {"Alias": ...}).
  const json& alias_node = f.value("alias", json::object());
  const json& alias_fields = alias_node.contains("aliasname") || alias_node.contains("colnames")
                                 ? alias_node
                                 : pt::fields(alias_node);
  const std::string alias_name = pt::text(alias_fields, "aliasname");
  if (alias_fields.contains("colnames"))
    throw not_translatable{"column aliases in FROM"};
  if (type == "RangeVar") {
    const std::string table = pt::text(f, "relname");
    if (f.contains("schemaname") || f.contains("catalogname"))
      throw not_translatable{"table reference form"};
    const std::vector<column_definition>* columns = input_.lookup(table);
    if (columns == nullptr)
      throw not_translatable{"table without recorded types"};
    scope_item item;
    item.name = alias_name.empty() ? table : alias_name;
    for (const scope_item& existing : where.items)
      if (existing.name == item.name)
        fail_at(make_pg_error("42712", "table name \"" + item.name + "\" specified more than once"),
                static_cast<int>(pt::integer(f, "location")));
    for (const column_definition& c : *columns)
      item.columns.push_back({c.name, c.name, c.type});
    where.items.push_back(std::move(item));
    return quote_identifier(table) + " AS " + quote_identifier(where.items.back().name);
  }
  if (type == "RangeSubselect") {
    if (pt::flag(f, "lateral"))
      throw not_translatable{"LATERAL"};
    if (alias_name.empty())
      fail_at(make_pg_error("42601", "subquery in FROM must have an alias"), -1);
    translated_query inner = select(select_fields(f.value("subquery", json::object())), where.outer);
    scope_item item;
    item.name = alias_name;
    for (size_t i = 0; i < inner.columns.size(); ++i)
      item.columns.push_back({inner.columns[i].name, alias_of(i), inner.columns[i].type});
    where.items.push_back(std::move(item));
    return "(" + inner.sql + ") AS " + quote_identifier(alias_name);
  }
  if (type == "JoinExpr") {
    if (pt::flag(f, "isNatural") || f.contains("usingClause") || f.contains("alias"))
      throw not_translatable{"NATURAL / USING / aliased join"};
    const std::string kind = pt::text(f, "jointype");
    const std::string word = kind == "JOIN_LEFT"    ? " LEFT JOIN "
                             : kind == "JOIN_RIGHT" ? " RIGHT JOIN "
                             : kind == "JOIN_FULL"  ? " FULL JOIN "
                                                    : " JOIN ";
    if (!kind.empty() && kind != "JOIN_INNER" && kind != "JOIN_LEFT" && kind != "JOIN_RIGHT" &&
        kind != "JOIN_FULL")
      throw not_translatable{kind};
    std::string sql = from_item(f.value("larg", json()), where);
    const json& right = f.value("rarg", json());
    const std::string right_sql = from_item(right, where);
    sql += word + (pt::node_type(right) == "JoinExpr" ? "(" + right_sql + ")" : right_sql);
    if (f.contains("quals"))
      sql += " ON " + as_boolean(expression(f["quals"], where)).sql;
    else if (word != " JOIN ")
      throw not_translatable{"outer join without ON"};
    return sql;
  }
  throw not_translatable{type};
}

}  // namespace translator

result<std::optional<translated_query>, located_error> translate_statement(
    const std::string& node_type, const nlohmann::json& statement, const translation_input& input) {
  translator::query_translator t(input);
  try {
    translated_query out;
    if (node_type == "SelectStmt")
      out = t.select(statement, nullptr);
    else if (node_type == "InsertStmt")
      out = t.insert(statement);
    else if (node_type == "UpdateStmt")
      out = t.update(statement);
    else if (node_type == "DeleteStmt")
      out = t.remove(statement);
    else
      throw translator::not_translatable{node_type};
    out.parameter_types = t.parameters();
    return std::optional<translated_query>(std::move(out));
  } catch (const translator::not_translatable& what) {
    if (input.untranslated != nullptr)
      *input.untranslated = what.what;
    return std::optional<translated_query>();
  } catch (const translator::translation_failure& failure) {
    return fail(failure.error);
  }
}

result<std::optional<translated_query>, located_error> translate_select(
    const nlohmann::json& select, const translation_input& input) {
  return translate_statement("SelectStmt", select, input);
}

}  // namespace tributary
