// modify_translator: INSERT, UPDATE and DELETE -> SQLite (query_translation.hpp).
//
//   INSERT INTO t [AS a] [(cols)] VALUES (...), ... | SELECT ...
//          [ON CONFLICT [(cols)] DO NOTHING | DO UPDATE SET ... [WHERE ...]] [RETURNING ...]
//   UPDATE t [AS a] SET col = expr, (col, ...) = (expr, ...), ... [FROM ...] [WHERE ...] [RETURNING ...]
//   DELETE FROM t [AS a] [USING ...] [WHERE ...] [RETURNING ...]
//
// Every stored value goes through assign(): the type PostgreSQL's assignment
// cast gives it in the column. DELETE ... USING becomes DELETE ... WHERE EXISTS
// (SELECT 1 FROM <using> WHERE <condition>). DEFAULT (in VALUES, SET c = DEFAULT)
// is the column's SQLite default (a serial or identity column's nextval) or NULL;
// a GENERATED ALWAYS identity column refuses any other value (428C9) unless
// OVERRIDING SYSTEM VALUE; OVERRIDING USER VALUE gives identity columns their
// default. Left untranslated (the statement runs the previous way): subscripted
// or multi-column assignments, DELETE ... USING with RETURNING.
#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/sql_literal.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/sql/translator/row_type_values.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_casts.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;
using expression_helpers::start_location;

const column_definition* find_column(const std::vector<column_definition>& columns,
                                     const std::string& name) {
  for (const auto& c : columns)
    if (c.name == name)
      return &c;
  return nullptr;
}

// DEFAULT for `column`: its SQLite default (a serial column's nextval(...)) or NULL.
typed_expression default_of(const column_definition& column) {
  typed_expression e;
  e.sql = column.sqlite_default ? "(" + *column.sqlite_default + ")" : "NULL";
  e.type = column.type;
  e.is_null_constant = !column.sqlite_default;
  return e;
}

// SET (a, b) = (x, y) or ROW(x, y): the parser gives each column a MultiAssignRef
// to the row; its value is the row's field at the column's place, as PostgreSQL's
// transformMultiAssignRef picks it, with its errors for a row of another width
// (42601) and for a source that is neither a row nor a sub-select (0A000). SET (a, b) =
// (SELECT ...) is row_sub_select's.
const json& assigned_value(const json& target, const query_translator& t) {
  static const json none;
  const auto found = target.find("val");
  if (found == target.end())
    return none;
  const json& value = *found;
  if (pt::node_type(value) != "MultiAssignRef")
    return value;
  const json& assignment = pt::fields(value);
  const auto source_found = assignment.find("source");
  const json& source = source_found == assignment.end() ? none : *source_found;
  if (pt::node_type(source) != "RowExpr")
    t.fail_at(make_pg_error("0A000", "source for a multiple-column UPDATE item must be a sub-SELECT or ROW() "
                                     "expression"),
              start_location(source));
  const json& fields = pt::list(pt::fields(source), "args");
  const auto column = pt::integer(assignment, "colno");
  if (static_cast<size_t>(pt::integer(assignment, "ncolumns")) != fields.size() || column < 1 ||
      static_cast<size_t>(column) > fields.size())
    t.fail_at(make_pg_error("42601", "number of columns does not match number of values"), start_location(source));
  return fields[static_cast<size_t>(column - 1)];
}

// The sub-select of SET (a, b) = (SELECT ...) (an UPDATE's target whose value is a
// MultiAssignRef of a SubLink), or nullptr.
const json* row_sub_select_source(const json& target) {
  const auto found = target.find("val");
  if (found == target.end() || pt::node_type(*found) != "MultiAssignRef")
    return nullptr;
  const json& assignment = pt::fields(*found);
  const auto source = assignment.find("source");
  return source != assignment.end() && pt::node_type(*source) == "SubLink" ? &*source : nullptr;
}

// 428C9: a GENERATED ALWAYS identity column takes only DEFAULT.
pg_error generated_always(const column_definition& column, bool update) {
  pg_error e = make_pg_error("428C9", update ? "column \"" + column.name + "\" can only be updated to DEFAULT"
                                             : "cannot insert a non-DEFAULT value into column \"" +
                                                   column.name + "\"");
  e.detail = "Column \"" + column.name + "\" is an identity column defined as GENERATED ALWAYS.";
  if (!update)
    e.hint = "Use OVERRIDING SYSTEM VALUE to override.";
  return e;
}

}  // namespace

