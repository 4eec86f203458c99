#include "cli/catalog/snapshot_table.hpp"

#include <sqlite3.h>

namespace tributary {

namespace {

struct snapshot_vtab {
  sqlite3_vtab base{};
  snapshot_table* table = nullptr;
};

struct snapshot_cursor {
  sqlite3_vtab_cursor base{};
  std::vector<snapshot_row> rows;
  size_t index = 0;
};

int vt_connect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**) {
  auto* table = static_cast<snapshot_table*>(aux);
  int rc = sqlite3_declare_vtab(db, table->schema.c_str());
  if (rc != SQLITE_OK)
    return rc;
  auto* vt = new snapshot_vtab;
  vt->table = table;
  *out = &vt->base;
  return SQLITE_OK;
}

int vt_disconnect(sqlite3_vtab* vt) {
  delete reinterpret_cast<snapshot_vtab*>(vt);
  return SQLITE_OK;
}

int vt_best_index(sqlite3_vtab*, sqlite3_index_info* info) {
  info->estimatedCost = 100;
  return SQLITE_OK;
}

int vt_open(sqlite3_vtab*, sqlite3_vtab_cursor** out) {
  *out = &(new snapshot_cursor)->base;
  return SQLITE_OK;
}

int vt_close(sqlite3_vtab_cursor* c) {
  delete reinterpret_cast<snapshot_cursor*>(c);
  return SQLITE_OK;
}

int vt_filter(sqlite3_vtab_cursor* c, int, const char*, int, sqlite3_value**) {
  auto* cur = reinterpret_cast<snapshot_cursor*>(c);
  auto* vt = reinterpret_cast<snapshot_vtab*>(c->pVtab);
  cur->rows = vt->table->rows();
  cur->index = 0;
  return SQLITE_OK;
}

int vt_next(sqlite3_vtab_cursor* c) {
  ++reinterpret_cast<snapshot_cursor*>(c)->index;
  return SQLITE_OK;
}

int vt_eof(sqlite3_vtab_cursor* c) {
  auto* cur = reinterpret_cast<snapshot_cursor*>(c);
  return cur->index >= cur->rows.size();
}

int vt_column(sqlite3_vtab_cursor* c, sqlite3_context* ctx, int i) {
  auto* cur = reinterpret_cast<snapshot_cursor*>(c);
  const auto& row = cur->rows[cur->index];
  if (static_cast<size_t>(i) >= row.size()) {
    sqlite3_result_null(ctx);
    return SQLITE_OK;
  }
  const auto& v = row[static_cast<size_t>(i)];
  if (auto* n = std::get_if<int64_t>(&v))
    sqlite3_result_int64(ctx, *n);
  else if (auto* d = std::get_if<double>(&v))
    sqlite3_result_double(ctx, *d);
  else if (auto* s = std::get_if<std::string>(&v))
    sqlite3_result_text64(ctx, s->data(), s->size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  else
    sqlite3_result_null(ctx);
  return SQLITE_OK;
}

int vt_rowid(sqlite3_vtab_cursor* c, sqlite3_int64* out) {
  *out = static_cast<sqlite3_int64>(reinterpret_cast<snapshot_cursor*>(c)->index);
  return SQLITE_OK;
}

const sqlite3_module snapshot_module = [] {
  sqlite3_module m{};
  m.iVersion = 1;
  m.xCreate = nullptr;  // eponymous-only: usable without CREATE VIRTUAL TABLE
  m.xConnect = vt_connect;
  m.xBestIndex = vt_best_index;
  m.xDisconnect = vt_disconnect;
  m.xDestroy = vt_disconnect;
  m.xOpen = vt_open;
  m.xClose = vt_close;
  m.xFilter = vt_filter;
  m.xNext = vt_next;
  m.xEof = vt_eof;
  m.xColumn = vt_column;
  m.xRowid = vt_rowid;
  return m;
}();

}  // namespace

result<ok_t, sqlite_error> add_snapshot_table(sqlite_connection& db, const std::string& name,
                                              snapshot_table table) {
  sqlite3* handle = db.handle();
  // The definition lives as long as the connection: freed by the module destructor.
  int rc = sqlite3_create_module_v2(handle, name.c_str(), &snapshot_module, new snapshot_table(std::move(table)),
                                    [](void* p) { delete static_cast<snapshot_table*>(p); });
  if (rc != SQLITE_OK)
    return fail(sqlite_error{rc, sqlite3_errmsg(handle)});
  return ok_v;
}

}  // namespace tributary
