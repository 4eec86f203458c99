// wrapped_vfs: for tests that watch what SQLite does to its files. A file of
// such a VFS starts with wrapped_file (the underlying VFS's file follows the
// test's own struct); pass_through_methods() is a method table that hands every
// call to that file, for the test to replace the methods it watches.
#pragma once

#include <sqlite3.h>

namespace tributary {

struct wrapped_file {
  sqlite3_file base;
  sqlite3_file* real;
};

inline sqlite3_file* wrapped_real(sqlite3_file* f) { return reinterpret_cast<wrapped_file*>(f)->real; }

inline sqlite3_io_methods pass_through_methods() {
  return {
      3,
      [](sqlite3_file* f) { return wrapped_real(f)->pMethods->xClose(wrapped_real(f)); },
      [](sqlite3_file* f, void* b, int n, sqlite3_int64 o) {
        return wrapped_real(f)->pMethods->xRead(wrapped_real(f), b, n, o);
      },
      [](sqlite3_file* f, const void* b, int n, sqlite3_int64 o) {
        return wrapped_real(f)->pMethods->xWrite(wrapped_real(f), b, n, o);
      },
      [](sqlite3_file* f, sqlite3_int64 size) { return wrapped_real(f)->pMethods->xTruncate(wrapped_real(f), size); },
      [](sqlite3_file* f, int flags) { return wrapped_real(f)->pMethods->xSync(wrapped_real(f), flags); },
      [](sqlite3_file* f, sqlite3_int64* size) { return wrapped_real(f)->pMethods->xFileSize(wrapped_real(f), size); },
      [](sqlite3_file* f, int lock) { return wrapped_real(f)->pMethods->xLock(wrapped_real(f), lock); },
      [](sqlite3_file* f, int lock) { return wrapped_real(f)->pMethods->xUnlock(wrapped_real(f), lock); },
      [](sqlite3_file* f, int* out) { return wrapped_real(f)->pMethods->xCheckReservedLock(wrapped_real(f), out); },
      [](sqlite3_file* f, int op, void* arg) { return wrapped_real(f)->pMethods->xFileControl(wrapped_real(f), op, arg); },
      [](sqlite3_file* f) { return wrapped_real(f)->pMethods->xSectorSize(wrapped_real(f)); },
      [](sqlite3_file* f) { return wrapped_real(f)->pMethods->xDeviceCharacteristics(wrapped_real(f)); },
      [](sqlite3_file* f, int page, int size, int extend, void volatile** out) {
        return wrapped_real(f)->pMethods->xShmMap(wrapped_real(f), page, size, extend, out);
      },
      [](sqlite3_file* f, int offset, int n, int flags) {
        return wrapped_real(f)->pMethods->xShmLock(wrapped_real(f), offset, n, flags);
      },
      [](sqlite3_file* f) { wrapped_real(f)->pMethods->xShmBarrier(wrapped_real(f)); },
      [](sqlite3_file* f, int remove) { return wrapped_real(f)->pMethods->xShmUnmap(wrapped_real(f), remove); },
      [](sqlite3_file* f, sqlite3_int64 o, int n, void** out) {
        return wrapped_real(f)->pMethods->xFetch(wrapped_real(f), o, n, out);
      },
      [](sqlite3_file* f, sqlite3_int64 o, void* p) { return wrapped_real(f)->pMethods->xUnfetch(wrapped_real(f), o, p); },
  };
}

}  // namespace tributary
