// catalog_functions: the SQL functions PostgreSQL's tools call on the system
// catalogs, as SQLite functions of the session connection under PostgreSQL's
// names (the translator calls them with PostgreSQL's result types:
// stages/sql/translator/catalog_functions.cpp).
//
//   format_type(type, typmod)          "integer", "character varying(10)", a user
//                                      type's name; NULL type -> NULL
//   pg_get_userbyid(role)              the role's name, "unknown (OID=n)"
//   pg_table_is_visible(rel)           true for relations of public and the
//                                      system schemas (the search path's default)
//   pg_my_temp_schema()                the session's pg_temp_N once it made it, else 0
//   pg_is_other_temp_schema(oid)       another session's pg_temp_N / pg_toast_temp_N
//   shobj_description                  NULL: no comments on shared objects yet
//   (obj_description, col_description: description_rows.hpp)
//   (has_table / column / sequence / database / schema_privilege:
//   privilege_functions.cpp)
//   pg_size_pretty(bytes)              PostgreSQL's rounding and units
//   pg_relation_size, pg_table_size, pg_total_relation_size, pg_indexes_size (rel)
//                                      bytes of the SQLite pages (dbstat)
//   pg_database_size(name)             the database file's size
//   quote_ident(text)                  quoted only when needed
//   (array_to_string & co.: array_text_functions.cpp; pg_get_indexdef,
//   pg_get_constraintdef, pg_get_expr, pg_get_viewdef: definition_functions.cpp)
//   pg_catalog_current_setting(name [, missing_ok])   the session's value of a parameter
//                                      named per row or read by a view
//   pg_catalog_current_database()      the session's database (current_database() in a view)
//   pg_catalog_current_schemas(implicit, path, user)   current_schemas(implicit)
//   pg_relation_is_publishable(rel)    true
//   pg_catalog_regclass_in(text [, position])  'name' / 'schema.name' -> OID; 42P01
//                                      (3F000 for a missing schema) at the literal's
//                                      position when it is given
//   pg_catalog_regclass_out(oid)       OID -> name (schema-qualified outside the path); 0 -> "-"
//   pg_catalog_regnamespace_out(oid)   OID -> schema name
//   pg_catalog_regtype_out(oid)        OID -> the type's name (format_type)
//   pg_catalog_regnamespace_in(text [, position])   schema name -> OID; 3F000 (at the
//                                      literal's position when it is given)
//   pg_get_statisticsobjdef_columns(oid)   NULL: there are no statistics objects
//   (pg_get_triggerdef, pg_get_function_result & co.: trigger_rows.hpp)
#include <sqlite3.h>


#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <filesystem>

#include "cli/catalog/catalog_reader.hpp"
#include "cli/catalog/function_registration.hpp"
#include "cli/catalog/sql_function_arguments.hpp"
#include "cli/catalog/global_rows.hpp"
#include "cli/catalog/pg_type_rows.hpp"
#include "stages/core/row_type_oid.hpp"
#include "cli/catalog/internal_types.hpp"
#include "cli/catalog/pg_class_rows.hpp"
#include "cli/catalog/system_catalog_indexes.hpp"
#include "cli/catalog/system_catalog_rows.hpp"
#include "cli/server/select_expression.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/user/enum_type.hpp"
#include "storage/sql_functions.hpp"

