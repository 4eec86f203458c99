// table_commands: see the header.
#include "cli/commands/table_commands.hpp"


#include "cli/commands/index_commands.hpp"
#include "cli/commands/table_command_support.hpp"
#include "cli/commands/table_privilege_records.hpp"
#include "cli/commands/view_dependents.hpp"
#include "cli/server/select_expression.hpp"
#include "cli/server/statement_router.hpp"


#include <algorithm>
#include <cctype>
#include <map>
#include <cstdio>
#include <string_view>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/alter_check.hpp"
#include "stages/sql/alter_table.hpp"
#include "stages/sql/create_table.hpp"
#include "stages/sql/insert_values.hpp"
#include "stages/types/value_io.hpp"
#include "storage/check_catalog.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/sql_functions.hpp"
#include "storage/temporary_tables.hpp"
#include "storage/text_query.hpp"
#include "storage/description_catalog.hpp"
#include "storage/key_validation.hpp"
#include "storage/table_rebuild.hpp"
#include "cli/commands/key_dependents.hpp"
#include "cli/commands/declared_foreign_keys.hpp"
#include "storage/user_type_catalog.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) { return table_storage_error(e); }

// The table's SQLite definition and primary key columns (ALTER COLUMN edits them).
result<sqlite_table_shape, pg_error> read_table_shape(sqlite_connection& db,
                                                      const std::string& table) {
  sqlite_table_shape shape;
  auto definition = query_texts(
      db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?1 COLLATE NOCASE", table);
  if (!definition)
    return fail(storage_error(definition.error()));
  if (!definition->empty())
    shape.create_sql = definition->front();
  auto keys = primary_key_columns(db, table);
  if (!keys)
    return fail(storage_error(keys.error()));
  shape.primary_key = std::move(*keys);
  return shape;
}

// An enabled subscription that replicates into `table`, or "" (its applier reads
// the column types once per relation: a type changed under it would be misread).
result<std::string, pg_error> enabled_subscription_of(sqlite_connection& db,
                                                      const std::string& table) {
  auto names = query_texts(
      db,
      "SELECT s.subname FROM pg_subscription_rel r JOIN pg_subscription s ON s.oid = r.srsubid "
      "WHERE s.subenabled AND (CASE WHEN r.srschemaname IN ('', 'public') THEN r.srrelname "
      "ELSE r.srschemaname || '.' || r.srrelname END) = ?1 COLLATE NOCASE LIMIT 1",
      table);
  if (!names)
    return fail(storage_error(names.error()));
  return names->empty() ? std::string() : names->front();
}

// The checks the table keeps after an ALTER TABLE, as written (a check dropped
// with its column is not among the table's items any more), under its new name.
result<ok_t, pg_error> record_checks_after(sqlite_connection& db, const std::string& before,
                                           const table_change& change) {
  auto shape = read_table_shape(db, change.table);
  if (!shape)
    return fail(shape.error());
  auto table = split_table_text(shape->create_sql);
  std::vector<check_source> kept;
  for (const auto& check : change.checks)
    if (table && std::any_of(table->items.begin(), table->items.end(), [&](const std::string& item) {
          auto read = read_check_item(item);
          return read && read->name == check.name;
        }))
      kept.push_back(check);
  if (change.table != before)
    if (auto r = record_table_checks(db, before, {}); !r)
      return fail(storage_error(r.error()));
  if (auto r = record_table_checks(db, change.table, kept); !r)
    return fail(storage_error(r.error()));
  return ok_v;
}

// A rebuild the change asks for: NOT NULL checks first, then the new table, its
// rows converted column by column (ALTER COLUMN TYPE).
result<ok_t, pg_error> rebuild_for_change(sqlite_connection& db, const std::string& table,
                                          const table_rebuild& rebuild,
                                          const type_settings& settings) {
  for (const auto& column : rebuild.not_null_checks)
    if (auto r = check_no_nulls(db, table, column); !r)
      return fail(r.error());
  for (const auto& check : rebuild.check_validations)
    if (auto r = check_rows_satisfy(db, table, check); !r)
      return fail(r.error());
  for (const auto& key : rebuild.key_validations)
    if (auto r = check_key_unique(db, table, key, settings); !r)
      return fail(r.error());
  for (const auto& key : rebuild.foreign_key_validations)
    if (auto r = check_foreign_key_rows(db, table, key, settings); !r)
      return fail(r.error());
  if (rebuild.body.empty())
    return ok_v;
  if (rebuild.conversions.empty())
    return rebuild_table(db, table, rebuild.body);
  auto subscription = enabled_subscription_of(db, table);
  if (!subscription)
    return fail(subscription.error());
  if (!subscription->empty())
    return fail(make_pg_error("0A000",
                              "ALTER COLUMN ... TYPE on table \"" + table +
                                  "\", which an enabled subscription replicates into, is not "
                                  "supported yet",
                              "", "Disable subscription \"" + *subscription + "\" first."));
  const row_conversion convert = [&](std::vector<sql_value>& row) -> result<ok_t, pg_error> {
    for (const auto& c : rebuild.conversions) {
      sql_value& value = row[c.column];
      if (std::holds_alternative<sql_null>(value))
        continue;
      auto converted = cast_stored_value(value, c.from, c.to, c.method, c.explicit_cast, settings);
      if (!converted)
        return fail(converted.error());
      value = std::move(*converted);
    }
    return ok_v;
  };
  if (auto r = rebuild_table(db, table, rebuild.body, convert); !r)
    return r;
  // A CHECK typed again over a converted column: the converted rows must pass it.
  for (const auto& check : rebuild.retyped_checks)
    if (auto r = check_rows_satisfy(db, table, check); !r)
      return fail(r.error());
  return ok_v;
}

// ADD COLUMN with an expression default (or of a domain with constraints): the
// columns SQLite added empty get their DEFAULT in a rebuild that copies every
// other column, so SQLite evaluates it for each existing row. A fill that leaves
// NULL in a NOT NULL column is PostgreSQL's 23502; a domain column's rows are
// then tested by the domain's NOT NULL and CHECKs.
result<ok_t, pg_error> fill_added_columns(sqlite_connection& db, const table_change& change) {
  std::vector<column_fill> fills;
  std::vector<std::string> copied;
  for (const auto& column : change.columns) {
    auto fill = std::find_if(change.fills.begin(), change.fills.end(),
                             [&](const column_fill& f) { return f.column == column.name; });
    if (fill != change.fills.end())
      fills.push_back(*fill);
    else
      copied.push_back(column.name);
  }
  if (fills.empty())  // dropped again by the same statement
    return ok_v;
  auto shape = read_table_shape(db, change.table);
  if (!shape)
    return fail(shape.error());
  auto body = filled_table_body(shape->create_sql, fills);
  if (!body)
    return fail(body.error());
  auto filled = rebuild_table(db, change.table, *body, {}, copied);
  if (!filled && filled.error().sqlstate == "23502") {
    for (const auto& fill : fills)
      if (fill.not_null && filled.error().message.find("\"" + fill.column + "\"") != std::string::npos)
        return fail(make_pg_error("23502", "column \"" + fill.column + "\" of relation \"" +
                                               change.table + "\" contains null values"));
  }
  if (!filled)
    return filled;
  // A domain column's rows, as PostgreSQL coerces the default to the domain.
  for (const auto& fill : fills) {
    if (!fill.domain_not_null.empty())
      if (auto r = check_no_nulls(db, change.table, fill.column); !r)
        return fail(make_pg_error("23502", "domain " + fill.domain_not_null +
                                               " does not allow null values"));
    for (const auto& check : fill.domain_checks)
      if (auto r = check_rows_satisfy(db, change.table, check); !r)
        return fail(r.error());
  }
  return ok_v;
}

// CREATE TEMP TABLE: a table of SQLite's temp schema, its columns recorded there
// (storage/temporary_tables.hpp), in the session's pg_temp_N from now on. Its name
// may be a permanent relation's (it shadows it), not a temporary one's.
result<command_outcome, pg_error> create_temporary_table(const table_definition& definition,
                                                         command_context& context) {
  sqlite_connection& db = context.database();
  auto exists = query_has_row(
      db, "SELECT 1 FROM temp.sqlite_schema WHERE type IN ('table', 'view') AND name = ?1 COLLATE NOCASE",
      definition.table);
  if (!exists)
    return fail(storage_error(exists.error()));
  if (*exists) {
    if (!definition.if_not_exists)
      return fail(make_pg_error("42P07", "relation \"" + definition.table + "\" already exists"));
    table_notice(context, "relation \"" + definition.table + "\" already exists, skipping");
    return command_outcome::tag_only("CREATE TABLE");
  }
  if (auto made = make_temporary_schema(context); !made)
    return fail(made.error());
  if (auto r = db.exec(definition.sqlite_ddl); !r)
    return fail(storage_error(r.error()));
  if (auto r = record_temporary_table(db, definition.table, definition.on_commit); !r)
    return fail(storage_error(r.error()));
  if (auto r = record_table_columns(db, definition.table, definition.columns, relation_schema::temp); !r)
    return fail(storage_error(r.error()));
  return command_outcome::tag_only("CREATE TABLE");
}

}  // namespace

