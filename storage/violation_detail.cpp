// violation_detail: see the header.
#include "storage/violation_detail.hpp"

#include <sqlite3.h>

#include <vector>

#include "stages/core/sql_quote.hpp"
#include "stages/types/value_io.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/sql_function_support.hpp"
#include "storage/sql_functions.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/text_query.hpp"
#include "storage/unique_conflicts.hpp"

namespace tributary {
namespace {

constexpr const char* probe_function = "tributary_unique_probe";

// The last row the triggers saw: whether an UPDATE wrote it (and the rowid of the
// row it updates) and every column's new value. A function, not a table: the
// failed statement's rollback would undo the rows it wrote.
struct recorded_row {
  bool seen = false;
  bool update = false;
  sql_value old_rowid;
  std::vector<sql_value> values;
};

void record_row(sqlite3_context* context, int argc, sqlite3_value** argv) {
  auto* row = static_cast<recorded_row*>(sqlite3_user_data(context));
  row->seen = argc >= 2;
  row->values.clear();
  if (row->seen) {
    row->update = sqlite3_value_int(argv[0]) != 0;
    row->old_rowid = sql_function_support::stored_value(argv[1]);
    for (int i = 2; i < argc; ++i)
      row->values.push_back(sql_function_support::stored_value(argv[i]));
  }
  sqlite3_result_null(context);
}

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? separator : "") + parts[i];
  return out;
}

// The table and key columns of the failure SQLite reported (columns empty when
// its index is on an expression).
bool key_of(sqlite_connection& db, const constraint_failure& failure, std::string& table,
            std::vector<std::string>& columns) {
  table = failure.table;
  columns = failure.columns;
  if (failure.index.empty())
    return !table.empty();
  auto q = db.prepare("SELECT tbl_name FROM sqlite_schema WHERE type = 'index' AND name = ?1");
  if (!q)
    return false;
  q->bind_text(1, failure.index);
  if (auto s = q->step(); !s || *s != sqlite_statement::step_result::row)
    return false;
  table = q->column_text(0);
  auto c = db.prepare("SELECT name FROM pragma_index_info(?1) ORDER BY seqno");
  if (!c)
    return true;
  c->bind_text(1, failure.index);
  columns.clear();
  for (;;) {
    auto s = c->step();
    if (!s || *s != sqlite_statement::step_result::row)
      break;
    if (c->column_is_null(0)) {  // an expression: no column to name
      columns.clear();
      break;
    }
    columns.push_back(c->column_text(0));
  }
  return true;
}

std::string install_triggers(const std::string& table, const std::vector<column_definition>& columns) {
  std::string values;
  for (const auto& c : columns)
    values += ", NEW." + quote_identifier(c.name);
  const std::string on = " ON main." + quote_identifier(table) + " BEGIN SELECT " + probe_function;
  return "CREATE TEMP TRIGGER tributary_unique_probe_insert BEFORE INSERT" + on + "(0, NULL" +
         values + "); END; CREATE TEMP TRIGGER tributary_unique_probe_update BEFORE UPDATE" + on +
         "(1, OLD.rowid" + values + "); END;";
}

// "Key (a, b)=(1, 2) already exists." with the row's values of `key`.
std::string printed_key(const std::vector<std::string>& key, const probed_row& row,
                        const type_settings& settings) {
  std::vector<std::string> names;
  std::vector<std::string> values;
  for (const auto& column : key) {
    names.push_back(quote_identifier_if_needed(column));
    for (size_t i = 0; i < row.columns.size(); ++i)
      if (same_identifier(row.columns[i], column) && row.values[i])
        values.push_back(format_text_value(row.types[i], *row.values[i], settings).value_or("null"));
  }
  return "Key (" + joined(names, ", ") + ")=(" + joined(values, ", ") + ") already exists.";
}

// The relation's own name: "sales.orders" -> "orders".
std::string relation_name(const std::string& local) {
  const auto dot = local.find('.');
  return dot == std::string::npos ? local : local.substr(dot + 1);
}

// The partial unique index of `table` on exactly `key` (SQLite names its columns,
// not the index, when one fails), or "".
std::string partial_index_on(sqlite_connection& db, const std::string& table, const std::vector<std::string>& key) {
  auto partial = query_texts(db, "SELECT name FROM pragma_index_list(?1) WHERE \"unique\" AND partial ORDER BY seq",
                             table);
  if (!partial)
    return "";
  for (const auto& index : *partial) {
    auto columns = query_texts(db, "SELECT name FROM pragma_index_info(?1) ORDER BY seqno", index);
    if (columns && *columns == key)
      return index;
  }
  return "";
}

