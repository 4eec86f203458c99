// table_verifier: catch-up wait and table comparison. See table_verifier.hpp.
#include "cli/load/table_verifier.hpp"

#include <thread>

#include "cli/load/load_setup.hpp"
#include "cli/load/row_digest.hpp"

namespace tributary::load {
namespace {

std::string select_columns(const std::vector<std::string>& columns, const std::string& table) {
  std::string out = "SELECT ";
  for (size_t i = 0; i < columns.size(); ++i) out += (i ? ", " : "") + std::string("\"") + columns[i] + "\"";
  return out + " FROM " + table;
}

result<std::vector<std::string>, std::string> published_columns(pq_session& publisher, const std::string& table) {
  auto rows = publisher.query("SELECT attname FROM pg_attribute WHERE attrelid = " + sql_literal("public." + table) +
                              "::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum");
  if (!rows) return fail(rows.error().message);
  std::vector<std::string> out;
  for (const auto& row : *rows) out.push_back(*row.front());
  return out;
}

table_result compare_one(load_context& c, pq_session& publisher, pq_session& subscriber, const table_definition& t) {
  table_result out;
  out.name = t.name;
  auto columns = published_columns(publisher, t.name);
  if (!columns) {
    out.error = "publisher: " + columns.error();
    return out;
  }
  const auto sql = select_columns(*columns, t.name);
  table_digest on_publisher, on_subscriber;
  auto read_publisher = publisher.for_each_row(sql, [&](const pq_row& row) { on_publisher.add(row); });
  if (!read_publisher) {
    out.error = "publisher: " + read_publisher.error().message;
    return out;
  }
  auto read_subscriber = subscriber.for_each_row(sql, [&](const pq_row& row) { on_subscriber.add(row); });
  if (!read_subscriber) {
    out.error = "subscriber: " + read_subscriber.error().message;
    return out;
  }
  out.publisher_rows = on_publisher.rows;
  out.subscriber_rows = on_subscriber.rows;
  out.publisher_checksum = on_publisher.checksum;
  out.subscriber_checksum = on_subscriber.checksum;
  if (on_publisher == on_subscriber) return out;

  size_t key_index = columns->size();
  for (size_t i = 0; i < columns->size(); ++i)
    if ((*columns)[i] == t.key_column) key_index = i;
  row_multiset rows;
  auto key_of = [key_index](const pq_row& row) {
    if (key_index < row.size()) return row[key_index] ? *row[key_index] : std::string("NULL");
    return canonical_row_text(row);
  };
  (void)publisher.for_each_row(sql, [&](const pq_row& row) { rows.add(row_multiset::side::publisher, key_of(row), row); });
  (void)subscriber.for_each_row(sql,
                                [&](const pq_row& row) { rows.add(row_multiset::side::subscriber, key_of(row), row); });
  const auto difference = rows.compare();
  out.lost = difference.lost;
  out.duplicated = difference.duplicated;
  out.unexpected = difference.unexpected;
  out.first_differing_keys = difference.first_keys;
  c.log("table " + t.name + " differs: " + std::to_string(out.lost) + " lost, " + std::to_string(out.duplicated) +
        " duplicated, " + std::to_string(out.unexpected) + " unexpected");
  return out;
}

}  // namespace

std::optional<uint64_t> parse_lsn_text(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 >= text.size()) return std::nullopt;
  try {
    size_t used_high = 0, used_low = 0;
    const auto high = std::stoull(text.substr(0, slash), &used_high, 16);
    const auto low = std::stoull(text.substr(slash + 1), &used_low, 16);
    if (used_high != slash || used_low != text.size() - slash - 1 || high > 0xffffffffULL || low > 0xffffffffULL)
      return std::nullopt;
    return (high << 32) | low;
  } catch (...) {
    return std::nullopt;
  }
}

result<double, std::string> wait_for_catchup(load_context& c) {
  const auto begin = std::chrono::steady_clock::now();
  const auto deadline = begin + std::chrono::milliseconds(c.plan.catchup_timeout_ms);
  auto left = [&deadline] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  };
  auto publisher = open_with_retry(c.options.publisher, left());
  if (!publisher) return fail("cannot connect to the publisher: " + publisher.error().message);
  auto target_text = publisher->value("SELECT pg_current_wal_lsn()::text");
  if (!target_text) return fail("cannot read pg_current_wal_lsn(): " + target_text.error().message);
  const auto target = parse_lsn_text(*target_text);
  if (!target) return fail("unexpected LSN \"" + *target_text + "\"");
  if (auto r = publisher->exec(heartbeat_update);
      !r)
    return fail("cannot write the final heartbeat: " + r.error().message);
  const std::string applied_sql =
      "SELECT o.remote_lsn FROM pg_replication_origin_status o JOIN pg_subscription s ON o.external_id = 'pg_' || "
      "s.oid WHERE s.subname = " +
      sql_literal(c.options.subscription);
  std::string last_seen = "nothing", last_error;
  for (;;) {
    auto subscriber = open_with_retry(c.options.subscriber, std::max(left(), std::chrono::milliseconds(0)));
    if (subscriber) {
      for (;;) {
        auto applied = subscriber->value(applied_sql);
        if (!applied) {
          last_error = applied.error().message;
          break;
        }
        last_seen = *applied;
        auto position = parse_lsn_text(*applied);
        if (position && *position >= *target)
          return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        if (left().count() <= 0) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    } else {
      last_error = subscriber.error().message;
    }
    if (left().count() <= 0)
      return fail("applied position " + last_seen + " did not reach the publisher's " + *target_text + " within " +
                  std::to_string(c.plan.catchup_timeout_ms / 1000) + " s" +
                  (last_error.empty() ? "" : " (last error: " + last_error + ")"));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

std::vector<table_result> compare_tables(load_context& c) {
  std::vector<table_result> out;
  auto publisher = open_with_retry(c.options.publisher, std::chrono::seconds(30));
  auto subscriber = open_with_retry(c.options.subscriber, std::chrono::seconds(30));
  for (const auto& t : c.tables) {
    if (!publisher || !subscriber) {
      table_result failed;
      failed.name = t.name;
      failed.error = !publisher ? "publisher: " + publisher.error().message : "subscriber: " + subscriber.error().message;
      out.push_back(failed);
      continue;
    }
    out.push_back(compare_one(c, *publisher, *subscriber, t));
  }
  return out;
}

}  // namespace tributary::load