namespace tributary {

namespace {

std::string system_relation_name(int64_t oid) {
  for (const std::string& name : catalog_relation_names())
    if (system_relation_oid(name) == oid)
      return name;
  return system_relation_oid("pg_subscription") == oid ? "pg_subscription" : "";
}

void format_type_of(sqlite3_context* context, int64_t oid, int32_t typmod, bool typmod_given = true);

void format_type_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const int64_t oid = sqlite3_value_int64(argv[0]);
  const bool typmod_given = sqlite3_value_type(argv[1]) != SQLITE_NULL;
  format_type_of(context, oid, typmod_given ? sqlite3_value_int(argv[1]) : -1, typmod_given);
}

// format_type qualifies a user type's name outside the search path (pg_dump empties it).
bool is_visible(const std::vector<std::string>& visible, const std::string& schema) {
  return std::find(visible.begin(), visible.end(), schema) != visible.end();
}

void format_type_of(sqlite3_context* context, int64_t oid, int32_t typmod, bool typmod_given) {
  if (oid == 0)
    return result_text(context, "-");
  // bpchar without a typmod is "character" unless a typmod (-1) was given (format_type_extended).
  if (!typmod_given && (oid == 1042 || oid == 1014))
    return result_text(context, oid == 1014 ? "character[]" : "character");
  if (find_builtin_type(static_cast<oid_t>(oid)) != nullptr)
    return result_text(context, format_type(builtin_column_type(static_cast<oid_t>(oid), typmod)));
  for (const auto& t : reader_of(context).model().types) {
    const bool array = t.oid != oid && t.array == oid;  // mood[], price[]
    if (t.oid != oid && !array)
      continue;
    // A typmod on a type without a typmod output: "(n)" after the name, as PostgreSQL's.
    const std::string modifier = array && typmod >= 0 ? "(" + std::to_string(typmod) + ")" : "";
    const bool visible = is_visible(reader_of(context).visible_schemas(), t.schema.empty() ? "public" : t.schema);
    return result_text(context, (visible ? quote_identifier_if_needed(t.name)
                                         : quote_identifier_if_needed(t.schema) + "." +
                                               quote_identifier_if_needed(t.name)) +
                                    modifier + (array ? "[]" : ""));
  }
  for (const auto& r : reader_of(context).model().relations) {  // a table's row type, or its array type
    if (!has_row_type(r))
      continue;
    const bool array = table_row_type_oid(r.local_name, true) == oid;
    if (!array && table_row_type_oid(r.local_name) != oid)
      continue;
    const bool visible = is_visible(reader_of(context).visible_schemas(), r.schema.empty() ? "public" : r.schema);
    return result_text(context, (visible ? quote_identifier_if_needed(r.name)
                                         : quote_identifier_if_needed(r.schema) + "." + quote_identifier_if_needed(r.name)) +
                                    (array ? "[]" : ""));
  }
  // pg_type's internal and pseudo-types (int2vector, aclitem[], void, record, ...):
  // an array type is its element's name and [].
  const auto internal = [](int64_t wanted) -> const internal_type* {
    for (const auto& t : internal_types())
      if (t.oid == wanted)
        return &t;
    return nullptr;
  };
  if (const internal_type* t = internal(oid)) {
    if (t->typelem != 0 && t->typname[0] == '_') {
      if (find_builtin_type(t->typelem) != nullptr)
        return result_text(context, format_type(builtin_column_type(t->typelem)) + "[]");
      if (const internal_type* element = internal(t->typelem))
        return result_text(context, quote_identifier_if_needed(element->typname) + "[]");
    }
    return result_text(context, quote_identifier_if_needed(t->typname));
  }
  result_text(context, "???");
}

void userbyid_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const int64_t oid = sqlite3_value_int64(argv[0]);
  if (oid == database_owner_role_oid)
    return result_text(context, "pg_database_owner");
  for (const auto& r : reader_of(context).roles())
    if (r.oid == oid)
      return result_text(context, r.name);
  result_text(context, "unknown (OID=" + std::to_string(oid) + ")");
}

// A permanent relation the session's temporary relation of its name hides.
bool hidden_by_temporary(const catalog_model& model, const catalog_relation& r) {
  if (r.temporary)
    return false;
  return std::any_of(model.relations.begin(), model.relations.end(),
                     [&](const catalog_relation& other) { return other.temporary && other.name == r.name; });
}

void table_is_visible_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const catalog_model model = reader_of(context).model();
  const int64_t oid = sqlite3_value_int64(argv[0]);
  const catalog_relation* r = model.relation(oid);
  if (r == nullptr)
    if (auto index = model.index(oid))
      r = index->first;
  // The temporary schema comes first on the path, as PostgreSQL's: a public relation
  // a temporary one of its name hides is not visible.
  sqlite3_result_int(context, r == nullptr || (r->schema == "public" && !hidden_by_temporary(model, *r)) ||
                                      r->temporary
                                  ? 1
                                  : 0);
}

// pg_my_temp_schema(): the session's temporary schema's OID once it made one, else 0.
void my_temp_schema_function(sqlite3_context* context, int, sqlite3_value**) {
  const catalog_model model = reader_of(context).model();
  for (const auto& n : model.namespaces)
    if (model.temporary_schema_made && n.name == model.temporary_schema)
      return sqlite3_result_int64(context, n.oid);
  sqlite3_result_int64(context, 0);
}

// pg_is_other_temp_schema(oid): another session's pg_temp_N or pg_toast_temp_N.
void is_other_temp_schema_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  sqlite3_result_int(context, reader_of(context).model().is_other_temporary_schema(sqlite3_value_int64(argv[0])));
}

void null_function(sqlite3_context* context, int, sqlite3_value**) { sqlite3_result_null(context); }

void true_function(sqlite3_context* context, int, sqlite3_value**) { sqlite3_result_int(context, 1); }

