// catalog_definitions: the columns of each pg_catalog relation Tributary offers
// (catalog_relations.hpp), in PostgreSQL 15's order, with their type OIDs.
#include <map>
#include <sstream>

#include "cli/catalog/catalog_relations.hpp"

namespace tributary {

namespace {

// Type names of the column specs below -> type OID.
oid_t spec_type(const std::string& name) {
  static const std::map<std::string, oid_t> types = {
      {"bool", 16},       {"char", 18},        {"name", 19},         {"int8", 20},       {"int2", 21},
      {"int2vector", 22}, {"int4", 23},        {"regproc", 24},      {"text", 25},       {"oid", 26},
      {"xid", 28},        {"oidvector", 30},   {"pg_node_tree", 194}, {"float4", 700},   {"int2[]", 1005},
      {"text[]", 1009},   {"oid[]", 1028},     {"char[]", 1002},     {"aclitem[]", 1034}, {"timestamptz", 1184},
      {"pg_lsn", 3220},   {"bytea", 17},       {"varchar", 1043}};
  auto it = types.find(name);
  return it == types.end() ? 25 : it->second;
}

const std::map<std::string, std::string>& specs() {
  static const std::map<std::string, std::string> relations = {
      {"pg_namespace", "oid oid, nspname name, nspowner oid, nspacl aclitem[]"},
      {"pg_class",
       "oid oid, relname name, relnamespace oid, reltype oid, reloftype oid, relowner oid, relam oid, "
       "relfilenode oid, reltablespace oid, relpages int4, reltuples float4, relallvisible int4, "
       "reltoastrelid oid, relhasindex bool, relisshared bool, relpersistence char, relkind char, relnatts int2, "
       "relchecks int2, relhasrules bool, relhastriggers bool, relhassubclass bool, relrowsecurity bool, "
       "relforcerowsecurity bool, relispopulated bool, relreplident char, relispartition bool, relrewrite oid, "
       "relfrozenxid xid, relminmxid xid, relacl aclitem[], reloptions text[], relpartbound pg_node_tree"},
      {"pg_attribute",
       "attrelid oid, attname name, atttypid oid, attstattarget int4, attlen int2, attnum int2, attndims int4, "
       "attcacheoff int4, atttypmod int4, attbyval bool, attalign char, attstorage char, attcompression char, "
       "attnotnull bool, atthasdef bool, atthasmissing bool, attidentity char, attgenerated char, "
       "attisdropped bool, attislocal bool, attinhcount int4, attcollation oid, attacl aclitem[], "
       "attoptions text[], attfdwoptions text[], attmissingval text"},
      {"pg_attrdef", "oid oid, adrelid oid, adnum int2, adbin pg_node_tree"},
      {"pg_index",
       "indexrelid oid, indrelid oid, indnatts int2, indnkeyatts int2, indisunique bool, "
       "indnullsnotdistinct bool, indisprimary bool, indisexclusion bool, indimmediate bool, "
       "indisclustered bool, indisvalid bool, indcheckxmin bool, indisready bool, indislive bool, "
       "indisreplident bool, indkey int2vector, indcollation oidvector, indclass oidvector, "
       "indoption int2vector, indexprs pg_node_tree, indpred pg_node_tree"},
      {"pg_constraint",
       "oid oid, conname name, connamespace oid, contype char, condeferrable bool, condeferred bool, "
       "convalidated bool, conrelid oid, contypid oid, conindid oid, conparentid oid, confrelid oid, "
       "confupdtype char, confdeltype char, confmatchtype char, conislocal bool, coninhcount int4, "
       "connoinherit bool, conkey int2[], confkey int2[], conpfeqop oid[], conppeqop oid[], conffeqop oid[], "
       "confdelsetcols int2[], conexclop oid[], conbin pg_node_tree"},
      {"pg_sequence",
       "seqrelid oid, seqtypid oid, seqstart int8, seqincrement int8, seqmax int8, seqmin int8, seqcache int8, "
       "seqcycle bool"},
      {"pg_tables",
       "schemaname name, tablename name, tableowner name, tablespace name, hasindexes bool, hasrules bool, "
       "hastriggers bool, rowsecurity bool"},
      {"pg_indexes", "schemaname name, tablename name, indexname name, tablespace name, indexdef text"},
      {"pg_sequences",
       "schemaname name, sequencename name, sequenceowner name, data_type text, start_value int8, "
       "min_value int8, max_value int8, increment_by int8, cycle bool, cache_size int8, last_value int8"},
      {"pg_type",
       "oid oid, typname name, typnamespace oid, typowner oid, typlen int2, typbyval bool, typtype char, "
       "typcategory char, typispreferred bool, typisdefined bool, typdelim char, typrelid oid, "
       "typsubscript regproc, typelem oid, typarray oid, typinput regproc, typoutput regproc, "
       "typreceive regproc, typsend regproc, typmodin regproc, typmodout regproc, typanalyze regproc, "
       "typalign char, typstorage char, typnotnull bool, typbasetype oid, typtypmod int4, typndims int4, "
       "typcollation oid, typdefaultbin pg_node_tree, typdefault text, typacl aclitem[]"},
      {"pg_am", "oid oid, amname name, amhandler regproc, amtype char"},
      {"pg_enum", "oid oid, enumtypid oid, enumsortorder float4, enumlabel name"},
      {"pg_views", "schemaname name, viewname name, viewowner name, definition text"},
      {"pg_collation",
       "oid oid, collname name, collnamespace oid, collowner oid, collprovider char, collisdeterministic bool, "
       "collencoding int4, collcollate text, collctype text, colliculocale text, collversion text"},
      {"pg_database",
       "oid oid, datname name, datdba oid, encoding int4, datlocprovider char, datistemplate bool, "
       "datallowconn bool, datconnlimit int4, datfrozenxid xid, datminmxid xid, dattablespace oid, "
       "datcollate text, datctype text, daticulocale text, datcollversion text, datacl aclitem[]"},
      {"pg_roles",
       "rolname name, rolsuper bool, rolinherit bool, rolcreaterole bool, rolcreatedb bool, rolcanlogin bool, "
       "rolreplication bool, rolconnlimit int4, rolpassword text, rolvaliduntil timestamptz, rolbypassrls bool, "
       "rolconfig text[], oid oid"},
      {"pg_authid",
       "oid oid, rolname name, rolsuper bool, rolinherit bool, rolcreaterole bool, rolcreatedb bool, "
       "rolcanlogin bool, rolreplication bool, rolbypassrls bool, rolconnlimit int4, rolpassword text, "
       "rolvaliduntil timestamptz"},
      {"pg_user",
       "usename name, usesysid oid, usecreatedb bool, usesuper bool, userepl bool, usebypassrls bool, "
       "passwd text, valuntil timestamptz, useconfig text[]"},
      {"pg_auth_members", "roleid oid, member oid, grantor oid, admin_option bool"},
      {"pg_tablespace", "oid oid, spcname name, spcowner oid, spcacl aclitem[], spcoptions text[]"},
      {"pg_description", "objoid oid, classoid oid, objsubid int4, description text"},
      {"pg_shdescription", "objoid oid, classoid oid, description text"},
      {"pg_depend",
       "classid oid, objid oid, objsubid int4, refclassid oid, refobjid oid, refobjsubid int4, deptype char"},
      {"pg_policy",
       "oid oid, polname name, polrelid oid, polcmd char, polpermissive bool, polroles oid[], "
       "polqual pg_node_tree, polwithcheck pg_node_tree"},
      {"pg_statistic_ext",
       "oid oid, stxrelid oid, stxname name, stxnamespace oid, stxowner oid, stxstattarget int4, "
       "stxkeys int2vector, stxkind char[], stxexprs pg_node_tree"},
      {"pg_publication",
       "oid oid, pubname name, pubowner oid, puballtables bool, pubinsert bool, pubupdate bool, "
       "pubdelete bool, pubtruncate bool, pubviaroot bool"},
      {"pg_publication_rel", "oid oid, prpubid oid, prrelid oid, prqual pg_node_tree, prattrs int2[]"},
      {"pg_publication_namespace", "oid oid, pnpubid oid, pnnspid oid"},
      {"pg_trigger",
       "oid oid, tgrelid oid, tgparentid oid, tgname name, tgfoid oid, tgtype int2, tgenabled char, "
       "tgisinternal bool, tgconstrrelid oid, tgconstrindid oid, tgconstraint oid, tgdeferrable bool, "
       "tginitdeferred bool, tgnargs int2, tgattr int2vector, tgargs bytea, tgqual pg_node_tree, tgoldtable name, "
       "tgnewtable name"},
      // pg_get_keywords()'s result (keyword_rows.hpp).
      {"pg_get_keywords", "word text, catcode char, barelabel bool, catdesc text, baredesc text"},
      {"pg_inherits", "inhrelid oid, inhparent oid, inhseqno int4, inhdetachpending bool"},
      {"pg_rewrite",
       "oid oid, rulename name, ev_class oid, ev_type char, ev_enabled char, is_instead bool, "
       "ev_qual pg_node_tree, ev_action pg_node_tree"},
      {"pg_extension",
       "oid oid, extname name, extowner oid, extnamespace oid, extrelocatable bool, extversion text, "
       "extconfig oid[], extcondition text[]"},
      {"pg_partitioned_table",
       "partrelid oid, partstrat char, partnatts int2, partdefid oid, partattrs int2vector, "
       "partclass oidvector, partcollation oidvector, partexprs pg_node_tree"},
      {"pg_foreign_table", "ftrelid oid, ftserver oid, ftoptions text[]"},
      // Kinds of objects Tributary has none of (user functions, languages,
      // operators, text search, foreign data, casts, ...): empty, so that
      // pg_dump's reads of every catalog find their columns.
      {"pg_proc",
       "oid oid, proname name, pronamespace oid, proowner oid, prolang oid, procost float4, prorows float4, "
       "provariadic oid, prosupport regproc, prokind char, prosecdef bool, proleakproof bool, proisstrict bool, "
       "proretset bool, provolatile char, proparallel char, pronargs int2, pronargdefaults int2, prorettype oid, "
       "proargtypes oidvector, proallargtypes oid[], proargmodes char[], proargnames text[], "
       "proargdefaults pg_node_tree, protrftypes oid[], prosrc text, probin text, prosqlbody pg_node_tree, "
       "proconfig text[], proacl aclitem[]"},
      {"pg_language",
       "oid oid, lanname name, lanowner oid, lanispl bool, lanpltrusted bool, lanplcallfoid oid, laninline oid, "
       "lanvalidator oid, lanacl aclitem[]"},
      {"pg_operator",
       "oid oid, oprname name, oprnamespace oid, oprowner oid, oprkind char, oprcanmerge bool, oprcanhash bool, "
       "oprleft oid, oprright oid, oprresult oid, oprcom oid, oprnegate oid, oprcode regproc, oprrest regproc, "
       "oprjoin regproc"},
      {"pg_opclass",
       "oid oid, opcmethod oid, opcname name, opcnamespace oid, opcowner oid, opcfamily oid, opcintype oid, "
       "opcdefault bool, opckeytype oid"},
      {"pg_opfamily", "oid oid, opfmethod oid, opfname name, opfnamespace oid, opfowner oid"},
      {"pg_amop",
       "oid oid, amopfamily oid, amoplefttype oid, amoprighttype oid, amopstrategy int2, amoppurpose char, "
       "amopopr oid, amopmethod oid, amopsortfamily oid"},
      {"pg_amproc",
       "oid oid, amprocfamily oid, amproclefttype oid, amprocrighttype oid, amprocnum int2, amproc regproc"},
      {"pg_ts_parser",
       "oid oid, prsname name, prsnamespace oid, prsstart regproc, prstoken regproc, prsend regproc, "
       "prsheadline regproc, prslextype regproc"},
      {"pg_ts_template", "oid oid, tmplname name, tmplnamespace oid, tmplinit regproc, tmpllexize regproc"},
      {"pg_ts_dict",
       "oid oid, dictname name, dictnamespace oid, dictowner oid, dicttemplate oid, dictinitoption text"},
      {"pg_ts_config", "oid oid, cfgname name, cfgnamespace oid, cfgowner oid, cfgparser oid"},
      {"pg_foreign_data_wrapper",
       "oid oid, fdwname name, fdwowner oid, fdwhandler oid, fdwvalidator oid, fdwacl aclitem[], "
       "fdwoptions text[]"},
      {"pg_foreign_server",
       "oid oid, srvname name, srvowner oid, srvfdw oid, srvtype text, srvversion text, srvacl aclitem[], "
       "srvoptions text[]"},
      {"pg_default_acl",
       "oid oid, defaclrole oid, defaclnamespace oid, defaclobjtype char, defaclacl aclitem[]"},
      {"pg_conversion",
       "oid oid, conname name, connamespace oid, conowner oid, conforencoding int4, contoencoding int4, "
       "conproc regproc, condefault bool"},
      {"pg_cast", "oid oid, castsource oid, casttarget oid, castfunc oid, castcontext char, castmethod char"},
      {"pg_range",
       "rngtypid oid, rngsubtype oid, rngmultitypid oid, rngcollation oid, rngsubopc oid, "
       "rngcanonical regproc, rngsubdiff regproc"},
      {"pg_transform", "oid oid, trftype oid, trflang oid, trffromsql regproc, trftosql regproc"},
      {"pg_event_trigger",
       "oid oid, evtname name, evtevent name, evtowner oid, evtfoid oid, evtenabled char, evttags text[]"},
      {"pg_init_privs", "objoid oid, classoid oid, objsubid int4, privtype char, initprivs aclitem[]"},
      {"pg_largeobject_metadata", "oid oid, lomowner oid, lomacl aclitem[]"},
      {"pg_settings",
       "name text, setting text, unit text, category text, short_desc text, extra_desc text, context text, "
       "vartype text, source text, min_val text, max_val text, enumvals text[], boot_val text, reset_val text, "
       "sourcefile text, sourceline int4, pending_restart bool"},
      // Per-role and per-database settings: none (ALTER ROLE ... SET is not supported).
      {"pg_db_role_setting", "setdatabase oid, setrole oid, setconfig text[]"},
      // Privileges granted on parameters: none (there is no GRANT SET ON PARAMETER).
      {"pg_parameter_acl", "oid oid, parname text, paracl aclitem[]"},
      // Security labels: none (no label provider is loaded).
      {"pg_seclabel", "objoid oid, classoid oid, objsubid int4, provider text, label text"},
      {"pg_shseclabel", "objoid oid, classoid oid, provider text, label text"},
      {"pg_seclabels",
       "objoid oid, classoid oid, objsubid int4, objtype text, objnamespace oid, objname text, provider text, "
       "label text"},
      // information_schema (information_schema_rows.hpp): sql_identifier as name,
      // character_data and yes_or_no as text, cardinal_number as int4.
      {"information_schema.tables",
       "table_catalog name, table_schema name, table_name name, table_type varchar, "
       "self_referencing_column_name name, reference_generation varchar, user_defined_type_catalog name, "
       "user_defined_type_schema name, user_defined_type_name name, is_insertable_into varchar, is_typed varchar, "
       "commit_action varchar"},
      {"information_schema.columns",
       "table_catalog name, table_schema name, table_name name, column_name name, ordinal_position int4, "
       "column_default varchar, is_nullable varchar, data_type varchar, character_maximum_length int4, "
       "character_octet_length int4, numeric_precision int4, numeric_precision_radix int4, numeric_scale int4, "
       "datetime_precision int4, interval_type varchar, interval_precision int4, character_set_catalog name, "
       "character_set_schema name, character_set_name name, collation_catalog name, collation_schema name, "
       "collation_name name, domain_catalog name, domain_schema name, domain_name name, udt_catalog name, "
       "udt_schema name, udt_name name, scope_catalog name, scope_schema name, scope_name name, "
       "maximum_cardinality int4, dtd_identifier name, is_self_referencing varchar, is_identity varchar, "
       "identity_generation varchar, identity_start varchar, identity_increment varchar, identity_maximum varchar, "
       "identity_minimum varchar, identity_cycle varchar, is_generated varchar, generation_expression varchar, "
       "is_updatable varchar"},
      {"information_schema.column_privileges",
       "grantor name, grantee name, table_catalog name, table_schema name, table_name name, column_name name, "
       "privilege_type varchar, is_grantable varchar"},
      {"information_schema.schemata",
       "catalog_name name, schema_name name, schema_owner name, default_character_set_catalog name, "
       "default_character_set_schema name, default_character_set_name name, sql_path varchar"},
      {"information_schema.table_constraints",
       "constraint_catalog name, constraint_schema name, constraint_name name, table_catalog name, "
       "table_schema name, table_name name, constraint_type varchar, is_deferrable varchar, initially_deferred varchar, "
       "enforced varchar, nulls_distinct varchar"},
      {"information_schema.key_column_usage",
       "constraint_catalog name, constraint_schema name, constraint_name name, table_catalog name, "
       "table_schema name, table_name name, column_name name, ordinal_position int4, "
       "position_in_unique_constraint int4"},
      {"information_schema.sequences",
       "sequence_catalog name, sequence_schema name, sequence_name name, data_type varchar, numeric_precision int4, "
       "numeric_precision_radix int4, numeric_scale int4, start_value varchar, minimum_value varchar, "
       "maximum_value varchar, increment varchar, cycle_option varchar"},
      // The replication catalog: real tables of the database file
      // (storage/catalog_schema.cpp), typed as PostgreSQL's columns.
      {"pg_subscription",
       "oid oid, subdbid oid, subskiplsn pg_lsn, subname name, subowner oid, subenabled bool, subbinary bool, "
       "substream char, subtwophasestate char, subdisableonerr bool, subpasswordrequired bool, "
       "subrunasowner bool, subfailover bool, subconninfo text, subslotname name, subsynccommit text, "
       "subpublications text[], suborigin text"},
      {"pg_subscription_rel",
       "srsubid oid, srrelid oid, srsubstate char, srsublsn pg_lsn, srschemaname name, srrelname name"},
      {"pg_replication_origin", "roident oid, roname text"},
      {"pg_replication_origin_status", "local_id oid, external_id text, remote_lsn pg_lsn, local_lsn pg_lsn"},
  };
  return relations;
}

std::vector<std::pair<std::string, std::string>> parse_spec(const std::string& spec) {
  std::vector<std::pair<std::string, std::string>> out;
  std::stringstream in(spec);
  std::string item;
  while (std::getline(in, item, ',')) {
    item.erase(0, item.find_first_not_of(' '));
    const size_t space = item.find(' ');
    out.emplace_back(item.substr(0, space), item.substr(space + 1));
  }
  return out;
}

}  // namespace

const std::vector<column_definition>* catalog_relation_columns(const std::string& name) {
  static const std::map<std::string, std::vector<column_definition>> definitions = [] {
    std::map<std::string, std::vector<column_definition>> out;
    for (const auto& [relation, spec] : specs()) {
      auto& columns = out[relation];
      for (const auto& [column, type] : parse_spec(spec)) {
        column_definition c;
        c.name = column;
        c.type = builtin_column_type(spec_type(type));
        columns.push_back(std::move(c));
      }
    }
    return out;
  }();
  auto it = definitions.find(name);
  return it == definitions.end() ? nullptr : &it->second;
}

std::string catalog_relation_schema(const std::string& name) {
  std::string out = "CREATE TABLE x(";
  bool first = true;
  for (const auto& [column, type] : parse_spec(specs().at(name))) {
    out += (first ? "" : ", ") + column;
    first = false;
  }
  return out + ")";
}

bool is_replication_catalog(const std::string& name) {
  return name == "pg_subscription" || name == "pg_subscription_rel" || name == "pg_replication_origin" ||
         name == "pg_replication_origin_status";
}

std::vector<std::string> catalog_relation_names() {
  std::vector<std::string> out;
  for (const auto& [relation, spec] : specs())
    if (!is_replication_catalog(relation))
      out.push_back(relation);
  return out;
}

}  // namespace tributary