scope_item query_translator::target_table(const json& relation, std::string& sql,
                                          const std::vector<column_definition>*& columns) {
  if (relation.contains("schemaname") || relation.contains("catalogname"))
    throw not_translatable{"target table form"};
  const std::string table = pt::text(relation, "relname");
  columns = input_.lookup(table);
  if (columns == nullptr)
    throw not_translatable{"target table without recorded types"};
  scope_item item;
  const json& alias = relation.value("alias", json::object());
  item.name = alias.contains("aliasname") ? alias["aliasname"].get<std::string>() : table;
  for (const column_definition& c : *columns)
    item.columns.push_back({c.name, c.name, c.type});
  if (!input_.trigger_body) {
    item.columns.push_back(table_oid_column(table));
    item.columns.push_back(merge_row_scope_column(item.name));
  }
  if (input_.trigger_body && item.name != table)
    throw not_translatable{"an alias of the target table in a trigger function"};
  sql = input_.trigger_body ? quote_identifier(table)
                            : quote_identifier(table) + " AS " + quote_identifier(item.name);
  target_relation_ = table;
  return item;
}

// ON CONFLICT ON CONSTRAINT name: SQLite's upsert names the constraint's columns instead.
std::string query_translator::constraint_key_columns(const json& relation, const std::string& constraint) {
  if (!input_.constraint_columns)
    throw not_translatable{"ON CONFLICT ON CONSTRAINT"};
  const std::string table = pt::text(relation, "relname");
  const auto columns = input_.constraint_columns(table, constraint);
  if (!columns) {
    const auto dot = table.find('.');
    fail_at(make_pg_error("42704", "constraint \"" + constraint + "\" for table \"" +
                                       (dot == std::string::npos ? table : table.substr(dot + 1)) +
                                       "\" does not exist"),
            -1);
  }
  std::string keys;
  for (const std::string& column : *columns)
    keys += (keys.empty() ? "" : ", ") + quote_identifier(column);
  return keys;
}

std::string query_translator::returning(const json& list, const scope& target_scope, translated_query& out) {
  scope where = target_scope;
  for (scope_item& item : where.items)
    item.returning_list = item.bare;
  std::string sql;
  for (const json& target : list) {
    const json& t = pt::fields(target);
    const json& value = t.value("val", json());
    const json& ref_fields = pt::list(pt::fields(value), "fields");
    std::vector<std::pair<typed_expression, std::string>> items;
    if (pt::node_type(value) == "ColumnRef" && !ref_fields.empty() &&
        pt::node_type(ref_fields.back()) == "A_Star") {
      for (const scope_item& item : where.items)
        for (const scope_column& c : item.columns) {
          if (c.hidden)
            continue;
          typed_expression e;
          e.sql = column_reference_sql(item, c);
          e.type = c.type;
          items.emplace_back(std::move(e), c.name);
        }
    } else {
      std::string name = pt::text(t, "name");
      items.emplace_back(expression(value, where), name.empty() ? output_column_name(value) : name);
    }
    for (auto& [e, name] : items) {
      if (e.type.oid == pg_type_oid::unknown)
        e = coerce(std::move(e), builtin_column_type(pg_type_oid::text));
      const std::string output = input_.returning_names_objects ? object_name_output_function(e.type.oid) : "";
      if (!output.empty())  // tableoid::regclass prints the table's name, as a SELECT's
        e.sql = output + "(" + e.sql + ")";
      sql += (sql.empty() ? " RETURNING " : ", ") + e.sql + " AS c" + std::to_string(out.columns.size() + 1);
      out.columns.push_back({std::move(name), e.type});
    }
  }
  return sql;
}

