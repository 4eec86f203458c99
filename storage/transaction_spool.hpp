// transaction_spool: the spool files of one subscription's streamed
// transactions, DIR/spool/<subscription oid>/<xid> (mode 0600 in a 0700
// directory): change_spill on storage/spool_file records
// (stages/pipeline/spooled_change).
//
// NOTES
//   One file per streamed transaction that passed the memory limit. Written
//   while the transaction streams; read back once at its Stream Commit, in
//   bounded chunks, by the applier; removed when its reader is dropped (applied
//   or the pipeline stopped), or at once when the transaction aborts or the
//   pipeline drops it before its commit.
//   Restart: nothing in a spool file survives a restart: the recorded origin
//   position is before every transaction not yet committed, so the publisher
//   sends it again from its start. clear_stale() removes the directory's
//   files when the pipeline starts.
//   Errors: pg_error with the file's SQLSTATE (53100 disk full, 58030 I/O,
//   XX001 damaged record), stopping the pipeline, which retries.
//   Blocking file I/O: used by the assembler actor and the applier, both
//   detached.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>

#include "stages/pipeline/change_spill.hpp"

namespace tributary {

class transaction_spool {
public:
  explicit transaction_spool(std::filesystem::path directory) : directory_(std::move(directory)) {}

  // Removes the files of an earlier run; how many there were.
  result<size_t, pg_error> clear_stale() const;
  // The spill of streamed transaction `xid` (creating the directory).
  result<std::unique_ptr<change_spill>, pg_error> open(xid_t xid) const;
  spill_factory factory() const;
  const std::filesystem::path& directory() const { return directory_; }

private:
  std::filesystem::path directory_;
};

}  // namespace tributary
