// privilege_functions: has_table_privilege(), has_column_privilege(),
// has_database_privilege() and has_schema_privilege(), as PostgreSQL's acl.c
// answers them.
//
//   has_sequence_privilege([role,] sequence, privileges)  USAGE, SELECT, UPDATE
//     (42809 for a relation that is not a sequence)
//   has_column_privilege([role,] table, column, privileges)  column: a name
//     (42703 when missing) or a number (NULL when none); the table's
//     privilege or the column's own (GRANT SELECT (c) ON t)
//   has_table_privilege(table, privileges)         for the current user
//   has_table_privilege(role, table, privileges)   role: a name or an OID
//   has_database_privilege([role,] database, privileges)  database: name or OID
//     (3D000 for a missing name); CREATE, CONNECT, TEMPORARY / TEMP
//   has_schema_privilege([role,] schema, privileges)      (3F000); USAGE, CREATE
//     in the session's database: its owner's members have pg_database_owner's
//     privileges (public's owner in PostgreSQL 15)
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
#include "storage/table_access.hpp"

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
std::variant<wanted_privileges, std::string> parse_privileges(const std::string& list,
                                                              acl_object kind = acl_object::table) {
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
    auto bit = privilege_named(kind, item);
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

// has_table_privilege and has_column_privilege: `column` is the index of the
// column argument (-1: none). Reports the error and returns false when the role,
// the relation or the column is missing, or a privilege name unknown.
void relation_privilege(sqlite3_context* context, int argc, sqlite3_value** argv, int column,
                        acl_object kind = acl_object::table) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  const catalog_reader& reader = reader_of(context);
  const auto roles = reader.roles();
  const role_record* role = nullptr;
  const bool role_given = argc == (column < 0 ? 3 : 4);
  const int table_arg = role_given ? 1 : 0;
  if (role_given) {
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
  const catalog_relation* table = find_table(model, argv[table_arg]);
  if (table == nullptr) {
    // The system catalogs (OIDs below 16384, pg_catalog's names): PUBLIC may read them.
    if (sqlite3_value_type(argv[table_arg]) == SQLITE_INTEGER)
      return sqlite3_value_int64(argv[table_arg]) < first_user_oid ? sqlite3_result_int(context, 1)
                                                                   : sqlite3_result_null(context);
    const auto [schema, name] = split_relation_name(text_of(argv[table_arg]));
    if (schema == "pg_catalog" || schema == "information_schema" || (schema.empty() && name.rfind("pg_", 0) == 0))
      return sqlite3_result_int(context, 1);
    return report_error(context, "42P01", "relation \"" + text_of(argv[table_arg]) + "\" does not exist");
  }
  if (kind == acl_object::sequence && table->kind != 'S')
    return report_error(context, "42809", "\"" + text_of(argv[table_arg]) + "\" is not a sequence");
  // The column, by name or number.
  std::string column_name;
  if (column >= 0) {
    if (sqlite3_value_type(argv[column]) == SQLITE_INTEGER) {
      const int64_t number = sqlite3_value_int64(argv[column]);
      if (number < 1 || number > static_cast<int64_t>(table->columns.size()))
        return sqlite3_result_null(context);
      column_name = table->columns[static_cast<size_t>(number - 1)].name;
    } else {
      column_name = text_of(argv[column]);
      const bool exists = std::any_of(table->columns.begin(), table->columns.end(),
                                      [&](const column_definition& c) { return c.name == column_name; });
      if (!exists)
        return report_error(context, "42703", "column \"" + column_name + "\" of relation \"" + table->name +
                                                  "\" does not exist");
    }
  }
  auto wanted = parse_privileges(text_of(argv[argc - 1]), kind);
  constexpr uint32_t column_bits = privilege_select | privilege_insert | privilege_update | privilege_references;
  if (auto* bad = std::get_if<std::string>(&wanted))
    return report_error(context, "22023", "unrecognized privilege type: \"" + *bad + "\"");
  const auto& bits = std::get<wanted_privileges>(wanted);
  if (column >= 0 && ((bits.privileges | bits.grant_options) & ~column_bits) != 0)
    return report_error(context, "22023", "unrecognized privilege type: \"" + trimmed_lower(text_of(argv[argc - 1])) + "\"");
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
  const table_acl* column_acl = nullptr;
  if (auto it = table->column_acls.find(column_name); column >= 0 && it != table->column_acls.end())
    column_acl = &it->second;
  bool answer = false;
  for (uint32_t bit = 1; bit <= all_privilege_bits; bit <<= 1) {
    if ((bits.privileges & bit) != 0 &&
        (holds(table->acl, owner, held_by, bit) || (column_acl && holds(*column_acl, 0, held_by, bit))))
      answer = true;
    if ((bits.grant_options & bit) != 0 &&
        ((grant_options_held(table->acl, owner, held_by) & bit) != 0 ||
         (column_acl && (grant_options_held(*column_acl, 0, held_by) & bit) != 0)))
      answer = true;
  }
  sqlite3_result_int(context, answer ? 1 : 0);
}

void has_table_privilege_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  relation_privilege(context, argc, argv, -1);
}

// has_sequence_privilege([role,] sequence, privileges): USAGE, SELECT, UPDATE.
void has_sequence_privilege_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  relation_privilege(context, argc, argv, -1, acl_object::sequence);
}

// has_column_privilege([role,] table, column, privileges): the table's
// privilege or the column's own; SELECT, INSERT, UPDATE, REFERENCES.
void has_column_privilege_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  relation_privilege(context, argc, argv, argc - 2);
}

