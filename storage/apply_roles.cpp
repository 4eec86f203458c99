// apply_roles: see the header.
#include "storage/apply_roles.hpp"

#include <sqlite3.h>

#include <algorithm>

#include "storage/role_membership.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/subscription_catalog.hpp"

namespace tributary {
namespace {

// PRAGMA data_version: changes when another connection commits to the file.
result<int64_t, sqlite_error> data_version(sqlite_connection& db) {
  auto q = db.prepare("PRAGMA data_version");
  if (!q)
    return fail(q.error());
  auto row = q->step();
  if (!row)
    return fail(row.error());
  return *row == sqlite_statement::step_result::row ? q->column_int(0) : int64_t{-1};
}

void session_role(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto& roles = *static_cast<const apply_roles*>(sqlite3_user_data(ctx));
  const auto* kind = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const std::string& name =
      kind != nullptr && std::string(kind) == "session" ? roles.session_user() : roles.current_user();
  sqlite3_result_text(ctx, name.data(), static_cast<int>(name.size()), SQLITE_TRANSIENT);
}

}  // namespace

apply_roles::apply_roles(std::shared_ptr<data_directory> directory, int64_t subscription_oid)
    : directory_(std::move(directory)), subscription_oid_(subscription_oid) {}

void apply_roles::install(sqlite3* db) const {
  sqlite3_create_function_v2(db, "pg_session_role", 1, SQLITE_UTF8, const_cast<apply_roles*>(this),
                             session_role, nullptr, nullptr, nullptr);
}

std::string apply_roles::name_of(int64_t oid) const {
  auto r = std::find_if(roles_.begin(), roles_.end(), [&](const role_record& x) { return x.oid == oid; });
  return r == roles_.end() ? std::to_string(oid) : r->name;
}

result<ok_t, pg_error> apply_roles::refresh(sqlite_connection& db) {
  if (!global_) {
    auto opened = sqlite_connection::open(directory_->global_db_file().string());
    if (!opened)
      return fail(pg_error_from_sqlite(opened.error()));
    global_.emplace(std::move(*opened));
  }
  auto global_now = data_version(*global_);
  if (!global_now)
    return fail(pg_error_from_sqlite(global_now.error()));
  auto database_now = data_version(db);
  if (!database_now)
    return fail(pg_error_from_sqlite(database_now.error()));
  if (loaded_ && *global_now == global_version_ && *database_now == database_version_)
    return ok_v;
  if (auto r = reload(db); !r)
    return r;
  global_version_ = *global_now;
  database_version_ = *database_now;
  loaded_ = true;
  return ok_v;
}

result<ok_t, pg_error> apply_roles::reload(sqlite_connection& db) {
  auto roles = role_catalog(*directory_).list();
  if (!roles)
    return fail(roles.error());
  auto grants = role_membership(*directory_).list();
  if (!grants)
    return fail(grants.error());
  auto subscription = find_subscription(db, subscription_oid_);
  if (!subscription)
    return fail(pg_error_from_sqlite(subscription.error()));
  if (!*subscription)
    return fail(make_pg_error("42704", "subscription with OID " + std::to_string(subscription_oid_) +
                                           " does not exist"));
  auto tables = list_relation_acls(db);
  if (!tables)
    return fail(pg_error_from_sqlite(tables.error()));
  roles_ = std::move(*roles);
  facts_.subscription_owner = (*subscription)->owner;
  facts_.run_as_owner = (*subscription)->run_as_owner;
  facts_.grants = std::move(*grants);
  auto find = [this](int64_t oid) {
    return std::find_if(roles_.begin(), roles_.end(), [&](const role_record& x) { return x.oid == oid; });
  };
  facts_.is_superuser = [this, find](int64_t oid) { auto r = find(oid); return r != roles_.end() && r->superuser; };
  facts_.inherits = [this, find](int64_t oid) { auto r = find(oid); return r == roles_.end() || r->inherit; };
  facts_.name_of = [this](int64_t oid) { return name_of(oid); };
  tables_.clear();
  for (auto& row : *tables)
    tables_.emplace(row.relname, std::move(row));
  answers_.clear();
  row_refusals_.clear();
  row_refusal_.reset();
  session_user_ = name_of(facts_.subscription_owner);
  current_user_ = session_user_;
  return ok_v;
}

result<ok_t, pg_error> apply_roles::enter(const std::string& relname, char kind) {
  auto key = std::make_pair(relname, kind);
  auto it = answers_.find(key);
  if (it == answers_.end()) {
    // A table without a row belongs to the bootstrap superuser with acldefault.
    relation_acl_row table{relname, default_relation_owner, std::nullopt};
    if (auto t = tables_.find(relname); t != tables_.end())
      table = t->second;
    auto answer = [&]() -> result<int64_t, pg_error> {
      auto role = apply_role_for(facts_, table.owner);
      if (!role)
        return role;
      if (auto r = check_apply_privileges(facts_, *role, table.owner, table.acl, apply_privileges_needed(kind),
                                          table_display_name(relname));
          !r)
        return fail(r.error());
      return role;
    }();
    std::optional<pg_error> row_refusal;
    if (auto privilege = apply_privilege_for_found_row(kind); privilege && answer)
      if (auto r = check_apply_privileges(facts_, *answer, table.owner, table.acl, {*privilege},
                                          table_display_name(relname));
          !r)
        row_refusal = r.error();
    row_refusals_[key] = std::move(row_refusal);
    it = answers_.emplace(std::move(key), std::move(answer)).first;
  }
  if (!it->second)
    return fail(it->second.error());
  current_user_ = name_of(*it->second);
  row_refusal_ = row_refusals_[it->first];
  return ok_v;
}

result<ok_t, pg_error> apply_roles::row_found() const {
  if (row_refusal_)
    return fail(*row_refusal_);
  return ok_v;
}

}  // namespace tributary
