#include "cli/catalog/temporary_schemas.hpp"

#include <sqlite3.h>

#include "storage/text_query.hpp"

namespace tributary {

temporary_schema_registry::number_ticket::~number_ticket() {
  std::lock_guard lock(owner_->mutex_);
  owner_->taken_.erase(number_);
}

std::unique_ptr<temporary_schema_registry::number_ticket> temporary_schema_registry::take_number() {
  std::lock_guard lock(mutex_);
  int number = first_client_number;
  while (taken_.contains(number))
    ++number;
  taken_.insert(number);
  return std::make_unique<number_ticket>(shared_from_this(), number);
}

void temporary_schema_registry::made(const std::string& database, int number) {
  std::lock_guard lock(mutex_);
  made_.emplace(database, number);
}

std::vector<int> temporary_schema_registry::made_in(const std::string& database) const {
  std::lock_guard lock(mutex_);
  std::vector<int> out;
  for (auto it = made_.lower_bound({database, 0}); it != made_.end() && it->first == database; ++it)
    out.push_back(it->second);
  return out;
}

namespace {

struct session_schema {
  std::shared_ptr<temporary_schema_registry> registry;
  std::string database;
  std::shared_ptr<temporary_schema_registry::number_ticket> ticket;
};

session_schema& schema_of(sqlite3_context* context) {
  return *static_cast<session_schema*>(sqlite3_user_data(context));
}

void backend_number(sqlite3_context* context, int, sqlite3_value**) {
  sqlite3_result_int(context, schema_of(context).ticket->number());
}

void schemas_made(sqlite3_context* context, int, sqlite3_value**) {
  const session_schema& s = schema_of(context);
  std::string list;
  for (int number : s.registry->made_in(s.database))
    list += (list.empty() ? "" : ",") + std::to_string(number);
  sqlite3_result_text(context, list.c_str(), static_cast<int>(list.size()), SQLITE_TRANSIENT);
}

void note_schema(sqlite3_context* context, int, sqlite3_value**) {
  const session_schema& s = schema_of(context);
  s.registry->made(s.database, s.ticket->number());
  sqlite3_result_null(context);
}

}  // namespace

int install_temporary_schema_functions(sqlite3* db, std::shared_ptr<temporary_schema_registry> registry,
                                       std::string database,
                                       std::shared_ptr<temporary_schema_registry::number_ticket> ticket) {
  // One state for the three, freed with the last one registered (at the connection's close).
  auto* state = new session_schema{std::move(registry), std::move(database), std::move(ticket)};
  struct function {
    const char* name;
    void (*call)(sqlite3_context*, int, sqlite3_value**);
  };
  static const function functions[] = {{"tributary_backend_number", backend_number},
                                       {"tributary_temporary_schemas_made", schemas_made},
                                       {"tributary_note_temporary_schema", note_schema}};
  const auto destroy = [](void* p) { delete static_cast<session_schema*>(p); };
  for (size_t i = 0; i < std::size(functions); ++i) {
    const bool last = i + 1 == std::size(functions);
    const int rc = sqlite3_create_function_v2(db, functions[i].name, 0, SQLITE_UTF8, state, functions[i].call,
                                              nullptr, nullptr, last ? +destroy : nullptr);
    if (rc != SQLITE_OK) {
      if (!last)  // a failed registration calls its destructor itself
        delete state;
      return rc;
    }
  }
  return SQLITE_OK;
}

temporary_schema_state read_temporary_schema_state(sqlite_connection& db) {
  temporary_schema_state state;
  auto rows = query_rows(db, "SELECT tributary_backend_number(), tributary_temporary_schemas_made()");
  if (!rows || rows->empty())
    return state;
  state.number = std::stoi(rows->front()[0]);
  const std::string& list = rows->front()[1];
  for (size_t start = 0; start < list.size();) {
    size_t end = list.find(',', start);
    if (end == std::string::npos)
      end = list.size();
    state.made.push_back(std::stoi(list.substr(start, end - start)));
    start = end + 1;
  }
  return state;
}

std::string temporary_schema_name(int number) { return "pg_temp_" + std::to_string(number); }

std::string temporary_toast_schema_name(int number) { return "pg_toast_temp_" + std::to_string(number); }

}  // namespace tributary
