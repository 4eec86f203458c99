// domain_commands: see the header.
#include "cli/commands/domain_commands.hpp"

#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/create_table.hpp"
#include "stages/sql/domain_checks.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/sqlite_table_text.hpp"
#include "stages/sql/type_ddl.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/sql_functions.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/table_rebuild.hpp"
#include "storage/text_query.hpp"
#include "storage/user_type_catalog.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error storage_error(const sqlite_error& e) { return make_pg_error("XX000", e.message); }

// AlterDomainStmt.subtype: 'C' add constraint, 'X' drop, 'V' validate, 'T'
// default, 'N' / 'O' drop / set not null (a one-letter string or its code).
char subtype_of(const json& stmt) {
  const std::string text = pt::text(stmt, "subtype");
  if (text.size() == 1)
    return text[0];
  return static_cast<char>(pt::integer(stmt, "subtype"));
}

// The rows of `table` where the check on `column` is false: none, or 23514.
result<ok_t, pg_error> validate_column(sqlite_connection& db, const user_type& domain,
                                       const domain_check& check, const type_dependent& column,
                                       const type_settings& settings) {
  auto translated = translate_domain_check(check, domain, column.column, settings);
  if (!translated)
    return fail(translated.error().error);
  // (?1: query_has_row binds one text; the table's name, unused by the query.)
  auto violated = query_has_row(db, "SELECT 1 FROM " + quote_identifier(column.table) +
                                        " WHERE NOT (" + translated->sql + ") AND ?1 IS NOT NULL LIMIT 1",
                                column.table);
  if (!violated) {
    if (auto function_error = take_sql_function_error(db.handle()))
      return fail(std::move(*function_error));
    return fail(pg_error_from_sqlite(violated.error()));
  }
  if (*violated)
    return fail(make_pg_error("23514", "column \"" + column.column + "\" of table \"" +
                                           column.table +
                                           "\" contains values that violate the new constraint"));
  return ok_v;
}

// PostgreSQL does not test the rows of a column of the domain's array type
// (price[]; get_rels_with_domain): an ALTER DOMAIN that would is 0A000.
result<ok_t, pg_error> refuse_array_columns(const user_type& domain,
                                            const std::vector<type_dependent>& columns) {
  for (const auto& column : columns)
    if (column.array)
      return fail(make_pg_error("0A000", "cannot alter type \"" + domain.display_name() +
                                             "\" because column \"" + column.table + "." +
                                             column.column + "\" uses it"));
  return ok_v;
}

// The clause of `check` on one column of the domain (each element of an array of it).
result<std::string, pg_error> check_clause(const user_type& domain, const domain_check& check,
                                           const type_dependent& column, const type_settings& settings) {
  auto translated = translate_domain_check(check, domain, column.array ? "value" : column.column, settings);
  if (!translated)
    return fail(translated.error().error);
  return column.array ? domain_element_clause(domain, check.name, translated->sql, column.column)
                      : domain_clause(domain, check.name, translated->sql);
}

// Rewrites the item of each column of the domain with `edit` and rebuilds the
// tables, one by one.
template <typename Edit>
result<ok_t, pg_error> edit_domain_columns(sqlite_connection& db,
                                           const std::vector<type_dependent>& columns,
                                           const Edit& edit) {
  for (const auto& column : columns) {
    auto sql = query_texts(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1",
                           column.table);
    if (!sql)
      return fail(storage_error(sql.error()));
    if (sql->empty())
      continue;
    auto table = split_table_text(sql->front());
    if (!table)
      return fail(table.error());
    const auto item = find_column_item(*table, column.column);
    if (!item)
      continue;
    auto edited = edit(table->items[*item], column);
    if (!edited)
      return fail(edited.error());
    table->items[*item] = std::move(*edited);
    if (auto r = rebuild_table(db, column.table, table->body()); !r)
      return fail(r.error());
  }
  return ok_v;
}

const domain_check* find_check(const user_type& domain, const std::string& name) {
  for (const auto& c : domain.checks)
    if (c.name == name)
      return &c;
  return nullptr;
}

pg_error missing_check(const std::string& name, const user_type& domain) {
  return make_pg_error("42704", "constraint \"" + name + "\" of domain \"" + domain.display_name() +
                                    "\" does not exist");
}

