// session_functions: the session's clocks and identity, as PostgreSQL reports them.
//
//   now() / transaction_timestamp()   timestamptz  pg_now('transaction'): the
//   current_timestamp[(p)]                         transaction's start
//   statement_timestamp()             timestamptz  pg_now('statement')
//   clock_timestamp()                 timestamptz  pg_now('clock')
//   timeofday()                       text         the clock in TimeZone, 'Wed Dec 02 17:10:23.123456 2026 UTC'
//   gen_random_uuid()                 uuid         a version 4 UUID (pg_gen_random_uuid)
//   localtimestamp[(p)]               timestamp    the transaction's start in TimeZone
//   current_date                      date         its day in TimeZone
//   current_time[(p)] / localtime[(p)] timetz / time
//   current_user, user, current_role                 name   the current user (SET ROLE)
//   session_user                                     name   who logged in
//   current_catalog, current_database()               name
//   current_schema, current_schema()                  name   first search_path entry
//                                                            (after "$user")
//   version()                         text         names Tributary and the
//                                                  PostgreSQL version it speaks
//   current_setting(name [, missing_ok])   text    the setting's value when the
//                                                  statement is translated (a name from a
//                                                  column: when the row is read); 42704
//                                                  unrecognized configuration parameter
//   pg_sleep(seconds)                 void         '' after the time (NULL for NULL);
//                                                  cancel and statement_timeout end it
//   pg_sleep_for(interval), pg_sleep_until(timestamptz)
//                                     void         pg_sleep of the seconds from clock_timestamp()
//   pg_backend_pid()                  int4         the session's BackendKeyData pid
//   pg_cancel_backend(pid), pg_terminate_backend(pid [, timeout])
//                                     bool         the session's SQL functions
//                                                  (cli/server/session_activity)
//   pg_reload_conf()                  bool         SIGHUP to the server (cli/server/reload_function)
//   set_config(name, value, is_local) text         SET from SQL (cli/server/set_config_function)
// Identity and settings are constants of the translated SQL (a statement is
// translated again at each execution), except in a column DEFAULT
// (translation_input::column_default), where current_user / session_user are
// pg_session_role('current' | 'session'), read at each insert, and in a view
// (translation_input::view_body), where they and current_database() /
// current_catalog (pg_catalog_current_database()) and current_setting(name)
// (pg_catalog_current_setting) are the reading session's; the clocks are SQLite functions
// (storage/sql_functions_session.cpp). Without translation_input::session these
// are not translated.
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

const std::string& session_user_of(const session_information& s) {
  return s.session_user.empty() ? s.user : s.session_user;
}

const session_information& session_of(query_translator& t, const std::string& what) {
  if (t.input().session == nullptr)
    throw not_translatable{what + " without a session"};
  return *t.input().session;
}

typed_expression name_constant(const std::string& value) {
  return typed_result(sql_quote(value), pg_type_oid::name);
}

// current_user / session_user of a column DEFAULT: the inserting session's role
// when the row is inserted (cli/server/session_role_function.hpp).
typed_expression role_at_insert(const std::string& kind) {
  return typed_result("pg_session_role('" + kind + "')", pg_type_oid::name);
}

// Whether the session's identity is read when the SQL runs (a DEFAULT, a view).
bool read_at_run_time(const query_translator& t) {
  return t.input().column_default || t.input().view_body;
}

// current_database() of a view: the reading session's database
// (cli/catalog/catalog_functions.cpp).
typed_expression database_when_read() {
  return typed_result("pg_catalog_current_database()", pg_type_oid::name);
}

// The clock value now() gives, as `oid` with precision `typmod`.
typed_expression transaction_start_as(oid_t oid, int typmod) {
  const column_type from = builtin_column_type(pg_type_oid::timestamptz);
  const column_type to = builtin_column_type(oid, typmod);
  std::string sql = "pg_now('transaction')";
  if (to != from)
    sql = cast_sql(sql, from, to);
  typed_expression e = typed_result(std::move(sql), oid);
  e.type = to;
  return e;
}

std::string current_schema(const session_information& session) {
  const std::string path = session.setting ? session.setting("search_path").value_or("public") : "public";
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find(',', start);
    if (end == std::string::npos)
      end = path.size();
    std::string entry = path.substr(start, end - start);
    entry.erase(0, entry.find_first_not_of(' '));
    entry.erase(entry.find_last_not_of(' ') + 1);
    if (entry.size() >= 2 && entry.front() == '"' && entry.back() == '"')
      entry = entry.substr(1, entry.size() - 2);
    if (!entry.empty() && entry != "$user")
      return entry;
    start = end + 1;
  }
  return "public";
}

}  // namespace

