#include "cli/catalog/trigger_rows.hpp"

#include <pg_query.h>
#include <sqlite3.h>

#include <algorithm>

#include "cli/catalog/catalog_relation_oids.hpp"
#include "cli/catalog/builtin_catalog.hpp"
#include "cli/catalog/builtin_function_definition.hpp"
#include "cli/catalog/function_registration.hpp"
#include "cli/catalog/sql_function_arguments.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/default_deparse.hpp"
#include "stages/sql/parse_tree.hpp"

namespace tributary {

namespace {

namespace pt = parse_tree;

constexpr int64_t plpgsql_language = 13563;
constexpr int64_t trigger_type = 2279;

const sql_value null_value = sql_null{};
sql_value boolean(bool b) { return int64_t{b ? 1 : 0}; }
sql_value character(char c) { return std::string(1, c); }

// plpgsql's handlers (object_rows.cpp): their result and argument types' names.
struct handler_signature {
  int64_t oid;
  const char* result;
  const char* arguments;
};
constexpr handler_signature handlers[] = {
    {13560, "language_handler", ""}, {13561, "void", "internal"}, {13562, "void", "oid"}};

// The body of a CREATE FUNCTION statement (its AS string), or "" when it does not parse.
std::string function_body(const std::string& source) {
  PgQueryParseResult parsed = pg_query_parse(source.c_str());
  std::string body;
  if (parsed.error == nullptr) {
    const auto tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
    if (!tree.is_discarded() && tree.contains("stmts") && !tree["stmts"].empty()) {
      const auto& stmt = tree["stmts"][0].value("stmt", nlohmann::json::object());
      if (stmt.contains("CreateFunctionStmt"))
        for (const auto& option : pt::list(stmt["CreateFunctionStmt"], "options")) {
          const auto& def = pt::fields(option);
          if (pt::text(def, "defname") != "as")
            continue;
          const auto items = pt::strings(pt::list(pt::fields(def.value("arg", nlohmann::json::object())), "items"));
          if (!items.empty())
            body = items.front();
        }
    }
  }
  pg_query_free_parse_result(parsed);
  return body;
}

int64_t trigger_type_bits(const trigger_definition& t) {
  return 1 + (t.before ? 2 : 0) + (t.on_insert ? 4 : 0) + (t.on_delete ? 8 : 0) + (t.on_update ? 16 : 0);
}

int attnum_of(const catalog_relation& table, const std::string& column) {
  for (size_t i = 0; i < table.columns.size(); ++i)
    if (table.columns[i].name == column)
      return static_cast<int>(i + 1);
  return 0;
}

// WHEN's condition as pg_get_triggerdef prints it: NEW.x and OLD.x as new.x, old.x.
std::string when_text(const catalog_relation& table, const std::string& when, bool pretty) {
  const std::string select = "SELECT " + when;
  PgQueryParseResult parsed = pg_query_parse(select.c_str());
  std::optional<std::string> out;
  if (parsed.error == nullptr) {
    const auto tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
    if (!tree.is_discarded() && tree.contains("stmts") && !tree["stmts"].empty()) {
      const auto& stmt = tree["stmts"][0].value("stmt", nlohmann::json::object());
      const auto& targets = pt::list(pt::fields(stmt), "targetList");
      if (targets.size() == 1) {
        const auto& expression = pt::fields(targets[0]).value("val", nlohmann::json());
        oid_t type = 0;
        out = deparse_view_expression(expression, select, {{"new", &table.columns}, {"old", &table.columns}}, pretty,
                                      &type);
      }
    }
  }
  pg_query_free_parse_result(parsed);
  if (out)
    return *out;
  return pretty ? when : "(" + when + ")";
}

bool visible(const catalog_reader& reader, const std::string& schema) {
  const auto path = reader.visible_schemas();
  return std::find(path.begin(), path.end(), schema) != path.end();
}

std::string trigger_definition_text(const catalog_reader& reader, const catalog_model& model,
                                    const catalog_relation& table, const catalog_trigger& trigger, bool pretty) {
  const trigger_definition& t = trigger.definition;
  std::string out = "CREATE TRIGGER " + quote_identifier_if_needed(t.name) + (t.before ? " BEFORE" : " AFTER");
  std::string events;
  const auto add = [&](const std::string& event) { events += (events.empty() ? " " : " OR ") + event; };
  if (t.on_insert)
    add("INSERT");
  if (t.on_delete)
    add("DELETE");
  if (t.on_update) {
    std::string update = "UPDATE";
    for (size_t i = 0; i < t.update_columns.size(); ++i)
      update += (i == 0 ? " OF " : ", ") + quote_identifier_if_needed(t.update_columns[i]);
    add(update);
  }
  out += events + " ON ";
  if (!pretty || !visible(reader, table.schema))
    out += quote_identifier_if_needed(table.schema) + ".";
  out += quote_identifier_if_needed(table.name) + " FOR EACH ROW ";
  if (!t.when.empty())
    out += "WHEN (" + when_text(table, t.when, pretty) + ") ";
  out += "EXECUTE FUNCTION ";
  const catalog_function* function = model.function(trigger.function_oid);
  if (!visible(reader, "public"))
    out += "public.";
  return out + quote_identifier_if_needed(function ? function->name : t.function) + "()";
}

void triggerdef_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const catalog_reader& reader = reader_of(context);
  const catalog_model model = reader.model();
  const auto found = model.trigger(sqlite3_value_int64(argv[0]));
  if (!found)
    return sqlite3_result_null(context);
  const bool pretty = argc == 2 && sqlite3_value_int64(argv[1]) != 0;
  result_text(context, trigger_definition_text(reader, model, *found->first, *found->second, pretty));
}

enum class signature_part { result, arguments, identity_arguments };

// pg_get_function_result / _arguments / _identity_arguments.
void function_signature(sqlite3_context* context, int argc, sqlite3_value** argv, signature_part part) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const int64_t oid = sqlite3_value_int64(argv[0]);
  if (const builtin_function* f = find_builtin_function(oid))
    return result_text(context, part == signature_part::result      ? f->result
                                : part == signature_part::arguments ? f->arguments
                                                                    : f->identity_arguments);
  const bool result = part == signature_part::result;
  for (const auto& h : handlers)
    if (h.oid == oid)
      return result_text(context, result ? h.result : h.arguments);
  if (reader_of(context).model().function(oid) == nullptr)
    return sqlite3_result_null(context);
  result_text(context, result ? "trigger" : "");
}
void function_result_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  function_signature(context, argc, argv, signature_part::result);
}
void function_arguments_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  function_signature(context, argc, argv, signature_part::arguments);
}
void function_identity_arguments_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  function_signature(context, argc, argv, signature_part::identity_arguments);
}

