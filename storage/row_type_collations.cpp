// row_type_collations: see the header.
#include "storage/row_type_collations.hpp"

#include <sqlite3.h>

#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "stages/core/row_type_oid.hpp"
#include "stages/types/verbatim/record_order.hpp"

namespace tributary {
namespace {

const std::string prefix = row_type_collation_name("");

// One row type's current order; connections compare through it.
class row_type_entry {
public:
  void assign(std::vector<oid_t> fields) {
    auto order = std::make_shared<const record_order>(std::move(fields));
    std::lock_guard guard(lock_);
    order_ = std::move(order);
  }
  int compare(std::string_view a, std::string_view b) const {
    std::shared_ptr<const record_order> order;
    {
      std::lock_guard guard(lock_);
      order = order_;
    }
    if (!order)
      return array_compare::bytes(a, b);
    return order->compare(a, b);
  }

private:
  mutable std::mutex lock_;
  std::shared_ptr<const record_order> order_;
};

class row_type_registry {
public:
  static row_type_registry& instance() {
    static row_type_registry registry;
    return registry;
  }
  row_type_entry& entry(const std::string& file, const std::string& type) {
    std::lock_guard guard(lock_);
    auto& slot = entries_[{file, type}];
    if (!slot)
      slot = std::make_unique<row_type_entry>();
    return *slot;
  }

private:
  std::mutex lock_;
  std::map<std::pair<std::string, std::string>, std::unique_ptr<row_type_entry>> entries_;
};

std::string file_key(sqlite3* db) {
  const char* path = sqlite3_db_filename(db, "main");
  if (path && *path)
    return path;
  return "memory:" + std::to_string(reinterpret_cast<uintptr_t>(db));
}

// The field types of `type`'s recorded columns (array columns by their array type;
// an enum, a domain's base or another row type as recorded: compared by bytes).
std::vector<oid_t> recorded_fields(sqlite3* db, const std::string& type) {
  std::vector<oid_t> out;
  sqlite3_stmt* q = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT atttypid FROM tributary_columns WHERE relname = ?1 ORDER BY attnum", -1, &q,
                         nullptr) != SQLITE_OK) {
    sqlite3_finalize(q);
    return out;
  }
  sqlite3_bind_text(q, 1, type.data(), static_cast<int>(type.size()), SQLITE_TRANSIENT);
  while (sqlite3_step(q) == SQLITE_ROW)
    out.push_back(static_cast<oid_t>(sqlite3_column_int64(q, 0)));
  sqlite3_finalize(q);
  return out;
}

int compare_rows(void* entry, int a_size, const void* a, int b_size, const void* b) {
  return static_cast<const row_type_entry*>(entry)->compare(
      std::string_view(static_cast<const char*>(a), static_cast<size_t>(a_size)),
      std::string_view(static_cast<const char*>(b), static_cast<size_t>(b_size)));
}

}  // namespace

bool install_row_type_collation(sqlite3* db, const char* name) {
  const std::string_view collation(name);
  if (!collation.starts_with(prefix))
    return false;
  const std::string type(collation.substr(prefix.size()));
  row_type_entry& entry = row_type_registry::instance().entry(file_key(db), type);
  entry.assign(recorded_fields(db, type));
  sqlite3_create_collation_v2(db, name, SQLITE_UTF8, &entry, compare_rows, nullptr);
  return true;
}

void publish_row_type(sqlite3* db, const std::string& type) {
  row_type_registry::instance().entry(file_key(db), type).assign(recorded_fields(db, type));
}

}  // namespace tributary