// pg_size_pretty: bytes below 10 kB, then kB, MB, GB, TB, PB, each rounded half
// away from zero, as PostgreSQL 15 prints them.
void size_pretty_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  int64_t size = sqlite3_value_int64(argv[0]);
  constexpr int64_t limit = 10 * 1024;
  constexpr int64_t limit2 = limit * 2 - 1;
  if (std::llabs(size) < limit)
    return result_text(context, std::to_string(size) + " bytes");
  static const char* const units[] = {"kB", "MB", "GB", "TB", "PB"};
  size >>= 9;  // one extra bit for rounding
  for (size_t i = 0; i < 5; ++i) {
    if (std::llabs(size) < limit2 || i == 4)
      return result_text(context, std::to_string((size + (size < 0 ? -1 : 1)) / 2) + " " + units[i]);
    size >>= 10;
  }
}

int64_t pages_of(sqlite3* db, const std::string& name) {
  if (name.empty())
    return 0;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name = ?", -1, &stmt, nullptr) !=
      SQLITE_OK)
    return 0;
  sqlite3_bind_text(stmt, 1, name.c_str(), -1, SQLITE_TRANSIENT);
  int64_t out = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : 0;
  sqlite3_finalize(stmt);
  return out;
}

// pg_relation_size / pg_table_size (the relation's own pages), pg_indexes_size
// (its indexes'), pg_total_relation_size (both).
struct size_kind {
  const catalog_reader* reader;
  bool own;
  bool indexes;
};

void sized_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const auto* kind = static_cast<const size_kind*>(sqlite3_user_data(context));
  sqlite3* db = sqlite3_context_db_handle(context);
  const catalog_model model = kind->reader->model();
  const int64_t oid = sqlite3_value_int64(argv[0]);
  int64_t bytes = 0;
  if (const catalog_relation* r = model.relation(oid)) {
    if (kind->own)
      bytes += pages_of(db, r->local_name);
    if (kind->indexes)
      for (const auto& i : r->indexes)
        bytes += pages_of(db, i.local_name);
  } else if (auto index = model.index(oid)) {
    bytes += kind->own ? pages_of(db, index->second->local_name) : 0;
  }
  sqlite3_result_int64(context, bytes);
}

void database_size_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const char* file = sqlite3_db_filename(sqlite3_context_db_handle(context), "main");
  const std::filesystem::path path = std::filesystem::path(file ? file : "").parent_path() /
                                     (text_argument(argv[0]) + ".db");
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec)
    return report_error(context, "3D000", "database \"" + text_argument(argv[0]) + "\" does not exist");
  sqlite3_result_int64(context, static_cast<int64_t>(size));
}

void quote_ident_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  result_text(context, quote_identifier_if_needed(text_argument(argv[0])));
}

// pg_catalog_current_setting(name [, missing_ok]): the session's value of the
// parameter (any case), as SHOW prints it; 42704 for a name the session does not
// have (NULL when missing_ok).
void current_setting_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const std::string name = text_argument(argv[0]);
  const catalog_reader& reader = reader_of(context);
  if (reader.sources.settings)
    for (const setting_state& s : reader.sources.settings())
      if (s.name.size() == name.size() &&
          std::equal(s.name.begin(), s.name.end(), name.begin(),
                     [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) ==
                                                 std::tolower(static_cast<unsigned char>(b)); }))
        return result_text(context, s.value);
  if (argc > 1 && sqlite3_value_int(argv[1]) != 0)
    return sqlite3_result_null(context);
  const pg_error error = make_pg_error("42704", "unrecognized configuration parameter \"" + name + "\"");
  keep_sql_function_error(sqlite3_context_db_handle(context), error);
  sqlite3_result_error(context, error.message.c_str(), -1);
}

void current_database_function(sqlite3_context* context, int, sqlite3_value**) {
  result_text(context, reader_of(context).database);
}

