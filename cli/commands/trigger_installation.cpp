#include "cli/commands/trigger_installation.hpp"

#include <algorithm>
#include <map>

#include <pg_query.h>

#include "cli/server/statement_router.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/trigger_program.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/trigger_catalog.hpp"

namespace tributary {

namespace {

// One statement of a trigger function, routed as a client's statement would be
// (schema.table -> the local table), then parsed again from its own text.
result<parsed_statement, pg_error> parse_statement(const std::string& sql) {
  const routed_query routed = route_query(sql);
  if (routed.statements.size() != 1)
    return fail(make_pg_error("42601", "a trigger function's statement must be one statement: " + sql));
  if (routed.statements[0].kind == statement_kind::sqlite_only)
    return fail(routed.statements[0].parse_error);
  const routed_query own = route_query(routed.statements[0].text);
  if (own.statements.size() != 1 || own.statements[0].node.is_null())
    return fail(make_pg_error("XX000", "statement could not be parsed again on its own"));
  return parsed_statement{own.statements[0].node, own.statements[0].text};
}

}  // namespace

result<trigger_function_body, pg_error> read_plpgsql_trigger_function(const std::string& source) {
  PgQueryPlpgsqlParseResult parsed = pg_query_parse_plpgsql(source.c_str());
  if (parsed.error != nullptr) {
    pg_error error = make_pg_error("42601", parsed.error->message);
    pg_query_free_plpgsql_parse_result(parsed);
    return fail(std::move(error));
  }
  nlohmann::json functions = nlohmann::json::parse(parsed.plpgsql_funcs, nullptr, false);
  pg_query_free_plpgsql_parse_result(parsed);
  return read_trigger_function(functions);
}

result<ok_t, pg_error> install_table_triggers(const std::string& table, command_context& context,
                                              const type_settings& settings) {
  sqlite_connection& db = context.database();
  auto installed = installed_sqlite_triggers(db, table);
  if (!installed)
    return fail(pg_error_from_sqlite(installed.error()));
  for (const std::string& name : *installed)
    if (auto r = db.exec("DROP TRIGGER " + quote_identifier(name)); !r)
      return fail(pg_error_from_sqlite(r.error()));
  auto triggers = read_triggers(db, table);
  if (!triggers)
    return fail(pg_error_from_sqlite(triggers.error()));
  auto columns = read_recorded_table_columns(db, table);
  if (!columns)
    return fail(pg_error_from_sqlite(columns.error()));

  std::map<std::string, std::vector<column_definition>> tables;
  std::optional<sqlite_error> lookup_error;
  trigger_compile_input input;
  input.table_columns = *columns;
  input.settings = settings;
  input.parse = parse_statement;
  input.lookup = [&](const std::string& name) -> const std::vector<column_definition>* {
    auto it = tables.find(name);
    if (it == tables.end()) {
      auto recorded = read_recorded_table_columns(db, name);
      if (!recorded)
        lookup_error = recorded.error();
      it = tables.emplace(name, recorded ? std::move(*recorded) : std::vector<column_definition>{}).first;
    }
    return it->second.empty() ? nullptr : &it->second;
  };

  std::reverse(triggers->begin(), triggers->end());  // SQLite fires the newest first
  for (const trigger_definition& trigger : *triggers) {
    auto source = read_trigger_function_source(db, trigger.function);
    if (!source)
      return fail(pg_error_from_sqlite(source.error()));
    if (!*source)
      return fail(make_pg_error("42883", "function " + trigger.function + "() does not exist"));
    auto body = read_plpgsql_trigger_function(**source);
    if (!body)
      return fail(body.error());
    auto compiled = compile_trigger(trigger, *body, input);
    if (lookup_error)
      return fail(pg_error_from_sqlite(*lookup_error));
    if (!compiled)
      return fail(compiled.error());
    for (const std::string& sql : *compiled)
      if (auto r = db.exec(sql); !r)
        return fail(make_pg_error("0A000", "trigger \"" + trigger.name + "\" on \"" + table +
                                               "\" cannot run on SQLite: " + r.error().message,
                                  "The SQLite trigger: " + sql));
  }
  return ok_v;
}

}  // namespace tributary
