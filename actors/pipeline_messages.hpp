// The messages of one subscription's pipeline (architecture §3). Batches, never
// rows; payloads travel by shared pointer, so a hop copies one pointer.
//
//   connection --wal_batch--> decoder --decoded_batch--> assembler
//              --transaction_batch--> applier
//   applier --(credit_atom, bytes)--> connection   flow control: bytes applied
//   applier --(durable_atom, lsn)--> connection    progress that is on disk
#pragma once

#include <memory>
#include <vector>

#include "caf/all.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/pipeline/remote_transaction.hpp"
#include "stages/pipeline/transaction_assembler.hpp"
#include "storage/subscription_catalog.hpp"

namespace tributary {

// The XLogData messages of one read: their pgoutput payloads back to back in
// one buffer (one copy out of libpq's, none per message), each frame a slice.
struct wal_batch {
  struct frame {
    lsn wal_end;
    size_t offset = 0;  // into data
    size_t size = 0;
  };
  std::string data;
  std::vector<frame> frames;
  size_t bytes = 0;  // CopyData bytes read for it: the credit it costs

  void add(const xlog_data_frame& x) {
    frames.push_back(frame{x.wal_end, data.size(), x.payload.size()});
    data.append(x.payload);
  }
  std::string_view payload(const frame& f) const { return std::string_view(data).substr(f.offset, f.size); }
};
using wal_batch_ptr = std::shared_ptr<wal_batch>;

struct decoded_batch {
  std::vector<wal_message> messages;
  size_t bytes = 0;
};
using decoded_batch_ptr = std::shared_ptr<decoded_batch>;

struct transaction_batch {
  std::vector<remote_transaction_ptr> transactions;
  size_t bytes = 0;
};
using transaction_batch_ptr = std::shared_ptr<const transaction_batch>;

// What one start of a subscription's pipeline works from, read by the applier
// from the catalog when it starts (so a restart sees every committed change).
struct subscription_runtime {
  std::string database;
  subscription_row subscription;
  std::string owner_name;
  bool owner_superuser = false;  // password_required applies only to other owners
  lsn origin_position;          // pg_replication_origin_status.remote_lsn
  table_sync_states tables;     // pg_subscription_rel
};
using subscription_runtime_ptr = std::shared_ptr<const subscription_runtime>;

using pump_atom = caf::atom_constant<caf::atom("pump")>;
using credit_atom = caf::atom_constant<caf::atom("credit")>;
using durable_atom = caf::atom_constant<caf::atom("durable")>;
using ready_atom = caf::atom_constant<caf::atom("ready")>;
using peer_atom = caf::atom_constant<caf::atom("peer")>;
using restart_atom = caf::atom_constant<caf::atom("restart")>;
using start_atom = caf::atom_constant<caf::atom("start")>;
using stop_atom = caf::atom_constant<caf::atom("stop")>;
using changed_atom = caf::atom_constant<caf::atom("changed")>;
using disable_atom = caf::atom_constant<caf::atom("disable")>;
using healthy_atom = caf::atom_constant<caf::atom("healthy")>;
using sync_atom = caf::atom_constant<caf::atom("sync")>;
using wal_synced_atom = caf::atom_constant<caf::atom("walsynced")>;

}  // namespace tributary

CAF_ALLOW_UNSAFE_MESSAGE_TYPE(tributary::wal_batch_ptr)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(tributary::decoded_batch_ptr)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(tributary::transaction_batch_ptr)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(tributary::subscription_runtime_ptr)
CAF_ALLOW_UNSAFE_MESSAGE_TYPE(tributary::lsn)
