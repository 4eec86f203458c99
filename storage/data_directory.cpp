#include "storage/data_directory.hpp"

#include <spdlog/spdlog.h>

#include <fstream>
#include <system_error>

#include "stages/auth/hba_rules.hpp"
#include "stages/core/settings.hpp"
#include "storage/catalog_schema.hpp"
#include "storage/data_directory_lock.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_settings.hpp"
#include "storage/sqlstate_mapping.hpp"

namespace tributary {

namespace fs = std::filesystem;

namespace {

constexpr int64_t first_normal_oid = 16384;  // as PostgreSQL's FirstNormalObjectId

const char* global_schema = R"sql(
CREATE TABLE IF NOT EXISTS pg_authid (
  oid            integer PRIMARY KEY,
  rolname        text NOT NULL UNIQUE,
  rolsuper       bool NOT NULL,
  rolcanlogin    bool NOT NULL DEFAULT 1,
  rolreplication bool NOT NULL DEFAULT 0,
  rolcreatedb    bool NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS pg_database (
  oid     integer PRIMARY KEY,
  datname text NOT NULL UNIQUE,
  datdba  integer NOT NULL
);
CREATE TABLE IF NOT EXISTS tributary_next_oid (next integer NOT NULL);
)sql";

bool valid_database_name(const std::string& name) {
  if (name.empty() || name == "." || name == ".." || name.size() > 63)
    return false;
  for (char c : name)
    if (c == '/' || c == '\0')
      return false;
  return true;
}

// The columns read_database reads, of pg_database d joined with pg_authid a.
constexpr const char* database_columns =
    "SELECT d.oid, d.datname, coalesce(a.rolname, ''), d.datdba, d.datacl, d.datconnlimit, d.datallowconn "
    "FROM pg_database d LEFT JOIN pg_authid a ON a.oid = d.datdba";

// A row of database_columns.
database_info read_database(const sqlite_statement& q) {
  database_info d{q.column_int(0), q.column_text(1), q.column_text(2), q.column_int(3), std::nullopt};
  if (!q.column_is_null(4))
    d.acl = q.column_text(4);
  d.connection_limit = q.column_int(5);
  d.allow_connections = q.column_int(6) != 0;
  return d;
}

// Adds `column` to pg_database when an older global.db lacks it.
result<ok_t, std::string> add_database_column(sqlite_connection& g, const std::string& column,
                                              const std::string& definition) {
  auto columns = g.prepare("SELECT count(*) FROM pragma_table_info('pg_database') WHERE name = ?1");
  if (!columns)
    return fail("could not upgrade global.db: " + columns.error().message);
  columns->bind_text(1, column);
  if (auto s = columns->step(); !s)
    return fail("could not upgrade global.db: " + s.error().message);
  if (columns->column_int(0) != 0)
    return ok_v;
  if (auto r = g.exec("ALTER TABLE pg_database ADD COLUMN " + column + " " + definition); !r)
    return fail("could not upgrade global.db: " + r.error().message);
  return ok_v;
}

pg_error internal(const std::string& what, const sqlite_error& e) {
  return make_pg_error("XX000", what + ": " + e.message);
}

void remove_database_files(const fs::path& file) {
  std::error_code ec;
  fs::remove(file, ec);
  fs::remove(fs::path(file.string() + "-wal"), ec);
  fs::remove(fs::path(file.string() + "-shm"), ec);
}

// A configuration file only its owner can read (0600), as initdb writes them.
result<ok_t, std::string> write_private_file(const fs::path& file, const std::string& text) {
  {
    std::ofstream out(file);
    out << text;
    if (!out)
      return fail("could not write \"" + file.string() + "\"");
  }
  std::error_code ec;
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace, ec);
  if (ec)
    return fail("could not change permissions of \"" + file.string() + "\": " + ec.message());
  return ok_v;
}

// A new data directory may already hold the server's lock file (taken first).
bool holds_nothing_but_the_lock_file(const fs::path& root) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root, ec))
    if (entry.path().filename() != data_directory_lock::file_name)
      return false;
  return !ec;
}

}  // namespace