// The role a has_*_privilege call asks about: its first argument of three, else
// the current user; nullptr after reporting 42704.
const role_record* asked_role(sqlite3_context* context, int argc, sqlite3_value** argv,
                              const std::vector<role_record>& roles) {
  const catalog_reader& reader = reader_of(context);
  if (argc == 3) {
    const role_record* role = find_role(roles, argv[0]);
    if (role == nullptr)
      report_error(context, "42704", "role \"" + text_of(argv[0]) + "\" does not exist");
    return role;
  }
  const std::string current = reader.sources.current_user ? reader.sources.current_user() : std::string();
  for (const auto& r : roles)
    if (r.name == current)
      return &r;
  report_error(context, "42704", "role \"" + current + "\" does not exist");
  return nullptr;
}

// Whether `roles` hold any of the wanted privileges (or grant options).
bool answer_for(const wanted_privileges& bits, const table_acl& acl, int64_t owner, const std::set<int64_t>& roles) {
  const uint32_t options = grant_options_held(acl, owner, roles);
  for (uint32_t bit = 1; bit <= all_privilege_bits; bit <<= 1) {
    if ((bits.privileges & bit) != 0 && holds(acl, owner, roles, bit))
      return true;
    if ((bits.grant_options & bit) != 0 && (options & bit) != 0)
      return true;
  }
  return false;
}

// has_database_privilege / has_schema_privilege: the object by name or OID,
// then the privileges, then the answer.
void has_object_privilege(sqlite3_context* context, int argc, sqlite3_value** argv, acl_object kind) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  const catalog_reader& reader = reader_of(context);
  const auto roles = reader.roles();
  const role_record* role = asked_role(context, argc, argv, roles);
  if (role == nullptr)
    return;
  sqlite3_value* object = argv[argc - 2];
  const bool by_oid = sqlite3_value_type(object) == SQLITE_INTEGER;
  const std::string name = by_oid ? std::string() : text_of(object);
  const auto databases = reader.databases();
  int64_t database_owner = 10;
  for (const auto& d : databases)
    if (d.name == reader.database)
      database_owner = d.owner_oid;
  int64_t owner = 0;
  table_acl acl;
  if (kind == acl_object::database) {
    auto d = std::find_if(databases.begin(), databases.end(), [&](const database_info& x) {
      return by_oid ? x.oid == sqlite3_value_int64(object) : x.name == name;
    });
    if (d == databases.end())
      return by_oid ? sqlite3_result_null(context)
                    : report_error(context, "3D000", "database \"" + name + "\" does not exist");
    owner = d->owner_oid;
    acl = database_acl_of(*d);
  } else {
    std::string schema = name;
    if (by_oid) {
      schema.clear();
      for (const auto& n : reader.model().namespaces)
        if (n.oid == sqlite3_value_int64(object))
          schema = n.name;
      if (schema.empty())
        return sqlite3_result_null(context);
    }
    if (schema == "pg_catalog" || schema == "information_schema") {
      owner = 10;  // the bootstrap superuser's, PUBLIC may use them
      acl = {acl_item{10, 10, all_privileges_of(acl_object::schema), 0}, acl_item{0, 10, privilege_usage, 0}};
    } else {
      auto schemas = load_schema_acls(*reader.db, roles);
      if (!schemas)
        return report_error(context, "XX000", "could not read the schema privileges: " + schemas.error().message);
      auto it = schemas->find(schema);
      if (it == schemas->end())
        return report_error(context, "3F000", "schema \"" + schema + "\" does not exist");
      owner = it->second.owner;
      acl = it->second.acl;
    }
  }
  auto wanted = parse_privileges(text_of(argv[argc - 1]), kind);
  if (auto* bad = std::get_if<std::string>(&wanted))
    return report_error(context, "22023", "unrecognized privilege type: \"" + *bad + "\"");
  if (role->superuser)
    return sqlite3_result_int(context, 1);
  const auto held_by = acting_roles(roles, reader.memberships(), role->oid, database_owner);
  sqlite3_result_int(context, answer_for(std::get<wanted_privileges>(wanted), acl, owner, held_by) ? 1 : 0);
}

void has_database_privilege_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  has_object_privilege(context, argc, argv, acl_object::database);
}

void has_schema_privilege_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  has_object_privilege(context, argc, argv, acl_object::schema);
}

}  // namespace

result<ok_t, sqlite_error> install_privilege_functions(sqlite_connection& db, const catalog_reader_ptr& reader) {
  void* data = const_cast<catalog_reader*>(reader.get());
  using function = void (*)(sqlite3_context*, int, sqlite3_value**);
  const std::pair<const char*, function> functions[] = {
      {"has_table_privilege", has_table_privilege_function},
      {"has_database_privilege", has_database_privilege_function},
      {"has_schema_privilege", has_schema_privilege_function},
      {"has_sequence_privilege", has_sequence_privilege_function},
  };
  for (const auto& [name, body] : functions)
    for (int arguments : {2, 3})
      if (int rc = sqlite3_create_function_v2(db.handle(), name, arguments, SQLITE_UTF8, data, body, nullptr,
                                              nullptr, nullptr);
          rc != SQLITE_OK)
        return fail(sqlite_error{rc, sqlite3_errmsg(db.handle())});
  for (int arguments : {3, 4})
    if (int rc = sqlite3_create_function_v2(db.handle(), "has_column_privilege", arguments, SQLITE_UTF8, data,
                                            has_column_privilege_function, nullptr, nullptr, nullptr);
        rc != SQLITE_OK)
      return fail(sqlite_error{rc, sqlite3_errmsg(db.handle())});
  return ok_v;
}

}  // namespace tributary
