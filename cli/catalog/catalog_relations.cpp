#include "cli/catalog/catalog_relations.hpp"
#include "cli/catalog/builtin_catalog_rows.hpp"
#include "cli/catalog/temporary_schemas.hpp"

#include <sqlite3.h>

#include <map>
#include <set>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/catalog_reader.hpp"
#include "cli/catalog/dependency_rows.hpp"
#include "cli/catalog/description_rows.hpp"
#include "cli/catalog/encoding_functions.hpp"
#include "cli/catalog/information_schema_rows.hpp"
#include "cli/catalog/object_rows.hpp"
#include "cli/catalog/global_rows.hpp"
#include "cli/catalog/keyword_rows.hpp"
#include "cli/catalog/ordinals_table.hpp"
#include "cli/catalog/record_functions.hpp"
#include "cli/catalog/pg_class_rows.hpp"
#include "cli/catalog/pg_type_rows.hpp"
#include "cli/catalog/snapshot_table.hpp"
#include "cli/catalog/system_catalog_indexes.hpp"
#include "cli/catalog/system_catalog_rows.hpp"
#include "cli/catalog/regproc_functions.hpp"
#include "cli/catalog/trigger_rows.hpp"

namespace tributary {

namespace {

// This connection's database: base/<name>.db.
std::string database_name_of(sqlite3* db) {
  const char* file = sqlite3_db_filename(db, "main");
  std::string path = file ? file : "";
  const size_t slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  if (name.size() > 3 && name.compare(name.size() - 3, 3, ".db") == 0)
    name.resize(name.size() - 3);
  return name;
}

// pg_enum: each enum label with its OID and sort order (tributary_enum_labels); a
// label made before catalog version 13 has no stored OID: a stable one from its
// type and name.
std::vector<snapshot_row> enum_rows(sqlite_connection& db) {
  std::vector<snapshot_row> out;
  auto q = db.prepare("SELECT enumtypid, enumsortorder, enumlabel, oid FROM tributary_enum_labels "
                      "ORDER BY enumtypid, enumsortorder");
  if (!q)
    return out;
  while (true) {
    auto s = q->step();
    if (!s || *s != sqlite_statement::step_result::row)
      return out;
    const int64_t type = q->column_int(0);
    const std::string label = q->column_text(2);
    const int64_t oid = q->column_is_null(3) ? catalog_object_oid("e", std::to_string(type) + "." + label)
                                             : q->column_int(3);
    out.push_back({oid, type, q->column(1), label});
  }
}

// Whether the column `table`.`column` (local names) is an identity column.
bool identity_sequence(const catalog_model& model, const std::string& table, const std::string& column) {
  for (const catalog_relation& r : model.relations)
    if (r.local_name == table)
      for (const auto& c : r.columns)
        if (c.name == column)
          return !c.identity.empty();
  return false;
}

// The rows of the sequences' catalog relations, one per sequence: pg_sequence's,
// the pg_sequences view's, information_schema.sequences' (its values as text).
enum class sequence_shape { catalog, view, information_schema };

std::vector<snapshot_row> sequence_rows(sqlite_connection& db, const catalog_model& model, sequence_shape shape,
                                        const relation_owner& owner, const std::string& database = {}) {
  std::vector<snapshot_row> out;
  auto q = db.prepare("SELECT seqname, seqtypid, seqstart, seqincrement, seqmax, seqmin, seqcache, seqcycle, "
                      "last_value, is_called, owned_table, owned_column FROM tributary_sequences ORDER BY seqname");
  if (!q)
    return out;
  while (true) {
    auto s = q->step();
    if (!s || *s != sqlite_statement::step_result::row)
      return out;
    const std::string local_name = q->column_text(0);
    const catalog_relation* r = nullptr;
    for (const auto& candidate : model.relations)
      if (candidate.kind == 'S' && candidate.local_name == local_name)
        r = &candidate;
    if (r == nullptr)
      continue;
    const int64_t type = q->column_int(1);
    if (shape == sequence_shape::catalog) {
      out.push_back({r->oid, type, q->column_int(2), q->column_int(3), q->column_int(4), q->column_int(5),
                     q->column_int(6), q->column_int(7)});
      continue;
    }
    const std::string type_name = type == 21 ? "smallint" : type == 23 ? "integer" : "bigint";
    if (shape == sequence_shape::information_schema) {
      if (identity_sequence(model, q->column_text(10), q->column_text(11)))
        continue;  // an identity column's sequence is internal: the view leaves it out
      const auto text = [&](int column) { return sql_value{std::to_string(q->column_int(column))}; };
      out.push_back({database, r->schema, r->name, type_name, int64_t{type == 21 ? 16 : type == 23 ? 32 : 64},
                     int64_t{2}, int64_t{0}, text(2), text(5), text(4), text(3),
                     std::string(q->column_int(7) != 0 ? "YES" : "NO")});
      continue;
    }
    out.push_back({r->schema, r->name, owner.name, type_name, q->column_int(2), q->column_int(5), q->column_int(4),
                   q->column_int(3), q->column_int(7), q->column_int(6),
                   q->column_int(9) != 0 ? sql_value{q->column_int(8)} : sql_value{sql_null{}}});
  }
}

}  // namespace

namespace {

// The name of role 10, the bootstrap superuser, which the built-in functions'
// privileges name.
std::string bootstrap_superuser_name(const catalog_reader& reader) {
  for (const auto& role : reader.roles())
    if (role.oid == 10)
      return role.name;
  return "10";
}

int64_t pragma_value(sqlite3* db, const char* pragma) {
  sqlite3_stmt* q = nullptr;
  int64_t value = -1;
  if (sqlite3_prepare_v2(db, pragma, -1, &q, nullptr) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW)
    value = sqlite3_column_int64(q, 0);
  sqlite3_finalize(q);
  return value;
}

// The state of the database file a catalog read depends on, as text. Outside a
// transaction block nothing rolls back a change already counted, so an unchanged
// schema version, data version (other connections' commits) and count of this
// connection's changes mean an unchanged catalog. Inside one (pg_dump reads in
// one) a ROLLBACK TO could undo counted changes: the key then also names the
// statements running now (each with its run count), so it holds for one
// statement's execution only (a query scanning a catalog once per row of another).
std::string database_state_key(sqlite3* handle) {
  std::string key;
  if (sqlite3_get_autocommit(handle) == 0)
    for (sqlite3_stmt* s = sqlite3_next_stmt(handle, nullptr); s != nullptr; s = sqlite3_next_stmt(handle, s))
      if (sqlite3_stmt_busy(s))
        key += std::to_string(reinterpret_cast<uintptr_t>(s)) + "/" +
               std::to_string(sqlite3_stmt_status(s, SQLITE_STMTSTATUS_RUN, 0)) + ";";
  const int64_t schema_version = pragma_value(handle, "PRAGMA main.schema_version");
  const int64_t temporary_version = pragma_value(handle, "PRAGMA temp.schema_version");  // temporary views
  const int64_t data_version = pragma_value(handle, "PRAGMA main.data_version");
  if (schema_version < 0 || data_version < 0)
    return {};
  return key + std::to_string(schema_version) + "/" + std::to_string(temporary_version) + ":" +
         std::to_string(data_version) + ":" +
         std::to_string(sqlite3_total_changes64(handle));
}

}  // namespace

catalog_model catalog_reader::model() const {
  std::string key = database_state_key(db->handle());
  if (!key.empty())  // other sessions' temporary schemas (temporary_schemas.hpp)
    for (int number : read_temporary_schema_state(*db).made)
      key += "|t" + std::to_string(number);
  if (!key.empty() && cache && cache->key == key)
    return cache->model;
  auto m = read_catalog_model(*db);
  if (!m)
    return catalog_model{};
  if (!key.empty())
    cache = std::make_shared<const cached_model>(cached_model{key, *m});
  return std::move(*m);
}

std::string catalog_reader::version_key() const {
  std::string key = database_state_key(db->handle());
  if (key.empty())
    return key;
  for (const auto& r : roles())
    key += "|" + std::to_string(r.oid) + "=" + r.name + (r.superuser ? "+" : "-");
  for (const auto& d : databases())
    key += "|" + d.name + "=" + std::to_string(d.owner_oid);
  return key;
}

std::vector<role_record> catalog_reader::roles() const {
  return sources.roles ? sources.roles() : std::vector<role_record>{};
}

std::vector<role_grant> catalog_reader::memberships() const {
  return sources.memberships ? sources.memberships() : std::vector<role_grant>{};
}

std::vector<database_info> catalog_reader::databases() const {
  return sources.databases ? sources.databases() : std::vector<database_info>{};
}

relation_owner catalog_reader::owner() const {
  const auto all_roles = roles();
  relation_owner out;
  out.role_name = [all_roles](int64_t oid) {
    for (const auto& r : all_roles)
      if (r.oid == oid)
        return r.name;
    return oid == database_owner_role_oid ? std::string("pg_database_owner") : std::to_string(oid);
  };
  for (const auto& d : databases())
    if (d.name == database) {
      out.name = d.owner;
      out.oid = role_oid(all_roles, d.owner);
    }
  return out;
}

std::vector<std::string> catalog_reader::visible_schemas() const {
  std::vector<std::string> out;
  if (!sources.settings)
    return {"public"};
  for (const auto& s : sources.settings()) {
    if (s.name != "search_path")
      continue;
    std::string entry;
    bool quoted = false;
    for (size_t i = 0; i <= s.value.size(); ++i) {
      const char c = i < s.value.size() ? s.value[i] : ',';
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        if (!entry.empty() && entry != "$user")
          out.push_back(entry);
        entry.clear();
      } else if (quoted || c != ' ') {
        entry += c;
      }
    }
  }
  return out;
}

