// workload: tables and transactions of each workload. See workload.hpp.
#include "cli/load/workload.hpp"

namespace tributary::load {
namespace {

std::string num(int64_t v) { return std::to_string(v); }

table_definition heartbeat() {
  const std::string columns = "(id int PRIMARY KEY, beat bigint NOT NULL, sent_at timestamptz, sent_us bigint)";
  return {heartbeat_table, std::string("CREATE TABLE ") + heartbeat_table + " " + columns,
          std::string("CREATE TABLE ") + heartbeat_table + " " + columns, "id",
          {std::string("INSERT INTO ") + heartbeat_table +
           " VALUES (1, 0, clock_timestamp(), (extract(epoch FROM clock_timestamp()) * 1000000)::bigint)"}};
}

const std::string inserts_columns =
    "client int NOT NULL, n int, payload text, amount numeric(12,2), ratio double precision, at timestamptz";

table_definition inserts_table() {
  return {"load_inserts", "CREATE TABLE load_inserts (id bigserial PRIMARY KEY, " + inserts_columns + ")",
          "CREATE TABLE load_inserts (id bigint PRIMARY KEY, " + inserts_columns + ")", "id", {}};
}

std::vector<table_definition> updates_tables(int scale) {
  const std::string accounts = "CREATE TABLE load_accounts (id int PRIMARY KEY, balance bigint NOT NULL, note text, "
                               "touched timestamptz)";
  const std::string events = "CREATE TABLE load_events_full (k int, v int, note text)";
  return {{"load_accounts", accounts, accounts, "id",
           {"INSERT INTO load_accounts SELECT g, 0, 'account ' || g, NULL FROM generate_series(1, " +
            num(10000 * scale) + ") g"}},
          {"load_events_full", events + "; ALTER TABLE load_events_full REPLICA IDENTITY FULL", events, "",
           {"INSERT INTO load_events_full SELECT g % " + num(2500 * scale) + ", 0, 'row ' || (g % " +
            num(2500 * scale) + ") FROM generate_series(1, " + num(5000 * scale) + ") g"}}};
}

std::vector<table_definition> tpcb_tables(int scale) {
  const std::string branches = "CREATE TABLE load_tpcb_branches (bid int PRIMARY KEY, bbalance int, filler char(88))";
  const std::string tellers =
      "CREATE TABLE load_tpcb_tellers (tid int PRIMARY KEY, bid int, tbalance int, filler char(84))";
  const std::string accounts =
      "CREATE TABLE load_tpcb_accounts (aid int PRIMARY KEY, bid int, abalance int, filler char(84))";
  const std::string history =
      "CREATE TABLE load_tpcb_history (tid int, bid int, aid int, delta int, mtime timestamp, filler char(22))";
  return {{"load_tpcb_branches", branches, branches, "bid",
           {"INSERT INTO load_tpcb_branches SELECT g, 0, '' FROM generate_series(1, " + num(scale) + ") g"}},
          {"load_tpcb_tellers", tellers, tellers, "tid",
           {"INSERT INTO load_tpcb_tellers SELECT g, (g - 1) / 10 + 1, 0, '' FROM generate_series(1, " +
            num(10 * scale) + ") g"}},
          {"load_tpcb_accounts", accounts, accounts, "aid",
           {"INSERT INTO load_tpcb_accounts SELECT g, (g - 1) / 100000 + 1, 0, '' FROM generate_series(1, " +
            num(100000 * scale) + ") g"}},
          {"load_tpcb_history", history, history, "", {}}};
}

table_definition big_table() {
  return {"load_big", "CREATE TABLE load_big (id bigserial PRIMARY KEY, batch bigint NOT NULL, payload text)",
          "CREATE TABLE load_big (id bigint PRIMARY KEY, batch bigint NOT NULL, payload text)", "id", {}};
}

}  // namespace

std::vector<table_definition> workload_tables(const workload_settings& settings) {
  std::vector<table_definition> out{heartbeat()};
  auto add = [&out](std::vector<table_definition> more) { out.insert(out.end(), more.begin(), more.end()); };
  const auto kind = settings.kind;
  if (kind == workload_kind::inserts || kind == workload_kind::mixed) out.push_back(inserts_table());
  if (kind == workload_kind::updates || kind == workload_kind::mixed) add(updates_tables(settings.scale));
  if (kind == workload_kind::tpcb || kind == workload_kind::mixed) add(tpcb_tables(settings.scale));
  if (kind == workload_kind::bigtxn || kind == workload_kind::mixed) out.push_back(big_table());
  return out;
}

ddl_step mixed_ddl_step(int n) {
  if (n % 2 == 1) return {"TRUNCATE load_inserts", {}, {"TRUNCATE load_inserts"}};
  const std::string column = "extra_" + num(n / 2 + 1);
  return {"ALTER TABLE load_inserts ADD COLUMN " + column,
          {"ALTER TABLE load_inserts ADD COLUMN " + column + " integer"},
          {"ALTER TABLE load_inserts ADD COLUMN " + column + " integer",
           "UPDATE load_inserts SET " + column + " = n WHERE id % 3 = 0"}};
}

workload_client::workload_client(const workload_settings& settings, int client, uint64_t seed)
    : settings_(settings), client_(client), random_(seed * 1000003ULL + static_cast<uint64_t>(client)) {}

int64_t workload_client::draw(int64_t low, int64_t high) {
  return std::uniform_int_distribution<int64_t>(low, high)(random_);
}

std::vector<std::string> workload_client::next_transaction() {
  ++transactions_;
  workload_kind kind = settings_.kind;
  if (kind == workload_kind::mixed) {
    const int64_t roll = draw(0, 9999);
    kind = roll < 25 ? workload_kind::bigtxn
           : roll < 3500 ? workload_kind::inserts
           : roll < 7000 ? workload_kind::updates
                         : workload_kind::tpcb;
  }
  last_kind_ = kind;
  switch (kind) {
    case workload_kind::inserts: return inserts();
    case workload_kind::updates: return updates();
    case workload_kind::tpcb: return tpcb();
    case workload_kind::bigtxn:
      return bigtxn(settings_.kind == workload_kind::mixed ? 20000 * settings_.scale : 250000 * settings_.scale);
    case workload_kind::mixed: break;
  }
  return {};
}

std::vector<std::string> workload_client::inserts() {
  const int rows = settings_.rows_per_transaction;
  return {"INSERT INTO load_inserts (client, n, payload, amount, ratio, at) SELECT " + num(client_) +
          ", g, CASE WHEN g % 7 = 0 THEN NULL ELSE 'it''s \"quoted\" \u00fc\u2192\U0001F600 ' || md5(g::text || "
          "random()::text) END, round((random() * 1000000)::numeric, 2) - 500000, CASE WHEN g % 5 = 0 THEN NULL "
          "ELSE random() END, clock_timestamp() FROM generate_series(1, " +
          num(rows) + ") g"};
}

std::vector<std::string> workload_client::updates() {
  const int64_t accounts = 10000LL * settings_.scale;
  const int64_t keys = 2500LL * settings_.scale;
  std::vector<std::string> out;
  const int64_t statements = draw(1, 4);
  for (int64_t i = 0; i < statements; ++i) {
    const int64_t roll = draw(0, 99);
    const int64_t id = draw(1, accounts);
    const int64_t k = draw(0, keys - 1);
    if (roll < 55)
      out.push_back("UPDATE load_accounts SET balance = balance + " + num(draw(-1000, 1000)) +
                    ", note = 'client " + num(client_) + " it''s \u00e9t\u00e9', touched = clock_timestamp() WHERE id = " +
                    num(id));
    else if (roll < 65)
      out.push_back("DELETE FROM load_accounts WHERE id = " + num(id));
    else if (roll < 75)
      out.push_back("INSERT INTO load_accounts VALUES (" + num(id) + ", 0, 'reborn', clock_timestamp()) "
                    "ON CONFLICT (id) DO NOTHING");
    else if (roll < 90)
      out.push_back("UPDATE load_events_full SET v = v + 1 WHERE k = " + num(k));
    else if (roll < 95)
      out.push_back("DELETE FROM load_events_full WHERE ctid = (SELECT ctid FROM load_events_full WHERE k = " +
                    num(k) + " LIMIT 1)");
    else
      out.push_back("INSERT INTO load_events_full VALUES (" + num(k) + ", 0, 'row ' || " + num(k) + ")");
  }
  return out;
}

std::vector<std::string> workload_client::tpcb() {
  const int64_t scale = settings_.scale;
  const auto aid = num(draw(1, 100000 * scale));
  const auto bid = num(draw(1, scale));
  const auto tid = num(draw(1, 10 * scale));
  const auto delta = num(draw(-5000, 5000));
  return {"UPDATE load_tpcb_accounts SET abalance = abalance + " + delta + " WHERE aid = " + aid,
          "SELECT abalance FROM load_tpcb_accounts WHERE aid = " + aid,
          "UPDATE load_tpcb_tellers SET tbalance = tbalance + " + delta + " WHERE tid = " + tid,
          "UPDATE load_tpcb_branches SET bbalance = bbalance + " + delta + " WHERE bid = " + bid,
          "INSERT INTO load_tpcb_history (tid, bid, aid, delta, mtime) VALUES (" + tid + ", " + bid + ", " + aid +
              ", " + delta + ", CURRENT_TIMESTAMP)"};
}

std::vector<std::string> workload_client::bigtxn(int64_t rows) {
  const auto batch = num(static_cast<int64_t>(client_) * 1'000'000'000LL + transactions_);
  const auto part = num(rows / 2);
  return {"INSERT INTO load_big (batch, payload) SELECT " + batch + ", 'big ' || g FROM generate_series(1, " + part +
              ") g",
          "SAVEPOINT before_rollback",
          "INSERT INTO load_big (batch, payload) SELECT " + batch + ", 'rolled back ' || g FROM generate_series(1, " +
              num(rows / 4) + ") g",
          "ROLLBACK TO SAVEPOINT before_rollback",
          "SAVEPOINT kept",
          "UPDATE load_big SET payload = payload || ' updated' WHERE batch = " + batch + " AND id % 10 = 0",
          "RELEASE SAVEPOINT kept",
          "INSERT INTO load_big (batch, payload) SELECT " + batch + ", 'more ' || g FROM generate_series(1, " + part +
              ") g",
          "DELETE FROM load_big WHERE batch = " + batch + " AND id % 7 = 0"};
}

}  // namespace tributary::load
