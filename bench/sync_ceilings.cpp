// sync_ceilings: COPY-discard and SQLite-insert ceilings. See sync_ceilings.hpp.
#include "bench/sync_ceilings.hpp"

#include <libpq-fe.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>

#include "integration/pq_handles.hpp"
#include "storage/sqlite_connection.hpp"

namespace tributary::bench {
namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point start) {
  return std::chrono::duration<double>(clock_type::now() - start).count();
}

// Runs COPY table TO STDOUT and hands each CopyData row to `on_row`; rows counted.
template <typename OnRow>
result<int64_t, std::string> copy_out(PGconn* connection, const std::string& table, OnRow&& on_row) {
  auto started = integration::exec(connection, "COPY " + table + " TO STDOUT");
  if (PQresultStatus(started.get()) != PGRES_COPY_OUT)
    return fail("COPY " + table + ": " + std::string(PQresultErrorMessage(started.get())));
  int64_t rows = 0;
  char* buffer = nullptr;
  int length = 0;
  while ((length = PQgetCopyData(connection, &buffer, 0)) > 0) {
    on_row(buffer, static_cast<size_t>(length));
    PQfreemem(buffer);
    ++rows;
  }
  std::optional<std::string> error;
  if (length == -2) error = "COPY " + table + ": " + PQerrorMessage(connection);
  while (PGresult* tail = PQgetResult(connection)) {
    if (PQresultStatus(tail) != PGRES_COMMAND_OK && !error)
      error = "COPY " + table + ": " + std::string(PQresultErrorMessage(tail));
    PQclear(tail);
  }
  if (error) return fail(*error);
  return rows;
}

// One COPY text row split at tabs; "\N" is NULL. The benchmark's data has no
// escaped characters, so fields are taken as they are.
std::vector<std::optional<std::string>> split_row(const char* data, size_t length) {
  std::vector<std::optional<std::string>> fields;
  if (length > 0 && data[length - 1] == '\n') --length;
  size_t begin = 0;
  for (size_t i = 0; i <= length; ++i) {
    if (i == length || data[i] == '\t') {
      std::string field(data + begin, i - begin);
      if (field == "\\N")
        fields.emplace_back(std::nullopt);
      else
        fields.emplace_back(std::move(field));
      begin = i + 1;
    }
  }
  return fields;
}

std::string with_table(const std::string& ddl, const std::string& table) {
  auto at = ddl.find("%s");
  return at == std::string::npos ? ddl : ddl.substr(0, at) + table + ddl.substr(at + 2);
}

}  // namespace

ceiling_result measure_copy_ceiling(const std::string& conninfo, const std::vector<std::string>& tables,
                                    int clients) {
  std::vector<integration::pg_connection> connections;
  for (int i = 0; i < clients; ++i) {
    connections.push_back(integration::connect_with(conninfo));
    if (PQstatus(connections.back().get()) != CONNECTION_OK)
      return fail("copy ceiling: cannot connect: " + std::string(PQerrorMessage(connections.back().get())));
  }
  std::atomic<size_t> next_table{0};
  std::atomic<int64_t> rows{0};
  std::mutex error_mutex;
  std::string first_error;
  auto start = clock_type::now();
  std::vector<std::thread> workers;
  for (auto& connection : connections) {
    workers.emplace_back([&, conn = connection.get()] {
      for (size_t i = next_table++; i < tables.size(); i = next_table++) {
        auto copied = copy_out(conn, tables[i], [](const char*, size_t) {});
        if (!copied) {
          std::lock_guard lock(error_mutex);
          if (first_error.empty()) first_error = copied.error();
          return;
        }
        rows += *copied;
      }
    });
  }
  for (auto& worker : workers) worker.join();
  double seconds = seconds_since(start);
  if (!first_error.empty()) return fail("copy ceiling: " + first_error);
  return ceiling_figures{rows.load(), seconds};
}

ceiling_result measure_sqlite_ceiling(const std::string& conninfo, const std::vector<std::string>& tables,
                                      const std::string& local_table_ddl, const std::string& sqlite_path) {
  auto source = integration::connect_with(conninfo);
  if (PQstatus(source.get()) != CONNECTION_OK)
    return fail("sqlite ceiling: cannot connect: " + std::string(PQerrorMessage(source.get())));
  auto cleanup = [&sqlite_path] {
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(sqlite_path + suffix, ignored);
  };
  cleanup();
  ceiling_figures figures;
  {
    auto db = sqlite_connection::open(sqlite_path);
    if (!db) return fail("sqlite ceiling: open " + sqlite_path + ": " + db.error().message);
    for (const auto& table : tables) {
      std::vector<std::vector<std::optional<std::string>>> rows;
      auto loaded = copy_out(source.get(), table, [&rows](const char* data, size_t length) {
        rows.push_back(split_row(data, length));
      });
      if (!loaded) return fail("sqlite ceiling: loading rows: " + loaded.error());
      if (auto created = db->exec(with_table(local_table_ddl, table)); !created)
        return fail("sqlite ceiling: " + table + ": " + created.error().message);

      auto start = clock_type::now();
      if (auto begun = db->exec("BEGIN"); !begun) return fail("sqlite ceiling: BEGIN: " + begun.error().message);
      size_t columns = rows.empty() ? 0 : rows.front().size();
      std::string insert = "INSERT INTO " + table + " VALUES (";
      for (size_t c = 0; c < columns; ++c) insert += c == 0 ? "?" : ", ?";
      insert += ")";
      auto statement = db->prepare(insert);
      if (!statement) return fail("sqlite ceiling: " + insert + ": " + statement.error().message);
      for (const auto& row : rows) {
        for (size_t c = 0; c < row.size(); ++c) {
          int index = static_cast<int>(c) + 1;
          if (!row[c])
            statement->bind_null(index);
          else if (c < 2)
            statement->bind_int(index, std::stoll(*row[c]));
          else
            statement->bind_text(index, *row[c]);
        }
        if (auto stepped = statement->step(); !stepped)
          return fail("sqlite ceiling: insert into " + table + ": " + stepped.error().message);
        statement->reset();
      }
      if (auto committed = db->exec("COMMIT"); !committed)
        return fail("sqlite ceiling: COMMIT: " + committed.error().message);
      figures.seconds += seconds_since(start);
      figures.rows += static_cast<int64_t>(rows.size());
    }
  }
  cleanup();
  return figures;
}

}  // namespace tributary::bench
