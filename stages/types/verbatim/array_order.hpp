// array_order: PostgreSQL's btree order of arrays (arrayfuncs.c array_cmp),
// over the stored form of arrays (array_out's text as the publisher prints it,
// type_array.cpp), for the SQLite collations "pg_array_<element typname>".
//
//   compare_stored_array  <0, 0, >0 for two stored array texts of one element
//     type: the elements pairwise in row-major order by the element type's own
//     order (a NULL element after any other, two NULLs equal); when equal up
//     to the shorter array, the one with fewer elements first, then fewer
//     dimensions first, then each dimension's length, then each dimension's
//     lower bound ('{}' < '{1}' < '[0:1]={1,2}' < '{1,2}' < '{{1,2}}' <
//     '{1,2,3}' < '{1,NULL}' < '{2}' < '{NULL}', checked on PostgreSQL 15).
//     Each element text is read by the element codec's parse_text with the
//     publisher's settings into its stored value, and stored values compare as
//     their columns do: integer storage numerically, blob storage by bytes then
//     length, text storage by the element type's collation (builtin_types.hpp;
//     found by name in stored_collations(), "BINARY" = bytes). So '{1.0}' and
//     '{1.00}' (numeric[]) are equal, as in PostgreSQL.
//     A text that is not an array of the element type (another tool's; one
//     element its codec rejects) sorts after every valid one, then by bytes,
//     so the order stays total. An element type without a codec compares its
//     element texts by bytes.
//   compare_stored_enum_array  the same order for an array of a user's enum
//     (mood[]): its elements are labels, compared by the enum's sort order
//     (enum_type.hpp's enum_order), so '{sad}' < '{happy}' when sad comes first.
//   stored_array_collations  one collation per array type whose element type
//     has a codec, "pg_array_<element typname>" ("pg_array_int4"), and one per
//     array of its arrays ("pg_array__int4": il[]), calling compare_stored_array,
//     and one per array of those ("pg_array___int4": ill[]).
// Pure functions, nothing cached: thread-safe.
#pragma once

#include <span>
#include <string_view>

#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/types/stored_order.hpp"

namespace tributary {

int compare_stored_array(oid_t element_oid, std::string_view a, std::string_view b);

// compare_stored_array for one element type, as a plain function pointer.
template <oid_t ElementOid>
int compare_stored_array_of(std::string_view a, std::string_view b) {
  return compare_stored_array(ElementOid, a, b);
}

// The order of an array whose elements are arrays of inner_array_oid values (ill[]:
// its il[] elements compared as il[]'s order; collations "pg_array___int4").
int compare_stored_array_of_arrays(oid_t inner_array_oid, std::string_view a, std::string_view b);

class enum_order;
int compare_stored_enum_array(const enum_order& labels, std::string_view a, std::string_view b);

std::span<const stored_collation> stored_array_collations();

}  // namespace tributary
