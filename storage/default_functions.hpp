// default_functions: the SQL functions column DEFAULTs of typed tables call,
// registered on every connection (sqlite_connection::open), since any connection
// — a client session, an applier, a table copy — may insert a row that takes one:
//
//   pg_transaction_timestamp()  now(), CURRENT_TIMESTAMP, transaction_timestamp():
//                               µs since 2000-01-01 UTC (the stored form of
//                               timestamp/timestamptz), the same for every call in
//                               one SQLite transaction (reset by its commit or
//                               rollback), as PostgreSQL's is fixed per transaction;
//                               on a client session's connection the session's
//                               transaction start, the now() its queries see
//   pg_clock_timestamp()        clock_timestamp(): the current time on every call
//   pg_local_time(t, oid)       the instant t as a timestamp (1114) or date (1082) in
//                               the inserting session's TimeZone (UTC without a
//                               session): LOCALTIMESTAMP, CURRENT_DATE, now() on a
//                               timestamp or date column
//   pg_session_role(kind)       current_user / session_user: 0A000 here (no role);
//                               a session's connection replaces it with its roles
//                               (cli/server/session_role_function.hpp), an
//                               applier's or a table copy's with the role applied
//                               as (storage/apply_roles.hpp)
//   pg_gen_random_uuid()        gen_random_uuid(): a version 4 UUID from OpenSSL's
//                               RAND_bytes (a cryptographic source), in uuid's
//                               stored form (lowercase 8-4-4-4-12 text)
//
// State: one per connection (the transaction's timestamp), owned by SQLite (freed
// with the connection). The connection's commit and rollback hooks are used here.
#pragma once

#include <sqlite3.h>

namespace tributary {

// SQLITE_OK or SQLite's error code.
int install_default_functions(sqlite3* db);

}  // namespace tributary
