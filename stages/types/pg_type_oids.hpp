// pg_type_oids: the OIDs of PostgreSQL's built-in types that Tributary converts
// specially (values from pg_type.dat; they are fixed across server versions).
//
// Role: one place for the numbers, so the decoder, the value codec, the table
// copy and the front end never spell an OID as a bare literal. A type that is
// not listed here (arrays, domains, enums, user types) has no special handling:
// its text form is kept as TEXT, its binary form is not supported.
#pragma once

#include <string_view>

#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary::pg_type_oid {

inline constexpr oid_t boolean = 16;
inline constexpr oid_t bytea = 17;
inline constexpr oid_t char_type = 18;   // "char": one byte
inline constexpr oid_t name = 19;
inline constexpr oid_t int8 = 20;
inline constexpr oid_t int2 = 21;
inline constexpr oid_t int4 = 23;
inline constexpr oid_t text = 25;
inline constexpr oid_t oid = 26;
inline constexpr oid_t json = 114;
inline constexpr oid_t xml = 142;
inline constexpr oid_t float4 = 700;
inline constexpr oid_t float8 = 701;
inline constexpr oid_t unknown = 705;
inline constexpr oid_t money = 790;
inline constexpr oid_t bpchar = 1042;
inline constexpr oid_t varchar = 1043;
inline constexpr oid_t date = 1082;
inline constexpr oid_t time = 1083;
inline constexpr oid_t timestamp = 1114;
inline constexpr oid_t timestamptz = 1184;
inline constexpr oid_t interval = 1186;
inline constexpr oid_t timetz = 1266;
inline constexpr oid_t bit = 1560;
inline constexpr oid_t varbit = 1562;
inline constexpr oid_t numeric = 1700;
inline constexpr oid_t uuid = 2950;
inline constexpr oid_t jsonb = 3802;

// The type's pg_type.typname ("int4", "timestamptz"), or "" when not listed above.
constexpr std::string_view builtin_type_name(oid_t type_oid) {
  switch (type_oid) {
    case boolean: return "bool";
    case bytea: return "bytea";
    case char_type: return "char";
    case name: return "name";
    case int8: return "int8";
    case int2: return "int2";
    case int4: return "int4";
    case text: return "text";
    case oid: return "oid";
    case json: return "json";
    case xml: return "xml";
    case float4: return "float4";
    case float8: return "float8";
    case unknown: return "unknown";
    case money: return "money";
    case bpchar: return "bpchar";
    case varchar: return "varchar";
    case date: return "date";
    case time: return "time";
    case timestamp: return "timestamp";
    case timestamptz: return "timestamptz";
    case interval: return "interval";
    case timetz: return "timetz";
    case bit: return "bit";
    case varbit: return "varbit";
    case numeric: return "numeric";
    case uuid: return "uuid";
    case jsonb: return "jsonb";
    default: return "";
  }
}

}  // namespace tributary::pg_type_oid
