// pg_type_rows: pg_type (the built-in types Tributary knows, builtin_types.hpp,
// PostgreSQL's other built-in types, internal_types.hpp, and the users' enums and
// domains), pg_am (heap, btree, hash) and
// pg_collation (default, C, POSIX), with PostgreSQL's OIDs.
#pragma once

#include <vector>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

std::vector<snapshot_row> pg_type_rows(const catalog_model& model, int64_t owner);
std::vector<snapshot_row> pg_am_rows();
std::vector<snapshot_row> pg_collation_rows();

}  // namespace tributary
