// table_commands: see the header.
#include "cli/commands/table_commands.hpp"

#include <spdlog/spdlog.h>

#include "cli/catalog/catalog_relations.hpp"
#include "cli/commands/table_command_support.hpp"
#include "cli/commands/table_privilege_records.hpp"
#include "cli/commands/view_dependents.hpp"
#include "cli/server/select_expression.hpp"
#include "cli/server/session_views.hpp"
#include "cli/server/statement_router.hpp"

#include <sqlite3.h>

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
#include "stages/sql/typed_constants.hpp"
#include "stages/sql/view_text.hpp"
#include "stages/types/value_io.hpp"
#include "storage/check_catalog.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/sql_functions.hpp"
#include "storage/text_query.hpp"
#include "storage/unique_conflicts.hpp"
#include "storage/description_catalog.hpp"
#include "storage/key_validation.hpp"
#include "storage/table_rebuild.hpp"
#include "cli/commands/key_dependents.hpp"
#include "cli/commands/declared_foreign_keys.hpp"
#include "storage/user_type_catalog.hpp"

namespace tributary {
namespace {

// A translation error at `location` (a byte offset into the statement's source; -1:
// none) placed in the whole query string, as PostgreSQL's 1-based character position.
pg_error placed_in_query(pg_error error, int location, std::string_view source, int position_base) {
  if (location >= 0 && static_cast<size_t>(location) <= source.size())
    error.position = position_base + character_count(source, static_cast<size_t>(location)) + 1;
  return error;
}

// The user's enums and domains for a translation's casts, read from the database
// once a statement casts to a type not built in (cached in user_types).
std::function<const user_type*(std::string_view, std::string_view)> user_type_lookup(
    command_context& context, std::optional<user_type_set>& user_types) {
  return [&context, &user_types](std::string_view schema, std::string_view name) -> const user_type* {
    if (!user_types) {
      auto read = read_user_types(context.database());
      user_types = read ? std::move(*read) : user_type_set{};
    }
    return user_types->find(schema, name);
  };
}

pg_error storage_error(const sqlite_error& e) { return table_storage_error(e); }

// The table's primary key columns, in key order.
result<std::vector<std::string>, sqlite_error> primary_key_columns(sqlite_connection& db,
                                                                   const std::string& table) {
  return query_texts(db, "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk", table);
}

// The SQLite default of each column (pragma_table_info's dflt_value), "" if none.
result<std::vector<std::string>, pg_error> sqlite_defaults(sqlite_connection& db,
                                                           const std::string& table) {
  auto defaults = query_texts(db, "SELECT dflt_value FROM pragma_table_info(?1)", table);
  if (!defaults)
    return fail(storage_error(defaults.error()));
  return std::move(*defaults);
}

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

// A parameter as the client sent it (text, or binary already decoded by the
// old value codec) -> the stored form of `type`.
result<sql_value, pg_error> parameter_value(const sql_value& sent, const column_type& type,
                                            const type_settings& settings) {
  struct visitor {
    std::optional<std::string> operator()(sql_null) const { return std::nullopt; }
    std::optional<std::string> operator()(int64_t i) const { return std::to_string(i); }
    std::optional<std::string> operator()(double d) const {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%.17g", d);
      return std::string(buffer);
    }
    std::optional<std::string> operator()(const std::string& s) const { return s; }
    std::optional<std::string> operator()(const sql_blob&) const { return std::nullopt; }
  };
  if (std::holds_alternative<sql_blob>(sent))
    return type.oid == 17 ? sent : parse_binary_value(type, std::get<sql_blob>(sent).bytes);
  auto text = std::visit(visitor{}, sent);
  if (!text)
    return sql_value{sql_null{}};
  return parse_text_value(type, *text, settings);
}

// The statement with each $n of `types` read by its column's type.
result<std::optional<typed_query>, pg_error> typed_parameters(
    std::string sql, const std::map<int, column_type>& types,
    const std::vector<sql_value>& parameters, const type_settings& settings) {
  typed_query out;
  out.sql = std::move(sql);
  out.parameters = parameters;
  for (const auto& [number, type] : types) {
    if (number < 1 || static_cast<size_t>(number) > parameters.size())
      return fail(make_pg_error("42P02", "there is no parameter $" + std::to_string(number)));
    auto value = parameter_value(parameters[static_cast<size_t>(number - 1)], type, settings);
    if (!value)
      return fail(value.error());
    out.parameters[static_cast<size_t>(number - 1)] = std::move(*value);
  }
  return std::optional<typed_query>{std::move(out)};
}

// The recorded columns of the statement's tables, read once per table.
class recorded_tables {
public:
  explicit recorded_tables(sqlite_connection& db) : db_(db) {}
  table_columns_lookup lookup() {
    return [this](const std::string& table) -> const std::vector<column_definition>* {
      // pg_catalog comes first in every search path (catalog_relations.hpp).
      if (const auto* system = catalog_relation_columns(table))
        return system;
      if (const auto* session = session_view_columns(table))
        return session;
      auto it = tables_.find(table);
      if (it == tables_.end()) {
        auto recorded = read_recorded_table_columns(db_, table);
        if (!recorded)
          error_ = storage_error(recorded.error());
        if (recorded && !recorded->empty())
          mark_primary_key(table, *recorded);
        if (recorded && recorded->empty())  // a view created translated (a temporary one first): its typed columns
          if (auto view = query_texts(db_,
                                      "SELECT sql FROM temp.sqlite_schema WHERE type = 'view' AND name = ?1 "
                                      "UNION ALL SELECT sql FROM main.sqlite_schema WHERE type = 'view' AND name = ?1",
                                      table);
              view && !view->empty())
            if (auto stored = read_stored_view(view->front()))
              *recorded = std::move(stored->columns);
        it = tables_.emplace(table, recorded ? std::move(*recorded) : std::vector<column_definition>{})
                 .first;
      }
      return it->second.empty() ? nullptr : &it->second;
    };
  }
  const std::optional<pg_error>& error() const { return error_; }

private:
  // The primary key's columns, as SQLite's table_info reports them; a single INTEGER
  // one is the rowid.
  void mark_primary_key(const std::string& table, std::vector<column_definition>& columns) {
    auto keys = query_rows(db_, "SELECT name, upper(type) FROM pragma_table_info(?1) WHERE pk > 0", table);
    if (!keys)
      return;
    for (auto& c : columns)
      for (const auto& key : *keys)
        if (key[0] == c.name) {
          c.primary_key = true;
          c.rowid = keys->size() == 1 && key[1] == "INTEGER";
        }
  }


