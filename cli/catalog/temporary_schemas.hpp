// temporary_schemas: PostgreSQL's per-backend temporary schemas, pg_temp_N and
// pg_toast_temp_N, for Tributary's client sessions.
//
// Each client session takes a backend number N when it starts: the lowest no live
// session holds, from 3 (a PostgreSQL 15 server's first client backend, after the
// autovacuum launcher's 1 and the logical replication launcher's 2), and gives it
// back when its connection closes, so a later session may get the same N, as a
// PostgreSQL backend reuses a free slot. A session's schema is made with its first
// temporary object (temporary_schema_marker.hpp) and, as PostgreSQL keeps it in
// pg_namespace after the backend ends, the registry remembers per database which
// numbers' schemas were made (for the server's life: nothing is persisted) so that
// every session of the database lists them, and pg_is_other_temp_schema tells
// another's from the session's own. Another session's temporary objects are not
// listed (they live in its own SQLite connection); PostgreSQL lists them in
// pg_class, not visible (pg_table_is_visible false) and not readable.
//
// The session's number and the database's made schemas reach read_catalog_model
// through SQL functions of its connection (all connections of one session run on
// its thread; the registry has its own mutex):
//   tributary_backend_number()          N
//   tributary_temporary_schemas_made()  the numbers made in the database, "3,5"
//   tributary_note_temporary_schema()   records the session's schema as made
// A connection without them (unit tests, the applier) reads number 3 and nothing made.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "storage/sqlite_connection.hpp"

struct sqlite3;

namespace tributary {

class temporary_schema_registry : public std::enable_shared_from_this<temporary_schema_registry> {
public:
  static constexpr int first_client_number = 3;

  // A backend number, given back when destroyed.
  class number_ticket {
  public:
    number_ticket(std::shared_ptr<temporary_schema_registry> owner, int number)
        : owner_(std::move(owner)), number_(number) {}
    number_ticket(const number_ticket&) = delete;
    number_ticket& operator=(const number_ticket&) = delete;
    ~number_ticket();
    int number() const { return number_; }

  private:
    std::shared_ptr<temporary_schema_registry> owner_;
    int number_;
  };

  static std::shared_ptr<temporary_schema_registry> create() {
    return std::shared_ptr<temporary_schema_registry>(new temporary_schema_registry);
  }

  std::unique_ptr<number_ticket> take_number();
  void made(const std::string& database, int number);
  std::vector<int> made_in(const std::string& database) const;

private:
  temporary_schema_registry() = default;

  mutable std::mutex mutex_;
  std::set<int> taken_;
  std::set<std::pair<std::string, int>> made_;
};

// Registers the three SQL functions on a session's connection to `database`; the
// connection keeps `ticket` (its number) until it closes.
int install_temporary_schema_functions(sqlite3* db, std::shared_ptr<temporary_schema_registry> registry,
                                       std::string database,
                                       std::shared_ptr<temporary_schema_registry::number_ticket> ticket);

// What read_catalog_model reads of them.
struct temporary_schema_state {
  int number = temporary_schema_registry::first_client_number;
  std::vector<int> made;  // in the database, the session's own among them once noted
};
temporary_schema_state read_temporary_schema_state(sqlite_connection& db);

// "pg_temp_3", "pg_toast_temp_3".
std::string temporary_schema_name(int number);
std::string temporary_toast_schema_name(int number);

}  // namespace tributary