result<ok_t, pg_error> add_check(const json& stmt, std::string_view source, sqlite_connection& db,
                                 const user_type& domain,
                                 const std::vector<type_dependent>& columns,
                                 const type_settings& settings) {
  const json def_node = stmt.value("def", json::object());
  const json& constraint = pt::fields(def_node);
  if (pt::text(constraint, "contype") != "CONSTR_CHECK")
    return fail(make_pg_error("0A000", "ALTER DOMAIN ADD CONSTRAINT other than CHECK is not "
                                       "supported yet"));
  auto check = read_domain_check(constraint, source, settings, domain);
  if (!check)
    return fail(check.error());
  if (check->validated)
    if (auto r = refuse_array_columns(domain, columns); !r)
      return fail(r.error());
  if (check->validated)
    for (const auto& column : columns)
      if (auto r = validate_column(db, domain, *check, column, settings); !r)
        return fail(r.error());
  auto added = edit_domain_columns(
      db, columns, [&](const std::string& item, const type_dependent& column) -> result<std::string, pg_error> {
        auto clause = check_clause(domain, *check, column, settings);
        if (!clause)
          return fail(clause.error());
        return item + *clause;
      });
  if (!added)
    return fail(added.error());
  if (auto r = record_domain_check(db, domain.oid, *check); !r)
    return fail(storage_error(r.error()));
  return ok_v;
}

// SET NOT NULL: 23502 when a column of the domain holds NULL, else the clause
// added to each column. DROP NOT NULL: the clause removed.
result<ok_t, pg_error> set_not_null(sqlite_connection& db, user_type domain, bool not_null,
                                    const std::vector<type_dependent>& columns) {
  if (domain.not_null == not_null)
    return ok_v;
  if (not_null)
    if (auto r = refuse_array_columns(domain, columns); !r)
      return fail(r.error());
  if (not_null) {
    for (const auto& column : columns) {
      auto has_null = query_has_row(db, "SELECT 1 FROM " + quote_identifier(column.table) + " WHERE " +
                                            quote_identifier(column.column) +
                                            " IS NULL AND ?1 IS NOT NULL LIMIT 1",
                                    column.table);
      if (!has_null)
        return fail(storage_error(has_null.error()));
      if (*has_null)
        return fail(make_pg_error("23502", "column \"" + column.column + "\" of table \"" +
                                               column.table + "\" contains null values"));
    }
  }
  auto edited = edit_domain_columns(
      db, columns, [&](const std::string& item, const type_dependent& column) -> result<std::string, pg_error> {
        return not_null ? item + domain_not_null_clause(domain, column.column)
                        : without_named_clause(item, domain_not_null_name(domain));
      });
  if (!edited)
    return fail(edited.error());
  domain.not_null = not_null;
  if (auto r = update_domain_rules(db, domain); !r)
    return fail(storage_error(r.error()));
  return ok_v;
}

// SET DEFAULT expr / DROP DEFAULT: the domain's default, and the SQLite DEFAULT
// of each of its columns that has no default of its own (theirs stays).
result<ok_t, pg_error> set_default(const json& stmt, std::string_view source, sqlite_connection& db,
                                   user_type domain, const std::vector<type_dependent>& columns,
                                   const type_settings& settings) {
  if (stmt.contains("def")) {
    column_definition as_column;
    as_column.name = "value";
    as_column.type = domain.base;
    as_column.dimensions = domain.base_dimensions;
    auto translated = translate_default(stmt["def"], as_column, source, settings);
    if (!translated)
      return fail(translated.error());
    domain.default_sqlite = translated->sqlite;
    domain.default_postgres = translated->postgres;
  } else {
    domain.default_sqlite.reset();
    domain.default_postgres.reset();
  }
  std::vector<type_dependent> without_own_default;
  for (const auto& column : columns) {
    auto recorded = read_recorded_table_columns(db, column.table);
    if (!recorded)
      return fail(storage_error(recorded.error()));
    for (const auto& c : *recorded)  // (an array of the domain has no default of it)
      if (c.name == column.column && !c.default_expression && !column.array)
        without_own_default.push_back(column);
  }
  column_item_change change;
  change.default_sql = domain.default_sqlite;
  auto edited = edit_domain_columns(
      db, without_own_default,
      [&](const std::string& item, const type_dependent&) -> result<std::string, pg_error> {
        return rewrite_column_item(item, change);
      });
  if (!edited)
    return fail(edited.error());
  if (auto r = update_domain_rules(db, domain); !r)
    return fail(storage_error(r.error()));
  return ok_v;
}


