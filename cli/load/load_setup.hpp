// load_setup: everything before the first write and after the last check.
//
// preflight(): connects to both sides and refuses to start, with one clear line, when
// a side is unreachable, the publisher's wal_level is not logical, the publisher's
// user has neither REPLICATION nor superuser, or (--no-setup) the publication,
// subscription or tables are missing; with --setup, when a table, the publication or
// the subscription already exists (the harness never drops what it did not create).
// It also finds the subscription's slot name.
//
// setup(): tables on both sides (PostgreSQL DDL on the publisher, the matching DDL on
// Tributary), the publisher's tables filled, the publication, the subscription (to the
// publisher, or to the relay when cut-connection is among the faults), then waits
// until every table's initial copy is done (pg_subscription_rel state r).
// teardown(): unless --keep or --no-setup, drops the subscription (and with it the
// slot), the publication and the tables on both sides.
#pragma once

#include <string>

#include "cli/load/load_context.hpp"
#include "cli/load/pq_session.hpp"
#include "stages/core/result.hpp"

namespace tributary::load {

result<ok_t, std::string> preflight(load_context& context);
result<ok_t, std::string> setup(load_context& context);
void teardown(load_context& context);

// Opens a session, retrying until `timeout` passes (a side that is restarting).
result<pq_session, pq_failure> open_with_retry(const std::string& conninfo, std::chrono::milliseconds timeout);

}  // namespace tributary::load
