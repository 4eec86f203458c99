#include "storage/sqlite_connection.hpp"

#include "stages/types/stored_order.hpp"
#include "storage/default_functions.hpp"
#include "storage/sequence_functions.hpp"
#include "storage/enum_collations.hpp"
#include "storage/replication_role.hpp"

#include <sqlite3.h>

#include <utility>

namespace tributary {

namespace {

sqlite_error error_of(sqlite3* db, int rc) {
  sqlite_error e;
  e.code = db ? sqlite3_extended_errcode(db) : rc;
  e.message = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
  e.system_errno = db ? sqlite3_system_errno(db) : 0;
  return e;
}

// SQLite's collation callback over a stored_collation's compare function.
int collate_stored(void* compare, int a_size, const void* a, int b_size, const void* b) {
  auto fn = reinterpret_cast<int (*)(std::string_view, std::string_view)>(compare);
  return fn(std::string_view(static_cast<const char*>(a), static_cast<size_t>(a_size)),
            std::string_view(static_cast<const char*>(b), static_cast<size_t>(b_size)));
}

}  // namespace

result<sqlite_connection, sqlite_error> sqlite_connection::open(const std::string& path,
                                                                int busy_timeout_ms) {
  sqlite3* db = nullptr;
  // A "file:" URI is read as one (its vfs= names a VFS: wal_write_coalescing.hpp);
  // a data directory's paths are absolute, never URIs.
  const int uri = path.starts_with("file:") ? SQLITE_OPEN_URI : 0;
  int rc = sqlite3_open_v2(path.c_str(), &db,
                           SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | uri,
                           nullptr);
  if (rc != SQLITE_OK) {
    auto e = error_of(db, rc);
    sqlite3_close(db);
    return fail(std::move(e));
  }
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, busy_timeout_ms);
  sqlite_connection conn{db};
  // WAL + synchronous=FULL: a commit is durable when sqlite3_step returns
  // (architecture §4, invariant 1). Foreign keys are not enforced, as on a
  // PostgreSQL subscriber applying changes (session_replication_role = replica).
  // page_size before anything is written: a no-op on a file that has content.
  if (auto r = conn.exec("PRAGMA page_size=" + std::to_string(new_file_page_size) +
                         "; PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; "
                         "PRAGMA foreign_keys=OFF;");
      !r)
    return fail(r.error());
  // The type layer's collations (stored_order.hpp): columns of numeric, float,
  // bpchar and interval are declared with them, so every connection needs them.
  for (const stored_collation& c : stored_collations()) {
    const std::string name(c.name);
    rc = sqlite3_create_collation_v2(db, name.c_str(), SQLITE_UTF8,
                                     reinterpret_cast<void*>(c.compare), collate_stored, nullptr);
    if (rc != SQLITE_OK)
      return fail(error_of(db, rc));
  }
  // The functions typed tables' DEFAULTs call (now(), gen_random_uuid(), ...).
  if (rc = install_default_functions(db); rc != SQLITE_OK)
    return fail(error_of(db, rc));
  // Local triggers ask it whether they fire: replica until a client session says origin.
  if (rc = install_replication_role(db); rc != SQLITE_OK)
    return fail(error_of(db, rc));
  // nextval() & co.: a serial column's DEFAULT calls nextval on any connection.
  if (rc = install_sequence_functions(db); rc != SQLITE_OK)
    return fail(error_of(db, rc));
  // Users' enums: pg_enum_<oid>, registered when a statement first needs one.
  install_enum_collations(conn);
  return conn;
}

sqlite_connection::sqlite_connection(sqlite_connection&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)) {}

sqlite_connection& sqlite_connection::operator=(sqlite_connection&& other) noexcept {
  if (this != &other) {
    if (db_)
      sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
  }
  return *this;
}

sqlite_connection::~sqlite_connection() {
  if (db_)
    sqlite3_close_v2(db_);
}

result<ok_t, sqlite_error> sqlite_connection::exec(std::string_view sql) {
  std::string text{sql};
  char* msg = nullptr;
  int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &msg);
  if (rc != SQLITE_OK) {
    sqlite_error e;
    e.code = sqlite3_extended_errcode(db_);
    e.message = msg ? msg : sqlite3_errstr(rc);
    e.system_errno = sqlite3_system_errno(db_);
    sqlite3_free(msg);
    return fail(std::move(e));
  }
  return ok_v;
}

result<sqlite_statement, sqlite_error> sqlite_connection::prepare(std::string_view sql) {
  sqlite3_stmt* stmt = nullptr;
  int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                              SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
  if (rc != SQLITE_OK)
    return fail(error_of(db_, rc));
  return sqlite_statement{stmt, db_};
}