// The domain `names` names, and its columns.
struct named_domain {
  user_type domain;
  std::vector<type_dependent> columns;
};
result<named_domain, pg_error> find_domain(sqlite_connection& db,
                                           const std::vector<std::string>& names) {
  const std::string schema = names.size() > 1 ? names[names.size() - 2] : "";
  const std::string name = names.empty() ? "" : names.back();
  auto types = read_user_types(db);
  if (!types)
    return fail(storage_error(types.error()));
  const user_type* domain = types->find(schema, name);
  if (!domain)
    return fail(make_pg_error("42704", "type \"" + (schema.empty() ? name : schema + "." + name) +
                                           "\" does not exist"));
  if (domain->kind != 'd')
    return fail(make_pg_error("42809", domain->display_name() + " is not a domain"));
  auto columns = type_dependents(db, *domain);
  if (!columns)
    return fail(storage_error(columns.error()));
  return named_domain{*domain, std::move(*columns)};
}

}  // namespace

result<command_outcome, pg_error> rename_domain_constraint(const json& stmt,
                                                           command_context& context,
                                                           const type_settings& settings) {
  sqlite_connection& db = context.database();
  const json object = stmt.value("object", json::object());
  auto found = find_domain(db, pt::strings(pt::list(pt::fields(object), "items")));
  if (!found)
    return fail(found.error());
  const user_type& domain = found->domain;
  const std::string from = pt::text(stmt, "subname");
  const std::string to = pt::text(stmt, "newname");
  const domain_check* check = find_check(domain, from);
  if (!check)
    return fail(make_pg_error("42704", "constraint \"" + from + "\" for domain " +
                                           domain.display_name() + " does not exist"));
  if (find_check(domain, to))
    return fail(make_pg_error("42710", "constraint \"" + to + "\" for domain " +
                                           domain.display_name() + " already exists"));
  domain_check renamed = *check;
  renamed.name = to;
  auto edited = edit_domain_columns(
      db, found->columns,
      [&](const std::string& item, const type_dependent& column) -> result<std::string, pg_error> {
        auto clause = check_clause(domain, renamed, column, settings);
        if (!clause)
          return fail(clause.error());
        return without_domain_clause(item, domain, from) + *clause;
      });
  if (!edited)
    return fail(edited.error());
  if (auto r = forget_domain_check(db, domain.oid, from); !r)
    return fail(storage_error(r.error()));
  if (auto r = record_domain_check(db, domain.oid, renamed); !r)
    return fail(storage_error(r.error()));
  return command_outcome::tag_only("ALTER DOMAIN");
}

result<command_outcome, pg_error> alter_domain(const json& stmt, std::string_view source,
                                               command_context& context,
                                               const type_settings& settings) {
  sqlite_connection& db = context.database();
  auto found = find_domain(db, pt::strings(pt::list(stmt, "typeName")));
  if (!found)
    return fail(found.error());
  const user_type* domain = &found->domain;
  const std::vector<type_dependent>* columns = &found->columns;
  const auto done = command_outcome::tag_only("ALTER DOMAIN");
  const char subtype = subtype_of(stmt);
  if (subtype == 'C') {
    if (auto r = add_check(stmt, source, db, *domain, *columns, settings); !r)
      return fail(r.error());
    return done;
  }
  if (subtype == 'O' || subtype == 'N') {
    if (auto r = set_not_null(db, *domain, subtype == 'O', *columns); !r)
      return fail(r.error());
    return done;
  }
  if (subtype == 'T') {
    if (auto r = set_default(stmt, source, db, *domain, *columns, settings); !r)
      return fail(r.error());
    return done;
  }
  if (subtype != 'X' && subtype != 'V')
    return fail(make_pg_error("0A000", "this ALTER DOMAIN is not supported yet"));
  const std::string check_name = pt::text(stmt, "name");
  const domain_check* check = find_check(*domain, check_name);
  if (!check && subtype == 'X' && pt::flag(stmt, "missing_ok")) {
    pg_error n = missing_check(check_name, *domain);
    n.sqlstate = "00000";
    n.severity = "NOTICE";
    n.message += ", skipping";
    context.emit_notice(std::move(n));
    return done;
  }
  if (!check)
    return fail(missing_check(check_name, *domain));
  if (subtype == 'V') {
    if (auto r = refuse_array_columns(*domain, *columns); !r)
      return fail(r.error());
    for (const auto& column : *columns)
      if (auto r = validate_column(db, *domain, *check, column, settings); !r)
        return fail(r.error());
    domain_check validated = *check;
    validated.validated = true;
    if (auto r = record_domain_check(db, domain->oid, validated); !r)
      return fail(storage_error(r.error()));
    return done;
  }
  auto dropped = edit_domain_columns(
      db, *columns, [&](const std::string& item, const type_dependent&) -> result<std::string, pg_error> {
        return without_domain_clause(item, *domain, check_name);
      });
  if (!dropped)
    return fail(dropped.error());
  if (auto r = forget_domain_check(db, domain->oid, check_name); !r)
    return fail(storage_error(r.error()));
  return done;
}

}  // namespace tributary
