// session_activity: see the header.
#include "cli/server/session_activity.hpp"

#include <sqlite3.h>

#include <algorithm>

#include "stages/auth/role_graph.hpp"
#include "storage/lock_wait.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_membership.hpp"

namespace tributary {

session_activity::session_activity(int32_t pid, std::optional<std::string> client_addr, int client_port) {
  row_.pid = pid;
  row_.client_addr = std::move(client_addr);
  row_.client_port = client_port;
  row_.backend_start = activity_clock::now();
}

void session_activity::connected(int64_t datid, std::string datname, int64_t usesysid, std::string usename,
                                 bool superuser, std::string application_name, const lock_wait* waits) {
  std::lock_guard lock(mutex_);
  row_.datid = datid;
  row_.datname = std::move(datname);
  row_.usesysid = usesysid;
  row_.usename = std::move(usename);
  row_.superuser = superuser;
  row_.application_name = std::move(application_name);
  waits_ = waits;
  change_state("idle", activity_clock::now());
}

void session_activity::change_state(std::string state, activity_clock::time_point now) {
  if (state != row_.state)
    row_.state_change = now;
  row_.state = std::move(state);
}

void session_activity::statement_started(std::string query) {
  std::lock_guard lock(mutex_);
  const auto now = activity_clock::now();
  if (!in_transaction_)
    row_.xact_start = now;
  row_.query_start = now;
  row_.query = std::move(query);
  change_state("active", now);
}

void session_activity::statement_ended(char transaction_status, std::string application_name) {
  std::lock_guard lock(mutex_);
  const auto now = activity_clock::now();
  in_transaction_ = transaction_status != 'I';
  if (!in_transaction_)
    row_.xact_start.reset();
  row_.application_name = std::move(application_name);
  change_state(transaction_status == 'T'   ? "idle in transaction"
               : transaction_status == 'E' ? "idle in transaction (aborted)"
                                           : "idle",
               now);
}

session_activity_row session_activity::snapshot() const {
  std::lock_guard lock(mutex_);
  session_activity_row out = row_;
  out.waiting_for_lock = waits_ != nullptr && row_.state == "active" && waits_->waiting_now();
  return out;
}

void session_activity_registry::add(const session_activity_ptr& activity) {
  std::lock_guard lock(mutex_);
  sessions_[activity->snapshot().pid] = activity;
}

void session_activity_registry::remove(int32_t pid) {
  std::lock_guard lock(mutex_);
  sessions_.erase(pid);
}

std::vector<session_activity_row> session_activity_registry::rows() const {
  std::vector<session_activity_ptr> live;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [pid, activity] : sessions_)
      live.push_back(activity);
  }
  std::vector<session_activity_row> out;
  for (const auto& activity : live) {
    auto row = activity->snapshot();
    if (!row.state.empty())  // still in startup: not shown, as PostgreSQL's before authentication
      out.push_back(std::move(row));
  }
  return out;
}

session_activity_ptr session_activity_registry::find_permitted(int32_t pid, const std::string& by_user,
                                                               bool by_superuser, signal_result& why) const {
  session_activity_ptr found;
  {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(pid);
    if (it != sessions_.end())
      found = it->second;
  }
  if (!found) {
    why = signal_result::no_such_session;
    return nullptr;
  }
  const auto row = found->snapshot();
  // PostgreSQL: only a superuser may signal a superuser's session; otherwise the
  // same role (or pg_signal_backend, which no role here has).
  if ((row.superuser && !by_superuser) || (!by_superuser && row.usename != by_user)) {
    why = signal_result::not_permitted;
    return nullptr;
  }
  why = signal_result::sent;
  return found;
}

session_activity_registry::signal_result session_activity_registry::cancel(int32_t pid, const std::string& by_user,
                                                                           bool by_superuser) const {
  signal_result why;
  if (auto found = find_permitted(pid, by_user, by_superuser, why); found && found->cancel)
    found->cancel();
  return why;
}

session_activity_registry::signal_result session_activity_registry::terminate(int32_t pid,
                                                                              const std::string& by_user,
                                                                              bool by_superuser) const {
  signal_result why;
  if (auto found = find_permitted(pid, by_user, by_superuser, why); found && found->terminate)
    found->terminate();
  return why;
}

namespace {

struct signal_caller {
  session_activity_registry_ptr registry;
  session_privileges_ptr privileges;  // read at each call: SET ROLE changes them
};

template <bool terminate>
void signal_backend_function(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto& caller = *static_cast<const std::shared_ptr<const signal_caller>*>(sqlite3_user_data(ctx));
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  const auto pid = static_cast<int32_t>(sqlite3_value_int64(argv[0]));
  const auto& who = *caller->privileges;
  const auto outcome = terminate ? caller->registry->terminate(pid, who.current_user, who.superuser)
                                 : caller->registry->cancel(pid, who.current_user, who.superuser);
  if (outcome == session_activity_registry::signal_result::not_permitted) {
    const char* message = terminate ? "must be a member of the role whose process is being terminated or member of "
                                      "pg_signal_backend"
                                    : "must be a member of the role whose query is being canceled or member of "
                                      "pg_signal_backend";
    sqlite3_result_error(ctx, message, -1);
    return;
  }
  sqlite3_result_int(ctx, outcome == session_activity_registry::signal_result::sent ? 1 : 0);
}

}  // namespace

void install_backend_signal_functions(sqlite3* db, session_activity_registry_ptr registry,
                                      session_privileges_ptr privileges) {
  auto caller = std::make_shared<const signal_caller>(signal_caller{std::move(registry), std::move(privileges)});
  using holder = std::shared_ptr<const signal_caller>;
  // Each registration holds the caller until SQLite drops the function (the
  // connection closes): xDestroy frees the holder.
  auto install = [&](const char* name, int args, void (*fn)(sqlite3_context*, int, sqlite3_value**)) {
    sqlite3_create_function_v2(db, name, args, SQLITE_UTF8, new holder(caller), fn, nullptr, nullptr,
                               [](void* p) { delete static_cast<holder*>(p); });
  };
  install("pg_cancel_backend", 1, signal_backend_function<false>);
  install("pg_terminate_backend", 1, signal_backend_function<true>);
  install("pg_terminate_backend", 2, signal_backend_function<true>);
}

std::optional<std::vector<int64_t>> roles_seen_in_detail(data_directory& directory, const session_privileges& viewer) {
  if (viewer.superuser)
    return std::nullopt;
  auto roles = role_catalog{directory}.list();
  auto grants = role_membership{directory}.list();
  if (!roles || !grants)
    return std::vector<int64_t>{};
  auto me = std::find_if(roles->begin(), roles->end(),
                         [&](const role_record& r) { return r.name == viewer.current_user; });
  if (me == roles->end())
    return std::vector<int64_t>{};
  const auto inherits = [&](int64_t oid) {
    auto r = std::find_if(roles->begin(), roles->end(), [&](const role_record& x) { return x.oid == oid; });
    return r != roles->end() && r->inherit;
  };
  return roles_with_privileges_of(*grants, me->oid, inherits);
}

}  // namespace tributary