// pg_get_functiondef(oid): PostgreSQL's CREATE OR REPLACE FUNCTION text of a user's
// trigger function (public, plpgsql), of one of plpgsql's handlers (C, in
// $libdir/plpgsql) or of a built-in function (builtin_function_definition.hpp);
// NULL for another OID, as PostgreSQL's for an unknown one.
void functiondef_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const int64_t oid = sqlite3_value_int64(argv[0]);
  static const char* const handler_names[] = {"plpgsql_call_handler", "plpgsql_inline_handler", "plpgsql_validator"};
  for (size_t i = 0; i < std::size(handlers); ++i)
    if (handlers[i].oid == oid)
      return result_text(context, std::string("CREATE OR REPLACE FUNCTION pg_catalog.") + handler_names[i] + "(" +
                                      handlers[i].arguments + ")\n RETURNS " + handlers[i].result +
                                      "\n LANGUAGE c\n" + (*handlers[i].arguments ? " STRICT\n" : "") +
                                      "AS '$libdir/plpgsql', " + dollar_quoted(handler_names[i]) + "\n");
  if (const builtin_function* b = find_builtin_function(oid)) {
    if (b->kind == 'a')
      return report_error(context, "42809", "\"" + std::string(b->name) + "\" is an aggregate function");
    std::string support;
    sqlite3_stmt* q = nullptr;
    if (b->support != 0 &&
        sqlite3_prepare_v2(sqlite3_context_db_handle(context), "SELECT pg_catalog_regproc_out(?1)", -1, &q,
                           nullptr) == SQLITE_OK) {
      sqlite3_bind_int64(q, 1, b->support);
      if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_text(q, 0) != nullptr)
        support = reinterpret_cast<const char*>(sqlite3_column_text(q, 0));
    }
    sqlite3_finalize(q);
    return result_text(context, builtin_function_definition(*b, support));
  }
  const catalog_model model = reader_of(context).model();
  const catalog_function* f = model.function(oid);
  if (f == nullptr)
    return sqlite3_result_null(context);
  result_text(context, "CREATE OR REPLACE FUNCTION public." + quote_identifier_if_needed(f->name) +
                           "()\n RETURNS trigger\n LANGUAGE plpgsql\nAS " + dollar_quoted(function_body(f->source)) +
                           "\n");
}

