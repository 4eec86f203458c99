// bind_parameter: a Bind message's binary-format parameter (the type's send
// format) -> the value the statement runs with, through the type layer's one
// binary codec (value_io.hpp's parse_binary_value) for every type it knows.
//
// The statement then reads a parameter as the client would have sent it in text
// (cli/commands/table_commands.cpp parameter_value), and a statement SQLite runs
// as written binds it as it is, so the value is handed on as:
//   int2, int4, int8, oid   INTEGER
//   float4, float8          REAL (NaN as TEXT "NaN": SQLite stores a NaN REAL as NULL)
//   bool                    INTEGER 1/0
//   bytea                   BLOB
//   any other type          TEXT: the type's output under the session's settings
//                           (arrays, inet, money, bit, ranges, intervals, ...)
// A type without a binary receive function here, or bytes that are not its send
// format, is 22P03 `incorrect binary data format in bind parameter n` with the
// codec's message as DETAIL, as PostgreSQL reports it; fewer bytes than the format
// needs is the codec's 08P01 `insufficient data left in message`, and an array
// whose header names another built-in element type is array_recv's 42804, as
// PostgreSQL reports both. Pure.
#pragma once

#include <cstddef>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/type_settings.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary {

// `number` is the parameter's 1-based position (for the error).
result<sql_value, pg_error> read_binary_parameter(oid_t type_oid, std::string_view bytes,
                                                  size_t number, const type_settings& settings);
// The same for a parameter of a user's type (an enum, a domain, or their arrays:
// user_type_set::value_type_of) or any built-in one.
result<sql_value, pg_error> read_binary_parameter(const column_type& type, std::string_view bytes,
                                                  size_t number, const type_settings& settings);

}  // namespace tributary
