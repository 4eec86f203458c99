// index_casts: the casts of a translated index expression that SQLite may index.
//
// A translated cast is pg_cast(value, from_oid, from_typmod, to_oid, to_typmod[, 1]),
// which SQLite treats as not deterministic because some casts read the session's
// settings (TimeZone and DateStyle for the date/time types, extra_float_digits for a
// float's text, bytea_output, lc_monetary, xmloption), and SQLite indexes only
// deterministic functions. A cast between types whose values alone decide the result
// (the integers, numeric, bool, the string types, uuid, json, jsonb, the network
// and bit string types; float4 / float8 to or from a number, from text; date <->
// timestamp, time <-> interval, time to text) is written
// pg_cast_fixed, the same function registered as deterministic, so `(a::text)`,
// `(t || '-' || id)` or `WHERE n > 10` over a numeric column can be indexed as in
// PostgreSQL. Pure.
#pragma once

#include <string>

#include "stages/types/pg_type_oids.hpp"

namespace tributary {

// Whether casting a value of built-in type `from` to `to` reads no setting.
bool cast_reads_no_setting(oid_t from, oid_t to);

// Whether PostgreSQL's function for the cast is only STABLE (it reads TimeZone,
// DateStyle, IntervalStyle or lc_monetary: timestamptz, money, the date/time types'
// text input and output), so that an index may not use it (42P17).
bool cast_is_stable(oid_t from, oid_t to);

// `sql` with each pg_cast( call of a pair that reads no setting renamed
// pg_cast_fixed(; `stable_cast` (when given) set when a cast_is_stable pair remains.
std::string with_fixed_casts(const std::string& sql, bool* stable_cast = nullptr);

}  // namespace tributary