result<std::shared_ptr<data_directory>, std::string> data_directory::open(
    const fs::path& dir, const std::string& bootstrap_role) {
  std::error_code ec;
  auto root = fs::absolute(dir, ec);
  if (ec)
    return fail("could not resolve data directory \"" + dir.string() + "\": " + ec.message());
  std::shared_ptr<data_directory> self{new data_directory(root)};
  if (!fs::exists(self->global_db_file())) {
    if (fs::exists(root) && !holds_nothing_but_the_lock_file(root))
      return fail("directory \"" + root.string() + "\" exists but is not empty and holds no global.db");
    if (auto r = self->initialize(bootstrap_role); !r)
      return fail(r.error());
  }
  // As PostgreSQL's checkDataDir: nobody but the owner may write, others may not read.
  const auto perms = fs::status(root, ec).permissions();
  if (!ec && (perms & (fs::perms::group_write | fs::perms::others_all)) != fs::perms::none)
    return fail("data directory \"" + root.string() + "\" has invalid permissions\n"
                "DETAIL:  Permissions should be u=rwx (0700) or u=rwx,g=rx (0750).");
  // A global.db that cannot be read now does not stop the server either: the
  // launcher and the sessions report it and try again (its upgrade then waits for
  // the next start; a repaired file of this version needs none).
  if (auto r = self->upgrade_global(); !r)
    spdlog::error("{}", r.error());
  // Bring every database file's catalog to the current version.
  for (const auto& db : self->databases()) {
    if (!fs::exists(self->database_file(db.name)))
      return fail("database file \"" + self->database_file(db.name).string() + "\" is missing");
    // A file that cannot be opened now does not stop the server (PostgreSQL starts
    // with a damaged database too): sessions to it get the error, and the launcher
    // says why it cannot start its subscriptions and tries again.
    if (auto c = self->connect(db.name); !c)
      spdlog::error("could not open database \"{}\": {}", db.name, c.error().message);
  }
  return self;
}

// global.db and pg_hba.conf of a directory made by an older Tributary: the role
// columns it lacks, and initdb's pg_hba.conf (trust for the local machine only).
result<ok_t, std::string> data_directory::upgrade_global() {
  {
    std::lock_guard lock{global_mutex_};
    auto g = open_global();
    if (!g)
      return fail("could not open global.db: " + g.error().message);
    if (auto r = role_catalog::upgrade_schema(*g); !r)
      return fail("could not upgrade global.db: " + r.error().message);
    // pg_database's columns added after the first global.db: datacl (NULL:
    // acldefault), datconnlimit and datallowconn.
    for (const auto& [column, definition] : {std::pair<std::string, std::string>{"datacl", "text"},
                                             {"datconnlimit", "integer NOT NULL DEFAULT -1"},
                                             {"datallowconn", "bool NOT NULL DEFAULT 1"}})
      if (auto r = add_database_column(*g, column, definition); !r)
        return r;
  }
  if (!fs::exists(hba_file()))
    if (auto r = write_private_file(hba_file(), hba_rules::default_file_text()); !r)
      return r;
  return ok_v;
}

result<ok_t, std::string> data_directory::initialize(const std::string& bootstrap_role) {
  std::error_code ec;
  for (const auto& d : {root_, root_ / "base", spool_dir(), log_dir()}) {
    fs::create_directories(d, ec);
    if (ec)
      return fail("could not create directory \"" + d.string() + "\": " + ec.message());
  }
  fs::permissions(root_, fs::perms::owner_all, fs::perm_options::replace, ec);
  if (auto r = write_private_file(config_file(), settings::default_file_text()); !r)
    return r;
  if (auto r = write_private_file(hba_file(), hba_rules::default_file_text()); !r)
    return r;
  auto g = sqlite_connection::open(global_db_file().string());
  if (!g)
    return fail("could not create global.db: " + g.error().message);
  if (auto r = g->exec(global_schema); !r)
    return fail("could not initialize global.db: " + r.error().message);
  auto role = g->prepare(
      "INSERT INTO pg_authid (oid, rolname, rolsuper, rolreplication, rolcreatedb) "
      "VALUES (10, ?1, 1, 1, 1)");
  if (!role)
    return fail(role.error().message);
  role->bind_text(1, bootstrap_role);
  if (auto r = role->run(); !r)
    return fail("could not create role: " + r.error().message);
  if (auto r = g->exec("INSERT INTO tributary_next_oid VALUES (" + std::to_string(first_normal_oid) +
                       "); INSERT INTO pg_database VALUES (5, 'postgres', 10);");
      !r)
    return fail("could not initialize global.db: " + r.error().message);
  if (auto c = connect("postgres"); !c)
    return fail(c.error().message);
  return ok_v;
}

fs::path data_directory::database_file(const std::string& name) const {
  return root_ / "base" / (name + ".db");
}

result<sqlite_connection, pg_error> data_directory::open_global() const {
  auto g = sqlite_connection::open(global_db_file().string());
  if (!g)
    return fail(pg_error_from_sqlite(g.error(), "global.db"));
  return std::move(g).value();
}