// pg_catalog_current_schemas(implicit, search_path, user): the path's schemas
// that exist ("$user" is the user's), pg_catalog first when `implicit` and the
// path does not name it, as a name[]'s text.
void current_schemas_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const bool implicit = sqlite3_value_int(argv[0]) != 0;
  const std::string path = text_argument(argv[1]);
  const std::string user = text_argument(argv[2]);
  const catalog_model model = reader_of(context).model();
  std::vector<std::string> schemas;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = start;
    bool quoted = false;
    std::string entry;
    for (; end < path.size() && (quoted || path[end] != ','); ++end) {
      if (path[end] == '"') {
        if (quoted && end + 1 < path.size() && path[end + 1] == '"')
          entry += path[++end];
        else
          quoted = !quoted;
      } else if (quoted || path[end] != ' ') {
        entry += path[end];
      }
    }
    if (entry == "$user")
      entry = user;
    for (const auto& n : model.namespaces)
      if (n.name == entry && std::find(schemas.begin(), schemas.end(), entry) == schemas.end())
        schemas.push_back(entry);
    start = end + 1;
  }
  if (implicit && std::find(schemas.begin(), schemas.end(), "pg_catalog") == schemas.end())
    schemas.insert(schemas.begin(), "pg_catalog");
  std::string out = "{";
  for (size_t i = 0; i < schemas.size(); ++i) {
    const std::string& s = schemas[i];
    const bool quote = s.empty() || s.find_first_of(" \t\n\"\\{},") != std::string::npos || s == "NULL";
    std::string element = s;
    if (quote) {
      element = "\"";
      for (char c : s) {
        if (c == '"' || c == '\\')
          element += '\\';
        element += c;
      }
      element += '"';
    }
    out += (i ? "," : "") + element;
  }
  result_text(context, out + "}");
}

}  // namespace

std::pair<std::string, std::string> split_relation_name(const std::string& text) {
  std::vector<std::string> parts(1);
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      if (quoted && i + 1 < text.size() && text[i + 1] == '"') {
        parts.back() += '"';
        ++i;
      } else {
        quoted = !quoted;
      }
    } else if (c == '.' && !quoted) {
      parts.emplace_back();
    } else if (quoted) {
      parts.back() += c;
    } else if (c != ' ') {  // whitespace around the names is ignored, as PostgreSQL's
      parts.back() += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (parts.size() == 1)
    return {"", parts[0]};
  return {parts[parts.size() - 2], parts.back()};
}

namespace {

void regclass_in_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto fail_with = [&](const std::string& sqlstate, const std::string& message) {
    pg_error error = make_pg_error(sqlstate, message);
    if (argc > 1)
      error.position = sqlite3_value_int(argv[1]);
    sqlite3_result_error(context, message.c_str(), -1);
    keep_sql_function_error(sqlite3_context_db_handle(context), std::move(error));
  };
  const std::string text = text_argument(argv[0]);
  if (!text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return sqlite3_result_int64(context, std::stoll(text));
  auto [schema, name] = split_relation_name(text);
  const catalog_model model = reader_of(context).model();
  if (schema == "pg_temp")  // the session's temporary schema by its alias
    schema = model.temporary_schema;
  if ((schema.empty() || schema == "pg_catalog") && system_relation_oid(name) != 0)
    return sqlite3_result_int64(context, system_relation_oid(name));
  if (schema.empty() || schema == "pg_catalog")
    for (const auto& r : system_catalog_index_model().relations)
      for (const auto& i : r.indexes)
        if (i.name == name)
          return sqlite3_result_int64(context, i.oid);
  if (schema.empty())  // the temporary schema first on the path
    if (const catalog_relation* r = model.relation(model.temporary_schema, name))
      return sqlite3_result_int64(context, r->oid);
  if (const catalog_relation* r = model.relation(schema.empty() ? "public" : schema, name))
    return sqlite3_result_int64(context, r->oid);
  for (const auto& r : model.relations)
    for (const auto& i : r.indexes)
      if (i.name == name && (schema.empty() ? r.schema == "public" : r.schema == schema))
        return sqlite3_result_int64(context, i.oid);
  if (!schema.empty() && schema != "pg_catalog" && schema != "public" &&
      std::none_of(model.namespaces.begin(), model.namespaces.end(),
                   [&](const catalog_namespace& n) { return n.name == schema; }))
    return fail_with("3F000", "schema \"" + schema + "\" does not exist");
  fail_with("42P01", "relation \"" + text + "\" does not exist");
}

void regclass_out_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  if (sqlite3_value_int64(argv[0]) == 0)
    return result_text(context, "-");  // InvalidOid, as PostgreSQL's reg*out
  const int64_t oid = sqlite3_value_int64(argv[0]);
  if (const std::string name = system_relation_name(oid); !name.empty())
    return result_text(context, name);
  if (auto index = system_catalog_index_model().index(oid))
    return result_text(context, index->second->name);
  const catalog_model model = reader_of(context).model();
  const auto qualified = [&](const catalog_relation& r, const std::string& name) {
    return (r.schema == "public" && !hidden_by_temporary(model, r)) || r.temporary ? quote_identifier_if_needed(name)
                                : quote_identifier_if_needed(r.schema) + "." + quote_identifier_if_needed(name);
  };
  if (const catalog_relation* r = model.relation(oid))
    return result_text(context, qualified(*r, r->name));
  if (auto index = model.index(oid))
    return result_text(context, qualified(*index->first, index->second->name));
  result_text(context, std::to_string(oid));
}

