// enum_collations: see the header.
#include "storage/enum_collations.hpp"

#include <sqlite3.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "stages/types/verbatim/array_order.hpp"
#include "storage/row_type_collations.hpp"

namespace tributary {
namespace {

// One database file's enums.
struct file_enums {
  std::map<oid_t, std::shared_ptr<enum_order>> orders;
};

class enum_registry {
public:
  static enum_registry& instance() {
    static enum_registry registry;
    return registry;
  }

  // The order of (file, oid), created empty when unknown.
  std::shared_ptr<enum_order> order(const std::string& file, oid_t oid) {
    std::lock_guard guard(lock_);
    auto& slot = files_[file].orders[oid];
    if (!slot)
      slot = std::make_shared<enum_order>();
    return slot;
  }

  // True the first time a file is seen (the caller then loads its catalog).
  bool first_sight(const std::string& file) {
    std::lock_guard guard(lock_);
    return files_.try_emplace(file).second;
  }

private:
  std::mutex lock_;
  std::map<std::string, file_enums> files_;
};

// The registry key of a connection's file: its path, or (an in-memory database)
// the connection itself.
std::string file_key(sqlite3* db) {
  const char* path = sqlite3_db_filename(db, "main");
  if (path && *path)
    return path;
  return "memory:" + std::to_string(reinterpret_cast<uintptr_t>(db));
}

int compare_labels(void* order, int a_size, const void* a, int b_size, const void* b) {
  return static_cast<const enum_order*>(order)->compare(
      std::string_view(static_cast<const char*>(a), static_cast<size_t>(a_size)),
      std::string_view(static_cast<const char*>(b), static_cast<size_t>(b_size)));
}

int compare_label_arrays(void* order, int a_size, const void* a, int b_size, const void* b) {
  return compare_stored_enum_array(
      *static_cast<const enum_order*>(order),
      std::string_view(static_cast<const char*>(a), static_cast<size_t>(a_size)),
      std::string_view(static_cast<const char*>(b), static_cast<size_t>(b_size)));
}

void collation_needed(void*, sqlite3* db, int, const char* name) {
  if (install_row_type_collation(db, name))  // pg_row_<type>: row_type_collations.hpp
    return;
  if (const auto element = enum_array_collation_oid(name)) {
    enum_order* order = enum_registry::instance().order(file_key(db), *element).get();
    sqlite3_create_collation_v2(db, name, SQLITE_UTF8, order, compare_label_arrays, nullptr);
    return;
  }
  const auto oid = enum_collation_oid(name);
  if (!oid)
    return;
  // The registry keeps the order alive for the life of the process.
  enum_order* order = enum_registry::instance().order(file_key(db), *oid).get();
  sqlite3_create_collation_v2(db, name, SQLITE_UTF8, order, compare_labels, nullptr);
}

// Every enum's labels from the file's catalog into the registry (a file whose
// catalog has no enums yet — or no catalog — has none).
void load_file(sqlite_connection& db, const std::string& file) {
  auto q = db.prepare(
      "SELECT enumtypid, enumlabel, enumsortorder FROM tributary_enum_labels "
      "ORDER BY enumtypid, enumsortorder");
  if (!q)
    return;
  std::map<oid_t, std::vector<enum_label>> labels;
  for (;;) {
    auto s = q->step();
    if (!s || *s == sqlite_statement::step_result::done)
      break;
    const sql_value order = q->column(2);
    const double sort_order = std::holds_alternative<double>(order) ? std::get<double>(order)
                              : std::holds_alternative<int64_t>(order)
                                  ? static_cast<double>(std::get<int64_t>(order))
                                  : 0;
    labels[static_cast<oid_t>(q->column_int(0))].push_back({q->column_text(1), sort_order});
  }
  for (const auto& [oid, list] : labels)
    enum_registry::instance().order(file, oid)->assign(list);
}

}  // namespace

void install_enum_collations(sqlite_connection& db) {
  sqlite3_collation_needed(db.handle(), nullptr, collation_needed);
  const std::string file = file_key(db.handle());
  if (enum_registry::instance().first_sight(file))
    load_file(db, file);
}

void publish_enum_labels(sqlite_connection& db, oid_t type_oid,
                         const std::vector<enum_label>& labels) {
  enum_registry::instance().order(file_key(db.handle()), type_oid)->assign(labels);
}

void publish_enum_label(sqlite_connection& db, oid_t type_oid, const enum_label& label) {
  enum_registry::instance().order(file_key(db.handle()), type_oid)->set(label);
}

}  // namespace tributary
