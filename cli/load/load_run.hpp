// load_run: the load itself, from the first write to the verdict.
//
// Threads, each on its own libpq connection(s):
//   writers ×N   workload_client transactions (BEGIN ... COMMIT) on the publisher, at
//                full speed or paced to --rate/N each; an aborted transaction
//                (deadlock, serialization, a connection lost to a fault) is rolled back
//                or its connection reopened, and retried; it counts as retried
//   heartbeat    every 100 ms: load_heartbeat's row gets the next beat and the
//                publisher's clock_timestamp() (sent_at, and sent_us in microseconds)
//   lag sampler  every 100 ms reads sent_us on the subscriber: lag = the publisher's
//                clock now (the local clock plus the offset measured at the start)
//                minus sent_us
//   ddl          (mixed) every 5 s ± jitter the next mixed_ddl_step: ADD COLUMN on the
//                subscriber then the publisher, or TRUNCATE on the publisher
//   faults       the seeded fault_schedule, one fault at a time (fault_injector)
//   main         the progress line every second until --duration passes or the
//                --transactions are done
// End: writers, ddl and faults stop (a fault in progress finishes its recovery wait),
// then heartbeat and sampler; table_verifier waits for catch-up and compares.
#pragma once

#include "cli/load/load_context.hpp"
#include "cli/load/load_report.hpp"

namespace tributary::load {

load_summary run_load(load_context& context);

}  // namespace tributary::load