translated_query query_translator::insert(const json& s) {
  // WITH queries (SELECTs; the data-modifying ones ran before, modifying_with.hpp).
  const std::string with = s.contains("withClause") ? with_clause(s["withClause"], nullptr) : "";
  const std::string overriding = pt::text(s, "override");
  std::string table_sql;
  const std::vector<column_definition>* columns = nullptr;
  scope target;
  target.items.push_back(target_table(s.value("relation", json::object()), table_sql, columns));

  std::vector<const column_definition*> targets;
  for (const json& col : pt::list(s, "cols")) {
    const json& c = pt::fields(col);
    if (c.contains("indirection"))
      throw not_translatable{"INSERT into a subscripted column"};
    const column_definition* found = find_column(*columns, pt::text(c, "name"));
    if (found == nullptr)
      fail_at(make_pg_error("42703", "column \"" + pt::text(c, "name") + "\" of relation \"" +
                                         pt::text(s.value("relation", json::object()), "relname") +
                                         "\" does not exist"),
              static_cast<int>(pt::integer(c, "location")));
    targets.push_back(found);
  }
  if (targets.empty())
    for (const column_definition& c : *columns)
      targets.push_back(&c);
  // Identity columns: GENERATED ALWAYS takes only DEFAULT unless OVERRIDING SYSTEM
  // VALUE; OVERRIDING USER VALUE replaces any value by the default.
  const auto value_for = [&](const json& item, const column_definition& column) {
    const bool is_default = pt::node_type(item) == "SetToDefault";
    if (is_default || (!column.identity.empty() && overriding == "OVERRIDING_USER_VALUE")) {
      typed_expression value = default_of(column);
      if (column.rowid && !column.sqlite_default && !target_relation_.empty()) {
        value.sql = rowid_not_null(value.sql, target_relation_, column);
        value.is_null_constant = false;
      }
      return value;
    }
    if (column.identity == "a" && overriding != "OVERRIDING_SYSTEM_VALUE")
      fail_at(generated_always(column, false), -1);
    scope none;
    typed_expression value = expression(item, none);
    if (value.location < 0)
      value.location = start_location(item);
    return assign(std::move(value), column);
  };

  static const json no_select = json::object();
  const json& select = pt::fields(s.contains("selectStmt") ? s.at("selectStmt") : no_select);
  // PostgreSQL points at the first expression without a column, or at the first
  // listed column without an expression. `expressions`: where each value starts.
  const auto count_error = [&](const std::vector<int>& expressions) {
    const size_t values = expressions.size();
    if (values > targets.size())
      fail_at(make_pg_error("42601", "INSERT has more expressions than target columns"), expressions[targets.size()]);
    const json& listed = pt::list(s, "cols");
    if (!listed.empty() && values < targets.size())
      fail_at(make_pg_error("42601", "INSERT has more target columns than expressions"),
              values < listed.size() ? static_cast<int>(pt::integer(pt::fields(listed[values]), "location")) : -1);
  };
  const auto starts_of = [](const json& expressions, const char* inner) {
    std::vector<int> out;
    for (const json& e : expressions)
      out.push_back(start_location(inner ? pt::fields(e).value(inner, json::object()) : e));
    return out;
  };
  std::string body;
  size_t width = 0;
  // The rowid column without a value and without a default: NULL, which SQLite would
  // turn into a new rowid, goes in checked (PostgreSQL's not-null violation).
  const column_definition* unvalued_rowid = nullptr;
  const auto unvalued = [&](size_t valued) {
    unvalued_rowid = nullptr;
    for (const column_definition& c : *columns)
      if (c.rowid && !c.sqlite_default && !target_relation_.empty())
        unvalued_rowid = &c;
    for (size_t i = 0; unvalued_rowid != nullptr && i < std::min(valued, targets.size()); ++i)
      if (targets[i] == unvalued_rowid)
        unvalued_rowid = nullptr;
    return unvalued_rowid ? ", " + rowid_not_null("NULL", target_relation_, *unvalued_rowid) : std::string();
  };
  if (select.contains("valuesLists")) {
    for (const json& row : pt::list(select, "valuesLists")) {
      const json& items = pt::list(pt::fields(row), "items");
      const std::vector<int> starts = starts_of(items, nullptr);
      if (width > 0 && items.size() != width)
        fail_at(make_pg_error("42601", "VALUES lists must all be the same length"), starts.empty() ? -1 : starts[0]);
      count_error(starts);
      std::string sql;
      for (size_t i = 0; i < items.size(); ++i)
        sql += (i ? ", " : "(") + value_for(items[i], *targets[i]).sql;
      body += (body.empty() ? " VALUES " : ", ") + sql + unvalued(items.size()) + ")";
      width = items.size();
    }
  } else if (!select.empty()) {
    const size_t selected = pt::list(select, "targetList").size();
    for (size_t i = 0; i < selected && i < targets.size(); ++i) {
      if (targets[i]->identity == "a" && overriding != "OVERRIDING_SYSTEM_VALUE" &&
          overriding != "OVERRIDING_USER_VALUE")
        fail_at(generated_always(*targets[i], false), -1);
      if (!targets[i]->identity.empty() && overriding == "OVERRIDING_USER_VALUE")
        throw not_translatable{"OVERRIDING USER VALUE with a SELECT"};
    }
    std::vector<column_type> target_types;
    for (const column_definition* target : targets)
      target_types.push_back(target->type);
    insert_targets_ = &target_types;
    translated_query query = this->select(select, nullptr);
    insert_targets_ = nullptr;
    std::vector<int> selected_starts = starts_of(pt::list(select, "targetList"), "val");
    selected_starts.resize(query.columns.size(), -1);  // a * gives more columns than items
    count_error(selected_starts);
    std::string list;
    for (size_t i = 0; i < query.columns.size(); ++i) {
      typed_expression column;
      column.sql = "c" + std::to_string(i + 1);
      column.type = query.columns[i].type;
      list += (i ? ", " : "") + assign(std::move(column), *targets[i]).sql;
    }
    list += unvalued(query.columns.size());
    // WHERE true: SQLite's parser needs it before ON CONFLICT after a SELECT.
    body = " SELECT " + list + " FROM (" + query.sql + ") WHERE true";
    width = query.columns.size();
  } else {
    if (s.contains("onConflictClause"))
      throw not_translatable{"INSERT ... DEFAULT VALUES ON CONFLICT"};
    body = " DEFAULT VALUES";
    if (const std::string key = unvalued(0); !key.empty())
      body = " VALUES (" + key.substr(2) + ")";
  }
  std::string sql = with + "INSERT INTO " + table_sql;
  if (width > 0 || unvalued_rowid) {
    sql += " (";
    for (size_t i = 0; i < width; ++i)
      sql += (i ? ", " : "") + quote_identifier(targets[i]->name);
    if (unvalued_rowid)
      sql += (width ? ", " : "") + quote_identifier(unvalued_rowid->name);
    sql += ")";
  }
  sql += body;

  if (s.contains("onConflictClause")) {
    const json& conflict = s["onConflictClause"];
    std::string clause = " ON CONFLICT";
    const json& infer = conflict.value("infer", json::object());
    if (infer.contains("whereClause"))
      throw not_translatable{"ON CONFLICT form"};
    std::string keys;
    if (infer.contains("conname"))
      keys = constraint_key_columns(s.value("relation", json::object()), pt::text(infer, "conname"));
    for (const json& element : pt::list(infer, "indexElems")) {
      const json& e = pt::fields(element);
      if (!e.contains("name"))
        throw not_translatable{"ON CONFLICT on an expression"};
      keys += (keys.empty() ? "" : ", ") + quote_identifier(pt::text(e, "name"));
    }
    if (!keys.empty())
      clause += " (" + keys + ")";
    if (pt::text(conflict, "action") == "ONCONFLICT_UPDATE") {
      if (keys.empty())
        fail_at(make_pg_error("42601", "ON CONFLICT DO UPDATE requires inference specification or constraint name"),
                -1);
      // SQLite's upsert knows the target by its columns' bare names only.
      scope with_excluded = target;
      with_excluded.items[0].bare = true;
      scope_item excluded = target.items[0];
      excluded.name = "excluded";
      excluded.bare = false;
      with_excluded.items.push_back(std::move(excluded));
      std::string sets;
      for (const json& item : pt::list(conflict, "targetList")) {
        const json& t = pt::fields(item);
        if (t.contains("indirection") || pt::node_type(t.value("val", json())) == "MultiAssignRef")
          throw not_translatable{"ON CONFLICT assignment form"};
        const column_definition* column = find_column(*columns, pt::text(t, "name"));
        if (column == nullptr)
          throw not_translatable{"unknown column in ON CONFLICT"};
        sets += (sets.empty() ? "" : ", ") + quote_identifier(column->name) + " = " +
                assign(expression(t.value("val", json()), with_excluded), *column).sql;
      }
      clause += " DO UPDATE SET " + sets;
      if (conflict.contains("whereClause"))
        clause += " WHERE " + as_boolean(expression(conflict["whereClause"], with_excluded)).sql;
    } else {
      clause += " DO NOTHING";
    }
    sql += clause;
  }
  translated_query out;
  target.items[0].bare = true;  // SQLite's RETURNING knows the target by bare names
  sql += returning(pt::list(s, "returningList"), target, out);
  out.sql = std::move(sql);
  return out;
}

