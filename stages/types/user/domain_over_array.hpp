// domain_over_array: the column type of an array of a domain over an array
// (il[], il a domain over int[]), as PostgreSQL 15 has it.
//
// Such a value is not a two-dimensional int[]: it is an array whose elements are
// whole int[] values ('{"{1,2}","{3}"}'::il[], each element read by int[]'s
// array_in, so '{{1,2},{3,4}}'::il[] is 22P02 malformed array literal: "1").
// PostgreSQL's _il has typelem il; its array_send writes il's OID as the element
// type and each element as int4[]'s array_send; its order is array_cmp over the
// elements' own array_cmp (btree array_ops twice).
//
// The column type: `oid` the domain's array type (_il, pg_type.typarray of il), a
// domain_array naming it (so clients see _il, as column_type.hpp says) whose
// array_oid is that same OID — what tells it from price[], whose `oid` is the
// base type's array (numeric[]) — and `element`, the domain's base array type
// (int4[] with the domain's typmod): the type each element is read, printed,
// sent and compared as. Its name is format_type's ("il[]").
//
//   domain_over_array_column_type  that column type
//   domain_over_array_element      the element type of such a column type;
//                                  nullptr for any other type
//   domain_over_array_collation    the SQLite collation of its stored text
//                                  ("pg_array__int4": array_order.hpp)
// An array of a domain over il[] (ill[], ill AS il[]) is the same shape one level up:
// its `element` is il[]'s column type (itself such a type), its collation
// "pg_array___int4".
// Pure.
#pragma once

#include <string>

#include "stages/types/column_type.hpp"

namespace tributary {

struct domain_over_array_type : domain_array_type {
  column_type element;
};

column_type domain_over_array_column_type(oid_t array_oid, oid_t domain_oid, const std::string& domain_name,
                                          const column_type& base_array);
const column_type* domain_over_array_element(const column_type& type);
std::string domain_over_array_collation(const column_type& type);

}  // namespace tributary
