// fault_injector: does one fault and waits until replication has recovered from it.
//
//   kill-server          SIGKILL the Tributary server, start it again (server_control),
//                        wait until it accepts connections
//   restart-publisher    --publisher-restart-cmd, or `pg_ctl -D DIR -m fast -w -t 120
//                        restart` (--publisher-pgdata, --pg-ctl); wait until it accepts
//                        connections
//   terminate-walsender  pg_terminate_backend() of the slot's active walsender on the
//                        publisher (waits up to 10 s for one to be active)
//   disable-enable       ALTER SUBSCRIPTION ... DISABLE, wait until the slot is
//                        inactive on the publisher, ALTER SUBSCRIPTION ... ENABLE
//   cut-connection       the relay closes every connection abortively
//
// Recovery: after the fault the injector commits a heartbeat on the publisher (on its
// own connection, retried while the publisher comes back) and waits until the
// subscriber shows that beat or a later one; the time from the fault to then is the
// recovery time. A fault that could not be done (no active walsender) is recorded as
// skipped with the reason; one that did not recover before --catchup-timeout fails
// the run.
#pragma once

#include "cli/load/load_context.hpp"
#include "cli/load/load_report.hpp"

namespace tributary::load {

fault_record inject_fault(load_context& context, fault_kind kind);

}  // namespace tributary::load