bool sqlite_connection::in_transaction() const { return sqlite3_get_autocommit(db_) == 0; }

int64_t sqlite_connection::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

int64_t sqlite_connection::changes() const { return sqlite3_changes64(db_); }

// --- sqlite_statement --------------------------------------------------------

sqlite_statement::sqlite_statement(sqlite_statement&& other) noexcept
    : stmt_(std::exchange(other.stmt_, nullptr)), db_(other.db_) {}

sqlite_statement& sqlite_statement::operator=(sqlite_statement&& other) noexcept {
  if (this != &other) {
    if (stmt_)
      sqlite3_finalize(stmt_);
    stmt_ = std::exchange(other.stmt_, nullptr);
    db_ = other.db_;
  }
  return *this;
}

sqlite_statement::~sqlite_statement() {
  if (stmt_)
    sqlite3_finalize(stmt_);
}

namespace {

void bind_value(sqlite3_stmt* stmt, int index, const sql_value& value, sqlite3_destructor_type lifetime) {
  struct binder {
    sqlite3_stmt* s;
    int i;
    sqlite3_destructor_type lifetime;
    void operator()(const sql_null&) const { sqlite3_bind_null(s, i); }
    void operator()(int64_t v) const { sqlite3_bind_int64(s, i, v); }
    void operator()(double v) const { sqlite3_bind_double(s, i, v); }
    void operator()(const std::string& v) const {
      sqlite3_bind_text64(s, i, v.data(), v.size(), lifetime, SQLITE_UTF8);
    }
    void operator()(const sql_blob& v) const {
      sqlite3_bind_blob64(s, i, v.bytes.data(), v.bytes.size(), lifetime);
    }
  };
  std::visit(binder{stmt, index, lifetime}, value);
}

}  // namespace

void sqlite_statement::bind(int index, const sql_value& value) {
  bind_value(stmt_, index, value, SQLITE_TRANSIENT);
}

void sqlite_statement::bind_borrowed(int index, const sql_value& value) {
  bind_value(stmt_, index, value, SQLITE_STATIC);
}

void sqlite_statement::bind_text_borrowed(int index, std::string_view text) {
  sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8);
}

void sqlite_statement::bind_text(int index, std::string_view text) {
  sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
}

void sqlite_statement::bind_int(int index, int64_t value) {
  sqlite3_bind_int64(stmt_, index, value);
}

void sqlite_statement::bind_null(int index) { sqlite3_bind_null(stmt_, index); }

result<sqlite_statement::step_result, sqlite_error> sqlite_statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW)
    return step_result::row;
  if (rc == SQLITE_DONE)
    return step_result::done;
  sqlite_error e = error_of(db_, rc);
  sqlite3_reset(stmt_);
  return fail(std::move(e));
}

result<ok_t, sqlite_error> sqlite_statement::run() {
  for (;;) {
    auto r = step();
    if (!r)
      return fail(r.error());
    if (*r == step_result::done)
      return ok_v;
  }
}

void sqlite_statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

void sqlite_statement::rewind() { sqlite3_reset(stmt_); }

int sqlite_statement::column_count() const { return sqlite3_column_count(stmt_); }

std::string sqlite_statement::column_name(int i) const {
  const char* n = sqlite3_column_name(stmt_, i);
  return n ? n : "?column?";
}

const char* sqlite_statement::column_decltype(int i) const {
  return sqlite3_column_decltype(stmt_, i);
}

sql_value sqlite_statement::column(int i) const {
  switch (sqlite3_column_type(stmt_, i)) {
    case SQLITE_INTEGER:
      return sqlite3_column_int64(stmt_, i);
    case SQLITE_FLOAT:
      return sqlite3_column_double(stmt_, i);
    case SQLITE_TEXT: {
      auto p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
      return std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, i)));
    }
    case SQLITE_BLOB: {
      auto p = static_cast<const char*>(sqlite3_column_blob(stmt_, i));
      auto n = static_cast<size_t>(sqlite3_column_bytes(stmt_, i));
      return sql_blob{std::string(p ? p : "", n)};
    }
    default:
      return sql_null{};
  }
}

int64_t sqlite_statement::column_int(int i) const { return sqlite3_column_int64(stmt_, i); }

std::string sqlite_statement::column_text(int i) const {
  auto p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
  if (!p)
    return {};
  return std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, i)));
}

bool sqlite_statement::column_is_null(int i) const {
  return sqlite3_column_type(stmt_, i) == SQLITE_NULL;
}

bool sqlite_statement::readonly() const { return sqlite3_stmt_readonly(stmt_) != 0; }

}  // namespace tributary
