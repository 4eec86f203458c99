// sql_functions_session: the clocks of a session, for translated now() & co.
//
//   pg_now('transaction')  now(), current_timestamp, transaction_timestamp():
//                          when the session's transaction started (the first
//                          statement of an implicit transaction, BEGIN of a block)
//   pg_now('statement')    statement_timestamp(): when the statement started
//   pg_now('clock')        clock_timestamp(): the system clock at each call
//   pg_monotonic_ms(), pg_sleep_step(until)   pg_sleep's loop (translator/session_functions)
// Each returns timestamptz's stored form (µs since 2000-01-01 UTC). The session
// sets the first two through note_statement_start (sql_functions.hpp).
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "stages/types/datetime/pg_calendar.hpp"
#include "storage/sql_function_support.hpp"

namespace tributary::sql_function_support {
namespace {

void now(sqlite3_context* context, int, sqlite3_value** argv) {
  const std::string kind = text_of(argv[0]);
  const connection_state& state = state_of(context);
  if (kind == "transaction")
    return sqlite3_result_int64(context, state.transaction_start != 0 ? state.transaction_start : clock_now());
  if (kind == "statement")
    return sqlite3_result_int64(context, state.statement_start != 0 ? state.statement_start : clock_now());
  sqlite3_result_int64(context, clock_now());
}

// pg_monotonic_ms(): a steady clock in milliseconds (pg_sleep's start).
void monotonic_ms(sqlite3_context* context, int, sqlite3_value**) {
  const auto since = std::chrono::steady_clock::now().time_since_epoch();
  sqlite3_result_double(context, std::chrono::duration<double, std::milli>(since).count());
}

// pg_sleep_step(until): sleeps a slice of at most 2 ms towards `until` (a
// pg_monotonic_ms() value); 1 while `until` is still ahead, else 0. The slice
// keeps pg_sleep's loop stepping in SQLite's VM, where interrupts are seen.
void sleep_step(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_int(context, 0);
  const std::chrono::duration<double, std::milli> until(sqlite3_value_double(argv[0]));
  const auto now = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch());
  if (now >= until)
    return sqlite3_result_int(context, 0);
  std::this_thread::sleep_for(std::min(until - now, std::chrono::duration<double, std::milli>(2.0)));
  sqlite3_result_int(context, 1);
}

}  // namespace

int64_t clock_now() {
  const auto since_unix = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::system_clock::now().time_since_epoch());
  return since_unix.count() - postgres_epoch_unix_seconds * usecs_per_second;
}

void register_session_functions(sqlite3* db, connection_state* state) {
  // Not deterministic: the value changes between statements (and for 'clock', calls).
  sqlite3_create_function_v2(db, "pg_now", 1, SQLITE_UTF8, state, now, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_monotonic_ms", 0, SQLITE_UTF8, nullptr, monotonic_ms, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(db, "pg_sleep_step", 1, SQLITE_UTF8, nullptr, sleep_step, nullptr, nullptr, nullptr);
}

}  // namespace tributary::sql_function_support
