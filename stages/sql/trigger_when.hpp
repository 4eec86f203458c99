// trigger_when: a trigger's WHEN condition comparing whole rows, as PostgreSQL
// allows it, made into a comparison of row constructors the query translator
// covers:
//
//   OLD.* IS DISTINCT FROM NEW.*      ->  ROW(OLD."id", OLD."name") IS DISTINCT FROM ROW(NEW."id", NEW."name")
//   NEW IS NOT DISTINCT FROM OLD      ->  ROW(NEW."id", ...) IS NOT DISTINCT FROM ROW(OLD."id", ...)
//   OLD.* = NEW.*  (<>)               ->  ROW(OLD."id", ...) IS NOT DISTINCT FROM ROW(NEW."id", ...)  (IS DISTINCT FROM)
//
// PostgreSQL compares the two records column by column, a NULL not distinct from a
// NULL (two records, unlike two row constructors, are equal when their NULLs are):
// the row constructors' IS [NOT] DISTINCT FROM means the same. Other conditions,
// and whole rows under other operators (<, >, ...), are left as written. Pure.
#pragma once

#include <string>
#include <vector>

#include "stages/types/column_definition.hpp"

namespace tributary {

// `condition` (the WHEN's text) over a table of `columns`.
std::string expand_whole_row_comparisons(const std::string& condition, const std::vector<column_definition>& columns);

}  // namespace tributary
