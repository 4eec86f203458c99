// default_functions: see the header.
#include "storage/default_functions.hpp"

#include <openssl/rand.h>

#include <variant>

#include "stages/types/type_casts.hpp"
#include "storage/sql_functions.hpp"

#include <chrono>
#include <cstdint>

namespace tributary {
namespace {

// µs between 1970-01-01 and 2000-01-01, PostgreSQL's epoch.
constexpr int64_t postgres_epoch_offset_us = 946684800LL * 1000000LL;

int64_t now_since_postgres_epoch() {
  const auto since_unix = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::system_clock::now().time_since_epoch());
  return since_unix.count() - postgres_epoch_offset_us;
}

struct transaction_clock {
  bool fixed = false;
  int64_t timestamp = 0;
};

int forget_timestamp(void* state) {
  static_cast<transaction_clock*>(state)->fixed = false;
  return 0;  // the commit goes ahead
}

void forget_timestamp_on_rollback(void* state) { forget_timestamp(state); }

void transaction_timestamp(sqlite3_context* context, int, sqlite3_value**) {
  // A session's DEFAULT now() is the now() its queries see.
  if (auto session = session_transaction_start(sqlite3_context_db_handle(context)))
    return sqlite3_result_int64(context, *session);
  auto* clock = static_cast<transaction_clock*>(sqlite3_user_data(context));
  if (!clock->fixed) {
    clock->timestamp = now_since_postgres_epoch();
    clock->fixed = true;
  }
  sqlite3_result_int64(context, clock->timestamp);
}

void clock_timestamp(sqlite3_context* context, int, sqlite3_value**) {
  sqlite3_result_int64(context, now_since_postgres_epoch());
}

void gen_random_uuid(sqlite3_context* context, int, sqlite3_value**) {
  unsigned char bytes[16];
  if (RAND_bytes(bytes, sizeof bytes) != 1) {
    sqlite3_result_error(context, "could not generate random values", -1);
    return;
  }
  bytes[6] = static_cast<unsigned char>((bytes[6] & 0x0f) | 0x40);  // version 4
  bytes[8] = static_cast<unsigned char>((bytes[8] & 0x3f) | 0x80);  // RFC 4122 variant
  static constexpr char digits[] = "0123456789abcdef";
  char text[36];
  size_t out = 0;
  for (size_t i = 0; i < sizeof bytes; ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10)
      text[out++] = '-';
    text[out++] = digits[bytes[i] >> 4];
    text[out++] = digits[bytes[i] & 0x0f];
  }
  sqlite3_result_text(context, text, static_cast<int>(out), SQLITE_TRANSIENT);
}

// pg_local_time(timestamptz, oid): the instant as the inserting session sees it in
// its TimeZone, as a timestamp (1114) or a date (1082): PostgreSQL's assignment
// cast of now() to those types. A connection without a session (an applier, a
// table copy) reads it in UTC.
void local_time(sqlite3_context* context, int, sqlite3_value** argv) {
  const int64_t instant = sqlite3_value_int64(argv[0]);
  const auto oid = static_cast<oid_t>(sqlite3_value_int64(argv[1]));
  const type_settings settings =
      sql_function_settings(sqlite3_context_db_handle(context)).value_or(type_settings{});
  const column_type from = builtin_column_type(1184);
  const column_type to = builtin_column_type(oid);
  const auto rule = find_cast(from, to);
  if (!rule) {
    sqlite3_result_error(context, "pg_local_time: no cast to that type", -1);
    return;
  }
  auto converted = cast_stored_value(sql_value{instant}, from, to, rule->method, false, settings);
  if (!converted || !std::holds_alternative<int64_t>(*converted)) {
    const std::string message = converted ? "pg_local_time: unexpected stored form" : converted.error().message;
    sqlite3_result_error(context, message.c_str(), -1);
    return;
  }
  sqlite3_result_int64(context, std::get<int64_t>(*converted));
}

// pg_session_role(kind): current_user / session_user as a DEFAULT, on a connection
// that acts as no role (sessions, appliers and table copies replace it:
// cli/server/session_role_function.hpp, storage/apply_roles.hpp): 0A000.
void no_session_role(sqlite3_context* context, int, sqlite3_value**) {
  const pg_error error = make_pg_error(
      "0A000", "DEFAULT current_user / session_user on a connection that acts as no role is not supported");
  keep_sql_function_error(sqlite3_context_db_handle(context), error);
  sqlite3_result_error(context, error.message.c_str(), -1);
}

void free_clock(void* state) { delete static_cast<transaction_clock*>(state); }

}  // namespace

int install_default_functions(sqlite3* db) {
  auto* clock = new transaction_clock;
  int rc = sqlite3_create_function_v2(db, "pg_transaction_timestamp", 0, SQLITE_UTF8, clock,
                                      transaction_timestamp, nullptr, nullptr, free_clock);
  if (rc != SQLITE_OK)
    return rc;  // SQLite called free_clock
  sqlite3_commit_hook(db, forget_timestamp, clock);
  sqlite3_rollback_hook(db, forget_timestamp_on_rollback, clock);
  rc = sqlite3_create_function_v2(db, "pg_clock_timestamp", 0, SQLITE_UTF8, nullptr,
                                  clock_timestamp, nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK)
    return rc;
  rc = sqlite3_create_function_v2(db, "pg_local_time", 2, SQLITE_UTF8, nullptr, local_time, nullptr,
                                  nullptr, nullptr);
  if (rc != SQLITE_OK)
    return rc;
  rc = sqlite3_create_function_v2(db, "pg_session_role", 1, SQLITE_UTF8, nullptr, no_session_role,
                                  nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK)
    return rc;
  return sqlite3_create_function_v2(db, "pg_gen_random_uuid", 0, SQLITE_UTF8, nullptr,
                                    gen_random_uuid, nullptr, nullptr, nullptr);
}

}  // namespace tributary
