// null_ordering: PostgreSQL's default place for NULLs in ORDER BY, spelled out for
// SQLite. PostgreSQL sorts NULLs as larger than every value (ASC: last, DESC: first);
// SQLite sorts them as smaller. Every ORDER BY item without NULLS FIRST/LAST whose
// key is a column reference or an output position (ORDER BY 2) gets PostgreSQL's
// default written after it:
//   SELECT * FROM t ORDER BY a, b DESC  ->  ... ORDER BY a NULLS LAST, b DESC NULLS FIRST
// Items ordered by another expression are left as written (their extent is not
// re-read here). Output: text insertions at byte offsets of `source`. Pure.
#pragma once

#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/sql/text_edits.hpp"

namespace tributary {

// Adds the insertions for every SortBy anywhere in `statement` (sub-selects and
// window definitions included), parsed from `source`.
void add_null_ordering(const nlohmann::json& statement, std::string_view source,
                       std::vector<text_edit>& edits);

}  // namespace tributary
