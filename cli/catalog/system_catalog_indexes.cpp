// system_catalog_indexes: see the header.
#include "cli/catalog/system_catalog_indexes.hpp"

#include <algorithm>
#include <sstream>

#include "cli/catalog/catalog_relations.hpp"
#include "cli/catalog/system_catalog_rows.hpp"

namespace tributary {

namespace {

struct system_index {
  int64_t oid;
  const char* name;
  const char* table;
  bool unique, primary;
  char constraint;  // 'p' PRIMARY KEY, 'u' UNIQUE, ' ' none
  int64_t constraint_oid;
  const char* columns;  // indkey: attnums
};

constexpr system_index indexes[] = {
    {2651, "pg_am_name_index", "pg_am", true, false, 'u', 10135, "2"},
    {2652, "pg_am_oid_index", "pg_am", true, true, 'p', 10136, "1"},
    {2653, "pg_amop_fam_strat_index", "pg_amop", true, false, 'u', 10137, "2 3 4 5"},
    {2756, "pg_amop_oid_index", "pg_amop", true, true, 'p', 10139, "1"},
    {2654, "pg_amop_opr_fam_index", "pg_amop", true, false, 'u', 10138, "7 6 2"},
    {2655, "pg_amproc_fam_proc_index", "pg_amproc", true, false, 'u', 10140, "2 3 4 5"},
    {2757, "pg_amproc_oid_index", "pg_amproc", true, true, 'p', 10141, "1"},
    {2656, "pg_attrdef_adrelid_adnum_index", "pg_attrdef", true, false, 'u', 10123, "2 3"},
    {2657, "pg_attrdef_oid_index", "pg_attrdef", true, true, 'p', 10124, "1"},
    {2658, "pg_attribute_relid_attnam_index", "pg_attribute", true, false, 'u', 10119, "1 2"},
    {2659, "pg_attribute_relid_attnum_index", "pg_attribute", true, true, 'p', 10120, "1 6"},
    {2695, "pg_auth_members_member_role_index", "pg_auth_members", true, false, 'u', 10176, "2 1"},
    {2694, "pg_auth_members_role_member_index", "pg_auth_members", true, true, 'p', 10175, "1 2"},
    {2677, "pg_authid_oid_index", "pg_authid", true, true, 'p', 10174, "1"},
    {2676, "pg_authid_rolname_index", "pg_authid", true, false, 'u', 10173, "2"},
    {2660, "pg_cast_oid_index", "pg_cast", true, true, 'p', 10158, "1"},
    {2661, "pg_cast_source_target_index", "pg_cast", true, false, 'u', 10159, "2 3"},
    {2662, "pg_class_oid_index", "pg_class", true, true, 'p', 10121, "1"},
    {2663, "pg_class_relname_nsp_index", "pg_class", true, false, 'u', 10122, "2 3"},
    {3455, "pg_class_tblspc_relfilenode_index", "pg_class", false, false, ' ', 0, "9 8"},
    {3164, "pg_collation_name_enc_nsp_index", "pg_collation", true, false, 'u', 10205, "2 7 3"},
    {3085, "pg_collation_oid_index", "pg_collation", true, true, 'p', 10206, "1"},
    {2664, "pg_constraint_conname_nsp_index", "pg_constraint", false, false, ' ', 0, "2 3"},
    {2579, "pg_constraint_conparentid_index", "pg_constraint", false, false, ' ', 0, "11"},
    {2665, "pg_constraint_conrelid_contypid_conname_index", "pg_constraint", true, false, 'u', 10125, "8 9 2"},
    {2666, "pg_constraint_contypid_index", "pg_constraint", false, false, ' ', 0, "9"},
    {2667, "pg_constraint_oid_index", "pg_constraint", true, true, 'p', 10126, "1"},
    {2668, "pg_conversion_default_index", "pg_conversion", true, false, 'u', 10165, "3 5 6 1"},
    {2669, "pg_conversion_name_nsp_index", "pg_conversion", true, false, 'u', 10166, "2 3"},
    {2670, "pg_conversion_oid_index", "pg_conversion", true, true, 'p', 10167, "1"},
    {2671, "pg_database_datname_index", "pg_database", true, false, 'u', 10168, "2"},
    {2672, "pg_database_oid_index", "pg_database", true, true, 'p', 10169, "1"},
    {2965, "pg_db_role_setting_databaseid_rol_index", "pg_db_role_setting", true, true, 'p', 10170, "1 2"},
    {828, "pg_default_acl_oid_index", "pg_default_acl", true, true, 'p', 10201, "1"},
    {827, "pg_default_acl_role_nsp_obj_index", "pg_default_acl", true, false, 'u', 10200, "2 3 4"},
    {2673, "pg_depend_depender_index", "pg_depend", false, false, ' ', 0, "1 2 3"},
    {2674, "pg_depend_reference_index", "pg_depend", false, false, ' ', 0, "4 5 6"},
    {2675, "pg_description_o_c_o_index", "pg_description", true, true, 'p', 10157, "1 2 3"},
    {3502, "pg_enum_oid_index", "pg_enum", true, true, 'p', 10160, "1"},
    {3503, "pg_enum_typid_label_index", "pg_enum", true, false, 'u', 10161, "2 4"},
    {3534, "pg_enum_typid_sortorder_index", "pg_enum", true, false, 'u', 10162, "2 3"},
    {3467, "pg_event_trigger_evtname_index", "pg_event_trigger", true, false, 'u', 10155, "2"},
    {3468, "pg_event_trigger_oid_index", "pg_event_trigger", true, true, 'p', 10156, "1"},
    {3081, "pg_extension_name_index", "pg_extension", true, false, 'u', 10188, "2"},
    {3080, "pg_extension_oid_index", "pg_extension", true, true, 'p', 10187, "1"},
    {548, "pg_foreign_data_wrapper_name_index", "pg_foreign_data_wrapper", true, false, 'u', 10190, "2"},
    {112, "pg_foreign_data_wrapper_oid_index", "pg_foreign_data_wrapper", true, true, 'p', 10189, "1"},
    {549, "pg_foreign_server_name_index", "pg_foreign_server", true, false, 'u', 10192, "2"},
    {113, "pg_foreign_server_oid_index", "pg_foreign_server", true, true, 'p', 10191, "1"},
    {3119, "pg_foreign_table_relid_index", "pg_foreign_table", true, true, 'p', 10195, "1"},
    {2679, "pg_index_indexrelid_index", "pg_index", true, true, 'p', 10128, "1"},
    {2678, "pg_index_indrelid_index", "pg_index", false, false, ' ', 0, "2"},
    {2187, "pg_inherits_parent_index", "pg_inherits", false, false, ' ', 0, "2"},
    {2680, "pg_inherits_relid_seqno_index", "pg_inherits", true, true, 'p', 10127, "1 3"},
    {3395, "pg_init_privs_o_c_o_index", "pg_init_privs", true, true, 'p', 10202, "1 2 3"},
    {2681, "pg_language_name_index", "pg_language", true, false, 'u', 10142, "2"},
    {2682, "pg_language_oid_index", "pg_language", true, true, 'p', 10143, "1"},
    {2996, "pg_largeobject_metadata_oid_index", "pg_largeobject_metadata", true, true, 'p', 10144, "1"},
    {2684, "pg_namespace_nspname_index", "pg_namespace", true, false, 'u', 10163, "2"},
    {2685, "pg_namespace_oid_index", "pg_namespace", true, true, 'p', 10164, "1"},
    {2686, "pg_opclass_am_name_nsp_index", "pg_opclass", true, false, 'u', 10133, "2 3 4"},
    {2687, "pg_opclass_oid_index", "pg_opclass", true, true, 'p', 10134, "1"},
    {2688, "pg_operator_oid_index", "pg_operator", true, true, 'p', 10129, "1"},
    {2689, "pg_operator_oprname_l_r_n_index", "pg_operator", true, false, 'u', 10130, "2 8 9 3"},
    {2754, "pg_opfamily_am_name_nsp_index", "pg_opfamily", true, false, 'u', 10131, "2 3 4"},
    {2755, "pg_opfamily_oid_index", "pg_opfamily", true, true, 'p', 10132, "1"},
    {6247, "pg_parameter_acl_oid_index", "pg_parameter_acl", true, true, 'p', 10208, "1"},
    {6246, "pg_parameter_acl_parname_index", "pg_parameter_acl", true, false, 'u', 10207, "2"},
    {3351, "pg_partitioned_table_partrelid_index", "pg_partitioned_table", true, true, 'p', 10209, "1"},
    {3257, "pg_policy_oid_index", "pg_policy", true, true, 'p', 10196, "1"},
    {3258, "pg_policy_polrelid_polname_index", "pg_policy", true, false, 'u', 10197, "3 2"},
    {2690, "pg_proc_oid_index", "pg_proc", true, true, 'p', 10115, "1"},
    {2691, "pg_proc_proname_args_nsp_index", "pg_proc", true, false, 'u', 10116, "2 20 3"},
    {6110, "pg_publication_oid_index", "pg_publication", true, true, 'p', 10215, "1"},
    {6111, "pg_publication_pubname_index", "pg_publication", true, false, 'u', 10216, "2"},
    {6238, "pg_publication_namespace_oid_index", "pg_publication_namespace", true, true, 'p', 10217, "1"},
    {6239, "pg_publication_namespace_pnnspid_pnpubid_index", "pg_publication_namespace", true, false, 'u', 10218, "3 2"},
    {6112, "pg_publication_rel_oid_index", "pg_publication_rel", true, true, 'p', 10219, "1"},
    {6116, "pg_publication_rel_prpubid_index", "pg_publication_rel", false, false, ' ', 0, "2"},
    {6113, "pg_publication_rel_prrelid_prpubid_index", "pg_publication_rel", true, false, 'u', 10220, "3 2"},
    {2228, "pg_range_rngmultitypid_index", "pg_range", true, false, 'u', 10211, "3"},
    {3542, "pg_range_rngtypid_index", "pg_range", true, true, 'p', 10210, "1"},
    {6001, "pg_replication_origin_roiident_index", "pg_replication_origin", true, true, 'p', 10198, "1"},
    {6002, "pg_replication_origin_roname_index", "pg_replication_origin", true, false, 'u', 10199, "2"},
    {2692, "pg_rewrite_oid_index", "pg_rewrite", true, true, 'p', 10151, "1"},
    {2693, "pg_rewrite_rel_rulename_index", "pg_rewrite", true, false, 'u', 10152, "3 2"},
    {3597, "pg_seclabel_object_index", "pg_seclabel", true, true, 'p', 10203, "1 2 3 4"},
    {5002, "pg_sequence_seqrelid_index", "pg_sequence", true, true, 'p', 10214, "1"},
    {2397, "pg_shdescription_o_c_index", "pg_shdescription", true, true, 'p', 10177, "1 2"},
    {3593, "pg_shseclabel_object_index", "pg_shseclabel", true, true, 'p', 10204, "1 2 3"},
    {3997, "pg_statistic_ext_name_index", "pg_statistic_ext", true, false, 'u', 10149, "3 4"},
    {3380, "pg_statistic_ext_oid_index", "pg_statistic_ext", true, true, 'p', 10148, "1"},
    {3379, "pg_statistic_ext_relid_index", "pg_statistic_ext", false, false, ' ', 0, "2"},
    {2697, "pg_tablespace_oid_index", "pg_tablespace", true, true, 'p', 10171, "1"},
    {2698, "pg_tablespace_spcname_index", "pg_tablespace", true, false, 'u', 10172, "2"},
    {3574, "pg_transform_oid_index", "pg_transform", true, true, 'p', 10212, "1"},
    {3575, "pg_transform_type_lang_index", "pg_transform", true, false, 'u', 10213, "2 3"},
    {2702, "pg_trigger_oid_index", "pg_trigger", true, true, 'p', 10154, "1"},
    {2699, "pg_trigger_tgconstraint_index", "pg_trigger", false, false, ' ', 0, "11"},
    {2701, "pg_trigger_tgrelid_tgname_index", "pg_trigger", true, false, 'u', 10153, "2 4"},
    {3608, "pg_ts_config_cfgname_index", "pg_ts_config", true, false, 'u', 10178, "2 3"},
    {3712, "pg_ts_config_oid_index", "pg_ts_config", true, true, 'p', 10179, "1"},
    {3604, "pg_ts_dict_dictname_index", "pg_ts_dict", true, false, 'u', 10181, "2 3"},
    {3605, "pg_ts_dict_oid_index", "pg_ts_dict", true, true, 'p', 10182, "1"},
    {3607, "pg_ts_parser_oid_index", "pg_ts_parser", true, true, 'p', 10184, "1"},
    {3606, "pg_ts_parser_prsname_index", "pg_ts_parser", true, false, 'u', 10183, "2 3"},
    {3767, "pg_ts_template_oid_index", "pg_ts_template", true, true, 'p', 10186, "1"},
    {3766, "pg_ts_template_tmplname_index", "pg_ts_template", true, false, 'u', 10185, "2 3"},
    {2703, "pg_type_oid_index", "pg_type", true, true, 'p', 10117, "1"},
    {2704, "pg_type_typname_nsp_index", "pg_type", true, false, 'u', 10118, "2 3"},
};

constexpr int64_t pg_catalog_namespace = 11;
constexpr int64_t bootstrap_superuser = 10;
constexpr int64_t btree = 403;

catalog_model build_model() {
  catalog_model model;
  for (const auto& i : indexes) {
    if (model.relations.empty() || model.relations.back().name != i.table) {
      catalog_relation r;
      r.oid = system_relation_oid(i.table);
      r.name = r.local_name = i.table;
      r.schema = "pg_catalog";
      r.namespace_oid = pg_catalog_namespace;
      if (const auto* columns = catalog_relation_columns(i.table))
        r.columns = *columns;
      model.relations.push_back(std::move(r));
    }
    catalog_index index;
    index.oid = i.oid;
    index.name = i.name;
    std::istringstream attnums(i.columns);
    for (int attnum = 0; attnums >> attnum;)
      index.columns.push_back(attnum);
    index.descending.assign(index.columns.size(), false);
    index.unique = i.unique;
    index.primary = i.primary;
    index.constraint = i.constraint != ' ';
    index.constraint_oid = i.constraint_oid;
    model.relations.back().indexes.push_back(std::move(index));
  }
  return model;
}

}  // namespace

const catalog_model& system_catalog_index_model() {
  static const catalog_model model = build_model();
  return model;
}

std::vector<snapshot_row> system_index_class_rows() {
  std::vector<snapshot_row> out;
  const sql_value no = int64_t{0};
  const sql_value null = sql_null{};
  for (const auto& r : system_catalog_index_model().relations)
    for (const auto& i : r.indexes)
      out.push_back({i.oid, i.name, pg_catalog_namespace, int64_t{0}, int64_t{0}, bootstrap_superuser, btree,
                     int64_t{0}, int64_t{0}, int64_t{1}, 0.0, int64_t{0}, int64_t{0}, no, no, std::string("p"),
                     std::string("i"), static_cast<int64_t>(i.columns.size()), int64_t{0}, no, no, no, no, no,
                     int64_t{1}, std::string("n"), no, int64_t{0}, int64_t{0}, int64_t{0}, null, null, null});
  return out;
}

std::vector<snapshot_row> system_index_attribute_rows() {
  // pg_attribute's columns by position (0-based): attrelid, attname, atttypid, attlen,
  // attnum, attbyval, attalign, attstorage, attnotnull.
  enum { attrelid = 0, atttypid = 2, attlen = 4, attnum = 5, attbyval = 9, attalign = 10, attstorage = 11,
         attnotnull = 13 };
  const std::vector<snapshot_row> table_rows = system_attribute_rows();
  std::vector<snapshot_row> out;
  for (const auto& r : system_catalog_index_model().relations)
    for (const auto& i : r.indexes)
      for (size_t k = 0; k < i.columns.size(); ++k) {
        const auto column = std::find_if(table_rows.begin(), table_rows.end(), [&](const snapshot_row& row) {
          return std::get<int64_t>(row[attrelid]) == r.oid && std::get<int64_t>(row[attnum]) == i.columns[k];
        });
        if (column == table_rows.end())
          continue;
        snapshot_row row = *column;
        row[attrelid] = i.oid;
        row[attnum] = static_cast<int64_t>(k + 1);
        row[attnotnull] = int64_t{0};
        if (std::get<int64_t>(row[atttypid]) == 19) {  // name_ops keys are stored as cstring
          row[atttypid] = int64_t{2275};
          row[attlen] = int64_t{-2};
          row[attbyval] = int64_t{0};
          row[attalign] = std::string("c");
        }
        out.push_back(std::move(row));
      }
  return out;
}

bool system_relation_has_indexes(int64_t oid) {
  for (const auto& r : system_catalog_index_model().relations)
    if (r.oid == oid)
      return true;
  return false;
}

}  // namespace tributary
