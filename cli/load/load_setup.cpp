// load_setup: checks, creation and removal of the harness's objects. See load_setup.hpp.
#include "cli/load/load_setup.hpp"

#include <thread>

namespace tributary::load {
namespace {

std::string table_list(const load_context& c) {
  std::string out;
  for (const auto& t : c.tables) out += (out.empty() ? "" : ", ") + t.name;
  return out;
}

result<ok_t, std::string> run_all(pq_session& session, const std::string& side, const std::string& statements) {
  // One statement at a time: Tributary and PostgreSQL both take that.
  size_t start = 0;
  while (start < statements.size()) {
    size_t end = statements.find("; ", start);
    if (end == std::string::npos) end = statements.size();
    const auto statement = statements.substr(start, end - start);
    if (auto r = session.exec(statement); !r)
      return fail(side + " refused `" + statement + "`: " + r.error().message);
    start = end + 2;
  }
  return ok_v;
}

result<ok_t, std::string> check_publisher(load_context& c, pq_session& publisher) {
  auto wal_level = publisher.value("SHOW wal_level");
  if (!wal_level) return fail("cannot read the publisher's wal_level: " + wal_level.error().message);
  if (*wal_level != "logical")
    return fail("the publisher's wal_level is \"" + *wal_level +
                "\", logical replication needs wal_level = logical (set it in postgresql.conf and restart)");
  auto user = publisher.value("SELECT current_user");
  auto can = publisher.value("SELECT (rolreplication OR rolsuper)::text FROM pg_roles WHERE rolname = current_user");
  if (!can) return fail("cannot read the publisher user's attributes: " + can.error().message);
  if (*can != "true")
    return fail("the publisher's user \"" + (user ? *user : std::string("?")) +
                "\" has no REPLICATION attribute (ALTER ROLE ... REPLICATION), which the subscription needs");
  const auto pub = sql_literal(c.options.publication);
  auto publications = publisher.value("SELECT count(*) FROM pg_publication WHERE pubname = " + pub);
  if (!publications) return fail("cannot read pg_publication: " + publications.error().message);
  if (c.options.no_setup && *publications == "0")
    return fail("--no-setup: the publisher has no publication \"" + c.options.publication + "\"");
  if (!c.options.no_setup && *publications != "0")
    return fail("the publisher already has a publication \"" + c.options.publication +
                "\" (left by a run with --keep?): drop it, use --publication NAME, or run with --no-setup");
  for (const auto& t : c.tables) {
    auto exists = publisher.value("SELECT count(*) FROM pg_class WHERE relname = " + sql_literal(t.name) +
                                  " AND relnamespace = 'public'::regnamespace");
    if (!exists) return fail("cannot read pg_class: " + exists.error().message);
    if (c.options.no_setup && *exists == "0")
      return fail("--no-setup: the publisher has no table " + t.name + " (the workload needs " + table_list(c) + ")");
    if (!c.options.no_setup && *exists != "0")
      return fail("the publisher already has a table " + t.name + ": drop it, or run with --no-setup");
  }
  return ok_v;
}

result<ok_t, std::string> check_subscriber(load_context& c, pq_session& subscriber) {
  auto found = subscriber.query("SELECT subslotname FROM pg_subscription WHERE subname = " +
                                sql_literal(c.options.subscription));
  if (!found) return fail("cannot read the subscriber's pg_subscription: " + found.error().message);
  if (c.options.no_setup) {
    if (found->empty())
      return fail("--no-setup: the subscriber has no subscription \"" + c.options.subscription + "\"");
    const auto& slot = found->front().front();
    c.slot_name = slot ? *slot : c.options.subscription;
  } else {
    if (!found->empty())
      return fail("the subscriber already has a subscription \"" + c.options.subscription +
                  "\": drop it, use --subscription NAME, or run with --no-setup");
    c.slot_name = c.options.subscription;
  }
  for (const auto& t : c.tables) {
    auto rows = subscriber.query("SELECT 1 FROM " + t.name + " LIMIT 1");
    if (c.options.no_setup && !rows)
      return fail("--no-setup: the subscriber has no table " + t.name + ": " + rows.error().message);
    if (!c.options.no_setup && rows)
      return fail("the subscriber already has a table " + t.name + ": drop it, or run with --no-setup");
  }
  return ok_v;
}

}  // namespace

result<pq_session, pq_failure> open_with_retry(const std::string& conninfo, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto session = pq_session::open(conninfo);
    if (session || std::chrono::steady_clock::now() >= deadline) return session;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

result<ok_t, std::string> preflight(load_context& c) {
  auto publisher = pq_session::open(c.options.publisher);
  if (!publisher) return fail("cannot connect to the publisher: " + publisher.error().message);
  auto subscriber = open_with_retry(c.options.subscriber,
                                    std::chrono::milliseconds(c.server.configured() && !c.options.serve_dir.empty()
                                                                  ? 30'000
                                                                  : 0));
  if (!subscriber) return fail("cannot connect to the subscriber: " + subscriber.error().message);
  if (auto r = check_publisher(c, *publisher); !r) return r;
  return check_subscriber(c, *subscriber);
}

result<ok_t, std::string> setup(load_context& c) {
  if (c.options.no_setup) return ok_v;
  auto publisher = pq_session::open(c.options.publisher);
  if (!publisher) return fail("cannot connect to the publisher: " + publisher.error().message);
  auto subscriber = pq_session::open(c.options.subscriber);
  if (!subscriber) return fail("cannot connect to the subscriber: " + subscriber.error().message);
  for (const auto& t : c.tables) {
    if (auto r = run_all(*publisher, "the publisher", t.publisher_ddl); !r) return r;
    for (const auto& fill : t.fill_publisher)
      if (auto r = run_all(*publisher, "the publisher", fill); !r) return r;
    if (auto r = run_all(*subscriber, "the subscriber", t.subscriber_ddl); !r) return r;
  }
  if (auto r = run_all(*publisher, "the publisher",
                       "CREATE PUBLICATION " + c.options.publication + " FOR TABLE " + table_list(c));
      !r)
    return r;
  c.log("created " + std::to_string(c.tables.size()) + " tables on both sides and publication " +
        c.options.publication);
  auto created = subscriber->exec("CREATE SUBSCRIPTION " + c.options.subscription + " CONNECTION " +
                                  sql_literal(c.subscription_conninfo) + " PUBLICATION " + c.options.publication);
  if (!created) return fail("the subscriber refused CREATE SUBSCRIPTION: " + created.error().message);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(c.plan.catchup_timeout_ms);
  const std::string pending =
      "SELECT count(*) FROM pg_subscription_rel r JOIN pg_subscription s ON s.oid = r.srsubid WHERE s.subname = " +
      sql_literal(c.options.subscription) + " AND r.srsubstate <> 'r'";
  for (;;) {
    auto left = subscriber->value(pending);
    if (!left) return fail("cannot read pg_subscription_rel: " + left.error().message);
    if (*left == "0") break;
    if (std::chrono::steady_clock::now() > deadline)
      return fail("the initial copy did not finish within --catchup-timeout (" + *left + " tables left)");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  c.log("subscription " + c.options.subscription + " created, initial copy done");
  return ok_v;
}

void teardown(load_context& c) {
  if (c.options.no_setup) return;
  if (c.options.keep) {
    if (c.relay) {
      // The relay ends with the harness: point the kept subscription at the publisher.
      if (auto subscriber = pq_session::open(c.options.subscriber))
        (void)subscriber->exec("ALTER SUBSCRIPTION " + c.options.subscription + " CONNECTION " +
                               sql_literal(c.options.publisher));
    }
    c.log("--keep: tables, publication " + c.options.publication + " and subscription " + c.options.subscription +
          " left in place");
    return;
  }
  auto subscriber = open_with_retry(c.options.subscriber, std::chrono::seconds(30));
  if (subscriber) {
    if (auto r = subscriber->exec("DROP SUBSCRIPTION IF EXISTS " + c.options.subscription); !r)
      c.log("could not drop the subscription: " + r.error().message);
    for (const auto& t : c.tables) (void)subscriber->exec("DROP TABLE IF EXISTS " + t.name);
  } else {
    c.log("could not connect to the subscriber to drop what the run created: " + subscriber.error().message);
  }
  auto publisher = open_with_retry(c.options.publisher, std::chrono::seconds(30));
  if (publisher) {
    (void)publisher->exec("DROP PUBLICATION IF EXISTS " + c.options.publication);
    for (const auto& t : c.tables) (void)publisher->exec("DROP TABLE IF EXISTS " + t.name);
    // A slot the subscriber could not drop (it was unreachable) is dropped here.
    (void)publisher->exec("SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = " +
                          sql_literal(c.slot_name) + " AND NOT active");
  }
}

}  // namespace tributary::load
