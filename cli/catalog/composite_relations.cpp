// composite_relations: see the header.
#include "cli/catalog/composite_relations.hpp"

#include "stages/core/local_relation_name.hpp"
#include "storage/column_type_catalog.hpp"

namespace tributary {

result<ok_t, sqlite_error> add_composite_relations(sqlite_connection& db, catalog_model& model) {
  for (const catalog_user_type& type : model.types) {
    if (type.kind != 'c')
      continue;
    const bool in_public = type.schema == "public" || type.schema.empty();
    catalog_relation r;
    r.local_name = local_relation_name(in_public ? "" : type.schema, type.name);
    r.kind = 'c';
    r.schema = in_public ? "public" : type.schema;
    r.name = type.name;
    r.namespace_oid = in_public ? public_namespace_oid : catalog_object_oid("n", type.schema);
    r.oid = catalog_object_oid("ct", r.local_name);  // not "c": constraints have that
    auto columns = read_recorded_table_columns(db, r.local_name);
    if (!columns)
      return fail(columns.error());
    r.columns = std::move(*columns);
    model.relations.push_back(std::move(r));
  }
  return ok_v;
}

}  // namespace tributary
