// violation_detail: see the header.
#include "storage/violation_detail.hpp"

#include <sqlite3.h>

#include <vector>

#include "stages/core/sql_quote.hpp"
#include "stages/types/value_io.hpp"
#include "storage/apply_error.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/temporary_tables.hpp"
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
  // A session's temporary table's index first (storage/temporary_tables.hpp).
  auto q = db.prepare("SELECT tbl_name FROM temp.sqlite_schema WHERE type = 'index' AND name = ?1 UNION ALL "
                      "SELECT tbl_name FROM main.sqlite_schema WHERE type = 'index' AND name = ?1");
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

std::string install_triggers(const std::string& table, const std::vector<column_definition>& columns,
                             bool temporary) {
  std::string values;
  for (const auto& c : columns)
    values += ", NEW." + quote_identifier(c.name);
  const std::string on = std::string(temporary ? " ON temp." : " ON main.") + quote_identifier(table) +
                         " BEGIN SELECT " + probe_function;
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

// The unique index made by CREATE INDEX (partial or not) of `table` on exactly `key`
// when it is the first unique one on those columns (SQLite names the columns, not
// the index, when one fails; the mapped message names a UNIQUE constraint), or "".
std::string created_index_on(sqlite_connection& db, const std::string& table, const std::vector<std::string>& key) {
  if (auto primary = query_texts(db, "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk", table);
      !primary || *primary == key)  // the primary key comes first (a rowid alias has no index)
    return "";
  auto indexes = query_rows(db,
                            "SELECT l.name, l.origin FROM pragma_index_list(?1) l LEFT JOIN sqlite_schema s "
                            "ON s.name = l.name WHERE l.\"unique\" ORDER BY l.origin = 'c', s.rowid",
                            table);
  if (!indexes)
    return "";
  for (const auto& index : *indexes) {
    auto columns = query_texts(db, "SELECT name FROM pragma_index_info(?1) ORDER BY seqno", index.at(0));
    if (columns && *columns == key)
      return index.at(1) == "c" ? index.at(0) : "";
  }
  return "";
}

// Where an index stands in PostgreSQL's order of a table's unique indexes (index OID
// order): the primary key and UNIQUE constraints (made with the table) first, then
// the indexes by creation (their place in sqlite_schema).
int64_t creation_place(sqlite_connection& db, const std::string& sqlite_index) {
  auto q = db.prepare("SELECT rowid FROM sqlite_schema WHERE type = 'index' AND name = ?1");
  if (!q)
    return 0;
  q->bind_text(1, sqlite_index);
  if (auto s = q->step(); !s || *s != sqlite_statement::step_result::row)
    return 0;
  return q->column_int(0);
}

// The report for the row by its plain keys: the first unique key, in PostgreSQL's
// order, that an existing row already has (`place`: its creation_place); else
// (the row collides with one the same statement wrote) the key SQLite named.
pg_error report(sqlite_connection& db, const pg_error& error, const std::string& table,
                const std::vector<std::string>& sqlite_key, const probed_row& row,
                const type_settings& settings, int64_t& place) {
  pg_error out = error;
  out.detail.clear();
  place = 0;
  if (auto keys = unique_keys_of(db, table, relation_name(table))) {
    if (auto conflicts = find_key_conflicts(db, table, *keys, row, settings); conflicts && !conflicts->empty())
      for (const auto& key : *keys)
        if (key.name == conflicts->front().index_name) {
          out.message = "duplicate key value violates unique constraint \"" + key.name + "\"";
          out.detail = printed_key(key.columns, row, settings);
          if (!key.constraint && key.name != relation_name(table) + "_pkey")
            place = creation_place(db, key.name);
          return out;
        }
  }
  if (!sqlite_key.empty()) {
    out.detail = printed_key(sqlite_key, row, settings);
    if (const std::string index = created_index_on(db, table, sqlite_key); !index.empty())
      out.message = "duplicate key value violates unique constraint \"" + relation_name(index) + "\"";
  }
  return out;
}

// The row's keys of an index on expressions, computed by SQLite over its values;
// nullopt when SQLite cannot compute them.
std::optional<std::vector<sql_value>> key_values(sqlite_connection& db, const std::vector<index_key_expression>& keys,
                                                 const probed_row& row) {
  std::string values_sql, keys_sql;
  for (size_t i = 0; i < row.columns.size(); ++i)
    values_sql += (i ? ", ?" : "?") + std::to_string(i + 1) + " AS " + quote_identifier(row.columns[i]);
  for (const auto& key : keys)
    keys_sql += (keys_sql.empty() ? "" : ", ") + key.sql;
  auto q = db.prepare("SELECT " + keys_sql + " FROM (SELECT " + values_sql + ")");
  if (!q)
    return std::nullopt;
  for (size_t i = 0; i < row.values.size(); ++i)
    q->bind(static_cast<int>(i + 1), row.values[i].value_or(sql_value{sql_null{}}));
  if (auto s = q->step(); !s || *s != sqlite_statement::step_result::row)
    return std::nullopt;
  std::vector<sql_value> out;
  for (size_t i = 0; i < keys.size(); ++i)
    out.push_back(q->column(static_cast<int>(i)));
  return out;
}

// Whether a row of `table` other than the one an UPDATE changes has these key values
// (a NULL never collides).
bool key_taken(sqlite_connection& db, const std::string& table, const std::vector<index_key_expression>& keys,
               const std::vector<sql_value>& values, const probed_row& row) {
  std::string sql = "SELECT 1 FROM main." + quote_identifier(table) + " WHERE ";
  for (size_t i = 0; i < keys.size(); ++i) {
    if (std::holds_alternative<sql_null>(values[i]))
      return false;
    sql += (i ? " AND " : "") + keys[i].sql + " = ?" + std::to_string(i + 1);
  }
  if (!row.identity.empty())
    sql += " AND rowid IS NOT ?" + std::to_string(keys.size() + 1);
  auto q = db.prepare(sql + " LIMIT 1");
  if (!q)
    return false;
  for (size_t i = 0; i < values.size(); ++i)
    q->bind(static_cast<int>(i + 1), values[i]);
  if (!row.identity.empty())
    q->bind(static_cast<int>(keys.size() + 1), row.identity.front().second);
  auto s = q->step();
  return s && *s == sqlite_statement::step_result::row;
}

// The report of a unique index on expressions: its name and "Key ((a + b))=(3)
// already exists." with the row's keys printed by their types.
struct expression_conflict {
  int64_t place = 0;  // creation_place
  std::string message, detail;
};
expression_conflict expression_report(const std::string& index, int64_t place,
                                      const std::vector<index_key_expression>& keys,
                                      const std::vector<sql_value>& values, const type_settings& settings) {
  std::vector<std::string> names, printed;
  for (size_t i = 0; i < keys.size(); ++i) {
    names.push_back(keys[i].text);
    printed.push_back(format_text_value(keys[i].type, values[i], settings).value_or("null"));
  }
  return {place, "duplicate key value violates unique constraint \"" + relation_name(index) + "\"",
          existing_key_detail(names, printed)};
}

// The first unique index on expressions of `table`, in creation order, whose key the
// row has and an existing row already has; else the one SQLite named (`named`: the
// row collides with one the same statement wrote), if it is on expressions.
std::optional<expression_conflict> first_expression_conflict(sqlite_connection& db, const std::string& table,
                                                             const probed_row& row, const std::string& named,
                                                             const index_expression_keys& expression_keys,
                                                             const type_settings& settings) {
  auto list = db.prepare(
      "SELECT l.name, s.rowid FROM pragma_index_list(?1) l JOIN sqlite_schema s ON s.name = l.name "
      "WHERE l.\"unique\" AND l.origin = 'c' AND (NOT l.partial OR l.name = ?2) ORDER BY s.rowid");
  if (!list)
    return std::nullopt;
  list->bind_text(1, table);
  list->bind_text(2, named);
  std::vector<std::pair<std::string, int64_t>> indexes;
  for (auto s = list->step(); s && *s == sqlite_statement::step_result::row; s = list->step())
    indexes.emplace_back(list->column_text(0), list->column_int(1));
  std::optional<expression_conflict> fallback;
  for (const auto& [index, place] : indexes) {
    auto keys = expression_keys(table, index);
    if (!keys)
      continue;
    auto values = key_values(db, *keys, row);
    if (!values)
      continue;
    if (key_taken(db, table, *keys, *values, row))
      return expression_report(index, place, *keys, *values, settings);
    if (index == named)
      fallback = expression_report(index, place, *keys, *values, settings);
  }
  return fallback;
}

// The row a rerun of the failed statement stopped at (see the header).
std::optional<probed_row> record_failing_row(sqlite_connection& db, const std::string& table,
                                             const std::function<void()>& run_again) {
  auto columns = read_table_columns(db, table);
  if (!columns || columns->empty())
    return std::nullopt;
  auto temporary = is_temporary_table(db, table);
  if (!temporary)
    return std::nullopt;
  recorded_row recorded;
  if (sqlite3_create_function_v2(db.handle(), probe_function, -1, SQLITE_UTF8, &recorded, record_row,
                                 nullptr, nullptr, nullptr) != SQLITE_OK)
    return std::nullopt;
  std::optional<probed_row> out;
  if (db.exec("SAVEPOINT tributary_row_probe")) {
    if (db.exec(install_triggers(table, *columns, *temporary))) {
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
                                                  const type_settings& settings,
                                                  const index_expression_keys& expression_keys) {
  std::string table;
  std::vector<std::string> sqlite_key;
  const constraint_failure failure = parse_constraint_failure(error.detail);
  if (!key_of(db, failure, table, sqlite_key))
    return std::nullopt;
  auto row = record_failing_row(db, table, run_again);
  if (!row)
    return std::nullopt;
  int64_t place = 0;
  pg_error out = report(db, error, table, sqlite_key, *row, settings, place);
  // A unique index on expressions that comes first in PostgreSQL's order (or the one
  // SQLite named, when no plain key is taken).
  if (expression_keys && (out.detail.empty() || place > 0))
    if (auto conflict = first_expression_conflict(db, table, *row, sqlite_key.empty() ? failure.index : "",
                                                  expression_keys, settings);
        conflict && (out.detail.empty() || conflict->place < place)) {
      out.message = conflict->message;
      out.detail = conflict->detail;
    }
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
