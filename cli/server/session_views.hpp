// session_views: the column types of the relations a session computes from its
// own state (pg_cursors: sql_cursors.cpp; pg_prepared_statements:
// sql_prepared_statements.cpp), so the translator types them as PostgreSQL 15
// does and queries on them (WHERE, joins, functions) are translated like those
// on the catalogs (cli/catalog/catalog_relations.hpp).
#pragma once

#include <string>
#include <vector>

#include "stages/types/column_definition.hpp"

namespace tributary {

// nullptr for another name.
const std::vector<column_definition>* session_view_columns(const std::string& name);

}  // namespace tributary
