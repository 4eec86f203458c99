// query_executor: prepare -> bind $n by name -> step to the end collecting
// sql_values -> infer each column's type -> format every value as text -> tag.
#include "cli/server/query_executor.hpp"

#include "storage/secret_columns.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cstdlib>

#include "cli/server/column_typing.hpp"
#include "cli/server/command_tags.hpp"
#include "cli/server/result_types.hpp"
#include "cli/server/statement_router.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/value_io.hpp"
#include "storage/sql_functions.hpp"
#include "storage/sqlstate_mapping.hpp"

namespace tributary {

// A column's PostgreSQL type as the client sees it: from the table column it
// comes from, else inferred from the values (result_types.hpp).
struct typed_column {
  result_column column;
  std::optional<column_type> source;  // set: values go through the type layer
};

namespace {

// "$12" -> 12; 0 for any other parameter name.
int dollar_number(const char* name) {
  if (name == nullptr || name[0] != '$' || name[1] == '\0')
    return 0;
  char* end = nullptr;
  long n = std::strtol(name + 1, &end, 10);
  return *end == '\0' && n > 0 && n <= 65535 ? static_cast<int>(n) : 0;
}

pg_error missing_parameter(int number) {
  return make_pg_error("42P02", "there is no parameter $" + std::to_string(number));
}


std::vector<typed_column> type_columns(sqlite_connection& db, const sqlite_statement& stmt,
                                       const std::vector<std::vector<sql_value>>* rows,
                                       const std::vector<query_column>* known = nullptr) {
  std::vector<typed_column> columns;
  const int count = stmt.column_count();
  if (known != nullptr && known->size() == static_cast<size_t>(count)) {
    for (const query_column& k : *known) {
      typed_column typed;
      typed.column.name = k.name;
      typed.source = k.type;
      typed.column.type_oid = k.client_oid != 0 ? k.client_oid : k.type.known() ? k.type.client_oid() : pg_type_oid::text;
      typed.column.typmod = k.type.known() ? k.type.client_typmod() : -1;
      typed.column.user_enum = k.type.is_enum() && !k.type.is_enum_array();
      columns.push_back(std::move(typed));
    }
    return columns;
  }
  const auto sources = source_column_types(db, stmt);
  std::vector<const sql_value*> values;
  for (int c = 0; c < count; ++c) {
    typed_column typed;
    typed.column.name = stmt.column_name(c);
    if (const auto& source = sources[static_cast<size_t>(c)]) {
      typed.source = *source;
      // A type Tributary does not know is sent as text, as it is stored.
      typed.column.type_oid = source->known() ? source->client_oid() : pg_type_oid::text;
      typed.column.typmod = source->known() ? source->client_typmod() : -1;
      typed.column.user_enum = source->is_enum() && !source->is_enum_array();
    } else if (rows) {
      values.clear();
      for (const auto& row : *rows)
        values.push_back(&row[static_cast<size_t>(c)]);
      const char* declared = stmt.column_decltype(c);
      typed.column.type_oid = infer_column_type(declared ? declared : "", values);
    } else {
      const char* declared = stmt.column_decltype(c);
      typed.column.type_oid = type_for_declared(declared ? declared : "");
    }
    columns.push_back(std::move(typed));
  }
  return columns;
}

// The format code Bind asked for column `index`.
int16_t result_format(const std::vector<int16_t>& formats, size_t index) {
  if (formats.empty())
    return 0;
  if (formats.size() == 1)
    return formats[0];
  return index < formats.size() ? formats[index] : 0;
}

// One value in its column's format: a table column's through the type layer, an
// expression's by its inferred type (text: result_types.hpp; binary: that type's
// send format of the same value).
result<std::optional<std::string>, pg_error> format_result_value(const typed_column& column,
                                                                 const sql_value& raw,
                                                                 const type_settings& settings) {
  if (column.column.format == 0)
    return column.source ? format_text_value(*column.source, raw, settings)
                         : format_value(raw, column.column.type_oid);
  if (column.source && (column.source->known() || has_binary_output(*column.source)))  // pair: record_send
    return format_binary_value(*column.source, raw);
  if (column.source)  // a type Tributary does not know is sent as text: its bytes
    return format_text_value(*column.source, raw, settings);
  return format_binary_value(builtin_column_type(column.column.type_oid), raw);
}

// A regproc / regclass / regtype / regnamespace result column in binary format: the
// statement printed the object's name (named_object_output, for the text format);
// binary sends the OID, as PostgreSQL's regclasssend and the others do, found back
// by that name (an OID that names nothing prints as its number).
result<sql_value, pg_error> object_oid_of_name(sqlite_connection& db, oid_t type, const sql_value& raw) {
  const auto* name = std::get_if<std::string>(&raw);
  if (name == nullptr || name->empty() || name->find_first_not_of("0123456789") == std::string::npos)
    return raw;
  const char* sql = type == 2205 ? "SELECT pg_catalog_regclass_in(?1)"
                    : type == 24  ? "SELECT pg_catalog_regproc_in(?1)"
                    : type == 4089
                        ? "SELECT pg_catalog_regnamespace_in(?1)"
                        : "SELECT oid FROM pg_type WHERE pg_catalog_regtype_out(oid) = ?1 ORDER BY oid LIMIT 1";
  auto q = db.prepare(sql);
  if (!q)
    return fail(pg_error_from_sqlite(q.error()));
  q->bind_text(1, *name);
  auto step = q->step();
  if (!step)
    return fail(pg_error_from_sqlite(step.error()));
  if (*step == sqlite_statement::step_result::done)
    return raw;
  return q->column(0);
}

bool names_an_object(oid_t type) { return type == 24 || type == 2205 || type == 2206 || type == 4089; }

}  // namespace

int highest_parameter_number(const sqlite_statement& statement) {
  int highest = 0;
  const int count = sqlite3_bind_parameter_count(statement.handle());
  for (int i = 1; i <= count; ++i)
    highest = std::max(highest, dollar_number(sqlite3_bind_parameter_name(statement.handle(), i)));
  return highest;
}

result<sqlite_statement, pg_error> query_executor::prepare(std::string_view sql,
                                                           const pg_error* grammar_error,
                                                           int position_base) {
  auto stmt = [&] {
    client_statement_scope client;  // the client's statement: secret columns stay secret
    return db_.prepare(sql);
  }();
  if (!stmt) {
    if (auto denied = take_access_denial())
      return fail(std::move(*denied));
    if (grammar_error != nullptr && is_sqlite_syntax_error(stmt.error()))
      return fail(*grammar_error);
    pg_error error = pg_error_from_sqlite(stmt.error());
    // PostgreSQL's grammar accepted the statement: SQLite's grammar refusing the text it
    // runs as written means a construct Tributary does not cover yet, not a syntax error.
    constexpr std::string_view near = "syntax error at or near ";
    if (grammar_error == nullptr && is_sqlite_syntax_error(stmt.error()))
      error = make_pg_error("0A000", "this form of the statement is not supported yet (at " +
                                         (error.message.starts_with(near) ? "or near " + error.message.substr(near.size())
                                                                          : std::string("its end")) +
                                         ")");
    // SQLite knows where in the text it failed: psql then points at it (not at the
    // name of a relation that already exists: PostgreSQL's 42P07 / 42710 have no position).
    const int offset = sqlite3_error_offset(db_.handle());
    const bool positioned = error.sqlstate != "42P07" && error.sqlstate != "42710";
    if (positioned && offset >= 0 && static_cast<size_t>(offset) < sql.size())
      error.position = position_base + character_count(sql, static_cast<size_t>(offset)) + 1;
    return fail(std::move(error));
  }
  return std::move(*stmt);
}

result<command_outcome, pg_error> query_executor::run(std::string_view sql,
                                                      const std::string& base_tag,
                                                      const std::vector<sql_value>& parameters,
                                                      const pg_error* grammar_error,
                                                      int position_base,
                                                      const std::vector<int16_t>& result_formats) {
  return execute(sql, base_tag, parameters, grammar_error, position_base, result_formats, nullptr);
}

result<command_outcome, pg_error> query_executor::run_translated(
    std::string_view sql, const std::string& base_tag, const std::vector<sql_value>& parameters,
    const std::vector<query_column>& columns, const std::vector<int16_t>& result_formats) {
  return execute(sql, base_tag, parameters, nullptr, 0, result_formats, &columns);
}

pg_error query_executor::step_error(const sqlite_error& error) {
  if (auto function_error = take_sql_function_error(db_.handle()))
    return *function_error;
  return pg_error_from_sqlite(error);
}

result<command_outcome, pg_error> query_executor::execute(
    std::string_view sql, const std::string& base_tag, const std::vector<sql_value>& parameters,
    const pg_error* grammar_error, int position_base, const std::vector<int16_t>& result_formats,
    const std::vector<query_column>* known_columns) {
  set_sql_function_settings(db_.handle(), settings_);
  take_sql_function_error(db_.handle());
  auto prepared = prepare(sql, grammar_error, position_base);
  if (!prepared)
    return fail(prepared.error());
  sqlite_statement& stmt = *prepared;
  if (stmt.handle() == nullptr)  // only comments: nothing to run
    return command_outcome::tag_only(base_tag);
  const int highest = highest_parameter_number(stmt);
  if (static_cast<size_t>(highest) > parameters.size())
    return fail(missing_parameter(highest));
  for (size_t i = 0; i < parameters.size(); ++i) {
    std::string name = std::to_string(i + 1);
    name.insert(name.begin(), '$');
    int index = sqlite3_bind_parameter_index(stmt.handle(), name.c_str());
    if (index > 0)
      stmt.bind(index, parameters[i]);
  }

  std::vector<std::vector<sql_value>> raw_rows;
  const auto width = static_cast<size_t>(stmt.column_count());
  for (;;) {
    auto step = stmt.step();
    if (!step)
      return fail(step_error(step.error()));
    if (*step == sqlite_statement::step_result::done)
      break;
    std::vector<sql_value> row;
    row.reserve(width);
    for (size_t c = 0; c < width; ++c)
      row.push_back(stmt.column(static_cast<int>(c)));
    raw_rows.push_back(std::move(row));
  }

  command_outcome outcome;
  outcome.returns_rows = width > 0;
  auto columns = type_columns(db_, stmt, &raw_rows, known_columns);
  for (size_t c = 0; c < width; ++c) {
    columns[c].column.format = result_format(result_formats, c);
    outcome.columns.push_back(columns[c].column);
  }
  outcome.rows.reserve(raw_rows.size());
  for (const auto& raw : raw_rows) {
    text_row row;
    row.reserve(width);
    for (size_t c = 0; c < width; ++c) {
      if (columns[c].column.format != 0 && names_an_object(columns[c].column.type_oid)) {
        auto oid = object_oid_of_name(db_, columns[c].column.type_oid, raw[c]);
        if (!oid)
          return fail(oid.error());
        auto value = format_result_value(columns[c], *oid, settings_);
        if (!value)
          return fail(value.error());
        row.push_back(std::move(*value));
        continue;
      }
      auto value = format_result_value(columns[c], raw[c], settings_);
      if (!value)
        return fail(value.error());
      row.push_back(std::move(*value));
    }
    outcome.rows.push_back(std::move(row));
  }
  const bool counts_changes = base_tag == "INSERT" || base_tag == "UPDATE" ||
                              base_tag == "DELETE" || base_tag == "MERGE";
  outcome.tag = complete_tag(base_tag, counts_changes ? db_.changes()
                                                      : static_cast<int64_t>(raw_rows.size()));
  return outcome;
}

open_query::open_query(sqlite_connection& db, sqlite_statement statement, type_settings settings,
                       std::vector<typed_column> columns)
    : db_(db), statement_(std::move(statement)), settings_(std::move(settings)), typed_(std::move(columns)) {
  for (const typed_column& c : typed_)
    columns_.push_back(c.column);
}

open_query::~open_query() = default;

result<std::optional<std::vector<sql_value>>, pg_error> open_query::next() {
  set_sql_function_settings(db_.handle(), settings_);
  take_sql_function_error(db_.handle());
  auto step = statement_.step();
  if (!step) {
    if (auto function_error = take_sql_function_error(db_.handle()))
      return fail(*function_error);
    return fail(pg_error_from_sqlite(step.error()));
  }
  if (*step == sqlite_statement::step_result::done)
    return std::optional<std::vector<sql_value>>{};
  std::vector<sql_value> row;
  const auto width = static_cast<size_t>(statement_.column_count());
  row.reserve(width);
  for (size_t c = 0; c < width; ++c)
    row.push_back(statement_.column(static_cast<int>(c)));
  return std::optional<std::vector<sql_value>>{std::move(row)};
}

void open_query::rewind() { statement_.rewind(); }

result<text_row, pg_error> open_query::format(const std::vector<sql_value>& raw) {
  text_row row;
  row.reserve(typed_.size());
  for (size_t c = 0; c < typed_.size() && c < raw.size(); ++c) {
    if (typed_[c].column.format != 0 && names_an_object(typed_[c].column.type_oid)) {
      auto oid = object_oid_of_name(db_, typed_[c].column.type_oid, raw[c]);
      if (!oid)
        return fail(oid.error());
      auto value = format_result_value(typed_[c], *oid, settings_);
      if (!value)
        return fail(value.error());
      row.push_back(std::move(*value));
      continue;
    }
    auto value = format_result_value(typed_[c], raw[c], settings_);
    if (!value)
      return fail(value.error());
    row.push_back(std::move(*value));
  }
  return row;
}

result<std::shared_ptr<open_query>, pg_error> query_executor::open_translated(
    std::string_view sql, const std::vector<sql_value>& parameters, const std::vector<query_column>& columns,
    const std::vector<int16_t>& result_formats) {
  auto prepared = prepare(sql, nullptr, 0);
  if (!prepared)
    return fail(prepared.error());
  sqlite_statement& stmt = *prepared;
  const int highest = highest_parameter_number(stmt);
  if (static_cast<size_t>(highest) > parameters.size())
    return fail(missing_parameter(highest));
  for (size_t i = 0; i < parameters.size(); ++i) {
    const std::string name = "$" + std::to_string(i + 1);
    if (int index = sqlite3_bind_parameter_index(stmt.handle(), name.c_str()); index > 0)
      stmt.bind(index, parameters[i]);
  }
  auto typed = type_columns(db_, stmt, nullptr, &columns);
  for (size_t c = 0; c < typed.size(); ++c)
    typed[c].column.format = result_format(result_formats, c);
  return std::make_shared<open_query>(db_, std::move(stmt), settings_, std::move(typed));
}

result<ok_t, pg_error> query_executor::run_into_table(std::string_view sql, const std::vector<sql_value>& parameters,
                                                      const std::string& table, size_t width) {
  set_sql_function_settings(db_.handle(), settings_);
  take_sql_function_error(db_.handle());
  auto prepared = prepare(sql, nullptr, 0);
  if (!prepared)
    return fail(prepared.error());
  sqlite_statement& stmt = *prepared;
  for (size_t i = 0; i < parameters.size(); ++i) {
    const std::string name = "$" + std::to_string(i + 1);
    if (int index = sqlite3_bind_parameter_index(stmt.handle(), name.c_str()); index > 0)
      stmt.bind(index, parameters[i]);
  }
  std::optional<sqlite_statement> insert;
  if (!table.empty()) {
    std::string columns, marks;
    for (size_t c = 0; c < width; ++c) {
      columns += (c ? ", c" : "c") + std::to_string(c + 1);
      marks += c ? ", ?" : "?";
    }
    if (auto created = db_.exec("CREATE TABLE " + table + " (" + columns + ")"); !created)
      return fail(pg_error_from_sqlite(created.error()));
    auto statement = db_.prepare("INSERT INTO " + table + " VALUES (" + marks + ")");
    if (!statement)
      return fail(pg_error_from_sqlite(statement.error()));
    insert.emplace(std::move(*statement));
  }
  for (;;) {
    auto step = stmt.step();
    if (!step)
      return fail(step_error(step.error()));
    if (*step == sqlite_statement::step_result::done)
      return ok_v;
    if (!insert)
      continue;
    for (size_t c = 0; c < width && c < static_cast<size_t>(stmt.column_count()); ++c)
      insert->bind(static_cast<int>(c + 1), stmt.column(static_cast<int>(c)));
    if (auto stored = insert->run(); !stored)
      return fail(pg_error_from_sqlite(stored.error()));
    insert->reset();
  }
}

result<ok_t, pg_error> query_executor::check_grammar(std::string_view sql,
                                                     const pg_error& grammar_error) {
  auto stmt = db_.prepare(sql);
  if (!stmt && is_sqlite_syntax_error(stmt.error()))
    return fail(grammar_error);
  return ok_v;
}

result<statement_shape, pg_error> query_executor::describe(std::string_view sql,
                                                           const pg_error* grammar_error,
                                                      int position_base) {
  auto prepared = prepare(sql, grammar_error, position_base);
  if (!prepared)
    return fail(prepared.error());
  statement_shape shape;
  if (prepared->handle() == nullptr)
    return shape;
  shape.parameter_count = highest_parameter_number(*prepared);
  for (const auto& c : type_columns(db_, *prepared, nullptr))
    shape.columns.push_back(c.column);
  return shape;
}

}  // namespace tributary