typed_expression sql_value_function(query_translator& t, const json& f) {
  const std::string op = pt::text(f, "op");
  // The parse tree leaves a precision of 0 out, as every zero field.
  const bool has_precision = op.size() > 2 && op.compare(op.size() - 2, 2, "_N") == 0;
  const int typmod = has_precision ? static_cast<int>(pt::integer(f, "typmod")) : -1;
  if (op == "SVFOP_CURRENT_TIMESTAMP" || op == "SVFOP_CURRENT_TIMESTAMP_N")
    return transaction_start_as(pg_type_oid::timestamptz, typmod);
  if (op == "SVFOP_LOCALTIMESTAMP" || op == "SVFOP_LOCALTIMESTAMP_N")
    return transaction_start_as(pg_type_oid::timestamp, typmod);
  if (op == "SVFOP_CURRENT_DATE")
    return transaction_start_as(pg_type_oid::date, -1);
  if (op == "SVFOP_CURRENT_TIME" || op == "SVFOP_CURRENT_TIME_N")
    return transaction_start_as(pg_type_oid::timetz, typmod);
  if (op == "SVFOP_LOCALTIME" || op == "SVFOP_LOCALTIME_N")
    return transaction_start_as(pg_type_oid::time, typmod);
  if (read_at_run_time(t) && (op == "SVFOP_SESSION_USER" || op == "SVFOP_CURRENT_ROLE" ||
                              op == "SVFOP_CURRENT_USER" || op == "SVFOP_USER"))
    return role_at_insert(op == "SVFOP_SESSION_USER" ? "session" : "current");
  if (t.input().view_body && op == "SVFOP_CURRENT_CATALOG")
    return database_when_read();
  const session_information& session = session_of(t, op);
  if (op == "SVFOP_SESSION_USER")
    return name_constant(session_user_of(session));
  if (op == "SVFOP_CURRENT_ROLE" || op == "SVFOP_CURRENT_USER" || op == "SVFOP_USER")
    return name_constant(session.user);
  if (op == "SVFOP_CURRENT_CATALOG")
    return name_constant(session.database);
  if (op == "SVFOP_CURRENT_SCHEMA")
    return name_constant(current_schema(session));
  throw not_translatable{op};
}

// pg_sleep(seconds) -> void. A loop of SQLite's own (a recursive CTE whose each
// row sleeps a slice, storage/sql_functions_session.cpp), so that a cancel
// (sqlite3_interrupt) and statement_timeout (the progress handler) end it as they
// end any statement.
typed_expression sleep_for(const typed_expression& seconds) {
  constexpr oid_t void_oid = 2278;  // pg_type's void: its text is ''
  const column_type float8 = builtin_column_type(pg_type_oid::float8);
  std::string value = seconds.type == float8 ? seconds.sql : cast_sql(seconds.sql, seconds.type, float8);
  return typed_result("(WITH RECURSIVE pg_sleep_loop(until) AS (SELECT pg_monotonic_ms() + 1000.0 * (" + value +
                          ") UNION ALL SELECT until FROM pg_sleep_loop WHERE pg_sleep_step(until)) "
                          "SELECT CASE WHEN count(*) > 0 AND min(until) IS NOT NULL THEN '' END FROM pg_sleep_loop)",
                      void_oid);
}

// current_setting(name [, missing_ok]) of a view: the reading session's value
// (cli/catalog/catalog_functions.cpp), 42704 when it has no such parameter unless
// missing_ok.
typed_expression setting_when_read(const std::vector<typed_expression>& args) {
  if (!is_text_like(args[0].type.oid) && !args[0].literal && !args[0].is_null_constant)
    throw not_translatable{"current_setting of this type"};
  if (args.size() == 2 && args[1].type.oid != pg_type_oid::boolean)
    throw not_translatable{"current_setting's missing_ok"};
  return typed_result("pg_catalog_current_setting(" + args[0].sql + (args.size() == 2 ? ", " + args[1].sql : "") +
                          ")",
                      pg_type_oid::text);
}

