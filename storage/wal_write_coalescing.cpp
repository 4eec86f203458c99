// wal_write_coalescing: see the NOTES in the header.
#include "storage/wal_write_coalescing.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

namespace tributary {

namespace {

constexpr size_t flush_bytes = size_t{1} << 20;
// The unix VFS writes at most 0x1ffff bytes per xWrite (seekAndWrite masks the
// length with it): a flush goes down in slices of 124 KiB.
constexpr size_t largest_write = size_t{124} << 10;
// SQLite's WAL format: a 32-byte file header, then frames of a 24-byte header
// (page number, database size after commit -- not zero only in a commit frame --,
// salts, checksums) followed by the page.
constexpr int wal_header_bytes = 32;
constexpr int frame_header_bytes = 24;

struct coalescing_file {
  sqlite3_file base;                     // pMethods: one of the two tables below
  sqlite3_file* real = nullptr;          // the underlying VFS's file (right after this struct)
  coalescing_file* wal = nullptr;        // a database file: its open log
  coalescing_file* database = nullptr;   // a log: its database file
  std::vector<char> pending;             // a log: appended bytes not yet written
  sqlite3_int64 pending_offset = 0;      // where `pending` starts in the file
  bool commit_frame_open = false;        // a commit frame's header is in `pending`, its page not yet
};

coalescing_file* as_file(sqlite3_file* f) { return reinterpret_cast<coalescing_file*>(f); }
sqlite3_file* real_of(sqlite3_file* f) { return as_file(f)->real; }

int flush(coalescing_file* f) {
  f->commit_frame_open = false;
  if (f->pending.empty())
    return SQLITE_OK;
  int rc = SQLITE_OK;
  for (size_t done = 0; done < f->pending.size() && rc == SQLITE_OK; done += largest_write) {
    size_t n = std::min(largest_write, f->pending.size() - done);
    rc = f->real->pMethods->xWrite(f->real, f->pending.data() + done, static_cast<int>(n),
                                   f->pending_offset + static_cast<sqlite3_int64>(done));
  }
  f->pending.clear();
  return rc;
}

bool is_commit_frame_header(const void* data, int size, sqlite3_int64 offset) {
  if (size != frame_header_bytes || offset < wal_header_bytes)
    return false;
  const auto* b = static_cast<const unsigned char*>(data);
  return (b[4] | b[5] | b[6] | b[7]) != 0;
}

// ---- a log's methods: writes gathered, everything else after a flush ----

int wal_write(sqlite3_file* file, const void* data, int size, sqlite3_int64 offset) {
  auto* f = as_file(file);
  bool appends = !f->pending.empty() && offset == f->pending_offset + static_cast<sqlite3_int64>(f->pending.size());
  if (!appends) {
    if (int rc = flush(f); rc != SQLITE_OK)
      return rc;
    f->pending_offset = offset;
  }
  const bool page_of_commit = f->commit_frame_open && appends;
  const auto* bytes = static_cast<const char*>(data);
  f->pending.insert(f->pending.end(), bytes, bytes + size);
  f->commit_frame_open = is_commit_frame_header(data, size, offset);
  if (page_of_commit || f->pending.size() >= flush_bytes)
    return flush(f);
  return SQLITE_OK;
}

int wal_read(sqlite3_file* file, void* out, int size, sqlite3_int64 offset) {
  if (int rc = flush(as_file(file)); rc != SQLITE_OK)
    return rc;
  return real_of(file)->pMethods->xRead(real_of(file), out, size, offset);
}

int wal_truncate(sqlite3_file* file, sqlite3_int64 size) {
  if (int rc = flush(as_file(file)); rc != SQLITE_OK)
    return rc;
  return real_of(file)->pMethods->xTruncate(real_of(file), size);
}

int wal_sync(sqlite3_file* file, int flags) {
  if (int rc = flush(as_file(file)); rc != SQLITE_OK)
    return rc;
  return real_of(file)->pMethods->xSync(real_of(file), flags);
}

int wal_file_size(sqlite3_file* file, sqlite3_int64* size) {
  if (int rc = flush(as_file(file)); rc != SQLITE_OK)
    return rc;
  return real_of(file)->pMethods->xFileSize(real_of(file), size);
}

// ---- both kinds ----

int close_file(sqlite3_file* file) {
  auto* f = as_file(file);
  int flushed = flush(f);
  if (f->database)
    f->database->wal = nullptr;
  if (f->wal)
    f->wal->database = nullptr;
  int rc = f->real->pMethods->xClose(f->real);
  f->~coalescing_file();
  return flushed != SQLITE_OK ? flushed : rc;
}

// The barrier before a commit's wal-index header becomes visible: the log's
// frames are in its file by then (the commit frame's flush did it already).
void shm_barrier(sqlite3_file* file) {
  if (auto* wal = as_file(file)->wal)
    (void)flush(wal);
  real_of(file)->pMethods->xShmBarrier(real_of(file));
}

// Any unlock (the write lock's among them) flushes first: frames of a
// transaction rolled back after they were buffered must not be written after
// another connection took the write lock and wrote its own at those offsets.
int shm_lock(sqlite3_file* file, int offset, int n, int flags) {
  if (auto* wal = as_file(file)->wal; wal && (flags & SQLITE_SHM_UNLOCK))
    if (int rc = flush(wal); rc != SQLITE_OK)
      return rc;
  return real_of(file)->pMethods->xShmLock(real_of(file), offset, n, flags);
}

int pass_read(sqlite3_file* f, void* b, int n, sqlite3_int64 o) { return real_of(f)->pMethods->xRead(real_of(f), b, n, o); }
int pass_write(sqlite3_file* f, const void* b, int n, sqlite3_int64 o) {
  return real_of(f)->pMethods->xWrite(real_of(f), b, n, o);
}
int pass_truncate(sqlite3_file* f, sqlite3_int64 s) { return real_of(f)->pMethods->xTruncate(real_of(f), s); }
int pass_sync(sqlite3_file* f, int flags) { return real_of(f)->pMethods->xSync(real_of(f), flags); }
int pass_file_size(sqlite3_file* f, sqlite3_int64* s) { return real_of(f)->pMethods->xFileSize(real_of(f), s); }
int pass_lock(sqlite3_file* f, int l) { return real_of(f)->pMethods->xLock(real_of(f), l); }
int pass_unlock(sqlite3_file* f, int l) { return real_of(f)->pMethods->xUnlock(real_of(f), l); }
int pass_check_reserved(sqlite3_file* f, int* out) { return real_of(f)->pMethods->xCheckReservedLock(real_of(f), out); }
int pass_file_control(sqlite3_file* f, int op, void* arg) {
  return real_of(f)->pMethods->xFileControl(real_of(f), op, arg);
}
int pass_sector_size(sqlite3_file* f) { return real_of(f)->pMethods->xSectorSize(real_of(f)); }
int pass_device(sqlite3_file* f) { return real_of(f)->pMethods->xDeviceCharacteristics(real_of(f)); }
int pass_shm_map(sqlite3_file* f, int page, int size, int extend, void volatile** out) {
  return real_of(f)->pMethods->xShmMap(real_of(f), page, size, extend, out);
}
int pass_shm_lock(sqlite3_file* f, int offset, int n, int flags) {
  return real_of(f)->pMethods->xShmLock(real_of(f), offset, n, flags);
}
int pass_shm_unmap(sqlite3_file* f, int remove) { return real_of(f)->pMethods->xShmUnmap(real_of(f), remove); }
int pass_fetch(sqlite3_file* f, sqlite3_int64 offset, int size, void** out) {
  return real_of(f)->pMethods->xFetch(real_of(f), offset, size, out);
}
int pass_unfetch(sqlite3_file* f, sqlite3_int64 offset, void* p) {
  return real_of(f)->pMethods->xUnfetch(real_of(f), offset, p);
}

const sqlite3_io_methods wal_methods = {
    3,         close_file,    wal_read,      wal_write,      wal_truncate,  wal_sync,
    wal_file_size, pass_lock, pass_unlock,   pass_check_reserved, pass_file_control, pass_sector_size,
    pass_device, pass_shm_map, pass_shm_lock, shm_barrier,   pass_shm_unmap, pass_fetch,
    pass_unfetch,
};

// A database file: its shared memory's barrier and unlocks flush its log.
const sqlite3_io_methods passing_methods = {
    3,         close_file,    pass_read,     pass_write,     pass_truncate, pass_sync,
    pass_file_size, pass_lock, pass_unlock,  pass_check_reserved, pass_file_control, pass_sector_size,
    pass_device, pass_shm_map, shm_lock, shm_barrier,   pass_shm_unmap, pass_fetch,
    pass_unfetch,
};

// ---- the VFS: one per underlying VFS it was registered over ----

struct registered_vfs {
  sqlite3_vfs vfs;
  sqlite3_vfs* under;
  std::string name;
};

sqlite3_vfs* under_of(sqlite3_vfs* vfs) { return static_cast<registered_vfs*>(vfs->pAppData)->under; }

int open_file(sqlite3_vfs* vfs, sqlite3_filename name, sqlite3_file* file, int flags, int* out_flags) {
  auto* f = new (file) coalescing_file;
  f->base.pMethods = nullptr;
  f->real = reinterpret_cast<sqlite3_file*>(reinterpret_cast<char*>(file) + sizeof(coalescing_file));
  sqlite3_vfs* under = under_of(vfs);
  int rc = under->xOpen(under, name, f->real, flags, out_flags);
  if (rc != SQLITE_OK || f->real->pMethods == nullptr) {
    f->~coalescing_file();
    file->pMethods = nullptr;
    return rc;
  }
  if ((flags & SQLITE_OPEN_WAL) && name) {
    sqlite3_file* db = sqlite3_database_file_object(name);
    if (db && (db->pMethods == &passing_methods || db->pMethods == &wal_methods)) {
      f->database = as_file(db);
      f->database->wal = f;
    }
    f->pending.reserve(flush_bytes + 64 * 1024);
    file->pMethods = &wal_methods;
  } else {
    file->pMethods = &passing_methods;
  }
  return SQLITE_OK;
}

const char* vfs_over(sqlite3_vfs* under) {
  static std::mutex mutex;
  static std::vector<std::unique_ptr<registered_vfs>> made;
  std::lock_guard lock(mutex);
  for (const auto& r : made)
    if (r->under == under)
      return r->name.c_str();
  auto r = std::make_unique<registered_vfs>();
  r->under = under;
  r->name = "tributary_wal_coalescing_" + std::to_string(made.size());
  r->vfs = *under;
  r->vfs.iVersion = std::min(under->iVersion, 3);
  r->vfs.szOsFile = static_cast<int>(sizeof(coalescing_file)) + under->szOsFile;
  r->vfs.pNext = nullptr;
  r->vfs.zName = r->name.c_str();
  r->vfs.pAppData = r.get();
  r->vfs.xOpen = open_file;
  // The rest as the underlying VFS does it, given itself (its pAppData is its own).
  r->vfs.xDelete = [](sqlite3_vfs* v, const char* n, int sync) { return under_of(v)->xDelete(under_of(v), n, sync); };
  r->vfs.xAccess = [](sqlite3_vfs* v, const char* n, int flags, int* out) {
    return under_of(v)->xAccess(under_of(v), n, flags, out);
  };
  r->vfs.xFullPathname = [](sqlite3_vfs* v, const char* n, int size, char* out) {
    return under_of(v)->xFullPathname(under_of(v), n, size, out);
  };
  sqlite3_vfs_register(&r->vfs, 0);
  made.push_back(std::move(r));
  return made.back()->name.c_str();
}

}  // namespace

std::string wal_write_coalescing_uri(const std::string& path) {
  std::string uri = "file:";
  for (unsigned char c : path) {
    if (std::isalnum(c) || std::strchr("/-._~", c)) {
      uri += static_cast<char>(c);
    } else {
      static constexpr char hex[] = "0123456789ABCDEF";
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  return uri + "?vfs=" + vfs_over(sqlite3_vfs_find(nullptr));
}

}  // namespace tributary
