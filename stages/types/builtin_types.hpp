// builtin_types: what Tributary knows of each PostgreSQL built-in type — its
// pg_type row (name, length, category, array type) and how its values are kept
// in SQLite (storage class and collation of the stored form).
//
// Storage (architecture §2: SQLite's affinity never touches a value; tables are
// STRICT, so every column has exactly one storage class):
//   integer  bool (0/1), int2/int4/int8, oid-like, money (cents),
//            date (days since 2000-01-01; ±infinity = INT32 MIN/MAX),
//            time (µs of the day), timetz (see type_datetime.hpp),
//            timestamp/timestamptz (µs since 2000-01-01 UTC; ±infinity = INT64 MIN/MAX)
//   blob     bytea (the bytes; SQLite's memcmp-then-length order is PostgreSQL's)
//   text     everything else, as PostgreSQL's canonical text output of the value,
//            compared by the collation named here:
//              BINARY       byte order = PostgreSQL's order for C-collated text,
//                           uuid, bit/varbit, macaddr
//              pg_numeric   numeric value order; 1.0 = 1.00; NaN = NaN, above all
//              pg_float     float8_cmp: -0 = 0; NaN = NaN, above Infinity
//              pg_bpchar    trailing spaces insignificant
//              pg_interval  1 mon = 30 days, 1 day = 24 hours
//              pg_inet      network order of inet and cidr
//              pg_lsn       pg_lsn by position
// Pure data, no state.
#pragma once

#include <cstdint>
#include <string_view>

#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary {

enum class storage_class : uint8_t { integer, text, blob };

struct type_descriptor {
  oid_t oid = 0;
  std::string_view typname;   // pg_type.typname: "int4", "_int4", "timestamptz"
  int16_t typlen = -1;        // pg_type.typlen
  char category = 'U';        // pg_type.typcategory
  oid_t element = 0;          // arrays: the element type
  oid_t array = 0;            // the array type of this type (0: none)
  storage_class storage = storage_class::text;
  std::string_view collation = "BINARY";  // of the stored form
};

// The descriptor of a built-in type, or nullptr.
const type_descriptor* find_builtin_type(oid_t oid);
// By pg_type.typname ("int4", "_numeric"), or nullptr.
const type_descriptor* find_builtin_type(std::string_view typname);

// The descriptor Tributary uses for a type it does not know: text, BINARY.
const type_descriptor& unknown_type_descriptor();

// oid and its aliases (regproc, regprocedure, regoper, regoperator, regclass, regtype,
// regnamespace): one stored integer each, compared and cast as the number it is.
bool is_object_identifier_type(oid_t oid);

}  // namespace tributary
