// select_translator: SelectStmt -> SQLite SELECT (query_translation.hpp).
//
// Output columns are aliased c1, c2, ... in the SQL (PostgreSQL allows two output
// columns of one name; a sub-select's columns are then referred to by alias) and
// each carries its type's collation, so DISTINCT, GROUP BY, UNION and ORDER BY
// compare as PostgreSQL does. ORDER BY items get PostgreSQL's NULL placement
// (ASC: NULLS LAST, DESC: NULLS FIRST).
#include <algorithm>
#include <optional>
#include <utility>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/output_names.hpp"
#include "stages/sql/translator/query_translator.hpp"
#include "stages/sql/translator/untranslated_statement.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {
namespace translator {
namespace {

namespace pt = parse_tree;

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

// A sub-select that returns exactly one row: aggregates without GROUP BY, HAVING,
// LIMIT / OFFSET, set operations, DISTINCT or set-returning functions.
bool one_row_aggregate(const json& s, const query_translator& t) {
  for (const char* field : {"groupClause", "havingClause", "limitCount", "limitOffset", "distinctClause",
                            "valuesLists", "windowClause"})
    if (s.contains(field))
      return false;
  const std::string op = pt::text(s, "op");
  if ((!op.empty() && op != "SETOP_NONE") || !s.contains("fromClause") ||
      has_set_returning_call(pt::list(s, "targetList")))
    return false;
  for (const json& target : pt::list(s, "targetList")) {
    const json& value = pt::fields(target).value("val", json());
    if (pt::node_type(value) != "FuncCall" || pt::fields(value).contains("over"))
      return false;
    const std::vector<std::string> names = pt::strings(pt::list(pt::fields(value), "funcname"));
    if (names.empty() || !t.is_aggregate_name(names.back()))
      return false;
  }
  return true;
}

// How many SELECTs the translation of this thread is inside (select() counts them):
// a WITH at depth 0 or 1 belongs to the statement itself.
thread_local int select_depth = 0;
struct select_level {
  select_level() { ++select_depth; }
  ~select_level() { --select_depth; }
};

// A sub-select of expressions alone (no FROM, clauses, set operation or set-returning
// function): one row computed from the row on its left when LATERAL.
bool one_row_expressions(const json& s) {
  for (const char* field : {"fromClause", "whereClause", "groupClause", "havingClause", "sortClause",
                            "limitCount", "limitOffset", "distinctClause", "withClause", "valuesLists"})
    if (s.contains(field))
      return false;
  const std::string op = pt::text(s, "op");
  return (op.empty() || op == "SETOP_NONE") && !has_set_returning_call(pt::list(s, "targetList"));
}

// findTargetlistEntrySQL92: a GROUP BY name that no FROM column of this level has may be
// an output column's name (its AS, or the name PostgreSQL gives it).
bool names_a_from_column(const json& item, const scope& level) {
  if (pt::node_type(item) != "ColumnRef")
    return false;
  const json& fields = pt::list(pt::fields(item), "fields");
  if (fields.size() != 1 || pt::node_type(fields[0]) != "String")
    return false;
  const std::string name = pt::text(pt::fields(fields[0]), "sval");
  for (const scope_item& from : level.items)
    for (const scope_column& c : from.columns)
      if (c.name == name)
        return true;
  return false;
}

// The target a GROUP BY output name names (check_grouping's view of the select
// list; nullopt with a `*` in it: its columns come from FROM).
std::optional<size_t> grouped_output_name(const json& item, const scope& level, const json& target_list) {
  if (pt::node_type(item) != "ColumnRef" || names_a_from_column(item, level))
    return std::nullopt;
  const json& fields = pt::list(pt::fields(item), "fields");
  if (fields.size() != 1 || pt::node_type(fields[0]) != "String")
    return std::nullopt;
  const std::string name = pt::text(pt::fields(fields[0]), "sval");
  for (size_t i = 0; i < target_list.size(); ++i) {
    const json& target = pt::fields(target_list[i]);
    const json& value = target.value("val", json());
    const json& ref = pt::list(pt::fields(value), "fields");
    if (pt::node_type(value) == "ColumnRef" && !ref.empty() && pt::node_type(ref.back()) == "A_Star")
      return std::nullopt;
    if ((target.contains("name") ? pt::text(target, "name") : output_column_name(value)) == name)
      return i;
  }
  return std::nullopt;
}

}  // namespace

// GROUP BY ROLLUP / CUBE / GROUPING SETS and grouping(...): the statement as a UNION ALL
// of plain GROUP BY queries (grouping_sets.cpp); nullopt when it has neither.
std::optional<json> expand_grouping_sets(const json& s, const query_translator& t);

// FOR UPDATE / FOR SHARE: PostgreSQL's refusals, else nothing (locking_clause.cpp).
void check_locking_clause(query_translator& t, const json& s, bool has_aggregate, bool has_set_returning);

// WINDOW w AS (...): every OVER w / OVER (w ...) made the window it names (window_names.cpp);
// nullopt without a WINDOW clause.
std::optional<json> resolve_named_windows(const json& s, const query_translator& t);

translated_query query_translator::select(const json& s, const scope* outer) {
  const select_level level;
  const std::vector<column_type>* insert_targets = std::exchange(insert_targets_, nullptr);
  if (auto resolved = resolve_named_windows(s, *this)) {
    insert_targets_ = insert_targets;
    return select(*resolved, outer);
  }
  if (auto expanded = expand_grouping_sets(s, *this)) {
    insert_targets_ = insert_targets;
    return select(*expanded, outer);
  }
  // WITH queries are visible to this statement only.
  const size_t visible_tables = common_tables_.size();
  struct forget_common_tables {
    std::vector<common_table>& tables;
    size_t keep;
    ~forget_common_tables() { tables.resize(keep); }
  } forget{common_tables_, visible_tables};
  const std::string with = s.contains("withClause") ? with_clause(s["withClause"], outer) : "";
  const std::string op = pt::text(s, "op");
  if (!op.empty() && op != "SETOP_NONE") {
    translated_query out = set_operation(s, outer);
    out.sql = with + out.sql;
    return out;
  }
  if (s.contains("valuesLists"))
    return values_list(s, outer);
  for (const char* field : {"intoClause", "windowClause", "groupDistinct"})
    if (s.contains(field))
      throw not_translatable{field};
  const bool with_ties = pt::text(s, "limitOption") == "LIMIT_OPTION_WITH_TIES";

  // Set-returning functions belong to their own select list (not a sub-select's).
  struct restore_set_returning {
    set_returning_level*& current;
    set_returning_level* saved;
    ~restore_set_returning() { current = saved; }
  } restore{set_returning_, std::exchange(set_returning_, nullptr)};
  std::optional<set_returning_level> expansion;
  if (has_set_returning_call(pt::list(s, "targetList"))) {
    if (s.contains("groupClause") || s.contains("havingClause"))
      throw not_translatable{"set-returning functions with GROUP BY or HAVING"};
    expansion.emplace();
    expansion->ordinal = quote_identifier("srf" + std::to_string(++set_returning_levels_)) + ".n";
  }

  scope own;
  own.outer = outer;
  grouping_frame frame;
  frame.level = &own;
  frames_.push_back(&frame);
  struct pop_frame {
    std::vector<grouping_frame*>& frames;
    ~pop_frame() { frames.pop_back(); }
  } pop{frames_};
  std::string from;
  for (const json& item : pt::list(s, "fromClause"))
    from += (from.empty() ? " FROM " : ", ") + from_item(item, own);

  translated_query out;
  std::vector<std::string> column_sql;
  const auto add_column = [&](typed_expression e, std::string name) {
    bool untyped = e.type.oid == pg_type_oid::unknown;
    if (untyped && insert_targets != nullptr && out.columns.size() < insert_targets->size()) {
      e = coerce(std::move(e), (*insert_targets)[out.columns.size()]);
      untyped = false;
    } else if (untyped) {
      e = coerce(std::move(e), builtin_column_type(pg_type_oid::text));
    }
    column_sql.push_back(with_collation(e.sql, e.type));
    out.columns.push_back({std::move(name), e.type, untyped});
    out.columns.back().client_oid = e.row_type_oid;
  };
  frame.recording = true;
  set_returning_ = expansion ? &*expansion : nullptr;
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
          if (c.hidden || (c.merged && table.empty()))
            continue;
          typed_expression e;
          e.sql = !c.expression.empty() ? "(" + c.expression + ")"
                                        : quote_identifier(item.name) + "." + quote_identifier(c.sql_name);
          e.type = c.type;
          add_column(std::move(e), c.name);
        }
      }
      if (!table.empty() && !found)
        fail_missing_table(own, table, static_cast<int>(pt::integer(pt::fields(value), "location")));
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
  frame.recording = false;
  set_returning_ = nullptr;
  if (expansion) {
    if (frame.has_aggregate)
      throw not_translatable{"set-returning functions with aggregates"};
    // Each row joins the ordinals up to its longest function result.
    std::string count = expansion->lengths.size() == 1 ? expansion->lengths[0] : "max(";
    for (size_t i = 0; expansion->lengths.size() > 1 && i < expansion->lengths.size(); ++i)
      count += (i ? ", " : "") + expansion->lengths[i] + (i + 1 == expansion->lengths.size() ? ")" : "");
    if (expansion->lengths.empty())
      throw not_translatable{"set-returning function form"};
    from += (from.empty() ? " FROM " : ", ") + std::string("pg_ordinals(") + count + ") AS " +
            expansion->ordinal.substr(0, expansion->ordinal.size() - 2);
  }

  const bool distinct_on_keys = s.contains("distinctClause") && !plain_distinct(s["distinctClause"]);
  std::string sql = with + "SELECT ";
  if (s.contains("distinctClause") && !distinct_on_keys)
    sql += "DISTINCT ";
  for (size_t i = 0; i < column_sql.size(); ++i)
    sql += (i ? ", " : "") + column_sql[i] + " AS " + positional_alias(i);
  if (column_sql.empty())
    throw not_translatable{"SELECT without columns"};
  const size_t body_start = sql.size();
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
    column_type type;
    if (auto position = output_position(item, column_sql.size(), "GROUP BY")) {
      term = column_sql[*position];
      type = out.columns[*position].type;
    } else if (auto alias = names_a_from_column(item, own)
                                ? std::nullopt
                                : output_named(item, "GROUP BY", out.columns, column_sql)) {
      term = column_sql[*alias];  // GROUP BY an output column's name
      type = out.columns[*alias].type;
    } else {
      typed_expression e = expression(item, own);
      term = with_collation(e.sql, e.type);
      type = e.type;
    }
    require_sort_operators(type, false, expression_helpers::start_location(item));
    group += (group.empty() ? " GROUP BY " : ", ") + term;
  }
  sql += group;
  frame.recording = true;
  if (s.contains("havingClause"))
    sql += " HAVING " + condition("havingClause", "HAVING");
  set_returning_ = expansion ? &*expansion : nullptr;
  const size_t listed_lengths = expansion ? expansion->lengths.size() : 0;
  std::vector<sort_term> order;
  const std::string order_sql = order_by(pt::list(s, "sortClause"), own, out.columns, column_sql, &order);
  // SELECT DISTINCT groups by every output column (after ORDER BY, as PostgreSQL checks).
  if (s.contains("distinctClause") && !distinct_on_keys) {
    const json& targets = pt::list(s, "targetList");
    for (size_t i = 0; i < out.columns.size(); ++i)
      require_sort_operators(out.columns[i].type, false,
                             targets.size() == out.columns.size()
                                 ? expression_helpers::start_location(pt::fields(targets[i]).value("val", json()))
                                 : -1);
  }
  if (distinct_on_keys) {
    if (expansion)
      throw not_translatable{"DISTINCT ON with set-returning functions"};
    sql = with + distinct_on(s["distinctClause"], own, out.columns, column_sql, order, sql.substr(body_start));
  } else if (with_ties) {
    // FETCH FIRST n ROWS WITH TIES: the rows past the offset up to the n-th, and those
    // ranked with it.
    if (expansion || s.contains("distinctClause") || !s.contains("limitCount") || order.empty())
      throw not_translatable{"WITH TIES in this form"};
    std::string window;
    for (const sort_term& term : order)
      window += (window.empty() ? "ORDER BY " : ", ") + term.sql + term.direction;
    const std::string count = limit_count_sql(s, "limitCount", own);
    const std::string offset = s.contains("limitOffset") ? limit_count_sql(s, "limitOffset", own) : "0";
    std::string columns;
    for (size_t i = 0; i < column_sql.size(); ++i)
      columns += (i ? ", " : "") + positional_alias(i);
    sql = with + "SELECT " + columns + " FROM (" + sql.substr(with.size(), body_start - with.size()) +
          ", rank() OVER (" + window + ") AS pg_rank, row_number() OVER (" + window + ") AS pg_row" +
          sql.substr(body_start) + ") WHERE pg_row > " + offset + " AND pg_rank <= " + offset + " + " + count +
          " ORDER BY pg_row";
  } else {
    sql += order_sql;
  }
  set_returning_ = nullptr;
  for (size_t i = listed_lengths; expansion && i < expansion->lengths.size(); ++i)
    if (std::find(expansion->lengths.begin(), expansion->lengths.begin() + static_cast<long>(listed_lengths),
                  expansion->lengths[i]) == expansion->lengths.begin() + static_cast<long>(listed_lengths))
      throw not_translatable{"a set-returning function only in ORDER BY"};
  frame.recording = false;
  // PostgreSQL reads the row locks before it checks the grouping.
  if (s.contains("lockingClause"))
    check_locking_clause(*this, s, frame.has_aggregate, expansion.has_value());
  if (s.contains("groupClause") || s.contains("havingClause") || frame.has_aggregate)
    check_grouping(frame, pt::list(s, "groupClause"), pt::list(s, "targetList"));
  if (!with_ties)
    sql += limits(s, own);
  out.sql = std::move(sql);
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
  const std::vector<std::string> column_aliases = pt::strings(pt::list(alias_fields, "colnames"));
  if (!column_aliases.empty() && type != "RangeSubselect" && type != "RangeFunction" &&
      type != "JoinExpr")
    throw not_translatable{"column aliases in FROM"};
  if (type == "RangeVar") {
    const std::string relation = pt::text(f, "relname");
    if (f.contains("catalogname"))
      throw not_translatable{"table reference form"};
    // schema.name: pg_catalog's relations are SQLite's tables of their own
    // names; another schema's table is the SQLite table "schema.name".
    const std::string schema = pt::text(f, "schemaname");
    const std::string table = schema == "pg_catalog" ? relation : local_relation_name(schema, relation);
    scope_item item;
    item.name = alias_name.empty() ? relation : alias_name;
    for (auto cte = common_tables_.rbegin(); !f.contains("schemaname") && cte != common_tables_.rend(); ++cte) {
      if (cte->name != table)
        continue;
      refuse_taken_name(where, item.name);
      if (cte->no_returning)
        fail_at(make_pg_error("0A000", "WITH query \"" + cte->name + "\" does not have a RETURNING clause"),
                static_cast<int>(pt::integer(f, "location")));
      for (size_t i = 0; i < cte->columns.size(); ++i)
        item.columns.push_back({cte->columns[i].name, positional_alias(i), cte->columns[i].type});
      where.items.push_back(std::move(item));
      return (cte->sql_table.empty() ? quote_identifier(table) : cte->sql_table) + " AS " +
             quote_identifier(where.items.back().name);
    }
    const std::vector<column_definition>* columns = input_.lookup(table);
    if (columns == nullptr)
      throw not_translatable{"table without recorded types"};
    refuse_taken_name(where, item.name);
    for (const column_definition& c : *columns)
      item.columns.push_back({c.name, c.name, c.type, c.primary_key});
    if (schema != "pg_catalog" && !(schema.empty() && relation.starts_with("pg_")))
      item.relation = table;  // its whole row has the table's row type
    // tableoid: the relation's OID as pg_class gives it (pg_dump reads it from every
    // catalog; tableoid::regclass names a user's table).
    const bool catalog = schema == "pg_catalog" || (schema.empty() && relation.starts_with("pg_"));
    item.columns.push_back(table_oid_column(catalog ? "pg_catalog." + relation : table));
    if (!catalog)
      item.columns.push_back(merge_row_scope_column(item.name));
    where.items.push_back(std::move(item));
    return quote_identifier(table) + " AS " + quote_identifier(where.items.back().name);
  }
  if (type == "RangeSubselect") {
    if (alias_name.empty())
      fail_at(make_pg_error("42601", "subquery in FROM must have an alias"), -1);
    static const json no_subquery = json::object();
    const json& subquery = select_fields(f.contains("subquery") ? f.at("subquery") : no_subquery);
    const auto rename = [&](scope_item& item) {
      if (column_aliases.size() > item.columns.size())
        fail_at(make_pg_error("42P10", "table \"" + alias_name + "\" has " + std::to_string(item.columns.size()) +
                                           " columns available but " + std::to_string(column_aliases.size()) +
                                           " columns specified"),
                static_cast<int>(pt::integer(f, "location")));
      for (size_t i = 0; i < column_aliases.size(); ++i)
        item.columns[i].name = column_aliases[i];
    };
    // A LATERAL item's columns are written in place: the item joins the scope under its
    // alias (renamed by the alias's column list) and FROM gets a one-row placeholder.
    const auto place_lateral = [&](scope_item item) {
      rename(item);
      refuse_taken_name(where, item.name);
      where.items.push_back(std::move(item));
      return "(SELECT 1) AS " + quote_identifier(alias_name);
    };
    if (pt::flag(f, "lateral") && one_row_aggregate(subquery, *this)) {
      // LATERAL (SELECT aggregates FROM ... WHERE ...): exactly one row per row on its
      // left; each column is a scalar sub-select reading that row (SQLite has no LATERAL).
      translated_query inner = select(subquery, &where);
      scope_item item;
      item.name = alias_name;
      for (size_t i = 0; i < inner.columns.size(); ++i) {
        scope_column column{inner.columns[i].name, "", inner.columns[i].type};
        column.expression = "SELECT " + quote_identifier(positional_alias(i)) + " FROM (" + inner.sql + ")";
        item.columns.push_back(std::move(column));
      }
      return place_lateral(std::move(item));
    }
    if (pt::flag(f, "lateral") && !one_row_expressions(subquery))
      return lateral_rows(subquery, alias_name, column_aliases, static_cast<int>(pt::integer(f, "location")),
                          where);
    if (pt::flag(f, "lateral")) {
      // LATERAL (SELECT expressions): one row computed from the row on its left;
      // its columns are written in place (pgbench's array_position(current_schemas(true), ...)).
      scope_item item;
      item.name = alias_name;
      for (const json& target : pt::list(subquery, "targetList")) {
        const json& t = pt::fields(target);
        const json& value = t.value("val", json());
        std::string name = pt::text(t, "name");
        if (name.empty())
          name = output_column_name(value);
        grouping_frame* frame = current_frame();
        const bool had_aggregate = frame != nullptr && frame->has_aggregate;
        typed_expression e = expression(value, where);
        if (e.type.oid == pg_type_oid::unknown)
          e = coerce(std::move(e), builtin_column_type(pg_type_oid::text));
        if (frame != nullptr && frame->has_aggregate && !had_aggregate)
          throw not_translatable{"aggregate in a LATERAL sub-select"};
        scope_column column{name, "", e.type};
        column.expression = e.sql;
        item.columns.push_back(std::move(column));
      }
      return place_lateral(std::move(item));
    }
    translated_query inner = select(subquery, where.outer);
    scope_item item;
    item.name = alias_name;
    for (size_t i = 0; i < inner.columns.size(); ++i)
      item.columns.push_back({inner.columns[i].name, positional_alias(i), inner.columns[i].type});
    rename(item);
    refuse_taken_name(where, alias_name);
    where.items.push_back(std::move(item));
    return "(" + inner.sql + ") AS " + quote_identifier(alias_name);
  }
  if (type == "RangeFunction") {
    return function_from_item(*this, f, alias_name, column_aliases, where);
  }
  if (type == "JoinExpr") {
    if (!alias_name.empty())
      return aliased_join(f, alias_name, column_aliases, where);
    const std::string kind = pt::text(f, "jointype");
    const std::string word = kind == "JOIN_LEFT"    ? " LEFT JOIN "
                             : kind == "JOIN_RIGHT" ? " RIGHT JOIN "
                             : kind == "JOIN_FULL"  ? " FULL JOIN "
                                                    : " JOIN ";
    if (!kind.empty() && kind != "JOIN_INNER" && kind != "JOIN_LEFT" && kind != "JOIN_RIGHT" &&
        kind != "JOIN_FULL")
      throw not_translatable{kind};
    const size_t left_start = where.items.size();
    std::string sql = from_item(f.value("larg", json()), where);
    const size_t right_start = where.items.size();
    const json& right = f.value("rarg", json());
    const bool outer_lateral = (kind == "JOIN_RIGHT" || kind == "JOIN_FULL") && pt::flag(pt::fields(right), "lateral");
    const std::string right_sql =
        outer_lateral ? lateral_beside_outer_join(right, where, left_start) : from_item(right, where);
    // A nested join is parenthesized; an aliased one is already a sub-select.
    const bool nested_join = pt::node_type(right) == "JoinExpr" && !pt::fields(right).contains("alias");
    sql += word + (nested_join ? "(" + right_sql + ")" : right_sql);
    if (pt::flag(f, "isNatural") || f.contains("usingClause"))
      sql += " ON " + join_using(f, kind, where, left_start, right_start);
    else if (f.contains("quals"))
      sql += " ON " + as_boolean(expression(f["quals"], where)).sql;
    else if (word != " JOIN ")
      throw not_translatable{"outer join without ON"};
    return sql;
  }
  throw not_translatable{type};
}

