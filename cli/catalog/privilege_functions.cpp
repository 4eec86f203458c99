// privilege_functions: has_table_privilege(), as PostgreSQL's acl.c answers it.
//
//   has_table_privilege(table, privileges)         for the current user
//   has_table_privilege(role, table, privileges)   role: a name or an OID
// table: a regclass OID or its name ('t', 'sales.t', '"T"'); privileges: a
// comma-separated list ("SELECT, INSERT", any case, each optionally WITH GRANT
// OPTION): true when the role holds any of them. A superuser holds everything.
// Errors as PostgreSQL's: 42P01 no such relation, 42704 no such role, 22023
// an unknown privilege name. The system catalogs are answered true (PostgreSQL
// grants SELECT on them to PUBLIC), an OID that names nothing NULL.
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <variant>

#include "cli/catalog/catalog_reader.hpp"
#include "stages/auth/role_graph.hpp"
#include "storage/sql_functions.hpp"

namespace tributary {
namespace {

constexpr int64_t first_user_oid = 16384;  // PostgreSQL's FirstNormalObjectId

const catalog_reader& reader_of(sqlite3_context* context) {
  return *static_cast<const catalog_reader*>(sqlite3_user_data(context));
}

std::string text_of(sqlite3_value* value) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(value));
  return p ? std::string(p, static_cast<size_t>(sqlite3_value_bytes(value))) : std::string();
}

void report_error(sqlite3_context* context, const std::string& sqlstate, const std::string& message) {
  sqlite3_result_error(context, message.c_str(), -1);
  keep_sql_function_error(sqlite3_context_db_handle(context), make_pg_error(sqlstate, message));
}

std::string trimmed_lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  const size_t first = text.find_first_not_of(" \t\n");
  const size_t last = text.find_last_not_of(" \t\n");
  return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

struct wanted_privileges {
  uint32_t privileges = 0;
  uint32_t grant_options = 0;
};

// "select, insert WITH GRANT OPTION" -> bits; nullopt names the bad item.
std::variant<wanted_privileges, std::string> parse_privileges(const std::string& list) {
  wanted_privileges wanted;
  size_t start = 0;
  for (;;) {
    const size_t comma = list.find(',', start);
    std::string item = trimmed_lower(list.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    bool with_grant = false;
    const std::string suffix = " with grant option";
    if (item.size() > suffix.size() && item.compare(item.size() - suffix.size(), suffix.size(), suffix) == 0) {
      with_grant = true;
      item = trimmed_lower(item.substr(0, item.size() - suffix.size()));
    }
    auto bit = table_privilege_named(item);
    if (!bit) {  // named as written, without the spaces around it
      std::string chunk = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      const size_t first = chunk.find_first_not_of(" \t\n");
      const size_t last = chunk.find_last_not_of(" \t\n");
      return first == std::string::npos ? std::string() : chunk.substr(first, last - first + 1);
    }
    (with_grant ? wanted.grant_options : wanted.privileges) |= *bit;
    if (comma == std::string::npos)
      return wanted;
    start = comma + 1;
  }
}

const catalog_relation* find_table(const catalog_model& model, sqlite3_value* argument) {
  if (sqlite3_value_type(argument) == SQLITE_INTEGER)
    return model.relation(sqlite3_value_int64(argument));
  const auto [schema, name] = split_relation_name(text_of(argument));
  return model.relation(schema.empty() ? "public" : schema, name);
}

const role_record* find_role(const std::vector<role_record>& roles, sqlite3_value* argument) {
  const bool by_oid = sqlite3_value_type(argument) == SQLITE_INTEGER;
  const std::string name = by_oid ? std::string() : text_of(argument);
  for (const auto& r : roles)
    if (by_oid ? r.oid == sqlite3_value_int64(argument) : r.name == name)
      return &r;
  return nullptr;
}

void has_table_privilege_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  const catalog_reader& reader = reader_of(context);
  const auto roles = reader.roles();
  const role_record* role = nullptr;
  if (argc == 3) {
    role = find_role(roles, argv[0]);
    if (role == nullptr)
      return report_error(context, "42704", "role \"" + text_of(argv[0]) + "\" does not exist");
  } else {
    const std::string current = reader.sources.current_user ? reader.sources.current_user() : std::string();
    for (const auto& r : roles)
      if (r.name == current)
        role = &r;
    if (role == nullptr)
      return report_error(context, "42704", "role \"" + current + "\" does not exist");
  }
  const catalog_model model = reader.model();
  const catalog_relation* table = find_table(model, argv[argc - 2]);
  if (table == nullptr) {
    // The system catalogs (OIDs below 16384, pg_catalog's names): PUBLIC may read them.
    if (sqlite3_value_type(argv[argc - 2]) == SQLITE_INTEGER)
      return sqlite3_value_int64(argv[argc - 2]) < first_user_oid ? sqlite3_result_int(context, 1)
                                                                  : sqlite3_result_null(context);
    const auto [schema, name] = split_relation_name(text_of(argv[argc - 2]));
    if (schema == "pg_catalog" || schema == "information_schema" || (schema.empty() && name.rfind("pg_", 0) == 0))
      return sqlite3_result_int(context, 1);
    return report_error(context, "42P01", "relation \"" + text_of(argv[argc - 2]) + "\" does not exist");
  }
  auto wanted = parse_privileges(text_of(argv[argc - 1]));
  if (auto* bad = std::get_if<std::string>(&wanted))
    return report_error(context, "22023", "unrecognized privilege type: \"" + *bad + "\"");
  const auto& bits = std::get<wanted_privileges>(wanted);
  if (role->superuser)
    return sqlite3_result_int(context, 1);
  const auto grants = reader.memberships();
  std::set<int64_t> held_by;
  for (int64_t oid : roles_with_privileges_of(grants, role->oid, [&](int64_t member) {
         for (const auto& r : roles)
           if (r.oid == member)
             return r.inherit;
         return true;
       }))
    held_by.insert(oid);
  const int64_t owner = reader.owner().of(*table);
  bool answer = false;
  for (uint32_t bit = 1; bit <= all_table_privileges; bit <<= 1) {
    if ((bits.privileges & bit) != 0 && holds(table->acl, owner, held_by, bit))
      answer = true;
    if ((bits.grant_options & bit) != 0 && (grant_options_held(table->acl, owner, held_by) & bit) != 0)
      answer = true;
  }
  sqlite3_result_int(context, answer ? 1 : 0);
}

}  // namespace

result<ok_t, sqlite_error> install_privilege_functions(sqlite_connection& db, const catalog_reader_ptr& reader) {
  void* data = const_cast<catalog_reader*>(reader.get());
  for (int arguments : {2, 3})
    if (int rc = sqlite3_create_function_v2(db.handle(), "has_table_privilege", arguments, SQLITE_UTF8, data,
                                            has_table_privilege_function, nullptr, nullptr, nullptr);
        rc != SQLITE_OK)
      return fail(sqlite_error{rc, sqlite3_errmsg(db.handle())});
  return ok_v;
}

}  // namespace tributary
