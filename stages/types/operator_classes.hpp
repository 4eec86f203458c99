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
// The same types as a sort or grouping key anywhere (ORDER BY, GROUP BY, DISTINCT, a
// window's PARTITION BY / ORDER BY, an aggregate's DISTINCT / ORDER BY):
//   missing_sort_operator(json, true)
//     -> 42883 could not identify an ordering operator for type json
//        HINT: Use an explicit ordering operator or modify the query.
//   missing_sort_operator(json[], false)
//     -> 42883 could not identify an equality operator for type json[]
// and min / max exist only for the types of pg_aggregate's min / max (and those with an
// implicit cast to one: varchar, name, "char" -> text, cidr -> inet):
//   missing_min_max("min", boolean) -> 42883 function min(boolean) does not exist + HINT
// Pure: no catalog; a user's enum or domain array, and any array, is not refused here
// (PostgreSQL's array_ops accepts the array at CREATE INDEX).
#pragma once

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>

#include "stages/core/pg_error.hpp"
#include "stages/types/builtin_types.hpp"
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

// PostgreSQL's get_sort_group_operators: a key of a type without a btree operator
// class, or an array of one, cannot be sorted (`ordering`) nor grouped; nullopt when
// it can.
inline std::optional<pg_error> missing_sort_operator(const column_type& type, bool ordering) {
  oid_t oid = type.oid;
  if (const type_descriptor* d = type.is_enum() ? nullptr : find_builtin_type(oid); d != nullptr && d->element != 0)
    oid = d->element;
  if (type.domain_array || type.is_enum() || has_btree_operator_class(oid))
    return std::nullopt;
  pg_error error = make_pg_error("42883", std::string("could not identify an ") + (ordering ? "ordering" : "equality") +
                                              " operator for type " + format_type(type));
  if (ordering)
    error.hint = "Use an explicit ordering operator or modify the query.";
  return error;
}

// min(x) / max(x) of a built-in type pg_aggregate has neither for (nor an implicit
// cast to one that has): 42883 function min(boolean) does not exist; nullopt otherwise.
inline std::optional<pg_error> missing_min_max(const std::string& name, const column_type& type) {
  // bool, bytea, uuid, json, jsonb, xml, the geometric types, bit, varbit, macaddr,
  // macaddr8, tsvector, tsquery, the range and multirange types.
  static constexpr oid_t without[] = {16,   17,   2950, 114,  3802, 142,  600,  601,  602,  603,  604,
                                      628,  718,  1560, 1562, 829,  774,  3614, 3615, 3904, 3906, 3908,
                                      3910, 3912, 3926, 4451, 4532, 4533, 4534, 4535, 4536};
  if (type.is_enum() || std::find(std::begin(without), std::end(without), type.oid) == std::end(without))
    return std::nullopt;
  pg_error error = make_pg_error("42883", "function " + name + "(" + format_type(type) +
                                              ") does not exist");
  error.hint = "No function matches the given name and argument types. You might need to add explicit type casts.";
  return error;
}

}  // namespace tributary