void query_translator::note_column(const scope* level, const std::string& item,
                                   const std::string& column, int location) {
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it) {
    if ((*it)->level != level)
      continue;
    if ((*it)->recording && (*it)->aggregate_depth == 0)
      (*it)->ungrouped_candidates.push_back({item, column, location});
    return;
  }
}

void query_translator::check_grouping(const grouping_frame& frame, const json& group_clause,
                                      const json& target_list) {
  // The columns GROUP BY names (directly or by output position); a grouped
  // expression makes the check PostgreSQL's expression matching, not done here.
  std::vector<std::pair<std::string, std::string>> grouped;  // (table or "", column)
  for (const json& item : group_clause) {
    const json* node = &item;
    if (auto position = output_position(item, target_list.size(), "GROUP BY"))
      node = &pt::fields(target_list[*position]).at("val");
    else if (auto alias = grouped_output_name(item, *frame.level, target_list))
      node = &pt::fields(target_list[*alias]).at("val");
    const json& fields = pt::list(pt::fields(*node), "fields");
    if (pt::node_type(*node) != "ColumnRef" || fields.empty() || fields.size() > 2)
      return;
    grouped.emplace_back(fields.size() == 2 ? pt::text(pt::fields(fields[0]), "sval") : "",
                         pt::text(pt::fields(fields.back()), "sval"));
  }
  // Each grouped column as (FROM item, column).
  std::vector<std::pair<std::string, std::string>> grouped_columns;
  for (const auto& [table, column] : grouped)
    for (const scope_item& item : frame.level->items) {
      if (!table.empty() && item.name != table)
        continue;
      for (const scope_column& c : item.columns)
        if (c.name == column)
          grouped_columns.emplace_back(item.name, column);
    }
  const auto is_grouped = [&](const std::string& item, const std::string& column) {
    for (const auto& g : grouped_columns)
      if (g.first == item && g.second == column)
        return true;
    return false;
  };
  // PostgreSQL accepts every column of a table whose whole primary key is grouped.
  const auto key_grouped = [&](const std::string& item_name) {
    for (const scope_item& item : frame.level->items) {
      if (item.name != item_name)
        continue;
      bool has_key = false;
      for (const scope_column& c : item.columns)
        if (c.primary_key) {
          has_key = true;
          if (!is_grouped(item.name, c.name))
            return false;
        }
      return has_key;
    }
    return false;
  };
  for (const auto& ref : frame.ungrouped_candidates)
    if (!is_grouped(ref.item, ref.column) && !key_grouped(ref.item))
      fail_at(make_pg_error("42803", "column \"" + ref.item + "." + ref.column +
                                         "\" must appear in the GROUP BY clause or be used in an "
                                         "aggregate function"),
              ref.location);
}

