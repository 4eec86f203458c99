#include "cli/catalog/ordinals_table.hpp"

#include <sqlite3.h>

#include <optional>
#include <string>
#include <vector>

#include "cli/catalog/catalog_reader.hpp"

namespace tributary {

namespace {

struct ordinals_cursor {
  sqlite3_vtab_cursor base{};
  sqlite3_int64 n = 1;
  sqlite3_int64 count = 0;
  std::vector<std::optional<std::string>> items;  // pg_ordinals(count, array): its elements
};

int vt_connect(sqlite3* db, void*, int, const char* const*, sqlite3_vtab** out, char**) {
  int rc = sqlite3_declare_vtab(db, "CREATE TABLE x(n INTEGER, count HIDDEN, item, items HIDDEN)");
  if (rc != SQLITE_OK)
    return rc;
  *out = new sqlite3_vtab{};
  return SQLITE_OK;
}

int vt_disconnect(sqlite3_vtab* vt) {
  delete vt;
  return SQLITE_OK;
}

// The count argument must be given (an equality constraint on the hidden
// column); the array is optional (its elements are the column item).
int vt_best_index(sqlite3_vtab*, sqlite3_index_info* info) {
  int count = -1, items = -1;
  for (int i = 0; i < info->nConstraint; ++i) {
    const auto& c = info->aConstraint[i];
    if ((c.iColumn != 1 && c.iColumn != 3) || c.op != SQLITE_INDEX_CONSTRAINT_EQ)
      continue;
    if (!c.usable)
      return SQLITE_CONSTRAINT;
    (c.iColumn == 1 ? count : items) = i;
  }
  if (count < 0)
    return SQLITE_CONSTRAINT;
  info->aConstraintUsage[count].argvIndex = 1;
  info->aConstraintUsage[count].omit = 1;
  if (items >= 0) {
    info->aConstraintUsage[items].argvIndex = 2;
    info->aConstraintUsage[items].omit = 1;
    info->idxNum = 1;
  }
  info->estimatedCost = 10;
  info->estimatedRows = 10;
  return SQLITE_OK;
}

int vt_open(sqlite3_vtab*, sqlite3_vtab_cursor** out) {
  *out = &(new ordinals_cursor)->base;
  return SQLITE_OK;
}

int vt_close(sqlite3_vtab_cursor* c) {
  delete reinterpret_cast<ordinals_cursor*>(c);
  return SQLITE_OK;
}

int vt_filter(sqlite3_vtab_cursor* c, int, const char*, int argc, sqlite3_value** argv) {
  auto* cur = reinterpret_cast<ordinals_cursor*>(c);
  cur->n = 1;
  cur->count = argc > 0 && sqlite3_value_type(argv[0]) != SQLITE_NULL ? sqlite3_value_int64(argv[0]) : 0;
  cur->items.clear();
  if (argc > 1 && sqlite3_value_type(argv[1]) != SQLITE_NULL) {
    const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[1]));
    cur->items = array_text_elements(std::string(text, static_cast<size_t>(sqlite3_value_bytes(argv[1]))));
  }
  return SQLITE_OK;
}

int vt_next(sqlite3_vtab_cursor* c) {
  ++reinterpret_cast<ordinals_cursor*>(c)->n;
  return SQLITE_OK;
}

int vt_eof(sqlite3_vtab_cursor* c) {
  auto* cur = reinterpret_cast<ordinals_cursor*>(c);
  return cur->n > cur->count;
}

int vt_column(sqlite3_vtab_cursor* c, sqlite3_context* ctx, int i) {
  auto* cur = reinterpret_cast<ordinals_cursor*>(c);
  if (i == 0) {
    sqlite3_result_int64(ctx, cur->n);
  } else if (i == 2) {
    const auto at = static_cast<size_t>(cur->n - 1);
    if (at < cur->items.size() && cur->items[at])
      sqlite3_result_text64(ctx, cur->items[at]->data(), cur->items[at]->size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    else
      sqlite3_result_null(ctx);
  } else {
    sqlite3_result_int64(ctx, cur->count);
  }
  return SQLITE_OK;
}

int vt_rowid(sqlite3_vtab_cursor* c, sqlite3_int64* out) {
  *out = reinterpret_cast<ordinals_cursor*>(c)->n;
  return SQLITE_OK;
}

const sqlite3_module ordinals_module = [] {
  sqlite3_module m{};
  m.iVersion = 1;
  m.xCreate = nullptr;  // eponymous-only
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

result<ok_t, sqlite_error> add_ordinals_table(sqlite_connection& db) {
  sqlite3* handle = db.handle();
  if (int rc = sqlite3_create_module_v2(handle, "pg_ordinals", &ordinals_module, nullptr, nullptr); rc != SQLITE_OK)
    return fail(sqlite_error{rc, sqlite3_errmsg(handle)});
  return ok_v;
}

}  // namespace tributary