std::optional<typed_expression> session_function(query_translator& t, const std::string& name,
                                                 std::vector<typed_expression>& args, int) {
  if (name == "pg_sleep" && args.size() == 1)
    return sleep_for(args[0]);
  if ((name == "pg_sleep_for" || name == "pg_sleep_until") && args.size() == 1) {
    // PostgreSQL's SQL functions: pg_sleep of the seconds from clock_timestamp() to
    // clock_timestamp() + interval, or to the given time.
    const bool until = name == "pg_sleep_until";
    const column_type type = builtin_column_type(until ? pg_type_oid::timestamptz : pg_type_oid::interval);
    typed_expression arg = args[0];
    if (arg.literal || arg.parameter != 0 || arg.is_null_constant)
      arg = t.coerce(std::move(arg), type);
    else if (until && (arg.type.oid == pg_type_oid::timestamp || arg.type.oid == pg_type_oid::date))
      arg = typed_result(cast_sql(arg.sql, arg.type, type), pg_type_oid::timestamptz);
    if (arg.type.oid != type.oid)
      throw not_translatable{name + " of this type"};
    const std::string end = until ? arg.sql : "pg_timestamp_add(pg_now('clock'), " + arg.sql + ", 1, 1)";
    return sleep_for(typed_result("((" + end + ") - pg_now('clock')) / 1000000.0", pg_type_oid::float8));
  }
  if (args.empty()) {
    if (name == "now" || name == "transaction_timestamp")
      return typed_result("pg_now('transaction')", pg_type_oid::timestamptz);
    if (name == "statement_timestamp")
      return typed_result("pg_now('statement')", pg_type_oid::timestamptz);
    if (name == "clock_timestamp")
      return typed_result("pg_now('clock')", pg_type_oid::timestamptz);
    if (name == "timeofday")  // the clock as text, timeofday's strftime "%a %b %d %H:%M:%S.%06d %Y %Z"
      return typed_result("pg_to_char(pg_now('clock'), 'Dy Mon DD HH24:MI:SS.US YYYY TZ', 1)", pg_type_oid::text);
    if (name == "gen_random_uuid")  // storage/default_functions.hpp, on every connection
      return typed_result("pg_gen_random_uuid()", pg_type_oid::uuid);
    if (name == "version")
      return typed_result(sql_quote(session_of(t, name).version), pg_type_oid::text);
    if (name == "current_database" && t.input().view_body)
      return database_when_read();
    if (name == "current_database")
      return name_constant(session_of(t, name).database);
    if (name == "current_schema")
      return name_constant(current_schema(session_of(t, name)));
    if ((name == "current_user" || name == "session_user") && read_at_run_time(t))
      return role_at_insert(name == "session_user" ? "session" : "current");
    if (name == "current_user")
      return name_constant(session_of(t, name).user);
    if (name == "session_user")
      return name_constant(session_user_of(session_of(t, name)));
    if (name == "pg_backend_pid")
      return typed_result(std::to_string(session_of(t, name).process_id), pg_type_oid::int4);
  }
  if (name == "pg_reload_conf" && args.empty())
    return typed_result("pg_reload_conf()", pg_type_oid::boolean);
  if ((name == "pg_cancel_backend" && args.size() == 1) ||
      (name == "pg_terminate_backend" && (args.size() == 1 || args.size() == 2))) {
    std::string call = name + "(" + args[0].sql;
    if (args.size() == 2)
      call += ", " + args[1].sql;
    return typed_result(call + ")", pg_type_oid::boolean);
  }
  if (name == "set_config" && args.size() == 3) {
    session_of(t, name);  // a session's function (cli/server/set_config_function)
    return typed_result("set_config(" + args[0].sql + ", " + args[1].sql + ", " + args[2].sql + ")",
                        pg_type_oid::text);
  }
  if (name == "current_setting" && (args.size() == 1 || args.size() == 2) && t.input().view_body)
    return setting_when_read(args);
  if (name == "current_setting" && (args.size() == 1 || args.size() == 2)) {
    const session_information& session = session_of(t, name);
    const std::optional<std::string> setting_name = literal_text(args[0]);
    if (!setting_name && args.size() == 1 && !args[0].is_null_constant && args[0].parameter == 0 &&
        is_text_like(args[0].type.oid))
      // A name computed per row (pg_settings.name, as psql's \dconfig reads it): the
      // session's value when the row is read (cli/catalog/catalog_functions.cpp).
      return typed_result("pg_catalog_current_setting(" + args[0].sql + ")", pg_type_oid::text);
    if (!setting_name || !session.setting)
      throw not_translatable{"current_setting of a value that is not a constant"};
    bool missing_ok = false;
    if (args.size() == 2) {
      if (args[1].type.oid != pg_type_oid::boolean || args[1].literal)
        throw not_translatable{"current_setting's missing_ok"};
      if (args[1].sql != "1" && args[1].sql != "0")
        throw not_translatable{"current_setting's missing_ok that is not a constant"};
      missing_ok = args[1].sql == "1";
    }
    const std::optional<std::string> value = session.setting(*setting_name);
    if (value)
      return typed_result(sql_quote(*value), pg_type_oid::text);
    if (missing_ok)
      return typed_result("NULL", pg_type_oid::text);
    t.fail_at(make_pg_error("42704", "unrecognized configuration parameter \"" + *setting_name + "\""),
              -1);
  }
  return std::nullopt;
}

}  // namespace tributary::translator
