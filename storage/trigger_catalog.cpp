#include "storage/trigger_catalog.hpp"

#include "storage/text_query.hpp"

namespace tributary {

namespace {

constexpr const char* create_tables =
    "CREATE TABLE IF NOT EXISTS tributary_trigger_functions (name TEXT PRIMARY KEY, source TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS tributary_triggers (table_name TEXT NOT NULL, name TEXT NOT NULL, "
    "function_name TEXT NOT NULL, timing TEXT NOT NULL, events TEXT NOT NULL, "
    "update_columns TEXT NOT NULL, when_text TEXT NOT NULL, enabled TEXT NOT NULL, "
    "PRIMARY KEY (table_name, name))";

result<bool, sqlite_error> catalog_exists(sqlite_connection& db) {
  return query_has_row(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1",
                       "tributary_triggers");
}

// Column lists are kept as names separated by a newline (a name cannot hold one
// that matters here: PostgreSQL identifiers may, but UPDATE OF lists are short).
std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names)
    out += (out.empty() ? "" : "\n") + n;
  return out;
}
std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  while (!text.empty() && start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace

result<std::optional<std::string>, sqlite_error> read_trigger_function_source(sqlite_connection& db,
                                                                              const std::string& name) {
  auto exists = catalog_exists(db);
  if (!exists)
    return fail(exists.error());
  if (!*exists)
    return std::optional<std::string>{};
  auto found = query_texts(db, "SELECT source FROM tributary_trigger_functions WHERE name = ?1", name);
  if (!found)
    return fail(found.error());
  if (found->empty())
    return std::optional<std::string>{};
  return std::optional<std::string>{found->front()};
}

result<ok_t, sqlite_error> write_trigger_function(sqlite_connection& db, const std::string& name,
                                                  const std::string& source) {
  if (auto r = db.exec(create_tables); !r)
    return r;
  auto stmt = db.prepare("INSERT OR REPLACE INTO tributary_trigger_functions (name, source) VALUES (?1, ?2)");
  if (!stmt)
    return fail(stmt.error());
  stmt->bind_text(1, name);
  stmt->bind_text(2, source);
  return stmt->run();
}

result<ok_t, sqlite_error> delete_trigger_function(sqlite_connection& db, const std::string& name) {
  if (auto r = db.exec(create_tables); !r)
    return r;
  auto stmt = db.prepare("DELETE FROM tributary_trigger_functions WHERE name = ?1");
  if (!stmt)
    return fail(stmt.error());
  stmt->bind_text(1, name);
  return stmt->run();
}

result<std::vector<trigger_definition>, sqlite_error> read_triggers(sqlite_connection& db,
                                                                    const std::string& table) {
  std::vector<trigger_definition> out;
  auto exists = catalog_exists(db);
  if (!exists)
    return fail(exists.error());
  if (!*exists)
    return out;
  auto stmt = db.prepare(
      "SELECT table_name, name, function_name, timing, events, update_columns, when_text, enabled "
      "FROM tributary_triggers WHERE (?1 = '' OR table_name = ?1) AND EXISTS (SELECT 1 FROM "
      "sqlite_master m WHERE m.type = 'table' AND m.name = table_name) ORDER BY table_name, name");
  if (!stmt)
    return fail(stmt.error());
  stmt->bind_text(1, table);
  for (;;) {
    auto row = stmt->step();
    if (!row)
      return fail(row.error());
    if (*row == sqlite_statement::step_result::done)
      break;
    trigger_definition t;
    t.table = stmt->column_text(0);
    t.name = stmt->column_text(1);
    t.function = stmt->column_text(2);
    t.before = stmt->column_text(3) == "BEFORE";
    const std::string events = stmt->column_text(4);
    t.on_insert = events.find('I') != std::string::npos;
    t.on_update = events.find('U') != std::string::npos;
    t.on_delete = events.find('D') != std::string::npos;
    t.update_columns = split(stmt->column_text(5));
    t.when = stmt->column_text(6);
    const std::string enabled = stmt->column_text(7);
    t.enabled = enabled.empty() ? 'O' : enabled[0];
    out.push_back(std::move(t));
  }
  return out;
}

result<ok_t, sqlite_error> write_trigger(sqlite_connection& db, const trigger_definition& t) {
  if (auto r = db.exec(create_tables); !r)
    return r;
  auto stmt = db.prepare(
      "INSERT OR REPLACE INTO tributary_triggers (table_name, name, function_name, timing, events, "
      "update_columns, when_text, enabled) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
  if (!stmt)
    return fail(stmt.error());
  stmt->bind_text(1, t.table);
  stmt->bind_text(2, t.name);
  stmt->bind_text(3, t.function);
  stmt->bind_text(4, t.before ? "BEFORE" : "AFTER");
  stmt->bind_text(5, std::string(t.on_insert ? "I" : "") + (t.on_update ? "U" : "") + (t.on_delete ? "D" : ""));
  stmt->bind_text(6, joined(t.update_columns));
  stmt->bind_text(7, t.when);
  stmt->bind_text(8, std::string(1, t.enabled));
  return stmt->run();
}

result<ok_t, sqlite_error> delete_trigger(sqlite_connection& db, const std::string& table,
                                          const std::string& name) {
  if (auto r = db.exec(create_tables); !r)
    return r;
  auto stmt = db.prepare("DELETE FROM tributary_triggers WHERE table_name = ?1 AND name = ?2");
  if (!stmt)
    return fail(stmt.error());
  stmt->bind_text(1, table);
  stmt->bind_text(2, name);
  return stmt->run();
}

result<ok_t, sqlite_error> forget_dropped_triggers(sqlite_connection& db) {
  auto exists = catalog_exists(db);
  if (!exists)
    return fail(exists.error());
  if (!*exists)
    return ok_v;
  return db.exec(
      "DELETE FROM tributary_triggers AS t WHERE NOT EXISTS (SELECT 1 FROM sqlite_master m WHERE m.type = "
      "'trigger' AND substr(m.name, 1, length('tributary_trigger:' || t.table_name || ':' || t.name || ':')) = "
      "'tributary_trigger:' || t.table_name || ':' || t.name || ':')");
}

result<std::vector<std::string>, sqlite_error> installed_sqlite_triggers(sqlite_connection& db,
                                                                         const std::string& table) {
  return query_texts(db,
                     "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?1 "
                     "AND name GLOB 'tributary_trigger:*'",
                     table);
}

}  // namespace tributary
