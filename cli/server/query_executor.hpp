// query_executor: runs one statement in SQLite and turns its rows into a
// command_outcome with PostgreSQL types and text values: a column that comes from
// a table column has that column's type (column_typing.hpp) and its values are
// printed by the type layer under the session's settings (value_io.hpp); any
// other column's type is inferred from its values (result_types.hpp).
//
// Input: the statement text (one statement, as the router cut it), its base tag
// ("SELECT", "INSERT", ...), and for the extended protocol the parameter values:
// values[0] is bound to $1, values[1] to $2, ... (SQLite treats `$1` as a named
// parameter, so binding goes by name, whatever order the placeholders appear in).
// Output: the outcome with every row collected (type inference needs all values
// of a column before the RowDescription), or a pg_error mapped from SQLite's
// error (sqlstate_mapping). A statement PostgreSQL's grammar rejected passes
// PostgreSQL's syntax error along: when SQLite rejects the text too, that error is
// reported instead of SQLite's (it has the position psql points at). Errors SQLite
// locates in the text carry that position: 1-based, counted from `position_base`
// characters before `sql` (the statement's offset in the whole query string).
//
// State: the connection and the session's type settings; the caller owns transactions.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/server/command_outcome.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/sql/translator/query_translation.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/type_settings.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary {

struct statement_shape {
  std::vector<result_column> columns;  // types from the declared column types
  int parameter_count = 0;             // the highest $n the statement uses
  std::map<int, uint32_t> parameter_types;  // $n -> the type PostgreSQL would infer for it
  // The translator read the statement: a $n it gave no type is one PostgreSQL cannot
  // determine either (42P18); otherwise an untyped $n is taken as text.
  bool parameter_types_known = false;
};

struct typed_column;  // a result column and the type its values are printed by (query_executor.cpp)

// A translated SELECT opened for a cursor (sql_cursors.cpp) and read a row at a
// time: only the rows its reader keeps are held, never the whole result.
class open_query {
public:
  open_query(sqlite_connection& db, sqlite_statement statement, type_settings settings,
             std::vector<typed_column> columns);
  ~open_query();
  open_query(const open_query&) = delete;
  open_query& operator=(const open_query&) = delete;

  const std::vector<result_column>& columns() const { return columns_; }
  // The next row's stored values; nullopt after the last. An error of the query
  // (22012 ...) is PostgreSQL's, as when it runs whole.
  result<std::optional<std::vector<sql_value>>, pg_error> next();
  // Before the first row again: the query runs anew from its start.
  void rewind();
  // A row in its columns' formats, as FETCH sends it.
  result<text_row, pg_error> format(const std::vector<sql_value>& raw);

private:
  sqlite_connection& db_;
  sqlite_statement statement_;
  type_settings settings_;
  std::vector<typed_column> typed_;
  std::vector<result_column> columns_;
};

class query_executor {
public:
  explicit query_executor(sqlite_connection& db) : db_(db) {}

  // The session's settings for the values it prints (TimeZone, extra_float_digits, ...).
  void use_settings(type_settings settings) { settings_ = std::move(settings); }

  // `result_formats` as Bind gives them: empty (all text), one code for every
  // column, or one per column; 1 = the type's binary send format.
  result<command_outcome, pg_error> run(std::string_view sql, const std::string& base_tag,
                                        const std::vector<sql_value>& parameters = {},
                                        const pg_error* grammar_error = nullptr,
                                        int position_base = 0,
                                        const std::vector<int16_t>& result_formats = {});

  // A translated SELECT (stages/sql/translator): its columns' names and types are
  // known; every value is its column type's stored form.
  result<command_outcome, pg_error> run_translated(std::string_view sql, const std::string& base_tag,
                                                   const std::vector<sql_value>& parameters,
                                                   const std::vector<query_column>& columns,
                                                   const std::vector<int16_t>& result_formats);

  // A translated INSERT / UPDATE / DELETE of a data-modifying WITH (modifying_with.hpp):
  // runs it and, when `table` is not empty, keeps its RETURNING rows (stored forms) in
  // the new SQLite table `table` (SQL text), columns c1 .. c`width`.
  result<ok_t, pg_error> run_into_table(std::string_view sql, const std::vector<sql_value>& parameters,
                                        const std::string& table, size_t width);

  // A translated SELECT opened, not run (a cursor's query): its rows come from
  // open_query::next() as they are read.
  result<std::shared_ptr<open_query>, pg_error> open_translated(std::string_view sql,
                                                                const std::vector<sql_value>& parameters,
                                                                const std::vector<query_column>& columns,
                                                                const std::vector<int16_t>& result_formats);

  // For a statement PostgreSQL's grammar rejected: fails with `grammar_error` when
  // SQLite's grammar rejects it too. Other prepare errors (a table created by an
  // earlier statement of the same string) are left for run().
  result<ok_t, pg_error> check_grammar(std::string_view sql, const pg_error& grammar_error);

  // Prepares without running.
  result<statement_shape, pg_error> describe(std::string_view sql,
                                             const pg_error* grammar_error = nullptr,
                                             int position_base = 0);

private:
  result<command_outcome, pg_error> execute(std::string_view sql, const std::string& base_tag,
                                            const std::vector<sql_value>& parameters,
                                            const pg_error* grammar_error, int position_base,
                                            const std::vector<int16_t>& result_formats,
                                            const std::vector<query_column>* known_columns);
  // A failed step's error: a translated query's function error (storage/
  // sql_functions.hpp) as the function reported it, else SQLite's, mapped.
  pg_error step_error(const sqlite_error& error);
  result<sqlite_statement, pg_error> prepare(std::string_view sql, const pg_error* grammar_error,
                                             int position_base);
  sqlite_connection& db_;
  type_settings settings_;
};

// The highest $n a prepared statement refers to (0 when none).
int highest_parameter_number(const sqlite_statement& statement);

}  // namespace tributary
