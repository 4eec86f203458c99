#include "cli/commands/trigger_commands.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "cli/commands/trigger_installation.hpp"
#include "cli/server/statement_router.hpp"
#include "stages/sql/parse_tree.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/trigger_catalog.hpp"

namespace tributary {

namespace {

using json = nlohmann::json;
namespace pt = parse_tree;

// pg_trigger.tgtype bits as the grammar sets them (CreateTrigStmt.timing / events).
constexpr int64_t timing_before = 2;
constexpr int64_t timing_instead = 64;
constexpr int64_t event_insert = 4;
constexpr int64_t event_delete = 8;
constexpr int64_t event_update = 16;
constexpr int64_t event_truncate = 32;

const std::map<std::string, char>& toggles() {
  static const std::map<std::string, char> modes = {
      {"AT_EnableTrig", 'O'},     {"AT_EnableAlwaysTrig", 'A'}, {"AT_EnableReplicaTrig", 'R'},
      {"AT_DisableTrig", 'D'},    {"AT_EnableTrigAll", 'O'},    {"AT_DisableTrigAll", 'D'},
      {"AT_EnableTrigUser", 'O'}, {"AT_DisableTrigUser", 'D'}};
  return modes;
}

pg_error not_supported(const std::string& what) {
  return make_pg_error("0A000", what + " is not supported by Tributary");
}

void notice(command_context& context, std::string message, std::string detail = {}) {
  pg_error n = make_pg_error("00000", std::move(message), std::move(detail));
  n.severity = "NOTICE";
  context.emit_notice(std::move(n));
}

// A relation's local table name: public.t -> t, s.t -> "s.t"; its name in messages.
std::string local_name(const std::string& schema, const std::string& relation) {
  return schema.empty() || schema == "public" ? relation : schema + "." + relation;
}
std::string display_name(const std::string& table) {
  const size_t dot = table.rfind('.');
  return dot == std::string::npos ? table : table.substr(dot + 1);
}

result<bool, pg_error> table_exists(const std::string& table, command_context& context) {
  auto columns = read_table_columns(context.database(), table);
  if (!columns)
    return fail(pg_error_from_sqlite(columns.error()));
  return !columns->empty();
}

// The text inside WHEN ( ... ) of a CREATE TRIGGER statement.
std::string when_text(std::string_view source) {
  size_t i = 0;
  int depth = 0;
  auto skip_quoted = [&](char quote) {
    for (++i; i < source.size(); ++i)
      if (source[i] == quote) {
        if (i + 1 < source.size() && source[i + 1] == quote)
          ++i;
        else
          break;
      }
  };
  auto word_at = [&](size_t at) {
    auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    if (at + 4 > source.size() || (at > 0 && is_word(source[at - 1])) ||
        (at + 4 < source.size() && is_word(source[at + 4])))
      return false;
    std::string w(source.substr(at, 4));
    std::transform(w.begin(), w.end(), w.begin(), [](unsigned char c) { return std::tolower(c); });
    return w == "when";
  };
  for (; i < source.size(); ++i) {
    const char c = source[i];
    if (c == '\'' || c == '"') {
      skip_quoted(c);
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      --depth;
    } else if (depth == 0 && word_at(i)) {
      const size_t open = source.find('(', i);
      if (open == std::string_view::npos)
        return "";
      int inner = 0;
      for (i = open; i < source.size(); ++i) {
        if (source[i] == '\'' || source[i] == '"')
          skip_quoted(source[i]);
        else if (source[i] == '(')
          ++inner;
        else if (source[i] == ')' && --inner == 0)
          return std::string(source.substr(open + 1, i - open - 1));
      }
      return "";
    }
  }
  return "";
}

// Whether a WHEN condition names the record `record` (new / old).
// Where the condition first reads `record` (OLD or NEW: OLD.col, OLD.*, or OLD alone
// when the table has no column of that name), as a byte offset; -1: nowhere.
int record_reference(const json& node, const std::string& record, const std::vector<column_definition>& columns) {
  if (node.is_object()) {
    if (node.contains("ColumnRef")) {
      const json& ref = node["ColumnRef"];
      const json& fields = pt::list(ref, "fields");
      const bool names_record = !fields.empty() && pt::text(pt::fields(fields[0]), "sval") == record;
      const bool column_of_that_name =
          std::any_of(columns.begin(), columns.end(), [&](const column_definition& c) { return c.name == record; });
      if (names_record && (fields.size() == 2 || (fields.size() == 1 && !column_of_that_name)))
        return static_cast<int>(pt::integer(ref, "location"));
    }
    for (const auto& [key, value] : node.items())
      if (int at = record_reference(value, record, columns); at >= 0)
        return at;
  } else if (node.is_array()) {
    for (const json& item : node)
      if (int at = record_reference(item, record, columns); at >= 0)
        return at;
  }
  return -1;
}

result<command_outcome, pg_error> create_function(const json& stmt, std::string_view source,
                                                  command_context& context, const type_settings& settings) {
  const std::vector<std::string> names = pt::strings(pt::list(stmt, "funcname"));
  const std::string name = names.back();
  const std::vector<std::string> returns =
      pt::strings(pt::list(stmt.value("returnType", json::object()), "names"));
  std::string language;
  for (const json& option : pt::list(stmt, "options")) {
    const json& def = pt::fields(option);
    if (pt::text(def, "defname") == "language")
      language = pt::text(pt::fields(def.value("arg", json::object())), "sval");
  }
  if (returns.empty() || returns.back() != "trigger" || language != "plpgsql")
    return fail(not_supported("CREATE FUNCTION other than a PL/pgSQL trigger function (RETURNS trigger "
                              "LANGUAGE plpgsql)"));
  if (names.size() > 1 && names.front() != "public")
    return fail(not_supported("a trigger function outside schema public"));
  if (!pt::list(stmt, "parameters").empty())
    return fail(make_pg_error("42P13", "trigger functions cannot have declared arguments", "",
                              "The arguments of the trigger can be accessed through TG_NARGS and TG_ARGV "
                              "instead."));
  const std::string text(source);
  if (auto body = read_plpgsql_trigger_function(text); !body)
    return fail(body.error());
  sqlite_connection& db = context.database();
  auto existing = read_trigger_function_source(db, name);
  if (!existing)
    return fail(pg_error_from_sqlite(existing.error()));
  if (*existing && !pt::flag(stmt, "replace"))
    return fail(make_pg_error("42723", "function \"" + name + "\" already exists with same argument types"));
  if (auto r = write_trigger_function(db, name, text); !r)
    return fail(pg_error_from_sqlite(r.error()));
  if (*existing) {  // its triggers run the new body from now on
    auto triggers = read_triggers(db, "");
    if (!triggers)
      return fail(pg_error_from_sqlite(triggers.error()));
    std::set<std::string> tables;
    for (const auto& t : *triggers)
      if (t.function == name)
        tables.insert(t.table);
    for (const auto& table : tables)
      if (auto r = install_table_triggers(table, context, settings); !r)
        return fail(r.error());
  }
  return command_outcome::tag_only("CREATE FUNCTION");
}

result<command_outcome, pg_error> create_trigger(const json& stmt, std::string_view source, int position_base,
                                                 command_context& context, const type_settings& settings) {
  if (!pt::flag(stmt, "row"))
    return fail(not_supported("FOR EACH STATEMENT"));
  if (pt::integer(stmt, "timing") & timing_instead)
    return fail(not_supported("INSTEAD OF"));
  const int64_t events = pt::integer(stmt, "events");
  if (events & event_truncate)
    return fail(not_supported("a TRUNCATE trigger"));
  if (pt::flag(stmt, "isconstraint"))
    return fail(not_supported("CREATE CONSTRAINT TRIGGER"));
  if (!pt::list(stmt, "transitionRels").empty())
    return fail(not_supported("REFERENCING"));
  if (!pt::list(stmt, "args").empty())
    return fail(not_supported("a trigger with arguments"));
  const json& relation = stmt.value("relation", json::object());
  trigger_definition t;
  t.name = pt::text(stmt, "trigname");
  t.table = local_name(pt::text(relation, "schemaname"), pt::text(relation, "relname"));
  t.function = pt::strings(pt::list(stmt, "funcname")).back();
  t.before = (pt::integer(stmt, "timing") & timing_before) != 0;
  t.on_insert = (events & event_insert) != 0;
  t.on_update = (events & event_update) != 0;
  t.on_delete = (events & event_delete) != 0;
  t.update_columns = pt::strings(pt::list(stmt, "columns"));
  const std::string shown = display_name(t.table);

  sqlite_connection& db = context.database();
  auto columns = read_table_columns(db, t.table);
  if (!columns)
    return fail(pg_error_from_sqlite(columns.error()));
  if (columns->empty())
    return fail(make_pg_error("42P01", "relation \"" + shown + "\" does not exist"));
  auto function = read_trigger_function_source(db, t.function);
  if (!function)
    return fail(pg_error_from_sqlite(function.error()));
  if (!*function)
    return fail(make_pg_error("42883", "function " + t.function + "() does not exist"));
  auto existing = read_triggers(db, t.table);
  if (!existing)
    return fail(pg_error_from_sqlite(existing.error()));
  const bool exists = std::any_of(existing->begin(), existing->end(),
                                  [&](const trigger_definition& d) { return d.name == t.name; });
  if (exists && !pt::flag(stmt, "replace"))
    return fail(make_pg_error("42710", "trigger \"" + t.name + "\" for relation \"" + shown + "\" already exists"));
  for (const std::string& column : t.update_columns)
    if (std::none_of(columns->begin(), columns->end(), [&](const column_definition& c) { return c.name == column; }))
      return fail(make_pg_error("42703", "column \"" + column + "\" of relation \"" + shown + "\" does not exist"));
  if (stmt.contains("whenClause")) {
    t.when = when_text(source);
    // PostgreSQL's error points at the first reference.
    const auto refused = [&](int at, const std::string& message) {
      pg_error error = make_pg_error("42P17", message);
      error.position = position_base + character_count(source, static_cast<size_t>(at)) + 1;
      return fail(std::move(error));
    };
    if (int at = record_reference(stmt["whenClause"], "old", *columns); t.on_insert && at >= 0)
      return refused(at, "INSERT trigger's WHEN condition cannot reference OLD values");
    if (int at = record_reference(stmt["whenClause"], "new", *columns); t.on_delete && at >= 0)
      return refused(at, "DELETE trigger's WHEN condition cannot reference NEW values");
  }
  if (auto r = write_trigger(db, t); !r)
    return fail(pg_error_from_sqlite(r.error()));
  if (auto r = install_table_triggers(t.table, context, settings); !r)
    return fail(r.error());
  return command_outcome::tag_only("CREATE TRIGGER");
}

result<command_outcome, pg_error> drop_triggers(const json& stmt, command_context& context,
                                                const type_settings& settings) {
  const bool missing_ok = pt::flag(stmt, "missing_ok");
  for (const json& object : pt::list(stmt, "objects")) {
    std::vector<std::string> names = pt::strings(pt::list(pt::fields(object), "items"));
    const std::string trigger = names.back();
    names.pop_back();
    const std::string table = local_name(names.size() > 1 ? names[0] : "", names.back());
    const std::string shown = display_name(table);
    auto exists = table_exists(table, context);
    if (!exists)
      return fail(exists.error());
    if (!*exists) {
      if (!missing_ok)
        return fail(make_pg_error("42P01", "relation \"" + shown + "\" does not exist"));
      notice(context, "relation \"" + shown + "\" does not exist, skipping");
      continue;
    }
    auto triggers = read_triggers(context.database(), table);
    if (!triggers)
      return fail(pg_error_from_sqlite(triggers.error()));
    if (std::none_of(triggers->begin(), triggers->end(), [&](const auto& d) { return d.name == trigger; })) {
      if (!missing_ok)
        return fail(make_pg_error("42704", "trigger \"" + trigger + "\" for table \"" + shown + "\" does not exist"));
      notice(context, "trigger \"" + trigger + "\" for relation \"" + shown + "\" does not exist, skipping");
      continue;
    }
    if (auto r = delete_trigger(context.database(), table, trigger); !r)
      return fail(pg_error_from_sqlite(r.error()));
    if (auto r = install_table_triggers(table, context, settings); !r)
      return fail(r.error());
  }
  return command_outcome::tag_only("DROP TRIGGER");
}

result<command_outcome, pg_error> drop_functions(const json& stmt, command_context& context,
                                                 const type_settings& settings) {
  const bool missing_ok = pt::flag(stmt, "missing_ok");
  const bool cascade = pt::text(stmt, "behavior") == "DROP_CASCADE";
  sqlite_connection& db = context.database();
  for (const json& object : pt::list(stmt, "objects")) {
    const json& f = pt::fields(object);
    const std::string name = pt::strings(pt::list(f, "objname")).back();
    auto source = read_trigger_function_source(db, name);
    if (!source)
      return fail(pg_error_from_sqlite(source.error()));
    if (!*source || !pt::list(f, "objargs").empty()) {
      if (missing_ok) {
        notice(context, "function " + name + "() does not exist, skipping");
        continue;
      }
      if (pt::flag(f, "args_unspecified"))
        return fail(make_pg_error("42883", "could not find a function named \"" + name + "\""));
      if (pt::list(f, "objargs").empty())
        return fail(make_pg_error("42883", "function " + name + "() does not exist"));
      return fail(make_pg_error("42883", "function " + name + "(...) does not exist"));
    }
    auto triggers = read_triggers(db, "");
    if (!triggers)
      return fail(pg_error_from_sqlite(triggers.error()));
    std::vector<trigger_definition> dependents;
    for (const auto& t : *triggers)
      if (t.function == name)
        dependents.push_back(t);
    std::string lines;
    for (const auto& t : dependents)
      lines += (lines.empty() ? "" : "\n") + std::string(cascade ? "drop cascades to " : "") + "trigger " +
               t.name + " on table " + display_name(t.table) + (cascade ? "" : " depends on function " + name + "()");
    if (!dependents.empty() && !cascade)
      return fail(make_pg_error("2BP01", "cannot drop function " + name + "() because other objects depend on it",
                                lines, "Use DROP ... CASCADE to drop the dependent objects too."));
    if (dependents.size() == 1)
      notice(context, lines);
    else if (dependents.size() > 1)
      notice(context, "drop cascades to " + std::to_string(dependents.size()) + " other objects", lines);
    for (const auto& t : dependents) {
      if (auto r = delete_trigger(db, t.table, t.name); !r)
        return fail(pg_error_from_sqlite(r.error()));
      if (auto r = install_table_triggers(t.table, context, settings); !r)
        return fail(r.error());
    }
    if (auto r = delete_trigger_function(db, name); !r)
      return fail(pg_error_from_sqlite(r.error()));
  }
  return command_outcome::tag_only("DROP FUNCTION");
}

result<command_outcome, pg_error> toggle_triggers(const json& stmt, command_context& context,
                                                  const type_settings& settings) {
  const json& relation = stmt.value("relation", json::object());
  const std::string table = local_name(pt::text(relation, "schemaname"), pt::text(relation, "relname"));
  const std::string shown = display_name(table);
  auto exists = table_exists(table, context);
  if (!exists)
    return fail(exists.error());
  if (!*exists)
    return fail(make_pg_error("42P01", "relation \"" + shown + "\" does not exist"));
  auto triggers = read_triggers(context.database(), table);
  if (!triggers)
    return fail(pg_error_from_sqlite(triggers.error()));
  for (const json& command : pt::list(stmt, "cmds")) {
    const json& cmd = pt::fields(command);
    const std::string subtype = pt::text(cmd, "subtype");
    const char mode = toggles().at(subtype);
    const bool every = subtype.find("All") != std::string::npos || subtype.find("User") != std::string::npos;
    const std::string name = pt::text(cmd, "name");
    bool found = every;
    for (auto& t : *triggers)
      if (every || t.name == name) {
        t.enabled = mode;
        found = true;
      }
    if (!found)
      return fail(make_pg_error("42704", "trigger \"" + name + "\" for table \"" + shown + "\" does not exist"));
  }
  for (const auto& t : *triggers)
    if (auto r = write_trigger(context.database(), t); !r)
      return fail(pg_error_from_sqlite(r.error()));
  if (auto r = install_table_triggers(table, context, settings); !r)
    return fail(r.error());
  return command_outcome::tag_only("ALTER TABLE");
}

}  // namespace

result<command_outcome, pg_error> trigger_statement(const std::string& node_type, const json& stmt,
                                                    std::string_view source, int position_base,
                                                    const std::string& tag, command_context& context,
                                                    const type_settings& settings) {
  if (auto r = forget_dropped_triggers(context.database()); !r)
    return fail(pg_error_from_sqlite(r.error()));
  if (node_type == "CreateFunctionStmt")
    return create_function(stmt, source, context, settings);
  if (node_type == "CreateTrigStmt")
    return create_trigger(stmt, source, position_base, context, settings);
  if (node_type == "AlterTableStmt")
    return toggle_triggers(stmt, context, settings);
  if (pt::text(stmt, "removeType") == "OBJECT_TRIGGER")
    return drop_triggers(stmt, context, settings);
  if (pt::text(stmt, "removeType") == "OBJECT_FUNCTION")
    return drop_functions(stmt, context, settings);
  return fail(make_pg_error("XX000", "not a trigger statement: " + tag));
}

}  // namespace tributary
