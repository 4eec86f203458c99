// jsonb_order: PostgreSQL 15's btree order of jsonb (jsonb_cmp,
// compareJsonbContainers), over jsonb trees and over stored texts (for
// stored_order's collations). See jsonb_order.cpp.
#pragma once

#include <string_view>

#include "stages/types/verbatim/json_text.hpp"

namespace tributary {

// <0, 0, >0. Equal exactly when jsonb's = says so ('1.0' = '1').
int compare_jsonb_trees(const jsonb_tree& a, const jsonb_tree& b);


}  // namespace tributary
