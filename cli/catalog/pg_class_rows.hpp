// pg_class_rows: the rows of the relation catalogs computed from one database's
// catalog model (catalog_relations.hpp lists them). `owner` is the OID of the
// role that owns every relation (the database's owner), `owner_name` its name.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/snapshot_table.hpp"
#include "storage/table_access.hpp"

namespace tributary {

struct relation_owner {
  int64_t oid = 10;
  std::string name;
  // Any role's name by OID (a table's own owner, the roles in its ACL).
  std::function<std::string(int64_t)> role_name;

  int64_t of(const catalog_relation& r) const { return r.owner != 0 ? r.owner : oid; }
  std::string name_of(const catalog_relation& r) const {
    return r.owner != 0 && role_name ? role_name(r.owner) : name;
  }
};

// nspowner and nspacl from `schemas` (table_access.hpp's load_schema_acls).
std::vector<snapshot_row> pg_namespace_rows(const catalog_model& model, const relation_owner& owner,
                                            const std::map<std::string, schema_acl_entry>& schemas);
std::vector<snapshot_row> pg_class_rows(const catalog_model& model, const relation_owner& owner);
// attacl: a column's own privileges (GRANT SELECT (c) ON t), NULL without.
std::vector<snapshot_row> pg_attribute_rows(const catalog_model& model, const relation_owner& owner);
std::vector<snapshot_row> pg_attrdef_rows(const catalog_model& model);

// pg_attrdef.adbin, which PostgreSQL keeps as a node tree that only pg_get_expr
// reads: here "{DEFAULT :adnum 3 :expr <the default's text>}", so that
// pg_get_expr(adbin, adrelid, true) knows the column (its type decides the
// parentheses of pretty mode).
std::string attrdef_node(int64_t adnum, const std::string& expression);
struct attrdef_expression {
  int64_t adnum = 0;
  std::string expression;
};
// nullopt for a text attrdef_node did not write.
std::optional<attrdef_expression> read_attrdef_node(const std::string& node);
std::vector<snapshot_row> pg_index_rows(const catalog_model& model);
std::vector<snapshot_row> pg_constraint_rows(const catalog_model& model);
std::vector<snapshot_row> pg_tables_rows(const catalog_model& model, const relation_owner& owner);
std::vector<snapshot_row> pg_indexes_rows(const catalog_model& model);

// The type OID of a column as pg_attribute.atttypid shows it (a domain's OID
// for a column declared with a domain).
int64_t attribute_type_oid(const catalog_model& model, const column_definition& column);

}  // namespace tributary
