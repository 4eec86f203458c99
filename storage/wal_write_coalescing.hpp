// wal_write_coalescing: a SQLite VFS over the process's default one that joins
// the writes of a write-ahead log into one write per commit.
//
// NOTES
//   Why: SQLite writes each WAL frame with two pwrite calls (its 24-byte header,
//   then the page). The apply connection commits groups of hundreds of remote
//   transactions, thousands of frames per commit on a pgbench backlog: about a
//   sixth of the applier's time went to those calls (bench/README, W2 profile).
//   What: a log file opened through this VFS keeps writes that append to each
//   other in a buffer (up to flush_bytes) and writes them with one call:
//     - when the commit frame has been written (its header's "database size
//       after commit" field is not zero): the commit's frames are in the file
//       before sqlite3WalFrames returns, so the wal-index header that makes
//       them visible to other connections is written after them, and a write
//       error is the commit's error, as without the buffer;
//     - before any other operation on the log (read, sync, truncate, size,
//       close), before a write that does not append, at the database's
//       shared-memory barrier (a second line: the commit frame comes first),
//       and before any unlock of its shared memory: frames of a transaction
//       rolled back while they waited in the buffer reach the file before
//       another connection can take the write lock and write at their offsets.
//   Durability is unchanged: nothing SQLite considers written is missing from
//   the file when a sync, a reader or a checkpoint looks at it. Every other file
//   (the database, its shared memory) passes through untouched.
//   Used by: the apply connection (apply_sink), opened with the URI this gives.
//   Example: a commit of 400 frames of 4 KiB = 800 pwrite calls without it, 14
//   with it (slices of 124 KiB: the unix VFS writes at most 128 KiB per call).
#pragma once

#include <string>

namespace tributary {

// The URI that opens `path` through this VFS (registered on first use, over
// the default VFS at that moment; sqlite_connection::open reads "file:" URIs).
std::string wal_write_coalescing_uri(const std::string& path);

}  // namespace tributary