// SET (a, b) = (SELECT x, y ...): the sub-select runs once per row, as PostgreSQL's
// MULTIEXPR sub-plan: more than one row is 21000, none sets every column to NULL; a
// sub-select of another width is 42601 at its parenthesis. Each column takes its
// field by assignment (42804 at the sub-select's expression).
query_translator::row_sub_select query_translator::start_row_sub_select(const json& source, long columns,
                                                                        const scope& where) {
  const json& link = pt::fields(source);
  if (pt::text(link, "subLinkType") != "EXPR_SUBLINK")
    throw not_translatable{"UPDATE SET (columns) = this sub-select"};
  row_sub_select row;
  const json& subselect = pt::fields(link.at("subselect"));
  row.inner = select(subselect, &where);
  row.location = start_location(source);
  if (row.inner.columns.size() != static_cast<size_t>(columns))
    fail_at(make_pg_error("42601", "number of columns does not match number of values"), row.location);
  for (const json& target : pt::list(subselect, "targetList"))
    row.field_locations.push_back(start_location(pt::fields(target).value("val", json())));
  return row;
}

typed_expression query_translator::row_sub_select::field(size_t colno) const {
  column_type type = inner.columns[colno - 1].type;
  if (type.oid == pg_type_oid::unknown)  // an untyped literal in a sub-select's list is text
    type = builtin_column_type(pg_type_oid::text);
  return expression_helpers::typed("\"c" + std::to_string(colno) + "\"", type,
               colno <= field_locations.size() ? field_locations[colno - 1] : location);
}

