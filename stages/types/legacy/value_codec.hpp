// value_codec: one column value as the publisher sends it -> one SQLite value.
//
// Inputs: the column's type OID (from the Relation message or the COPY's column
// list) and the value's bytes in one of PostgreSQL's two wire formats:
//   text   — the type's output function, as pgoutput 't' values and COPY text
//            fields carry it. The publisher connection fixes datestyle=ISO,
//            intervalstyle=postgres, extra_float_digits=3, TimeZone=UTC.
//   binary — the type's send function, as pgoutput 'b' values (binary 'true')
//            and COPY ... (FORMAT binary) fields carry it.
// Output: a sql_value. Both formats of one value give the same sql_value:
//   int2/int4/int8/oid          -> INTEGER
//   float4/float8               -> REAL (±inf stays REAL); NaN -> TEXT "NaN",
//                                  since SQLite stores a NaN REAL as NULL
//   bool                        -> INTEGER 1/0
//   bytea                       -> BLOB
//   numeric                     -> TEXT, exactly as numeric_out prints it
//   everything else             -> TEXT as the type's output function prints
//                                  it (date/time types in ISO style, UTC)
// Binary is supported for the types above plus text-like types, json, jsonb,
// uuid, date, time, timetz, timestamp, timestamptz and interval; any other type
// OID in binary is a codec_error.
//
// Errors: every malformed input is a codec_error whose message follows
// PostgreSQL's wording (invalid input syntax for type integer: "abc"). Nothing
// here throws, logs, or reads outside the given bytes. Stateless and thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/core/result.hpp"
#include "stages/types/sql_value.hpp"

namespace tributary {

struct codec_error {
  std::string message;
};

result<sql_value, codec_error> decode_text_value(oid_t type_oid, std::string_view text);
result<sql_value, codec_error> decode_binary_value(oid_t type_oid, std::string_view bytes);

// A pgoutput TupleData column: 'n' -> NULL, 't' -> text, 'b' -> binary.
// 'u' (unchanged TOAST value) must be resolved by the caller; it is a codec_error here.
result<sql_value, codec_error> decode_tuple_value(oid_t type_oid, const tuple_value& v);

// True when decode_text_value keeps this type's text as it is (TEXT, no
// check): a bulk loader may bind such text without decoding or copying it.
bool text_is_stored_verbatim(oid_t type_oid);

// A double as SQLite should store it: NaN becomes TEXT "NaN" (SQLite would
// store a NaN REAL as NULL); everything else, ±inf included, stays REAL.
sql_value sql_value_from_double(double value);

// The type's name for messages: pg_type.typname for the built-in types Tributary
// knows ("int4", "timestamptz"), otherwise "OID n".
std::string pg_type_name(oid_t type_oid);

}  // namespace tributary
