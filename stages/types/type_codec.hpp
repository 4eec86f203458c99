// type_codec: the four conversions of one type family between PostgreSQL's wire
// formats and the stored form (builtin_types.hpp says which storage class and
// collation each type uses).
//
//   parse_text     the type's input function, then its typmod (numeric(12,2)
//                  rounds, varchar(3) checks length, bpchar pads): PostgreSQL text
//                  -> the stored sql_value
//   parse_binary   the type's receive function, then its typmod
//   format_text    the type's output function under the session's settings
//   format_binary  the type's send function
//
// Errors are pg_errors with PostgreSQL's SQLSTATE and wording:
//   22P02 invalid input syntax for type integer: "abc"
//   22003 value "3000000000" is out of range for type integer / numeric field overflow
//   22007 / 22008 bad or out-of-range datetime
//   22001 value too long for type character varying(3)
//   22P03 incorrect binary data format
// The format functions take what parse_* stored; a stored value of another
// storage class (a table written by another SQLite tool) is printed as best it
// can be, never an error. Pure functions, thread-safe.
#pragma once

#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

struct type_codec {
  result<sql_value, pg_error> (*parse_text)(const column_type& type, std::string_view text,
                                            const type_settings& settings);
  result<sql_value, pg_error> (*parse_binary)(const column_type& type, std::string_view bytes);
  std::string (*format_text)(const column_type& type, const sql_value& stored,
                             const type_settings& settings);
  std::string (*format_binary)(const column_type& type, const sql_value& stored);
};

// The codec of a built-in type's family, or nullptr when the type has none yet
// (its values are then kept as text, verbatim; see value_io.hpp).
const type_codec* find_type_codec(oid_t oid);

// One codec per family, each in its own file (type_<family>.cpp).
const type_codec& integer_codec();    // int2 int4 int8 oid regclass xid cid
const type_codec& bool_codec();
const type_codec& float_codec();      // float4 float8
const type_codec& numeric_codec();
const type_codec& character_codec();  // text varchar bpchar name "char" json xml
// varchar(n) / character(n): the text is already its stored form (at most n
// characters; exactly n for character, which parse_text pads).
bool character_text_is_stored_as_received(const column_type& type, std::string_view text);
const type_codec& bytea_codec();
const type_codec& datetime_codec();   // date time timetz timestamp timestamptz interval
const type_codec& uuid_codec();
const type_codec& bit_codec();        // bit varbit
const type_codec& money_codec();
// Types whose stored form is PostgreSQL's output text, kept verbatim by
// parse_text; their codecs add the binary formats (verbatim_text.hpp).
const type_codec& jsonb_codec();
const type_codec& pg_lsn_codec();
const type_codec& network_codec();    // inet cidr
const type_codec& macaddr_codec();    // macaddr macaddr8
const type_codec& point_codec();
const type_codec& geometric_codec();  // line lseg box path polygon circle
const type_codec& range_codec();      // the six ranges and their multiranges
const type_codec& tsearch_codec();    // tsvector tsquery
const type_codec& array_codec();      // arrays of a type that has a codec
const type_codec& enum_codec();       // a user's enum (user/type_enum.cpp)
const type_codec& record_codec();     // a named composite type with its fields (type_record.cpp)

// Helpers for codecs: PostgreSQL's errors.
pg_error invalid_text_representation(std::string_view type_name, std::string_view text);  // 22P02
pg_error numeric_value_out_of_range(std::string message);                                 // 22003
pg_error invalid_binary_representation(std::string message);                             // 22P03

}  // namespace tributary