  sqlite_connection& db_;
  std::map<std::string, std::vector<column_definition>> tables_;
  std::optional<pg_error> error_;
};

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
  auto exists = relation_exists(db.handle(), definition->table);  // a sequence's name too
  if (!exists)
    return fail(exists.error());
  if (*exists) {
    if (!definition->if_not_exists)
      return fail(make_pg_error("42P07", "relation \"" + definition->table + "\" already exists"));
    table_notice(context, "relation \"" + definition->table + "\" already exists, skipping");
    return command_outcome::tag_only("CREATE TABLE");
  }
  if (auto r = db.exec(definition->sqlite_ddl); !r)
    return fail(storage_error(r.error()));
  if (auto r = record_table_columns(db, definition->table, definition->columns); !r)
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

result<std::optional<translated_insert>, pg_error> translate_typed_insert(
    const nlohmann::json& stmt, std::string_view source, command_context& context,
    const type_settings& settings) {
  sqlite_connection& db = context.database();
  insert_target target;
  target.table = insert_table_name(stmt);
  auto recorded = read_recorded_table_columns(db, target.table);
  if (!recorded)
    return fail(storage_error(recorded.error()));
  if (recorded->empty())
    return std::optional<translated_insert>{};
  target.columns = std::move(*recorded);
  auto defaults = sqlite_defaults(db, target.table);
  if (!defaults)
    return fail(defaults.error());
  target.sqlite_defaults = std::move(*defaults);
  target.sqlite_defaults.resize(target.columns.size());
  auto translated = translate_insert(stmt, source, target, settings);
  if (!translated)
    return fail(translated.error());
  return std::optional<translated_insert>{std::move(*translated)};
}

result<std::optional<typed_query>, pg_error> prepare_insert(
    const nlohmann::json& stmt, std::string_view source, const std::vector<sql_value>& parameters,
    command_context& context, const type_settings& settings) {
  auto translated = translate_typed_insert(stmt, source, context, settings);
  if (!translated)
    return fail(translated.error());
  if (!*translated)
    return std::optional<typed_query>{};
  return typed_parameters(std::move((*translated)->sql), (*translated)->parameter_types,
                          parameters, settings);
}

result<std::optional<typed_query>, pg_error> prepare_typed_query(
    const std::string& node_type, const nlohmann::json& stmt, std::string_view source,
    const std::vector<sql_value>& parameters, command_context& context,
    const type_settings& settings) {
  recorded_tables tables(context.database());
  const table_columns_lookup lookup = tables.lookup();
  auto rewritten = rewrite_typed_constants(node_type, stmt, source, lookup, settings);
  if (tables.error())
    return fail(*tables.error());
  if (!rewritten)
    return fail(rewritten.error());
  if (rewritten->sql == source && rewritten->parameter_types.empty())
    return std::optional<typed_query>{};
  return typed_parameters(std::move(rewritten->sql), rewritten->parameter_types, parameters,
                          settings);
}

result<std::optional<translated_statement>, pg_error> prepare_translated_statement(
    const std::string& node_type, const nlohmann::json& statement, std::string_view source, int position_base,
    const std::vector<sql_value>* parameters, const std::vector<column_type>& declared,
    command_context& context, const type_settings& settings,
    const std::vector<materialized_common_table>& materialized, bool returning_names_objects) {
  recorded_tables tables(context.database());
  translation_input input{tables.lookup(), settings, source, declared};
  input.materialized = materialized;
  input.returning_names_objects = returning_names_objects;
  session_information session;
  session.user = context.user_name();
  session.session_user = context.session_user_name();
  session.database = context.database_name();
  session.process_id = context.backend_process_id();
  session.setting = [&context](const std::string& name) { return context.setting_value(name); };
  session.version = "PostgreSQL " + context.setting_value("server_version").value_or("15.0") +
                    " (Tributary, a logical-replication subscriber on SQLite " +
                    sqlite3_libversion() + "), 64-bit";
  input.session = &session;
  std::optional<user_type_set> user_types;
  input.find_user_type = user_type_lookup(context, user_types);
  std::string untranslated;
  input.untranslated = &untranslated;
  input.refuse_untranslated = true;  // a session's statement: PostgreSQL's answer or an error
  input.position_base = position_base;
  input.constraint_columns = [&context](const std::string& table, const std::string& constraint)
      -> std::optional<std::vector<std::string>> {
    const auto dot = table.find('.');
    auto keys = unique_keys_of(context.database(), table, dot == std::string::npos ? table : table.substr(dot + 1));
    if (keys)
      for (const unique_key& key : *keys)
        if (key.constraint && key.name == constraint)
          return key.columns;
    return std::nullopt;
  };
  auto translated = translate_statement(node_type, statement, input);
  if (translated && !*translated)
    spdlog::debug("not translated ({}): {}", untranslated, source);
  if (tables.error())
    return fail(*tables.error());
  if (!translated)
    return fail(placed_in_query(translated.error().error, translated.error().location, source, position_base));
  if (!*translated)
    return std::optional<translated_statement>{};
  translated_statement out;
  out.sql = std::move((*translated)->sql);
  out.columns = std::move((*translated)->columns);
  out.parameter_types = (*translated)->parameter_types;
  for (const located_error& notice : (*translated)->notices)
    out.notices.push_back(placed_in_query(notice.error, notice.location, source, position_base));
  for (const auto& [number, type] : (*translated)->parameter_types)
    out.parameter_count = std::max(out.parameter_count, number);
  if (parameters == nullptr)
    return std::optional<translated_statement>{std::move(out)};
  auto typed = typed_parameters(out.sql, (*translated)->parameter_types, *parameters, settings);
  if (!typed)
    return fail(typed.error());
  out.parameters = std::move((*typed)->parameters);
  return std::optional<translated_statement>{std::move(out)};
}

result<std::optional<translated_query>, pg_error> translate_view_select(const nlohmann::json& select,
                                                                       std::string_view source, int position_base,
                                                                       command_context& context,
                                                                       const type_settings& settings) {
  recorded_tables tables(context.database());
  // No session: what a view reads of the session (current_user, settings) is
  // read when the view is, so such a SELECT is not translated here.
  translation_input input{tables.lookup(), settings, source, {}};
  std::optional<user_type_set> user_types;
  input.find_user_type = user_type_lookup(context, user_types);
  std::string untranslated;
  input.untranslated = &untranslated;
  auto translated = translate_select(select, input);
  if (tables.error())
    return fail(*tables.error());
  if (!translated)
    return fail(placed_in_query(translated.error().error, translated.error().location, source, position_base));
  if (!*translated)
    spdlog::debug("view not translated ({}): {}", untranslated, source);
  return std::move(*translated);
}

}  // namespace tributary
