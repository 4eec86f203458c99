// description_rows: see the header.
#include "cli/catalog/description_rows.hpp"

#include <sqlite3.h>

#include "cli/catalog/catalog_relation_oids.hpp"
#include "cli/catalog/builtin_catalog_rows.hpp"
#include "cli/catalog/function_registration.hpp"
#include "storage/description_catalog.hpp"

namespace tributary {

namespace {


// PostgreSQL 15's comments on its schemas.
const std::pair<int64_t, const char*> schema_comments[] = {{pg_catalog_namespace_oid, "system catalog schema"},
                                                           {pg_toast_namespace_oid, "reserved schema for TOAST tables"},
                                                           {public_namespace_oid, "standard public schema"}};
// PostgreSQL 15's comment on the public schema (pg_dump compares with it).

struct described {
  int64_t objoid = 0;
  int64_t objsubid = 0;
  std::string text;
};

std::vector<described> described_objects(sqlite_connection& db, const catalog_model& model) {
  std::vector<described> out;
  for (const auto& d : read_descriptions(db))
    for (const auto& r : model.relations) {
      if (r.local_name != d.relation)
        continue;
      if (d.column.empty()) {
        out.push_back({r.oid, 0, d.text});
        continue;
      }
      for (size_t i = 0; i < r.columns.size(); ++i)
        if (r.columns[i].name == d.column)
          out.push_back({r.oid, static_cast<int64_t>(i + 1), d.text});
    }
  return out;
}

// obj_description(oid [, catalog]) / col_description(oid, attnum).
void description_function(sqlite3_context* context, int argc, sqlite3_value** argv, bool column) {
  for (int i = 0; i < argc; ++i)
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL)
      return sqlite3_result_null(context);
  if (!column && argc == 2) {
    const char* catalog = reinterpret_cast<const char*>(sqlite3_value_text(argv[1]));
    if (catalog != nullptr && std::string(catalog) == "pg_namespace")
      for (const auto& [oid, comment] : schema_comments)
        if (sqlite3_value_int64(argv[0]) == oid)
          return sqlite3_result_text(context, comment, -1, SQLITE_STATIC);
    if (catalog != nullptr &&
        ((std::string(catalog) == "pg_language" && sqlite3_value_int64(argv[0]) == plpgsql_language_oid) ||
         (std::string(catalog) == "pg_extension" && sqlite3_value_int64(argv[0]) == plpgsql_extension_oid)))
      return sqlite3_result_text(context, plpgsql_extension_comment, -1, SQLITE_STATIC);
    if (catalog != nullptr)
      if (const char* text = builtin_description(catalog, sqlite3_value_int64(argv[0])))
        return sqlite3_result_text(context, text, -1, SQLITE_STATIC);
    if (catalog == nullptr || std::string(catalog) != "pg_class")
      return sqlite3_result_null(context);
  }
  const auto& reader = *static_cast<const catalog_reader*>(sqlite3_user_data(context));
  const int64_t oid = sqlite3_value_int64(argv[0]);
  const int64_t subid = column ? sqlite3_value_int64(argv[1]) : 0;
  for (const auto& d : described_objects(*reader.db, reader.model()))
    if (d.objoid == oid && d.objsubid == subid)
      return sqlite3_result_text(context, d.text.c_str(), static_cast<int>(d.text.size()), SQLITE_TRANSIENT);
  sqlite3_result_null(context);
}

void object_description(sqlite3_context* context, int argc, sqlite3_value** argv) {
  description_function(context, argc, argv, false);
}

void column_description(sqlite3_context* context, int argc, sqlite3_value** argv) {
  description_function(context, argc, argv, true);
}

// acldefault(kind, owner): PostgreSQL 15's default privileges of an object kind
// owned by `owner`, as aclitem[] text ({=X/owner,owner=X/owner} for functions).
void acldefault_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto& reader = *static_cast<const catalog_reader*>(sqlite3_user_data(context));
  const char* kind_text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const char kind = kind_text != nullptr && kind_text[0] != '\0' ? kind_text[0] : ' ';
  const int64_t owner_oid = sqlite3_value_int64(argv[1]);
  std::string owner = owner_oid == database_owner_role_oid ? "pg_database_owner" : std::to_string(owner_oid);
  for (const auto& r : reader.roles())
    if (r.oid == owner_oid)
      owner = r.name;
  std::string owner_rights, public_rights;
  switch (kind) {
    case 'r': owner_rights = "arwdDxt"; break;
    case 's': owner_rights = "rwU"; break;
    case 'f': owner_rights = public_rights = "X"; break;
    case 'l': owner_rights = public_rights = "U"; break;
    case 'L': owner_rights = "rw"; break;
    case 'n': owner_rights = "UC"; break;
    case 't': owner_rights = "C"; break;
    case 'F': case 'S': owner_rights = "U"; break;
    case 'T': owner_rights = public_rights = "U"; break;
    case 'd': owner_rights = "CTc"; public_rights = "Tc"; break;
    case 'p': owner_rights = "sA"; break;
    default: break;
  }
  std::string out = "{";
  if (!public_rights.empty())
    out += "=" + public_rights + "/" + owner + ",";
  if (!owner_rights.empty())
    out += owner + "=" + owner_rights + "/" + owner;
  if (out.back() == ',')
    out.pop_back();
  out += "}";
  sqlite3_result_text(context, out.c_str(), static_cast<int>(out.size()), SQLITE_TRANSIENT);
}

// pg_tablespace_location(oid): '' for pg_default and pg_global, the only ones.
void tablespace_location_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  sqlite3_result_text(context, "", 0, SQLITE_STATIC);
}

}  // namespace

std::vector<snapshot_row> pg_description_rows(sqlite_connection& db, const catalog_model& model) {
  std::vector<snapshot_row> out;
  for (const auto& [oid, comment] : schema_comments)
    out.push_back({oid, pg_namespace_class, int64_t{0}, std::string(comment)});
  out.push_back({plpgsql_extension_oid, pg_extension_class, int64_t{0}, std::string(plpgsql_extension_comment)});
  out.push_back({plpgsql_language_oid, pg_language_class, int64_t{0}, std::string(plpgsql_extension_comment)});
  for (const auto& d : described_objects(db, model))
    out.push_back({d.objoid, pg_class_class, d.objsubid, d.text});
  return out;
}

result<ok_t, sqlite_error> install_description_functions(sqlite_connection& db, const catalog_reader_ptr& reader) {
  sqlite3* handle = db.handle();
  void* data = const_cast<catalog_reader*>(reader.get());
  const sql_function_entry functions[] = {{"obj_description", 1, object_description},
                                {"obj_description", 2, object_description},
                                {"col_description", 2, column_description},
                                {"acldefault", 2, acldefault_function},
                                {"pg_tablespace_location", 1, tablespace_location_function}};
  return register_functions(handle, data, functions);
}

}  // namespace tributary
