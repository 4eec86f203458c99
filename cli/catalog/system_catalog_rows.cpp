// system_catalog_rows: the pg_catalog relations Tributary offers
// (catalog_definitions.cpp) as rows of pg_class and pg_attribute themselves, with
// PostgreSQL 15's OIDs, kinds (r catalog, v view) and NOT NULL columns, so psql's
// \d pg_class, \d pg_tables and other readers of a catalog's own columns see them.
// The table below is generated from a PostgreSQL 15.18 server:
//   SELECT c.relname, c.oid, c.relkind, string_agg(CASE WHEN a.attnotnull THEN 'n'
//          ELSE '-' END, '' ORDER BY a.attnum), string_agg(CASE a.attcollation WHEN 950
//          THEN 'C' WHEN 100 THEN 'd' ELSE '-' END, '' ORDER BY a.attnum)
//   FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0
//   WHERE c.relnamespace = 11 AND c.relname IN (<the relations>) GROUP BY 1, 2, 3
#include "cli/catalog/system_catalog_rows.hpp"

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/catalog_relations.hpp"
#include "cli/catalog/system_catalog_indexes.hpp"
#include "stages/types/builtin_types.hpp"

namespace tributary {

namespace {

struct system_relation {
  const char* name;
  int64_t oid;
  char kind;
  const char* not_null;    // per column: 'n' NOT NULL, '-' nullable
  const char* collations;  // per column: 'C' "C" (950), 'd' default (100), '-' none
};

constexpr system_relation relations[] = {
    {"pg_am", 2601, 'r', "nnnn",
     "-C--"},
    {"pg_amop", 2602, 'r', "nnnnnnnnn",
     "---------"},
    {"pg_amproc", 2603, 'r', "nnnnnn",
     "------"},
    {"pg_attrdef", 2604, 'r', "nnnn",
     "---C"},
    {"pg_attribute", 1249, 'r', "nnnnnnnnnnnnnnnnnnnnnn----",
     "-C---------------------CC-"},
    {"pg_auth_members", 1261, 'r', "nnnn",
     "----"},
    {"pg_authid", 1260, 'r', "nnnnnnnnnn--",
     "-C--------C-"},
    {"pg_cast", 2605, 'r', "nnnnnn",
     "------"},
    {"pg_class", 1259, 'r', "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnn---",
     "-C-----------------------------CC"},
    {"pg_collation", 3456, 'r', "nnnnnnn----",
     "-C-----CCCC"},
    {"pg_constraint", 2606, 'r', "nnnnnnnnnnnnnnnnnn--------",
     "-C-----------------------C"},
    {"pg_conversion", 2607, 'r', "nnnnnnnn",
     "-C------"},
    {"pg_database", 1262, 'r', "nnnnnnnnnnnnn---",
     "-C---------CCCC-"},
    {"pg_db_role_setting", 2964, 'r', "nn-",
     "--C"},
    {"pg_default_acl", 826, 'r', "nnnnn",
     "-----"},
    {"pg_depend", 2608, 'r', "nnnnnnn",
     "-------"},
    {"pg_description", 2609, 'r', "nnnn",
     "---C"},
    {"pg_enum", 3501, 'r', "nnnn",
     "---C"},
    {"pg_event_trigger", 3466, 'r', "nnnnnn-",
     "-CC---C"},
    {"pg_extension", 3079, 'r', "nnnnnn--",
     "-C---C-C"},
    {"pg_foreign_data_wrapper", 2328, 'r', "nnnnn--",
     "-C----C"},
    {"pg_foreign_server", 1417, 'r', "nnnn----",
     "-C--CC-C"},
    {"pg_foreign_table", 3118, 'r', "nn-",
     "--C"},
    {"pg_index", 2610, 'r', "nnnnnnnnnnnnnnnnnnn--",
     "-------------------CC"},
    {"pg_indexes", 12043, 'v', "-----",
     "CCCCd"},
    {"pg_inherits", 2611, 'r', "nnnn",
     "----"},
    {"pg_init_privs", 3394, 'r', "nnnnn",
     "-----"},
    {"pg_language", 2612, 'r', "nnnnnnnn-",
     "-C-------"},
    {"pg_largeobject_metadata", 2995, 'r', "nn-",
     "---"},
    {"pg_namespace", 2615, 'r', "nnn-",
     "-C--"},
    {"pg_opclass", 2616, 'r', "nnnnnnnnn",
     "--C------"},
    {"pg_operator", 2617, 'r', "nnnnnnnnnnnnnnn",
     "-C-------------"},
    {"pg_opfamily", 2753, 'r', "nnnnn",
     "--C--"},
    {"pg_parameter_acl", 6243, 'r', "nn-",
     "-C-"},
    {"pg_partitioned_table", 3350, 'r', "nnnnnnn-",
     "-------C"},
    {"pg_policy", 3256, 'r', "nnnnnn--",
     "-C----CC"},
    {"pg_proc", 1255, 'r', "nnnnnnnnnnnnnnnnnnnn-----n----",
     "-C--------------------CC-CCCC-"},
    {"pg_publication", 6104, 'r', "nnnnnnnnn",
     "-C-------"},
    {"pg_publication_namespace", 6237, 'r', "nnn",
     "---"},
    {"pg_publication_rel", 6106, 'r', "nnn--",
     "---C-"},
    {"pg_range", 3541, 'r', "nnnnnnn",
     "-------"},
    {"pg_replication_origin", 6000, 'r', "nn",
     "-C"},
    {"pg_replication_origin_status", 12332, 'v', "----",
     "-d--"},
    {"pg_rewrite", 2618, 'r', "nnnnnnnn",
     "-C----CC"},
    {"pg_roles", 12000, 'v', "-------------",
     "C-------d--C-"},
    {"pg_seclabel", 3596, 'r', "nnnnn",
     "---CC"},
    {"pg_seclabels", 12099, 'v', "--------",
     "---d-CCC"},
    {"pg_sequence", 2224, 'r', "nnnnnnnn",
     "--------"},
    {"pg_sequences", 12048, 'v', "-----------",
     "CCC--------"},
    {"pg_settings", 12104, 'v', "-----------------",
     "ddddddddddddddd--"},
    {"pg_shdescription", 2396, 'r', "nnn",
     "--C"},
    {"pg_shseclabel", 3592, 'r', "nnnn",
     "--CC"},
    {"pg_statistic_ext", 3381, 'r', "nnnnnnnn-",
     "--C-----C"},
    {"pg_tables", 12033, 'v', "--------",
     "CCCC----"},
    {"pg_tablespace", 1213, 'r', "nnn--",
     "-C--C"},
    {"pg_transform", 3576, 'r', "nnnnn",
     "-----"},
    {"pg_trigger", 2620, 'r', "nnnnnnnnnnnnnnnn---",
     "---C------------CCC"},
    {"pg_ts_config", 3602, 'r', "nnnnn",
     "-C---"},
    {"pg_ts_dict", 3600, 'r', "nnnnn-",
     "-C---C"},
    {"pg_ts_parser", 3601, 'r', "nnnnnnnn",
     "-C------"},
    {"pg_ts_template", 3764, 'r', "nnnnn",
     "-C---"},
    {"pg_type", 1247, 'r', "nnnnnnnnnnnnnnnnnnnnnnnnnnnnn---",
     "-C---------------------------CC-"},
    {"pg_user", 12014, 'v', "---------",
     "C-----d-C"},
    {"pg_views", 12028, 'v', "----",
     "CCCd"},
};

const system_relation* find(const std::string& name) {
  for (const auto& r : relations)
    if (name == r.name)
      return &r;
  return nullptr;
}

const sql_value null_value = sql_null{};
sql_value boolean(bool b) { return int64_t{b ? 1 : 0}; }
sql_value character(char c) { return std::string(1, c); }

// typstorage: int2vector and oidvector are plain, inet and numeric main, other
// variable-length types extended.
char storage(oid_t type, int64_t length) {
  if (length != -1 || type == 22 || type == 30)
    return 'p';
  return type == 869 || type == 1700 ? 'm' : 'x';
}

}  // namespace

int64_t system_relation_oid(const std::string& name) {
  if (const system_relation* r = find(name))
    return r->oid;
  // The replication catalogs (real tables of the database file).
  if (name == "pg_subscription")
    return 6100;
  if (name == "pg_subscription_rel")
    return 6102;
  return 0;
}

std::vector<snapshot_row> system_class_rows() {
  std::vector<snapshot_row> out;
  for (const auto& r : relations) {
    const auto* columns = catalog_relation_columns(r.name);
    const int64_t natts = columns ? static_cast<int64_t>(columns->size()) : 0;
    const bool table = r.kind == 'r';
    out.push_back({r.oid, std::string(r.name), pg_catalog_namespace_oid, int64_t{0}, int64_t{0}, int64_t{10},
                   int64_t{table ? 2 : 0}, int64_t{0}, int64_t{0}, int64_t{0}, -1.0, int64_t{0}, int64_t{0},
                   boolean(system_relation_has_indexes(r.oid)), boolean(false), character('p'), character(r.kind), natts, int64_t{0},
                   boolean(false), boolean(false), boolean(false), boolean(false), boolean(false), boolean(true),
                   character('n'), boolean(false), int64_t{0}, int64_t{0}, int64_t{0},  // relreplident 'n', as initdb's
                   null_value, null_value, null_value});
  }
  return out;
}

std::vector<snapshot_row> system_attribute_rows() {
  std::vector<snapshot_row> out;
  for (const auto& r : relations) {
    const auto* columns = catalog_relation_columns(r.name);
    if (columns == nullptr)
      continue;
    const std::string not_null = r.not_null;
    for (size_t i = 0; i < columns->size(); ++i) {
      const column_definition& c = (*columns)[i];
      const oid_t type = c.type.oid;
      const type_descriptor* t = find_builtin_type(type);
      const int64_t length = t ? t->typlen : -1;
      const char code = i < std::string(r.collations).size() ? r.collations[i] : '-';
      const int64_t collation = code == 'C' ? 950 : code == 'd' ? 100 : 0;
      // An array, int2vector and oidvector have one dimension.
      const bool array = (t != nullptr && t->element != 0 && length == -1) || type == 22 || type == 30;
      out.push_back({r.oid, c.name, int64_t{type}, int64_t{-1}, length, static_cast<int64_t>(i + 1),
                     int64_t{array ? 1 : 0}, int64_t{-1}, int64_t{-1}, boolean(length > 0 && length <= 8),
                     character(length == 8 ? 'd' : length == 2 ? 's' : length == 1 || length == 64 ? 'c' : 'i'),
                     character(storage(type, length)), std::string(),
                     boolean(i < not_null.size() && not_null[i] == 'n'), boolean(false), boolean(false),
                     std::string(), std::string(), boolean(false), boolean(true), int64_t{0}, collation, null_value,
                     null_value, null_value, null_value});
    }
  }
  return out;
}

}  // namespace tributary