std::string query_translator::row_sub_select::assignment() const {
  std::string names, values, fields;
  for (size_t i = 0; i < columns.size(); ++i) {
    const std::string c = "\"c" + std::to_string(i + 1) + "\"";
    names += (i ? ", " : "") + columns[i];
    values += (i ? ", " : "") + this->values[i];
    fields += i ? ", max(" + c + ") AS " + c
                : "CASE WHEN count(*) > 1 THEN pg_raise('21000', 'more than one row returned by a subquery used as "
                  "an expression') ELSE max(" + c + ") END AS " + c;
  }
  return "(" + names + ") = (SELECT " + values + " FROM (SELECT " + fields + " FROM (SELECT * FROM (" + inner.sql +
         ") LIMIT 2)))";
}

translated_query query_translator::update(const json& s) {
  // WITH queries (SELECTs; the data-modifying ones ran before, modifying_with.hpp).
  const std::string with = s.contains("withClause") ? with_clause(s["withClause"], nullptr) : "";
  std::string table_sql;
  const std::vector<column_definition>* columns = nullptr;
  scope where;
  where.items.push_back(target_table(s.value("relation", json::object()), table_sql, columns));
  std::string from;
  for (const json& item : pt::list(s, "fromClause"))
    from += (from.empty() ? " FROM " : ", ") + from_item(item, where);
  std::string sets;
  std::vector<const column_definition*> assigned;
  std::optional<row_sub_select> row;  // SET (a, b) = (SELECT ...) being written
  for (const json& item : pt::list(s, "targetList")) {
    const json& t = pt::fields(item);
    if (t.contains("indirection"))
      throw not_translatable{"UPDATE assignment form"};
    const json* sub_select = row_sub_select_source(t);
    if (sub_select != nullptr && pt::integer(pt::fields(t.at("val")), "colno") == 1)
      row = start_row_sub_select(*sub_select, pt::integer(pt::fields(t.at("val")), "ncolumns"), where);
    const std::string name = pt::text(t, "name");
    const column_definition* column = find_column(*columns, name);
    assigned.push_back(column);
    if (column == nullptr)
      fail_at(make_pg_error("42703", "column \"" + name + "\" of relation \"" +
                                         pt::text(s.value("relation", json::object()), "relname") +
                                         "\" does not exist"),
              static_cast<int>(pt::integer(t, "location")));
    if (sub_select != nullptr) {
      if (column->identity == "a")
        fail_at(generated_always(*column, true), -1);
      const auto colno = static_cast<size_t>(pt::integer(pt::fields(t.at("val")), "colno"));
      typed_expression field = row->field(colno);
      row->columns.push_back(quote_identifier(name));
      row->values.push_back(assign(std::move(field), *column).sql);
      if (colno == row->inner.columns.size())
        sets += (sets.empty() ? "" : ", ") + row->assignment();
      continue;
    }
    const json& value = assigned_value(t, *this);
    if (pt::node_type(value) == "SetToDefault") {
      sets += (sets.empty() ? "" : ", ") + quote_identifier(name) + " = " + default_of(*column).sql;
      continue;
    }
    if (column->identity == "a")
      fail_at(generated_always(*column, true), -1);
    typed_expression assigned = expression(value, where);
    if (assigned.location < 0)
      assigned.location = start_location(value);
    sets += (sets.empty() ? "" : ", ") + quote_identifier(name) + " = " + assign(std::move(assigned), *column).sql;
  }
  // The rewriter's check, after every value is typed (no position).
  for (size_t i = 0; i < assigned.size(); ++i)
    if (std::find(assigned.begin(), assigned.begin() + static_cast<long>(i), assigned[i]) !=
        assigned.begin() + static_cast<long>(i))
      fail_at(make_pg_error("42601", "multiple assignments to same column \"" + assigned[i]->name + "\""), -1);
  std::string sql = with + "UPDATE " + table_sql + " SET " + sets + from;
  if (s.contains("whereClause"))
    sql += " WHERE " + as_boolean(expression(s["whereClause"], where)).sql;
  translated_query out;
  scope target_only;
  target_only.items.push_back(where.items[0]);
  target_only.items[0].bare = true;
  sql += target_returning(pt::list(s, "returningList"), target_only, out, s.contains("fromClause"));
  out.sql = std::move(sql);
  return out;
}

