// builtin_operator_class_rows: PostgreSQL 15's operator families and classes of
// btree and hash (the index methods Tributary has) for its types, as pg_opfamily,
// pg_opclass, pg_amop and pg_amproc rows (builtin_operator_classes_data.cpp,
// generated), so psql's \dAc, \dAf, \dAo and \dAp list them as PostgreSQL does.
// Schema pg_catalog, owner the bootstrap superuser.
#include "cli/catalog/builtin_catalog_rows.hpp"

#include "cli/catalog/builtin_catalog.hpp"
#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/catalog_values.hpp"

namespace tributary {

namespace {
constexpr int64_t bootstrap_superuser = 10;
}  // namespace

std::vector<snapshot_row> builtin_operator_family_rows() {
  std::vector<snapshot_row> out;
  for (const builtin_operator_family& f : builtin_operator_families())
    out.push_back({f.oid, f.method, std::string(f.name), int64_t{pg_catalog_namespace_oid}, bootstrap_superuser});
  return out;
}

std::vector<snapshot_row> builtin_operator_class_rows() {
  std::vector<snapshot_row> out;
  for (const builtin_operator_class& c : builtin_operator_classes())
    out.push_back({c.oid, c.method, std::string(c.name), int64_t{pg_catalog_namespace_oid}, bootstrap_superuser,
                   c.family, c.input_type, catalog_value::boolean(c.is_default), c.key_type});
  return out;
}

std::vector<snapshot_row> builtin_access_method_operator_rows() {
  std::vector<snapshot_row> out;
  for (const builtin_access_method_operator& o : builtin_access_method_operators())
    out.push_back({o.oid, o.family, o.left, o.right, o.strategy, catalog_value::character(o.purpose), o.op, o.method,
                   o.sort_family});
  return out;
}

std::vector<snapshot_row> builtin_access_method_procedure_rows() {
  std::vector<snapshot_row> out;
  for (const builtin_access_method_procedure& p : builtin_access_method_procedures())
    out.push_back({p.oid, p.family, p.left, p.right, p.number, p.procedure});
  return out;
}

bool is_builtin_operator_family(int64_t oid) {
  for (const builtin_operator_family& f : builtin_operator_families())
    if (f.oid == oid)
      return true;
  return false;
}

bool is_builtin_operator_class(int64_t oid) {
  for (const builtin_operator_class& c : builtin_operator_classes())
    if (c.oid == oid)
      return true;
  return false;
}

}  // namespace tributary