void regnamespace_out_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  if (sqlite3_value_int64(argv[0]) == 0)
    return result_text(context, "-");  // InvalidOid, as PostgreSQL's reg*out
  const int64_t oid = sqlite3_value_int64(argv[0]);
  const catalog_model model = reader_of(context).model();
  if (const catalog_namespace* n = model.namespace_of(oid))
    return result_text(context, quote_identifier_if_needed(n->name));
  result_text(context, std::to_string(oid));
}

// pg_catalog_regnamespace_in(name): the schema's OID; 3F000 when there is none.
void regnamespace_in_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const std::string text = text_argument(argv[0]);
  const std::string name = split_relation_name(text).second;
  for (const auto& n : reader_of(context).model().namespaces)
    if (n.name == name)
      return sqlite3_result_int64(context, n.oid);
  report_error(context, "3F000", "schema \"" + text + "\" does not exist",
               argc > 1 ? sqlite3_value_int(argv[1]) : 0);
}

// pg_catalog_regtype_out(oid): the type's name as format_type(oid, NULL) gives it.
void regtype_out_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  format_type_of(context, sqlite3_value_int64(argv[0]), -1, false);  // 0 prints '-' as reg*out
}

}  // namespace

result<ok_t, sqlite_error> install_catalog_functions(sqlite_connection& db, const catalog_reader_ptr& reader) {
  sqlite3* handle = db.handle();
  void* data = const_cast<catalog_reader*>(reader.get());
  const sql_function_entry functions[] = {
      {"format_type", 2, format_type_function},
      {"pg_get_userbyid", 1, userbyid_function},
      {"pg_table_is_visible", 1, table_is_visible_function},
      {"pg_my_temp_schema", 0, my_temp_schema_function},
      {"pg_is_other_temp_schema", 1, is_other_temp_schema_function},
      {"shobj_description", 2, null_function},
      {"pg_size_pretty", 1, size_pretty_function},
      {"pg_database_size", 1, database_size_function},
      {"quote_ident", 1, quote_ident_function},
      {"pg_catalog_current_setting", 1, current_setting_function},
      {"pg_catalog_current_setting", 2, current_setting_function},
      {"pg_catalog_current_database", 0, current_database_function},
      {"pg_catalog_current_schemas", 3, current_schemas_function},
      {"pg_relation_is_publishable", 1, true_function},
      {"pg_catalog_regclass_in", 1, regclass_in_function},
      {"pg_catalog_regclass_in", 2, regclass_in_function},
      {"pg_catalog_regclass_out", 1, regclass_out_function},
      {"pg_catalog_regnamespace_out", 1, regnamespace_out_function},
      {"pg_catalog_regtype_out", 1, regtype_out_function},
      {"pg_catalog_regnamespace_in", 1, regnamespace_in_function},
      {"pg_catalog_regnamespace_in", 2, regnamespace_in_function},
      {"pg_get_statisticsobjdef_columns", 1, null_function},
  };
  if (auto r = register_functions(handle, data, functions); !r)
    return r;
  // The size functions keep what they add up; freed with the connection.
  struct sized {
    const char* name;
    bool own, indexes;
  };
  const sized sizes[] = {{"pg_relation_size", true, false},
                         {"pg_table_size", true, false},
                         {"pg_indexes_size", false, true},
                         {"pg_total_relation_size", true, true}};
  for (const sized& s : sizes) {
    auto* kind = new size_kind{reader.get(), s.own, s.indexes};
    if (int rc = sqlite3_create_function_v2(handle, s.name, 1, SQLITE_UTF8, kind, sized_function, nullptr, nullptr,
                                            [](void* p) { delete static_cast<size_kind*>(p); });
        rc != SQLITE_OK)
      return fail(sqlite_error{rc, sqlite3_errmsg(handle)});
  }
  // The reader lives as long as the connection: released with the last function.
  auto* keep = new catalog_reader_ptr(reader);
  sqlite3_create_function_v2(handle, "pg_catalog_reader_keepalive", 0, SQLITE_UTF8, keep, null_function, nullptr,
                             nullptr, [](void* p) { delete static_cast<catalog_reader_ptr*>(p); });
  if (auto r = install_definition_functions(db, reader); !r)
    return r;
  return install_array_text_functions(db);
}

}  // namespace tributary
