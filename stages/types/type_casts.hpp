// type_casts: PostgreSQL's casts between column types, as ALTER COLUMN ... TYPE
// needs them — which casts exist and in which context (pg_cast's castcontext:
// implicit, assignment, explicit), and how a stored value of one type becomes
// the stored value of another.
//
//   find_cast(integer, numeric)  -> implicit, via text (int's output -> numeric's input)
//   find_cast(numeric, integer)  -> assignment, numeric_to_integer (rounds half away
//                                   from zero: 2.5 -> 3, PostgreSQL's numeric_int4)
//   find_cast(text, integer)     -> explicit (an I/O conversion: only with USING)
//   find_cast(date, integer)     -> nullopt (no cast: 42846)
// The rules are PostgreSQL 15's pg_cast for the built-in types, plus its I/O
// conversions: any type to text, varchar, bpchar and name (assignment), and from
// them to any type (explicit). Arrays cast element by element (array_elements:
// numeric[] -> int8[] rounds each element as numeric -> int8 does). A cast whose value rule Tributary does not have yet (inet to
// cidr, the geometric conversions, jsonb to scalars, ...) is `not_supported`: the
// caller answers 0A000 naming both types.
//
// cast_stored_value converts one stored value, with PostgreSQL's errors (22P02
// for input that does not read, 22003 `integer out of range`, 0A000 `cannot
// convert NaN to integer`, 22001 `value too long for type character varying(3)`
// for an assignment; an explicit cast truncates character strings). Through text
// the old type's output under the session's settings is read by the new type's
// input, as PostgreSQL's I/O conversion does. Pure.
#pragma once

#include <optional>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

enum class cast_context : uint8_t { implicit, assignment, explicit_only };

enum class stored_cast : uint8_t {
  via_text,            // output text of the old type, input of the new one
  integer_narrowing,   // int8 -> int4, ...: range check with PostgreSQL's message
  numeric_to_integer,  // round half away from zero, range check
  float_to_integer,    // round half to even, range check
  float_widening,      // float4 -> float8: the float4's exact value
  float_narrowing,     // float8 -> float4: overflow and underflow are errors
  float_to_numeric,    // the float printed with 15 (float8) or 6 (float4) digits
  bool_to_text,        // 'true' / 'false'
  bpchar_to_text,      // trailing spaces removed
  bool_to_integer,
  integer_to_bool,
  bit_to_integer,      // bit(n) -> int4 / int8: the bits as a two's complement number
  integer_to_bit,      // int4 / int8 -> bit(n): the rightmost n bits, sign-extended
  array_elements,      // an array: each element by its element types' cast
  not_supported,       // a cast PostgreSQL has, not done here yet
};

struct cast_rule {
  cast_context context;
  stored_cast method;
};

// The cast from `from` to `to` (array types by their array OID), or nullopt when
// PostgreSQL has none.
std::optional<cast_rule> find_cast(const column_type& from, const column_type& to);

// True when `context` may be applied without an explicit cast (ALTER COLUMN TYPE
// without USING: implicit or assignment).
inline bool applies_automatically(cast_context context) {
  return context != cast_context::explicit_only;
}

// True when an explicit cast to `to` cuts or pads values to its length instead
// of refusing them: varchar(n), char(n), bit(n), varbit(n) and their arrays
// (each element, as PostgreSQL's array length coercion does).
bool explicit_cast_cuts(const column_type& to);

// `stored` (not NULL) of type `from` -> the stored value of type `to`.
// `explicit_cast`: the value is cast with ::type (character strings are truncated
// to the new length instead of refused; bit(n) strings padded or truncated,
// varbit(n) truncated).
result<sql_value, pg_error> cast_stored_value(const sql_value& stored, const column_type& from,
                                              const column_type& to, stored_cast method,
                                              bool explicit_cast, const type_settings& settings);

}  // namespace tributary
