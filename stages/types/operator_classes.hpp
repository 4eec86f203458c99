// operator_classes: which built-in types PostgreSQL 15 can sort, group and index.
//
// json, xml and the geometric types (point, lseg, path, box, polygon, line, circle)
// have no default btree operator class: PostgreSQL cannot ORDER BY, GROUP BY,
// DISTINCT or index them (nor, through array_ops, compare arrays of them); money,
// bit, varbit, tsvector and tsquery have no hash one either.
//   missing_operator_class(json, "btree")
//     -> 42704 data type json has no default operator class for access method "btree"
//        HINT: You must specify an operator class for the index or define a default
//              operator class for the data type.
// Pure: no catalog; a user's enum or domain array, and any array, is not refused here
// (PostgreSQL's array_ops accepts the array at CREATE INDEX).
#pragma once

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/types/column_type.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {

inline bool has_btree_operator_class(oid_t oid) {
  static constexpr oid_t unordered[] = {114, 142, 600, 601, 602, 603, 604, 628, 718};
  return std::find(std::begin(unordered), std::end(unordered), oid) == std::end(unordered);
}

inline bool has_hash_operator_class(oid_t oid) {
  static constexpr oid_t unhashed[] = {790, 1560, 1562, 3614, 3615};
  return has_btree_operator_class(oid) && std::find(std::begin(unhashed), std::end(unhashed), oid) == std::end(unhashed);
}

// The error of an index (or a PRIMARY KEY / UNIQUE constraint: btree) over a
// column of `type` with access method `method`; nullopt when it has one.
inline std::optional<pg_error> missing_operator_class(const column_type& type, const std::string& method) {
  if (type.is_enum() || type.domain_array || !type.known())
    return std::nullopt;
  const bool has = method == "hash" ? has_hash_operator_class(type.oid) : has_btree_operator_class(type.oid);
  if (has)
    return std::nullopt;
  pg_error error = make_pg_error("42704", "data type " + format_type(builtin_column_type(type.oid)) +
                                              " has no default operator class for access method \"" + method +
                                              "\"");
  error.hint = "You must specify an operator class for the index or define a default operator class for the data "
               "type.";
  return error;
}

}  // namespace tributary