result<command_outcome, pg_error> create_table(const nlohmann::json& stmt, std::string_view source,
                                               command_context& context,
                                               const type_settings& settings) {
  sqlite_connection& db = context.database();
  auto user_types = read_user_types(db);
  if (!user_types)
    return fail(storage_error(user_types.error()));
  const relation_name_taken taken = [&](const std::string& name) {
    auto exists = relation_exists(db.handle(), name);
    return !exists || *exists;
  };
  auto definition = translate_create_table(stmt, source, settings, *user_types, taken);
  if (!definition)
    return fail(definition.error());
  if (definition->temporary)
    return create_temporary_table(*definition, context);
  auto exists = relation_exists(db.handle(), definition->table);  // a sequence's name too
  if (!exists)
    return fail(exists.error());
  if (const user_type* type = user_types->find("", definition->table); type && type->kind == 'c')
    *exists = true;  // a composite type is a relation too (pg_class relkind c)
  if (*exists) {
    if (!definition->if_not_exists)
      return fail(make_pg_error("42P07", "relation \"" + definition->table + "\" already exists"));
    table_notice(context, "relation \"" + definition->table + "\" already exists, skipping");
    return command_outcome::tag_only("CREATE TABLE");
  }
  if (auto r = db.exec(definition->sqlite_ddl); !r)
    return fail(storage_error(r.error()));
  if (auto r = record_table_columns(db, definition->table, definition->columns, relation_schema::main); !r)
    return fail(storage_error(r.error()));
  if (auto r = check_declared_foreign_keys(db, definition->table, settings); !r)
    return fail(r.error());
  if (auto r = record_table_checks(db, definition->table, definition->checks); !r)
    return fail(storage_error(r.error()));
  std::vector<std::string> sequences;
  for (const owned_sequence& owned : definition->sequences) {
    stored_sequence sequence{owned.name, owned.parameters, owned.state, definition->table, owned.column};
    if (auto r = create_sequence_relation(db.handle(), sequence); !r)
      return fail(r.error());
    sequences.push_back(owned.name);
  }
  if (auto r = record_created_table(db, definition->table, context.current_role_oid().value_or(default_relation_owner),
                                    sequences);
      !r)
    return fail(r.error());
  return command_outcome::tag_only("CREATE TABLE");
}