std::string query_translator::with_clause(const json& with, const scope* outer) {
  if (select_depth <= 1)  // the statement's own WITH: its data-modifying queries run as
    for (const json& node : pt::list(with, "ctes")) {  // steps (modifying_with.hpp), not here
      const json& cte = pt::fields(node);
      const std::string kind = pt::node_type(cte.value("ctequery", json::object()));
      if (kind != "SelectStmt")
        throw not_translatable{"data-modifying WITH in this statement (" +
                               std::string(kind == "InsertStmt" ? "INSERT" : kind == "UpdateStmt" ? "UPDATE" : "DELETE") +
                               " in common table \"" + pt::text(cte, "ctename") + "\")"};
    }
  expression_helpers::refuse_data_modifying_with(with);
  const bool recursive = pt::flag(with, "recursive");
  std::string sql = recursive ? "WITH RECURSIVE " : "WITH ";
  bool first = true;
  for (const json& node : pt::list(with, "ctes")) {
    const json& cte = pt::fields(node);
    const std::string name = pt::text(cte, "ctename");
    const json& query = pt::fields(cte.at("ctequery"));
    const std::vector<std::string> renames = pt::strings(pt::list(cte, "aliascolnames"));
    const auto named = [&](std::vector<query_column> columns) {
      for (size_t i = 0; i < renames.size() && i < columns.size(); ++i)
        columns[i].name = renames[i];
      return columns;
    };
    translated_query translated;
    const std::string op = pt::text(query, "op");
    if (recursive && op == "SETOP_UNION") {
      // The non-recursive term gives the columns the recursive term refers to.
      translated_query seed = select(select_fields(query.value("larg", json::object())), outer);
      common_tables_.push_back({name, named(seed.columns)});
      bare_compound_ = true;  // SQLite wants the recursive UNION as the body itself
      translated = select(query, outer);
      for (size_t i = 0; i < seed.columns.size() && i < translated.columns.size(); ++i)
        if (!(seed.columns[i].type == translated.columns[i].type))
          throw not_translatable{"recursive query whose column types change"};
      common_tables_.back().columns = named(translated.columns);
    } else {
      translated = select(query, outer);
      common_tables_.push_back({name, named(translated.columns)});
    }
    sql += (first ? "" : ", ") + quote_identifier(name) + " AS (" + translated.sql + ")";
    first = false;
  }
  return sql + " ";
}

}  // namespace translator

result<std::optional<translated_query>, located_error> translate_statement(
    const std::string& node_type, const nlohmann::json& statement, const translation_input& input) {
  translator::query_translator t(input);
  try {
    translated_query out;
    if (node_type == "SelectStmt")
      out = named_object_output(t.select(statement, nullptr));
    else if (node_type == "InsertStmt")
      out = t.insert(statement);
    else if (node_type == "UpdateStmt")
      out = t.update(statement);
    else if (node_type == "DeleteStmt")
      out = t.remove(statement);
    else
      throw translator::not_translatable{node_type};
    out.parameter_types = t.parameters();
    out.notices = t.notices();
    return std::optional<translated_query>(std::move(out));
  } catch (const translator::not_translatable& what) {
    if (input.untranslated != nullptr)
      *input.untranslated = what.what;
    if (input.refuse_untranslated &&
        (node_type == "SelectStmt" || node_type == "UpdateStmt" || node_type == "DeleteStmt") &&
        !translator::served_by_sqlite(statement, input, what))
      return fail(translator::refusal_of(what));
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
