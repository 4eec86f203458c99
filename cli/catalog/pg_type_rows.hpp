// pg_type_rows: pg_type (the built-in types Tributary knows, builtin_types.hpp,
// PostgreSQL's other built-in types, internal_types.hpp, the users' enums and
// domains, and each table's and view's row type with its array type,
// stages/core/row_type_oid.hpp), pg_am (heap, btree, hash) and
// pg_collation (default, C, POSIX), with PostgreSQL's OIDs.
#pragma once

#include <vector>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

std::vector<snapshot_row> pg_type_rows(const catalog_model& model, int64_t owner);
// Tables and views have a row type (pg_class.reltype), as PostgreSQL's.
inline bool has_row_type(const catalog_relation& r) {
  return r.kind == 'r' || r.kind == 'p' || r.kind == 'v' || r.kind == 'c';
}
std::vector<snapshot_row> pg_am_rows();
std::vector<snapshot_row> pg_collation_rows();

}  // namespace tributary
