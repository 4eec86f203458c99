// stored_order: PostgreSQL's comparison of the types whose stored form is text
// that SQLite's byte order would compare wrongly. The storage layer registers
// each as a SQLite collation (sqlite3_create_collation_v2) on every connection,
// and the column type catalog declares it on the column, so `=`, ORDER BY,
// UNIQUE and PRIMARY KEY on such a column behave as PostgreSQL's do and its
// indexes stay usable.
//
//   pg_numeric   numeric_cmp: by value (1.0 = 1.00); -Infinity < finite <
//                Infinity < NaN; NaN = NaN
//   pg_float     float8_cmp: -0 = 0; -Infinity < finite < Infinity < NaN; NaN = NaN
//   pg_bpchar    bpcharcmp: trailing spaces ignored, then bytes
//   pg_interval  interval_cmp: months * 30 days + days, * 24 h, + µs, compared as a
//                128-bit count of µs
//   pg_inet      network_cmp (inet, cidr): IPv4 before IPv6, then the common
//                network prefix, then the mask length, then the whole address
//   pg_jsonb     compareJsonbContainers: object > array > boolean > number >
//                string > null; more pairs / elements greater; numbers by value
//   pg_tsvector, pg_tsquery   tsvector_cmp, tsquery_cmp
//   pg_lsn       pg_lsn_cmp: by the 64-bit position (0/A0 < 1/0)
//   pg_<range>   range_cmp of each built-in range type (pg_int4range, ...):
//                empty first, then lower bound, then upper bound, bounds in
//                the subtype's order; multirange_cmp of each multirange type
//                (pg_int4multirange, ...): range by range, fewer ranges first
//   pg_array_<element typname>   array_cmp (array_order.hpp): element by element
//                in the element type's order (NULL last), then fewer elements,
//                fewer dimensions, dimension lengths, lower bounds
// Each compare takes two stored texts and returns <0, 0, >0. A text that is not
// a stored form of the type (written by another tool) sorts after every valid
// one, then by bytes, so the order stays total.
#pragma once

#include <span>
#include <string_view>

#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary {

struct stored_collation {
  std::string_view name;
  int (*compare)(std::string_view a, std::string_view b);
};

// Every collation above.
std::span<const stored_collation> stored_collations();

int compare_stored_numeric(std::string_view a, std::string_view b);   // type_numeric.cpp
int compare_stored_float(std::string_view a, std::string_view b);     // type_float.cpp
int compare_stored_bpchar(std::string_view a, std::string_view b);    // type_character.cpp
int compare_stored_interval(std::string_view a, std::string_view b);  // type_interval.cpp
int compare_stored_inet(std::string_view a, std::string_view b);      // type_network.cpp
int compare_stored_jsonb(std::string_view a, std::string_view b);     // jsonb_order.cpp
int compare_stored_tsvector(std::string_view a, std::string_view b);  // tsearch_order.cpp
int compare_stored_tsquery(std::string_view a, std::string_view b);   // tsearch_order.cpp
int compare_stored_pg_lsn(std::string_view a, std::string_view b);    // type_pg_lsn.cpp
// range_cmp / multirange_cmp of the range or multirange type `oid`.
int compare_stored_range(oid_t oid, std::string_view a, std::string_view b);  // type_range.cpp

}  // namespace tributary