// A built-in function's SQL-standard body (BEGIN ATOMIC) as PostgreSQL prints it;
// NULL for the others (no user function has one), as PostgreSQL's.
void sqlbody_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const builtin_function* f = find_builtin_function(sqlite3_value_int64(argv[0]));
  if (f == nullptr || f->sql_body == nullptr)
    return sqlite3_result_null(context);
  result_text(context, f->sql_body);
}

}  // namespace

std::vector<snapshot_row> user_function_rows(const catalog_model& model, int64_t owner) {
  std::vector<snapshot_row> out;
  for (const auto& f : model.functions)
    // prosupport: none, which regproc prints "-" (pg_dump writes a SUPPORT clause otherwise).
    out.push_back({f.oid, f.name, int64_t{2200}, owner, plpgsql_language, 100.0, 0.0, int64_t{0}, std::string("-"),
                   character('f'), boolean(false), boolean(false), boolean(false), boolean(false), character('v'),
                   character('u'), int64_t{0}, int64_t{0}, trigger_type, std::string(), null_value, null_value,
                   null_value, null_value, null_value, function_body(f.source), null_value, null_value, null_value,
                   null_value});
  return out;
}

std::vector<snapshot_row> pg_trigger_rows(const catalog_model& model) {
  std::vector<snapshot_row> out;
  for (const auto& r : model.relations)
    for (const auto& trigger : r.triggers) {
      const trigger_definition& t = trigger.definition;
      std::string attributes;
      for (const auto& column : t.update_columns)
        attributes += (attributes.empty() ? "" : " ") + std::to_string(attnum_of(r, column));
      out.push_back({trigger.oid, r.oid, int64_t{0}, t.name, trigger.function_oid, trigger_type_bits(t),
                     character(t.enabled), boolean(false), int64_t{0}, int64_t{0}, int64_t{0}, boolean(false),
                     boolean(false), int64_t{0}, attributes, std::string(), t.when.empty() ? null_value : sql_value{t.when},
                     null_value, null_value});
    }
  return out;
}

std::vector<snapshot_row> trigger_depend_rows(const catalog_model& model) {
  std::vector<snapshot_row> out;
  for (const auto& r : model.relations)
    for (const auto& t : r.triggers) {
      if (model.function(t.function_oid) != nullptr)
        out.push_back({pg_trigger_class, t.oid, int64_t{0}, pg_proc_class, t.function_oid, int64_t{0}, character('n')});
      out.push_back({pg_trigger_class, t.oid, int64_t{0}, pg_class_class, r.oid, int64_t{0}, character('a')});
    }
  return out;
}

std::optional<std::string> describe_user_function(const catalog_model& model, int64_t oid) {
  if (const catalog_function* f = model.function(oid))
    return "function " + quote_identifier_if_needed(f->name) + "()";
  return std::nullopt;
}

std::optional<std::string> describe_trigger(const catalog_model& model, int64_t oid) {
  const auto found = model.trigger(oid);
  if (!found)
    return std::nullopt;
  return "trigger " + found->second->definition.name + " on table " +
         quote_identifier_if_needed(found->first->name);
}

result<ok_t, sqlite_error> install_trigger_functions(sqlite_connection& db, const catalog_reader_ptr& reader) {
  const sql_function_entry functions[] = {
      {"pg_get_triggerdef", 1, triggerdef_function},
      {"pg_get_triggerdef", 2, triggerdef_function},
      {"pg_get_function_result", 1, function_result_function},
      {"pg_get_function_arguments", 1, function_arguments_function},
      {"pg_get_function_identity_arguments", 1, function_identity_arguments_function},
      {"pg_get_function_sqlbody", 1, sqlbody_function},
      {"pg_get_functiondef", 1, functiondef_function},
  };
  return register_functions(db.handle(), const_cast<catalog_reader*>(reader.get()), functions);
}

}  // namespace tributary
