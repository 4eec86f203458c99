// translated_query_harness: the header's harness.
#include "tests/translated_query_harness.hpp"

#include <pg_query.h>
#include <sqlite3.h>

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "stages/types/pg_type_oids.hpp"
#include "stages/types/value_io.hpp"
#include "storage/sql_functions.hpp"

namespace tributary::testing {
namespace {

const std::vector<column_definition>& table_t() {
  static const std::vector<column_definition> columns = {
      {"id", builtin_column_type(pg_type_oid::int4), 0, false, {}, "", ""},
      {"s", builtin_column_type(pg_type_oid::text), 0, false, {}, "", ""},
      {"n", builtin_column_type(pg_type_oid::int4), 0, false, {}, "", ""},
      {"d", builtin_column_type(pg_type_oid::date), 0, false, {}, "", ""},
      {"ts", builtin_column_type(pg_type_oid::timestamptz), 0, false, {}, "", ""},
      {"x", builtin_column_type(pg_type_oid::numeric), 0, false, {}, "", ""},
      {"f", builtin_column_type(pg_type_oid::float8), 0, false, {}, "", ""}};
  return columns;
}

sql_value column_value(sqlite3_stmt* statement, int i) {
  switch (sqlite3_column_type(statement, i)) {
    case SQLITE_NULL: return sql_null{};
    case SQLITE_INTEGER: return static_cast<int64_t>(sqlite3_column_int64(statement, i));
    case SQLITE_FLOAT: return sqlite3_column_double(statement, i);
    case SQLITE_BLOB: {
      const auto* p = static_cast<const char*>(sqlite3_column_blob(statement, i));
      return sql_blob{std::string(p, p + sqlite3_column_bytes(statement, i))};
    }
    default:
      return std::string(reinterpret_cast<const char*>(sqlite3_column_text(statement, i)),
                         static_cast<size_t>(sqlite3_column_bytes(statement, i)));
  }
}

void bind_value(sqlite3_stmt* statement, int index, const sql_value& value) {
  if (const auto* i = std::get_if<int64_t>(&value))
    sqlite3_bind_int64(statement, index, *i);
  else if (const auto* d = std::get_if<double>(&value))
    sqlite3_bind_double(statement, index, *d);
  else if (const auto* s = std::get_if<std::string>(&value))
    sqlite3_bind_text(statement, index, s->data(), static_cast<int>(s->size()), SQLITE_TRANSIENT);
  else if (const auto* b = std::get_if<sql_blob>(&value))
    sqlite3_bind_blob(statement, index, b->bytes.data(), static_cast<int>(b->bytes.size()),
                      SQLITE_TRANSIENT);
  else
    sqlite3_bind_null(statement, index);
}

}  // namespace

translated_query_harness::translated_query_harness() {
  auto opened = sqlite_connection::open(":memory:");
  if (!opened)
    throw std::runtime_error("cannot open an in-memory database: " + opened.error().message);
  connection_.emplace(std::move(*opened));
  db_ = connection_->handle();
  register_sql_functions(db_);
  if (sqlite3_exec(db_, "CREATE TABLE t (id INTEGER, s TEXT, n INTEGER, d INTEGER, ts INTEGER, x TEXT, f TEXT)",
                   nullptr, nullptr, nullptr) != SQLITE_OK)
    throw std::runtime_error(std::string("cannot create the test table: ") + sqlite3_errmsg(db_));
  session.user = "alice";
  session.database = "shop";
  session.process_id = 4242;
  session.version = "PostgreSQL 15.0 (Tributary)";
  session.setting = [](const std::string& name) -> std::optional<std::string> {
    if (name == "TimeZone" || name == "timezone")
      return "UTC";
    if (name == "search_path")
      return "\"$user\", public";
    return std::nullopt;
  };
}

translated_query_harness::~translated_query_harness() = default;

void translated_query_harness::insert(const std::vector<std::optional<std::string>>& values) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db_, "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?)", -1, &statement, nullptr) !=
      SQLITE_OK)
    throw std::runtime_error(std::string("cannot insert a test row: ") + sqlite3_errmsg(db_));
  for (size_t i = 0; i < values.size() && i < table_t().size(); ++i) {
    sql_value stored = sql_null{};
    if (values[i]) {
      auto parsed = parse_text_value(table_t()[i].type, *values[i], settings);
      if (!parsed)
        throw std::runtime_error("bad test value " + *values[i] + ": " + parsed.error().message);
      stored = *parsed;
    }
    bind_value(statement, static_cast<int>(i + 1), stored);
  }
  if (sqlite3_step(statement) != SQLITE_DONE)
    throw std::runtime_error(std::string("cannot insert a test row: ") + sqlite3_errmsg(db_));
  sqlite3_finalize(statement);
}

query_answer translated_query_harness::run(const std::string& sql) {
  query_answer out;
  PgQueryParseResult parsed = pg_query_parse(sql.c_str());
  if (parsed.error != nullptr) {
    out.error = make_pg_error("42601", parsed.error->message);
    pg_query_free_parse_result(parsed);
    return out;
  }
  auto tree = nlohmann::json::parse(parsed.parse_tree);
  pg_query_free_parse_result(parsed);
  translation_input input;
  input.lookup = [](const std::string& table) { return table == "t" ? &table_t() : nullptr; };
  input.settings = settings;
  input.source = sql;
  input.untranslated = &out.untranslated;
  input.session = &session;
  input.refuse_untranslated = refuse_untranslated;
  auto translated = translate_select(tree["stmts"][0]["stmt"]["SelectStmt"], input);
  if (!translated) {
    out.error = translated.error().error;
    return out;
  }
  if (!*translated)
    return out;
  for (const query_column& c : (*translated)->columns) {
    out.names.push_back(c.name);
    out.types.push_back(c.type.oid);
  }
  set_sql_function_settings(db_, settings);
  note_statement_start(db_, true);
  take_sql_function_error(db_);
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db_, (*translated)->sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
    out.error = make_pg_error("XX000", std::string(sqlite3_errmsg(db_)) + " in " + (*translated)->sql);
    return out;
  }
  int step = SQLITE_ROW;
  while ((step = sqlite3_step(statement)) == SQLITE_ROW) {
    std::vector<std::optional<std::string>> row;
    for (size_t i = 0; i < (*translated)->columns.size(); ++i)
      row.push_back(format_text_value((*translated)->columns[i].type,
                                      column_value(statement, static_cast<int>(i)), settings));
    out.rows.push_back(std::move(row));
  }
  if (step != SQLITE_DONE) {
    auto function_error = take_sql_function_error(db_);
    out.error = function_error ? *function_error
                               : make_pg_error("XX000", std::string(sqlite3_errmsg(db_)) +
                                                            " in " + (*translated)->sql);
  }
  sqlite3_finalize(statement);
  return out;
}

std::string translated_query_harness::value(const std::string& sql) {
  query_answer a = run(sql);
  if (a.error)
    return "ERROR " + a.error->sqlstate + ": " + a.error->message;
  if (!a.untranslated.empty() && a.names.empty())
    return "UNTRANSLATED: " + a.untranslated;
  if (a.rows.size() != 1 || a.rows[0].size() != 1)
    return "NOT ONE VALUE";
  return a.rows[0][0].value_or("NULL");
}

}  // namespace tributary::testing