result<std::optional<role_info>, pg_error> data_directory::lookup_role(const std::string& name) const {
  std::lock_guard lock{global_mutex_};
  auto g = open_global();
  if (!g)
    return fail(g.error());
  auto q = g->prepare("SELECT oid, rolname, rolsuper, rolcanlogin FROM pg_authid WHERE rolname = ?1");
  if (!q)
    return fail(pg_error_from_sqlite(q.error(), "global.db"));
  q->bind_text(1, name);
  auto s = q->step();
  if (!s)
    return fail(pg_error_from_sqlite(s.error(), "global.db"));
  if (*s != sqlite_statement::step_result::row)
    return std::optional<role_info>{};
  return std::optional<role_info>{
      role_info{q->column_int(0), q->column_text(1), q->column_int(2) != 0, q->column_int(3) != 0}};
}

result<std::optional<database_info>, pg_error> data_directory::lookup_database(
    const std::string& name) const {
  std::lock_guard lock{global_mutex_};
  auto g = open_global();
  if (!g)
    return fail(g.error());
  auto q = g->prepare(std::string(database_columns) + " WHERE d.datname = ?1");
  if (!q)
    return fail(pg_error_from_sqlite(q.error(), "global.db"));
  q->bind_text(1, name);
  auto s = q->step();
  if (!s)
    return fail(pg_error_from_sqlite(s.error(), "global.db"));
  if (*s != sqlite_statement::step_result::row)
    return std::optional<database_info>{};
  return std::optional<database_info>{read_database(*q)};
}

std::optional<role_info> data_directory::find_role(const std::string& name) const {
  auto found = lookup_role(name);
  return found ? *found : std::nullopt;
}

std::optional<role_info> data_directory::find_role(int64_t oid) const {
  std::lock_guard lock{global_mutex_};
  auto g = open_global();
  if (!g)
    return std::nullopt;
  auto q = g->prepare("SELECT oid, rolname, rolsuper, rolcanlogin FROM pg_authid WHERE oid = ?1");
  if (!q)
    return std::nullopt;
  q->bind_int(1, oid);
  auto s = q->step();
  if (!s || *s != sqlite_statement::step_result::row)
    return std::nullopt;
  return role_info{q->column_int(0), q->column_text(1), q->column_int(2) != 0, q->column_int(3) != 0};
}

std::optional<database_info> data_directory::find_database(const std::string& name) const {
  for (auto& db : databases())
    if (db.name == name)
      return db;
  return std::nullopt;
}

std::vector<role_info> data_directory::roles() const {
  std::lock_guard lock{global_mutex_};
  std::vector<role_info> out;
  auto g = open_global();
  if (!g)
    return out;
  auto q = g->prepare("SELECT oid, rolname, rolsuper, rolcanlogin FROM pg_authid ORDER BY oid");
  if (!q)
    return out;
  while (true) {
    auto s = q->step();
    if (!s || *s != sqlite_statement::step_result::row)
      return out;
    out.push_back(role_info{q->column_int(0), q->column_text(1), q->column_int(2) != 0, q->column_int(3) != 0});
  }
}

std::vector<database_info> data_directory::databases() const {
  auto list = list_databases();
  return list ? std::move(list).value() : std::vector<database_info>{};
}

result<std::vector<database_info>, pg_error> data_directory::list_databases() const {
  std::lock_guard lock{global_mutex_};
  std::vector<database_info> out;
  auto g = open_global();
  if (!g)
    return fail(g.error());
  auto q = g->prepare(std::string(database_columns) + " ORDER BY d.oid");
  if (!q)
    return fail(pg_error_from_sqlite(q.error(), "global.db"));
  while (true) {
    auto s = q->step();
    if (!s)
      return fail(pg_error_from_sqlite(s.error(), "global.db"));
    if (*s != sqlite_statement::step_result::row)
      break;
    out.push_back(read_database(*q));
  }
  return out;
}

result<ok_t, pg_error> data_directory::with_global_db(
    const std::function<result<ok_t, pg_error>(sqlite_connection&)>& work) const {
  std::lock_guard lock{global_mutex_};
  auto g = open_global();
  if (!g)
    return fail(g.error());
  return work(*g);
}

int64_t data_directory::allocate_oid() {
  std::lock_guard lock{global_mutex_};
  auto g = open_global();
  if (!g)
    return 0;
  auto q = g->prepare("UPDATE tributary_next_oid SET next = next + 1 RETURNING next - 1");
  if (!q)
    return 0;
  auto s = q->step();
  if (!s || *s != sqlite_statement::step_result::row)
    return 0;
  auto oid = q->column_int(0);
  q->reset();
  return oid;
}

