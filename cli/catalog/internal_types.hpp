// internal_types: the rows of pg_type for PostgreSQL 15's built-in types that
// hold no column value Tributary stores (int2vector, oidvector, pg_node_tree,
// aclitem, the reg* types Tributary has no codec for, the pseudo-types record,
// any, anyarray, void, trigger, cstring, internal, ... and the array types of
// these and of some value types, such as _line and _regclass), so that tools
// that join pg_type by OID (psql's \df, pg_dump, drivers' type loaders) find
// every type a catalog column or function of PostgreSQL names.
//
// The values are PostgreSQL 15's own (select ... from pg_type where
// typnamespace = 11 and typtype in ('b', 'p')), for the OIDs builtin_types.hpp
// does not have. Catalog row types (typtype 'c') are not listed.
#pragma once

#include <cstdint>
#include <span>

#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary {

struct internal_type {
  oid_t oid;
  const char* typname;
  int16_t typlen;
  bool typbyval;
  char typtype;      // 'b' base, 'p' pseudo-type
  char typcategory;
  oid_t typelem;
  oid_t typarray;
  char typalign;
  char typstorage;
  oid_t typcollation;
};

std::span<const internal_type> internal_types();

}  // namespace tributary
