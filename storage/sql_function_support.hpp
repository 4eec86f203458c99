// sql_function_support: what the SQLite functions of sql_functions.hpp share
// across their files (sql_functions.cpp: numbers and casts; sql_functions_text.cpp:
// strings; sql_functions_math.cpp: rounding; sql_functions_checks.cpp: CHECK constraints; sql_functions_session.cpp: the
// session's clocks; sql_functions_arrays.cpp: subscripts, slices, ARRAY[...]). Private to storage/.
//
// Every function of one connection gets the connection's state as its user data:
// the session's type settings, the last error (kept whole, with its SQLSTATE,
// until take_sql_function_error), the NOTICEs raised (until
// take_sql_function_notices), and the clocks now() and statement_timestamp()
// read (set by note_statement_start).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/datetime/interval_value.hpp"
#include "stages/types/numeric/type_numeric.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/types/verbatim/array_text.hpp"

struct sqlite3;
struct sqlite3_context;
struct sqlite3_value;

namespace tributary::sql_function_support {

struct connection_state {
  type_settings settings;
  std::optional<pg_error> error;
  std::vector<pg_error> notices;  // sql_function_notices.hpp
  int64_t transaction_start = 0;  // timestamptz stored form (µs since 2000-01-01 UTC)
  int64_t statement_start = 0;
  // A failed statement runs again to record its failing row (violation_detail.hpp):
  // pg_rowid_not_null lets its NULL through then, so that the row reaches the recorder.
  bool recording_failing_row = false;
  bool failing_row_passed = false;  // it let one through: the next row stops the statement
};

connection_state& state_of(sqlite3_context* context);
// Fails the SQLite call with PostgreSQL's error.
void report(sqlite3_context* context, pg_error error);
std::string text_of(sqlite3_value* value);
// Whether an argument from index `from` on is NULL (a strict function's NULL in).
bool any_null(int argc, sqlite3_value** argv, int from = 0);
// An argument as the stored value it holds (NULL, integer, real, text, blob).
sql_value stored_value(sqlite3_value* value);
void return_text(sqlite3_context* context, const std::string& text);
// A stored value as the call's result.
void return_stored(sqlite3_context* context, const sql_value& value);
// A numeric argument (numeric's stored text, an integer or a double) and a float8 one.
result<numeric_value, pg_error> numeric_argument(sqlite3_value* value);
double float_argument(sqlite3_value* value);
// A double as float8's stored form.
std::string stored_float(double value);
// A float as float4's stored form.
std::string stored_real(float value);
// An array argument as array_in reads it (the element type's delimiter); nullopt after
// reporting array_in's error (sql_functions_arrays.cpp).
std::optional<array_literal> array_argument(sqlite3_context* context, sqlite3_value* value, uint32_t element);
// One element's text as array_out prints it, from its stored form (a type that is not
// built in, such as a user's enum: the text itself); nullopt when it cannot be printed.
std::optional<std::string> element_text(uint32_t element, int32_t typmod, sqlite3_value* value);
// v / 10^scale as numeric text with `scale` digits after the point (sql_functions_datetime.cpp).
std::string scaled_text(int64_t v, int scale);
// An extracted field v / 10^scale as extract's numeric (as_numeric) or date_part's float8.
void return_extracted(sqlite3_context* context, int64_t v, int scale, bool as_numeric);
// The system clock as a timestamptz stored form.
int64_t clock_now();

// timestamp[tz] + sign * interval as PostgreSQL's timestamp[tz]_pl_interval (months, then
// days — in the session's TimeZone for timestamptz —, then µs); infinite stays infinite;
// 22008 timestamp out of range (sql_functions_datetime.cpp).
result<int64_t, pg_error> add_interval_to_timestamp(sqlite3_context* context, int64_t ts,
                                                    const interval_value& interval, bool with_zone, int sign);

// date_trunc's truncation of a wall-clock time (µs since 2000-01-01) to `unit` (any
// case); 22023 unit "x" not recognized for type timestamp with[out] time zone
// (sql_functions_datetime.cpp).
result<int64_t, pg_error> truncated_timestamp(std::string unit, int64_t local, bool with_zone);
// Whether date_trunc of timestamptz keeps the instant's UTC offset for `unit` (below a
// day, as timestamptz_trunc_internal: an ambiguous wall-clock hour stays the one it was)
// rather than looking the offset of the truncated wall clock up again.
bool truncation_keeps_offset(std::string unit);

// Each file registers its own functions with the connection's state as user data.
void register_text_functions(sqlite3* db, connection_state* state);
void register_session_functions(sqlite3* db, connection_state* state);
void register_math_functions(sqlite3* db, connection_state* state);
void register_datetime_functions(sqlite3* db, connection_state* state);
void register_aggregate_functions(sqlite3* db, connection_state* state);
void register_to_char_function(sqlite3* db, connection_state* state);
void register_check_functions(sqlite3* db, connection_state* state);
void register_regex_functions(sqlite3* db, connection_state* state);
void register_json_functions(sqlite3* db, connection_state* state);
void register_array_functions(sqlite3* db, connection_state* state);
void register_array_edit_functions(sqlite3* db, connection_state* state);
void register_sum_functions(sqlite3* db, connection_state* state);
void register_statistics_functions(sqlite3* db, connection_state* state);
void register_interval_functions(sqlite3* db, connection_state* state);
void register_series_functions(sqlite3* db, connection_state* state);
void register_time_zone_functions(sqlite3* db, connection_state* state);
void register_bytes_functions(sqlite3* db, connection_state* state);
void register_date_bin_functions(sqlite3* db, connection_state* state);
void register_bucket_functions(sqlite3* db, connection_state* state);
void register_numeric_power_functions(sqlite3* db, connection_state* state);
void register_geometric_functions(sqlite3* db, connection_state* state);

}  // namespace tributary::sql_function_support