result<ok_t, pg_error> data_directory::create_database(const std::string& name, const std::string& owner,
                                                       int64_t connection_limit, bool allow_connections) {
  if (!valid_database_name(name))
    return fail(make_pg_error("42602", "invalid database name \"" + name + "\""));
  auto owner_role = find_role(owner);
  if (find_database(name))
    return fail(make_pg_error("42P04", "database \"" + name + "\" already exists"));
  auto oid = allocate_oid();
  {
    std::lock_guard lock{global_mutex_};
    auto g = open_global();
    if (!g)
      return fail(g.error());
    auto ins = g->prepare(
        "INSERT INTO pg_database (oid, datname, datdba, datconnlimit, datallowconn) VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!ins)
      return fail(internal("could not record database", ins.error()));
    ins->bind_int(1, oid);
    ins->bind_text(2, name);
    ins->bind_int(3, owner_role ? owner_role->oid : 10);
    ins->bind_int(4, connection_limit);
    ins->bind_int(5, allow_connections ? 1 : 0);
    if (auto r = ins->run(); !r) {
      if ((r.error().code & 0xff) == 19)  // SQLITE_CONSTRAINT: a concurrent CREATE won
        return fail(make_pg_error("42P04", "database \"" + name + "\" already exists"));
      return fail(internal("could not record database", r.error()));
    }
  }
  remove_database_files(database_file(name));  // leftovers of a crash between steps
  if (auto c = connect(name); !c)
    return fail(c.error());
  return ok_v;
}

result<ok_t, pg_error> data_directory::update_database(const database_info& database) {
  return with_global_db([&](sqlite_connection& g) -> result<ok_t, pg_error> {
    auto q = g.prepare(
        "UPDATE pg_database SET datdba = ?2, datacl = ?3, datconnlimit = ?4, datallowconn = ?5 WHERE oid = ?1");
    if (!q)
      return fail(internal("could not update database", q.error()));
    q->bind_int(1, database.oid);
    q->bind_int(2, database.owner_oid);
    if (database.acl)
      q->bind_text(3, *database.acl);
    else
      q->bind_null(3);
    q->bind_int(4, database.connection_limit);
    q->bind_int(5, database.allow_connections ? 1 : 0);
    if (auto r = q->run(); !r)
      return fail(internal("could not update database", r.error()));
    return ok_v;
  });
}

result<ok_t, pg_error> data_directory::drop_database(const std::string& name, bool if_exists) {
  const auto dropped = find_database(name);
  if (!dropped) {
    if (if_exists)
      return ok_v;
    return fail(make_pg_error("3D000", "database \"" + name + "\" does not exist"));
  }
  {
    std::lock_guard lock{sessions_mutex_};
    auto it = sessions_per_database_.find(name);
    if (it != sessions_per_database_.end() && it->second > 0) {
      int n = it->second;
      return fail(make_pg_error(
          "55006", "database \"" + name + "\" is being accessed by other users",
          "There " + std::string(n == 1 ? "is 1 other session" : "are " + std::to_string(n) + " other sessions") +
              " using the database."));
    }
  }
  if (auto c = connect(name); c) {
    auto q = c->prepare("SELECT count(*) FROM pg_subscription");
    if (q && q->step() && q->column_int(0) > 0) {
      auto n = q->column_int(0);
      return fail(make_pg_error(
          "55006", "database \"" + name + "\" is being used by logical replication subscription",
          "There " + std::string(n == 1 ? "is 1 subscription." : "are " + std::to_string(n) + " subscriptions.")));
    }
  }
  {
    std::lock_guard lock{global_mutex_};
    auto g = open_global();
    if (!g)
      return fail(g.error());
    // Its ALTER ROLE ... IN DATABASE settings go with it.
    if (auto r = role_settings::forget_database(*g, dropped->oid); !r)
      return fail(internal("could not drop database", r.error()));
    auto del = g->prepare("DELETE FROM pg_database WHERE datname = ?1");
    if (!del)
      return fail(internal("could not drop database", del.error()));
    del->bind_text(1, name);
    if (auto r = del->run(); !r)
      return fail(internal("could not drop database", r.error()));
  }
  remove_database_files(database_file(name));
  return ok_v;
}

result<sqlite_connection, pg_error> data_directory::connect(const std::string& database) const {
  auto c = sqlite_connection::open(database_file(database).string());
  if (!c)
    return fail(internal("could not open database \"" + database + "\"", c.error()));
  if (auto r = migrate_catalog(*c); !r)
    return fail(internal("could not prepare the catalog of database \"" + database + "\"", r.error()));
  return std::move(c).value();
}

std::shared_ptr<void> data_directory::track_session(const std::string& database) {
  {
    std::lock_guard lock{sessions_mutex_};
    ++sessions_per_database_[database];
  }
  return std::shared_ptr<void>(nullptr, [this, database](void*) {
    std::lock_guard lock{sessions_mutex_};
    --sessions_per_database_[database];
  });
}

int data_directory::sessions_using(const std::string& database) const {
  std::lock_guard lock{sessions_mutex_};
  auto it = sessions_per_database_.find(database);
  return it == sessions_per_database_.end() ? 0 : it->second;
}

}  // namespace tributary