result<ok_t, sqlite_error> install_catalog_relations(sqlite_connection& db, const catalog_sources& sources) {
  auto reader = std::make_shared<catalog_reader>(catalog_reader{&db, sources, database_name_of(db.handle())});
  using rows_function = std::function<std::vector<snapshot_row>()>;
  std::map<std::string, rows_function> computed = {
      {"pg_namespace",
       [reader] {
         auto schemas = load_schema_acls(*reader->db, reader->roles());
         return pg_namespace_rows(reader->model(), reader->owner(),
                                  schemas ? *schemas : std::map<std::string, schema_acl_entry>{});
       }},
      {"pg_class",
       [reader] {
         auto rows = pg_class_rows(reader->model(), reader->owner());
         for (auto& row : system_class_rows())
           rows.push_back(std::move(row));
         for (auto& row : system_index_class_rows())
           rows.push_back(std::move(row));
         return rows;
       }},
      {"pg_attribute",
       [reader] {
         auto rows = pg_attribute_rows(reader->model(), reader->owner());
         for (auto& row : system_attribute_rows())
           rows.push_back(std::move(row));
         for (auto& row : system_index_attribute_rows())
           rows.push_back(std::move(row));
         return rows;
       }},
      {"pg_attrdef", [reader] { return pg_attrdef_rows(reader->model()); }},
      {"pg_index",
       [reader] {
         auto rows = pg_index_rows(reader->model());
         for (auto& row : pg_index_rows(system_catalog_index_model()))
           rows.push_back(std::move(row));
         return rows;
       }},
      {"pg_constraint",
       [reader] {
         auto rows = pg_constraint_rows(reader->model());
         for (auto& row : pg_constraint_rows(system_catalog_index_model()))
           rows.push_back(std::move(row));
         return rows;
       }},
      {"pg_tables", [reader] { return pg_tables_rows(reader->model(), reader->owner()); }},
      {"pg_indexes", [reader] { return pg_indexes_rows(reader->model()); }},
      {"pg_sequence",
       [reader] { return sequence_rows(*reader->db, reader->model(), sequence_shape::catalog, reader->owner()); }},
      {"pg_sequences",
       [reader] { return sequence_rows(*reader->db, reader->model(), sequence_shape::view, reader->owner()); }},
      {"pg_type", [reader] { return pg_type_rows(reader->model(), reader->owner().oid); }},
      {"pg_am", [] { return pg_am_rows(); }},
      {"pg_enum", [reader] { return enum_rows(*reader->db); }},
      {"pg_views",
       [reader] {
         std::vector<snapshot_row> out;
         const catalog_model model = reader->model();
         for (const auto& r : model.relations)
           if (r.kind == 'v') {
             auto text = view_definition(*reader, model, r);
             out.push_back({r.schema, r.name, reader->owner().name_of(r),
                            text ? sql_value{*text} : sql_value{sql_null{}}});
           }
         return out;
       }},
      {"pg_extension", [] { return pg_extension_rows(); }},
      {"pg_language", [] { return pg_language_rows(); }},
      {"pg_operator", [] { return builtin_operator_rows(); }},
      {"pg_cast", [] { return builtin_cast_rows(); }},
      {"pg_opfamily", [] { return builtin_operator_family_rows(); }},
      {"pg_opclass", [] { return builtin_operator_class_rows(); }},
      {"pg_amop", [] { return builtin_access_method_operator_rows(); }},
      {"pg_amproc", [] { return builtin_access_method_procedure_rows(); }},
      {"pg_proc",
       [reader] {
         auto rows = pg_proc_rows();
         for (auto& row : builtin_function_rows(bootstrap_superuser_name(*reader)))
           rows.push_back(std::move(row));
         for (auto& row : user_function_rows(reader->model(), reader->owner().oid))
           rows.push_back(std::move(row));
         return rows;
       }},
      {"pg_get_keywords", [] { return pg_get_keywords_rows(); }},
      {"pg_trigger", [reader] { return pg_trigger_rows(reader->model()); }},
      {"pg_collation", [] { return pg_collation_rows(); }},
      {"pg_database", [reader] { return pg_database_rows(reader->databases(), reader->roles()); }},
      {"pg_roles", [reader] { return pg_roles_rows(reader->roles()); }},
      {"pg_authid", [reader] { return pg_authid_rows(reader->roles()); }},
      {"pg_user", [reader] { return pg_user_rows(reader->roles()); }},
      {"pg_auth_members", [reader] { return pg_auth_members_rows(reader->memberships()); }},
      {"pg_db_role_setting",
       [reader] {
         return reader->sources.role_settings ? pg_db_role_setting_rows(reader->sources.role_settings())
                                              : std::vector<snapshot_row>{};
       }},
      {"pg_tablespace", [] { return pg_tablespace_rows(); }},
      {"pg_description",
       [reader] {
         auto rows = pg_description_rows(*reader->db, reader->model());
         for (auto& row : builtin_description_rows())
           rows.push_back(std::move(row));
         return rows;
       }},
      {"pg_depend",
       [reader] {
         auto rows = pg_depend_rows(*reader->db, reader->model());
         for (auto& member : extension_member_rows())
           rows.push_back(std::move(member));
         for (auto& trigger : trigger_depend_rows(reader->model()))
           rows.push_back(std::move(trigger));
         return rows;
       }},
      // The public schema's privileges as initdb made them (pg_dump dumps only changes).
      {"pg_init_privs",
       [reader] {
         std::vector<snapshot_row> rows{{public_namespace_oid, int64_t{2615}, int64_t{0}, std::string("i"),
                                         std::string(public_schema_acl)}};
         for (auto& row : builtin_init_privs_rows(bootstrap_superuser_name(*reader)))
           rows.push_back(std::move(row));
         return rows;
       }},
      {"pg_rewrite", [reader] { return pg_rewrite_rows(reader->model()); }},
      {"information_schema.tables",
       [reader] { return information_schema_tables_rows(reader->model(), reader->database); }},
      {"information_schema.columns",
       [reader] { return information_schema_columns_rows(*reader->db, reader->model(), reader->database); }},
      {"information_schema.schemata",
       [reader] { return information_schema_schemata_rows(reader->model(), reader->database, reader->owner().name); }},
      {"information_schema.table_constraints",
       [reader] { return information_schema_table_constraints_rows(reader->model(), reader->database); }},
      {"information_schema.key_column_usage",
       [reader] { return information_schema_key_column_usage_rows(reader->model(), reader->database); }},
      {"information_schema.sequences",
       [reader] {
         return sequence_rows(*reader->db, reader->model(), sequence_shape::information_schema, reader->owner(),
                              reader->database);
       }},
      {"information_schema.column_privileges",
       [reader] {
         return information_schema_column_privileges_rows(
             reader->model(), reader->database, reader->roles(), reader->memberships(), reader->owner().oid,
             reader->sources.current_user ? reader->sources.current_user() : std::string());
       }},
      {"pg_settings",
       [reader] {
         return reader->sources.settings ? pg_settings_rows(reader->sources.settings())
                                         : std::vector<snapshot_row>{};
       }},
  };
  // The relations computed from the model and the owners only: a scan reuses the
  // last scan's rows while none of that changed, so a query that scans one for each
  // row of another (pg_dump's correlated sub-selects on pg_type, pg_class) builds
  // them once.
  const std::set<std::string> reusable = {"pg_class",      "pg_attribute", "pg_attrdef", "pg_index",
                                          "pg_constraint", "pg_type",      "pg_trigger", "pg_rewrite",
                                          "pg_tables",     "pg_indexes"};
  for (const std::string& name : catalog_relation_names()) {
    auto it = computed.find(name);
    rows_function rows = it != computed.end() ? it->second : [] { return std::vector<snapshot_row>{}; };
    if (reusable.contains(name))
      rows = [reader, compute = std::move(rows),
              last = std::make_shared<std::pair<std::string, std::vector<snapshot_row>>>()] {
        std::string key = reader->version_key();
        if (!key.empty() && last->first == key)
          return last->second;
        auto out = compute();
        if (!key.empty())
          *last = {std::move(key), out};
        return out;
      };
    if (auto r = add_snapshot_table(db, name, snapshot_table{catalog_relation_schema(name), std::move(rows)}); !r)
      return r;
  }
  if (auto r = add_ordinals_table(db); !r)
    return r;
  if (auto r = install_record_functions(db); !r)
    return r;
  if (auto r = install_privilege_functions(db, reader); !r)
    return r;
  if (auto r = install_catalog_functions(db, reader); !r)
    return r;
  if (auto r = install_object_functions(db, reader); !r)
    return r;
  if (auto r = install_trigger_functions(db, reader); !r)
    return r;
  if (auto r = install_regproc_functions(db, reader); !r)
    return r;
  if (auto r = install_encoding_functions(db); !r)
    return r;
  return install_description_functions(db, reader);
}

}  // namespace tributary