translated_query query_translator::remove(const json& s) {
  // WITH queries (SELECTs; the data-modifying ones ran before, modifying_with.hpp).
  const std::string with = s.contains("withClause") ? with_clause(s["withClause"], nullptr) : "";
  std::string table_sql;
  const std::vector<column_definition>* columns = nullptr;
  scope target;
  target.items.push_back(target_table(s.value("relation", json::object()), table_sql, columns));
  std::string sql = with + "DELETE FROM " + table_sql;
  if (s.contains("usingClause")) {
    scope with_using;
    with_using.outer = &target;
    std::string from;
    for (const json& item : pt::list(s, "usingClause"))
      from += (from.empty() ? " FROM " : ", ") + from_item(item, with_using);
    // The USING tables and the target meet in the condition.
    scope both = with_using;
    both.items.insert(both.items.begin(), target.items[0]);
    both.outer = nullptr;
    std::string condition = "1";
    if (s.contains("whereClause"))
      condition = as_boolean(expression(s["whereClause"], both)).sql;
    sql += " WHERE EXISTS (SELECT 1" + from + " WHERE " + condition + ")";
  } else if (s.contains("whereClause")) {
    sql += " WHERE " + as_boolean(expression(s["whereClause"], target)).sql;
  }
  translated_query out;
  target.items[0].bare = true;
  sql += target_returning(pt::list(s, "returningList"), target, out, s.contains("usingClause"));
  out.sql = std::move(sql);
  return out;
}

std::string query_translator::target_returning(const json& list, const scope& target, translated_query& out,
                                               bool other_tables) {
  if (!other_tables)
    return returning(list, target, out);
  // SQLite's RETURNING sees the target only, not the FROM / USING tables: a
  // RETURNING that names one of those is not translated yet.
  try {
    return returning(list, target, out);
  } catch (const translation_failure&) {
    throw not_translatable{"RETURNING of a FROM / USING table"};
  }
}

}  // namespace tributary::translator