// The report for the row: the first unique key, in PostgreSQL's order, that an
// existing row already has; else (the row collides with one the same statement
// wrote) the key SQLite named.
pg_error report(sqlite_connection& db, const pg_error& error, const std::string& table,
                const std::vector<std::string>& sqlite_key, const probed_row& row,
                const type_settings& settings) {
  pg_error out = error;
  out.detail.clear();
  if (auto keys = unique_keys_of(db, table, relation_name(table))) {
    if (auto conflicts = find_key_conflicts(db, table, *keys, row, settings); conflicts && !conflicts->empty())
      for (const auto& key : *keys)
        if (key.name == conflicts->front().index_name) {
          out.message = "duplicate key value violates unique constraint \"" + key.name + "\"";
          out.detail = printed_key(key.columns, row, settings);
          return out;
        }
  }
  if (!sqlite_key.empty()) {
    out.detail = printed_key(sqlite_key, row, settings);
    if (const std::string partial = partial_index_on(db, table, sqlite_key); !partial.empty())
      out.message = "duplicate key value violates unique constraint \"" + relation_name(partial) + "\"";
  }
  return out;
}

// The row a rerun of the failed statement stopped at (see the header).
std::optional<probed_row> record_failing_row(sqlite_connection& db, const std::string& table,
                                             const std::function<void()>& run_again) {
  auto columns = read_table_columns(db, table);
  if (!columns || columns->empty())
    return std::nullopt;
  recorded_row recorded;
  if (sqlite3_create_function_v2(db.handle(), probe_function, -1, SQLITE_UTF8, &recorded, record_row,
                                 nullptr, nullptr, nullptr) != SQLITE_OK)
    return std::nullopt;
  std::optional<probed_row> out;
  if (db.exec("SAVEPOINT tributary_row_probe")) {
    if (db.exec(install_triggers(table, *columns))) {
      set_recording_failing_row(db.handle(), true);
      run_again();
      set_recording_failing_row(db.handle(), false);
      if (recorded.seen && recorded.values.size() == columns->size()) {
        probed_row row;
        for (size_t i = 0; i < columns->size(); ++i) {
          row.columns.push_back((*columns)[i].name);
          row.types.push_back((*columns)[i].type);
          row.values.emplace_back(recorded.values[i]);
        }
        if (recorded.update)
          row.identity.emplace_back("rowid", recorded.old_rowid);
        out = std::move(row);
      }
    }
    (void)db.exec("ROLLBACK TO tributary_row_probe; RELEASE tributary_row_probe");
  }
  sqlite3_create_function_v2(db.handle(), probe_function, -1, SQLITE_UTF8, nullptr, nullptr,
                             nullptr, nullptr, nullptr);
  return out;
}

}  // namespace

std::optional<pg_error> describe_unique_violation(sqlite_connection& db, const pg_error& error,
                                                  const std::function<void()>& run_again,
                                                  const type_settings& settings) {
  std::string table;
  std::vector<std::string> sqlite_key;
  if (!key_of(db, parse_constraint_failure(error.detail), table, sqlite_key))
    return std::nullopt;
  auto row = record_failing_row(db, table, run_again);
  if (!row)
    return std::nullopt;
  pg_error out = report(db, error, table, sqlite_key, *row, settings);
  if (out.detail.empty())
    return std::nullopt;
  return out;
}

std::optional<pg_error> describe_not_null_violation(sqlite_connection& db, const pg_error& error,
                                                    const std::string& table,
                                                    const std::function<void()>& run_again,
                                                    const type_settings& settings) {
  // A domain's NOT NULL ("domain d does not allow null values") has no DETAIL in
  // PostgreSQL: only a column's does.
  if (error.message.rfind("null value in column ", 0) != 0)
    return std::nullopt;
  auto row = record_failing_row(db, table, run_again);
  if (!row)
    return std::nullopt;
  // The rowid's NULL went through as a number to reach the recorder (pg_rowid_not_null).
  const std::string named = error.message.substr(std::string_view("null value in column \"").size());
  for (size_t i = 0; i < row->columns.size(); ++i)
    if (named.starts_with(row->columns[i] + "\" of relation"))
      row->values[i] = sql_value{};
  pg_error out = error;
  out.detail = "Failing row contains " + row_description(row_text(*row, settings)) + ".";
  return out;
}

}  // namespace tributary
