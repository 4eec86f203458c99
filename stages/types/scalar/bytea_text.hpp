// bytea_text: byteain's two text formats (type_bytea.cpp), which are also what
// decode(text, 'hex') and decode(text, 'escape') read (PostgreSQL's encode.c hex_decode
// and esc_decode):
//   decode_bytea_hex     pairs of hex digits, whitespace between pairs; 22023 invalid
//                        hexadecimal digit: "g" / invalid hexadecimal data: odd number
//                        of digits
//   decode_bytea_escape  \\ and \ooo; any other backslash is 22P02 invalid input syntax
//                        for type bytea
// Both give the bytes as a sql_blob. Pure.
#pragma once

#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/sql_value.hpp"

namespace tributary {

result<sql_value, pg_error> decode_bytea_hex(std::string_view digits);
result<sql_value, pg_error> decode_bytea_escape(std::string_view text);

}  // namespace tributary