result<std::optional<command_outcome>, pg_error> alter_table(const std::string& node_type,
                                                            const nlohmann::json& stmt,
                                                            std::string_view source,
                                                            command_context& context,
                                                            const type_settings& settings) {
  sqlite_connection& db = context.database();
  const auto& relation = stmt.value("relation", nlohmann::json::object());
  const std::string table = relation.value("relname", std::string());
  if (relation.value("schemaname", std::string()).empty()) {
    auto temporary = is_temporary_table(db, table);
    if (!temporary)
      return fail(storage_error(temporary.error()));
    if (*temporary)
      return fail(make_pg_error("0A000", "ALTER TABLE of temporary table \"" + table + "\" is not supported yet"));
  }
  auto exists = table_exists(db, table);
  if (!exists)
    return fail(exists.error());
  if (!*exists) {
    if (!stmt.value("missing_ok", false))
      return fail(make_pg_error("42P01", "relation \"" + table + "\" does not exist"));
    table_notice(context, "relation \"" + table + "\" does not exist, skipping");
    return std::optional<command_outcome>{command_outcome::tag_only("ALTER TABLE")};
  }
  if (node_type == "AlterTableStmt")
    if (auto r = drop_foreign_keys_depending_on_dropped_keys(stmt, table, context, settings); !r)
      return fail(r.error());
  if (node_type == "AlterTableStmt")
    if (auto r = refuse_retyping_viewed_columns(db, stmt, table); !r)
      return fail(r.error());
  auto recorded = read_recorded_table_columns(db, table);
  if (!recorded)
    return fail(storage_error(recorded.error()));
  if (recorded->empty())
    return std::optional<command_outcome>{};
  auto user_types = read_user_types(db);
  if (!user_types)
    return fail(storage_error(user_types.error()));
  auto shape = read_table_shape(db, table);
  if (!shape)
    return fail(shape.error());
  auto checks = read_table_checks(db, table);
  if (!checks)
    return fail(storage_error(checks.error()));
  const std::vector<column_definition> recorded_before = *recorded;
  auto change = node_type == "RenameStmt"
                    ? translate_rename(stmt, table, std::move(*recorded), *checks)
                    : translate_alter_table(stmt, source, table, std::move(*recorded), *shape,
                                            settings, *user_types, parse_select_expression, *checks);
  if (!change)
    return fail(change.error());
  if (change->table != table) {
    auto taken = relation_exists(db.handle(), change->table);
    if (!taken)
      return fail(taken.error());
    if (*taken)
      return fail(make_pg_error("42P07", "relation \"" + change->table + "\" already exists"));
  }
  // Columns dropped: first out of the CHECK items, which name every column.
  std::vector<std::string> dropped;
  std::vector<column_definition> kept;
  for (const auto& before : recorded_before) {
    const bool stays = std::any_of(change->columns.begin(), change->columns.end(),
                                   [&](const column_definition& c) { return c.name == before.name; });
    if (stays || node_type == "RenameStmt")
      kept.push_back(before);
    else
      dropped.push_back(before.name);
  }
  if (!dropped.empty())
    if (auto body = regenerated_checks(shape->create_sql, table, kept, dropped))
      if (auto r = rebuild_table(db, table, *body); !r)
        return fail(r.error());
  for (const auto& sql : change->sqlite_statements)
    if (auto r = db.exec(sql); !r) {
      if (auto raised = take_sql_function_error(db.handle()))  // e.g. a domain's test of a filled row
        return fail(std::move(*raised));
      return fail(storage_error(r.error()));
    }
  if (!change->fills.empty())
    if (auto r = fill_added_columns(db, *change); !r)
      return fail(r.error());
  if (change->rebuild)
    if (auto r = rebuild_for_change(db, table, *change->rebuild, settings); !r)
      return fail(r.error());
  if (change->table != table) {
    if (auto r = forget_table_columns(db, table); !r)
      return fail(storage_error(r.error()));
    if (auto r = rename_descriptions(db, table, change->table); !r)
      return fail(storage_error(r.error()));
    if (auto r = rename_table_in_view_texts(db, table, change->table); !r)
      return fail(r.error());
  }
  // CHECK constraints name the table and every column (with its type) in their
  // errors: written anew when the table was renamed, a column added or retyped.
  const bool column_added = change->columns.size() + dropped.size() > recorded_before.size();
  const bool type_changed = change->rebuild && !change->rebuild->conversions.empty();
  if (change->table != table || column_added || type_changed) {
    auto now = read_table_shape(db, change->table);
    if (!now)
      return fail(now.error());
    if (auto body = regenerated_checks(now->create_sql, change->table, change->columns))
      if (auto r = rebuild_table(db, change->table, *body); !r)
        return fail(r.error());
  }
  if (auto r = record_table_columns(db, change->table, change->columns); !r)
    return fail(storage_error(r.error()));
  if (auto r = record_checks_after(db, table, *change); !r)
    return fail(r.error());
  std::vector<std::string> columns_after;
  for (const auto& c : change->columns)
    columns_after.push_back(c.name);
  const bool renames_column = node_type == "RenameStmt" &&
                              stmt.value("renameType", std::string()) == "OBJECT_COLUMN";
  if (auto r = carry_altered_table(db, table, change->table, dropped,
                                   renames_column ? stmt.value("subname", std::string()) : "",
                                   renames_column ? stmt.value("newname", std::string()) : "");
      !r)
    return fail(r.error());
  if (renames_column) {
    if (auto r = rename_column_description(db, change->table, stmt.value("subname", std::string()),
                                           stmt.value("newname", std::string()));
        !r)
      return fail(storage_error(r.error()));
    if (auto r = rename_column_in_view_texts(db, change->table, stmt.value("subname", std::string()),
                                             stmt.value("newname", std::string()));
        !r)
      return fail(r.error());
    if (auto r = rename_column_in_index_texts(db, change->table, stmt.value("subname", std::string()),
                                              stmt.value("newname", std::string()));
        !r)
      return fail(r.error());
  }
  if (auto r = carry_owned_sequences(db.handle(), table, change->table, columns_after,
                                     renames_column ? stmt.value("subname", std::string()) : "",
                                     renames_column ? stmt.value("newname", std::string()) : "");
      !r)
    return fail(r.error());
  for (auto& n : change->notices)
    context.emit_notice(std::move(n));
  return std::optional<command_outcome>{command_outcome::tag_only("ALTER TABLE")};
}

}  // namespace tributary
