#include "cli/catalog/global_rows.hpp"

#include "cli/catalog/catalog_model.hpp"
#include "stages/auth/role_options.hpp"
#include "stages/auth/table_acl.hpp"
#include "stages/core/pg_text_array.hpp"

namespace tributary {

namespace {

const sql_value null_value = sql_null{};
sql_value boolean(bool b) { return int64_t{b ? 1 : 0}; }

constexpr int64_t pg_default_tablespace = 1663;
constexpr int64_t utf8_encoding = 6;

// rolvaliduntil: the kept text's instant, NULL for "for ever".
sql_value valid_until(const role_record& r) {
  if (!r.valid_until)
    return null_value;
  auto instant = valid_until_instant(*r.valid_until);
  return instant ? sql_value{*instant} : null_value;
}

}  // namespace

int64_t role_oid(const std::vector<role_record>& roles, const std::string& name) {
  for (const auto& r : roles)
    if (r.name == name)
      return r.oid;
  return 10;
}

std::vector<snapshot_row> pg_database_rows(const std::vector<database_info>& databases,
                                           const std::vector<role_record>& roles) {
  std::vector<snapshot_row> out;
  const auto role_name = [&](int64_t oid) {
    for (const auto& r : roles)
      if (r.oid == oid)
        return r.name;
    return std::to_string(oid);
  };
  for (const auto& d : databases) {
    auto acl = d.acl ? parse_stored_acl(*d.acl) : std::nullopt;
    out.push_back({d.oid, d.name, d.owner_oid, utf8_encoding, std::string("c"), boolean(false),
                   boolean(d.allow_connections), d.connection_limit, int64_t{0}, int64_t{0}, pg_default_tablespace, std::string("C"),
                   std::string("C"), null_value, null_value,
                   acl ? sql_value{shown_acl_text(*acl, role_name)} : null_value});
  }
  // template1 and template0 (cli/commands/database_templates.hpp): no file to connect to.
  const std::string superuser = role_name(10);
  const std::string template_acl = "{=c/" + superuser + "," + superuser + "=CTc/" + superuser + "}";
  for (const auto& [oid, name] : {std::pair<int64_t, const char*>{1, "template1"}, {4, "template0"}})
    out.push_back({oid, std::string(name), int64_t{10}, utf8_encoding, std::string("c"), boolean(true),
                   boolean(false), int64_t{-1}, int64_t{0}, int64_t{0}, pg_default_tablespace, std::string("C"),
                   std::string("C"), null_value, null_value, template_acl});
  return out;
}

std::vector<snapshot_row> pg_roles_rows(const std::vector<role_record>& roles) {
  std::vector<snapshot_row> out;
  for (const auto& r : roles)
    out.push_back({r.name, boolean(r.superuser), boolean(r.inherit), boolean(r.create_role), boolean(r.create_db),
                   boolean(r.can_login), boolean(r.replication), r.connection_limit, std::string("********"),
                   valid_until(r), boolean(r.bypass_rls), null_value, r.oid});
  // PostgreSQL 15's predefined role that owns the public schema (pg_namespace.nspowner).
  out.push_back({std::string("pg_database_owner"), boolean(false), boolean(true), boolean(false), boolean(false),
                 boolean(false), boolean(false), int64_t{-1}, std::string("********"), null_value, boolean(false),
                 null_value, database_owner_role_oid});
  return out;
}

std::vector<snapshot_row> pg_authid_rows(const std::vector<role_record>& roles) {
  std::vector<snapshot_row> out;
  for (const auto& r : roles)
    out.push_back({r.oid, r.name, boolean(r.superuser), boolean(r.inherit), boolean(r.create_role),
                   boolean(r.create_db), boolean(r.can_login), boolean(r.replication), boolean(r.bypass_rls),
                   r.connection_limit, r.password ? sql_value{*r.password} : null_value, valid_until(r)});
  out.push_back({database_owner_role_oid, std::string("pg_database_owner"), boolean(false), boolean(true),
                 boolean(false), boolean(false), boolean(false), boolean(false), boolean(false), int64_t{-1},
                 null_value, null_value});
  return out;
}

std::vector<snapshot_row> pg_user_rows(const std::vector<role_record>& roles) {
  std::vector<snapshot_row> out;
  for (const auto& r : roles)
    if (r.can_login)
      out.push_back({r.name, r.oid, boolean(r.create_db), boolean(r.superuser), boolean(r.replication),
                     boolean(r.bypass_rls), std::string("********"), valid_until(r), null_value});
  return out;
}

std::vector<snapshot_row> pg_auth_members_rows(const std::vector<role_grant>& grants) {
  std::vector<snapshot_row> out;
  for (const auto& g : grants)
    out.push_back({g.role, g.member, g.grantor, boolean(g.admin_option)});
  return out;
}

std::vector<snapshot_row> pg_db_role_setting_rows(const std::vector<role_setting_row>& settings) {
  std::vector<snapshot_row> out;
  for (const auto& row : settings) {
    std::vector<std::string> config;
    for (const auto& [name, value] : row.config)
      config.push_back(name + "=" + value);
    out.push_back({row.database, row.role, format_text_array(config)});
  }
  return out;
}

std::vector<snapshot_row> pg_tablespace_rows() {
  return {{pg_default_tablespace, std::string("pg_default"), int64_t{10}, null_value, null_value},
          {int64_t{1664}, std::string("pg_global"), int64_t{10}, null_value, null_value}};
}

}  // namespace tributary
