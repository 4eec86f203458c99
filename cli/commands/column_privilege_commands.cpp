// column_privilege_commands: see the header.
#include "cli/commands/column_privilege_commands.hpp"

#include <algorithm>

#include "storage/column_acl_catalog.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

// PostgreSQL's ACL_ALL_RIGHTS_COLUMN.
constexpr uint32_t column_privileges = privilege_select | privilege_insert | privilege_update | privilege_references;

pg_error storage_error(const sqlite_error& e) {
  return make_pg_error("XX000", "could not update the column privileges: " + e.message);
}

// The table's columns, as SQLite has them.
result<std::vector<std::string>, pg_error> table_columns(sqlite_connection& db, const std::string& table) {
  auto rows = query_rows(db, "SELECT name FROM pragma_table_info(?1)", table);
  if (!rows)
    return fail(storage_error(rows.error()));
  std::vector<std::string> out;
  for (const auto& row : *rows)
    out.push_back(row.at(0));
  return out;
}

const table_acl* column_acl_in(const table_access& access, const std::string& table, const std::string& column) {
  auto t = access.columns.find(table);
  if (t == access.columns.end())
    return nullptr;
  auto c = t->second.find(column);
  return c == t->second.end() ? nullptr : &c->second;
}

}  // namespace

result<split_privileges, pg_error> split_column_privileges(nlohmann::json& fields) {
  split_privileges out;
  auto all = fields.value("privileges", nlohmann::json::array());
  if (all.empty())
    return out;  // ALL on the table
  nlohmann::json table_level = nlohmann::json::array();
  for (const auto& p : all) {
    const auto& access_priv = p.value("AccessPriv", nlohmann::json::object());
    const auto cols = access_priv.value("cols", nlohmann::json::array());
    if (cols.empty()) {
      table_level.push_back(p);
      continue;
    }
    const std::string name = access_priv.value("priv_name", std::string());
    uint32_t bits = column_privileges;  // ALL (c)
    if (!name.empty()) {
      auto bit = table_privilege_named(name);
      if (!bit || (*bit & column_privileges) == 0) {
        std::string upper = name;
        std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
        return fail(make_pg_error("0LP01", "invalid privilege type " + upper + " for column"));
      }
      bits = *bit;
    }
    column_privilege privilege{bits, {}};
    for (const auto& c : cols)
      privilege.columns.push_back(c.value("String", nlohmann::json::object()).value("sval", std::string()));
    out.columns.push_back(std::move(privilege));
  }
  out.table_level = !table_level.empty();
  fields["privileges"] = table_level;
  return out;
}

result<ok_t, pg_error> grant_on_columns(const std::vector<column_privilege>& privileges,
                                        const std::vector<std::string>& tables, const grant_request& request,
                                        const table_access& access, command_context& context) {
  sqlite_connection& db = context.database();
  for (const std::string& table : tables) {
    const relation_acl_row& row = access.tables.at(table);
    auto existing = table_columns(db, table);
    if (!existing)
      return fail(existing.error());
    // PostgreSQL merges the privileges per column first, then grants column by column.
    std::vector<std::pair<std::string, uint32_t>> wanted;
    for (const auto& privilege : privileges)
      for (const auto& column : privilege.columns) {
        auto found = std::find_if(existing->begin(), existing->end(),
                                  [&](const std::string& c) { return c == column; });
        if (found == existing->end())
          return fail(make_pg_error("42703", "column \"" + column + "\" of relation \"" +
                                                 table_display_name(table) + "\" does not exist"));
        auto same = std::find_if(wanted.begin(), wanted.end(), [&](const auto& w) { return w.first == *found; });
        if (same == wanted.end())
          wanted.emplace_back(*found, privilege.privileges);
        else
          same->second |= privilege.privileges;
      }
    // In the table's column order, as PostgreSQL goes by attribute number.
    std::stable_sort(wanted.begin(), wanted.end(), [&](const auto& a, const auto& b) {
      return std::find(existing->begin(), existing->end(), a.first) <
             std::find(existing->begin(), existing->end(), b.first);
    });
    for (const auto& [column, bits] : wanted) {
      const table_acl* current = column_acl_in(access, table, column);
      acl_target target{acl_object::table, table_display_name(table), row.owner,
                        current ? *current : table_acl{}, column,
                        row.acl.value_or(default_table_acl(row.owner))};
      grant_request one = request;
      one.privileges = bits;
      one.all_privileges = false;
      auto acl = apply_grant(target, one, access.roles, access.user, context);
      if (!acl)
        return fail(acl.error());
      if (auto r = store_column_acl(db, column_acl_row{table, column, std::move(*acl)}); !r)
        return fail(storage_error(r.error()));
    }
  }
  return ok_v;
}

result<ok_t, pg_error> revoke_from_all_columns(const std::string& table, const grant_request& request,
                                               const table_access& access, command_context& context) {
  const uint32_t bits = request.privileges & column_privileges;
  auto t = access.columns.find(table);
  if (bits == 0 || t == access.columns.end())
    return ok_v;
  const relation_acl_row& row = access.tables.at(table);
  // The table's grantor: its owner for a superuser or a member of the owner.
  const int64_t grantor = context.is_superuser() || access.roles.count(row.owner) != 0 ? row.owner : access.user;
  for (const auto& [column, current] : t->second) {
    table_acl acl = current;
    for (int64_t grantee : request.grantees)
      if (!revoke_cascading(acl, grantee, grantor, bits, request.grant_option, row.owner, request.cascade))
        return fail(make_pg_error("2BP01", "dependent privileges exist", {}, "Use CASCADE to revoke them too."));
    if (acl != current)
      if (auto r = store_column_acl(context.database(), column_acl_row{table, column, std::move(acl)}); !r)
        return fail(storage_error(r.error()));
  }
  return ok_v;
}

}  // namespace tributary
