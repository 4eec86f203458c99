// row_sort_keys: the keys pg_string_agg / pg_distinct_count keep for an aggregate's
// DISTINCT over a row (ROW(...), (a, b)), as PostgreSQL sorts records (record_cmp):
// field by field, each in its type's order, a NULL field after any value and equal to
// a NULL. ", field, collation, 4" per field (storage/sql_functions_aggregates.cpp); a
// field of a type without a comparison function (json, xml, a geometric type, an
// array of one) has the collation "!<type>": two rows whose earlier fields are equal
// fail with 42883 could not identify a comparison function for type json, as
// PostgreSQL's sort does when it reaches that field. Throws not_translatable for a row
// whose fields are not all known (an enum, a nested record). Defined in
// aggregate_sort_keys.cpp; private to stages/sql/translator/.
#pragma once

#include <string>

#include "stages/sql/translator/query_translator.hpp"

namespace tributary::translator {

std::string row_distinct_keys(query_translator& t, const typed_expression& row, const std::string& what);

}  // namespace tributary::translator
