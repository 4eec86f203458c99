// table_verifier: the end of a run: wait until the subscriber has applied everything
// the publisher wrote, then compare every table.
//
// wait_for_catchup(): reads the publisher's pg_current_wal_lsn() (after the writers
// stopped), commits one more heartbeat (so a commit lies beyond that position even on
// an otherwise idle publisher), and polls the subscription's applied position on
// Tributary (pg_replication_origin_status.remote_lsn of the subscription's origin)
// until it reaches that LSN or --catchup-timeout passes. Either side may be restarting
// (a fault just happened): connections are retried until the deadline.
//
// compare_tables(): per table, the publisher's published columns (pg_attribute, in
// column order, not dropped, not generated) are read on both sides and digested
// (row_digest: count + summed row hashes); on a mismatch both sides are read again
// into a row_multiset that tells rows lost, duplicated and unexpected and the first
// differing keys.
#pragma once

#include <string>
#include <vector>

#include "cli/load/load_context.hpp"
#include "cli/load/load_report.hpp"
#include "stages/core/result.hpp"

namespace tributary::load {

// Seconds the catch-up took, or why it did not happen.
result<double, std::string> wait_for_catchup(load_context& context);
std::vector<table_result> compare_tables(load_context& context);

// "16/B374D848" -> its 64-bit position; nullopt when malformed.
std::optional<uint64_t> parse_lsn_text(const std::string& text);

}  // namespace tributary::load
