// keyword_rows: the rows of pg_get_keywords() (word text, catcode "char", barelabel
// bool, catdesc text, baredesc text), as PostgreSQL 15 lists its keywords; the
// catalog relation of that name (catalog_relations.hpp) serves
// `SELECT ... FROM pg_get_keywords()`.
#pragma once

#include <vector>

#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

std::vector<snapshot_row> pg_get_keywords_rows();

}  // namespace tributary
