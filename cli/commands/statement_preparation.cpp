// statement_preparation: SELECT / INSERT / UPDATE / DELETE and a view's SELECT made
// ready to run on SQLite (table_commands.hpp declares them): translated by
// stages/sql/translator over the recorded column types of the tables the statement
// reads (each read once per statement), each parameter $n read by the type the
// translation gave it, errors placed in the whole query string as PostgreSQL's
// character positions.
#include "cli/commands/table_commands.hpp"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <string_view>

#include "cli/catalog/catalog_relations.hpp"
#include "cli/commands/table_command_support.hpp"
#include "cli/server/session_views.hpp"
#include "cli/server/statement_router.hpp"
#include "stages/sql/typed_constants.hpp"
#include "stages/sql/view_text.hpp"
#include "stages/types/value_io.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/unique_conflicts.hpp"
#include "storage/user_type_catalog.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) { return table_storage_error(e); }

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
    // A composite type is seen as a table's row type is, through the columns lookup.
    const user_type* type = user_types->find(schema, name);
    return type != nullptr && type->kind == 'c' ? nullptr : type;
  };
}

// The SQLite default of each column (pragma_table_info's dflt_value), "" if none.
result<std::vector<std::string>, pg_error> sqlite_defaults(sqlite_connection& db,
                                                           const std::string& table) {
  auto defaults = query_texts(db, "SELECT dflt_value FROM pragma_table_info(?1)", table);
  if (!defaults)
    return fail(storage_error(defaults.error()));
  return std::move(*defaults);
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
  input.sqlite_function_exists = [&context](const std::string& name) {
    auto found = query_has_row(context.database(), "SELECT 1 FROM pragma_function_list WHERE name = lower(?1)", name);
    return !found || *found;  // a failed look-up leaves the call to SQLite
  };
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
  // read when the view is (translation_input::view_body).
  translation_input input{tables.lookup(), settings, source, {}};
  input.view_body = true;
  std::optional<user_type_set> user_types;
  input.find_user_type = user_type_lookup(context, user_types);
  std::string untranslated;
  input.untranslated = &untranslated;
  auto translated = translate_select(select, input);
  if (tables.error())
    return fail(*tables.error());
  if (!translated)
    return fail(placed_in_query(translated.error().error, translated.error().location, source, position_base));
  // A RANGE offset over a date, time or numeric key: SQLite would keep the view and
  // fail when it is read (its frames take numbers); refused as the SELECT is.
  if (!*translated && untranslated.starts_with("a RANGE frame with an offset"))
    return fail(make_pg_error("0A000", untranslated + " is not supported yet"));
  if (!*translated)
    spdlog::debug("view not translated ({}): {}", untranslated, source);
  return std::move(*translated);
}

}  // namespace tributary
