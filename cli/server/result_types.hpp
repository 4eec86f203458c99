// result_types: which PostgreSQL type a SQLite result column is shown as, and
// the text PostgreSQL's output function would print for each value.
//
// SQLite columns have no fixed type, so the type is inferred from the values
// actually returned (every non-NULL one), helped by the declared type:
//   only integers              -> int8, or bool when declared bool/boolean and all 0/1
//   integers and reals         -> float8
//   declared numeric/decimal and integers/reals/numeric-looking text -> numeric
//   only blobs                 -> bytea
//   anything else              -> text
//   no non-NULL value          -> from the declared type (int*->int8,
//                                 real/float/double->float8, bool->bool,
//                                 numeric/decimal->numeric, blob/bytea->bytea, else text)
// Text output: integers in decimal; float8 as PostgreSQL prints it (shortest
// round-trip digits, exponent outside 1e-4..1e15: "0.1", "1e+20", "Infinity", "NaN");
// numeric without exponent; bool t/f; bytea as \x + lowercase hex; text as is.
// Pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/types/sql_value.hpp"

namespace tributary {

uint32_t type_for_declared(std::string_view declared_type);

// `values` are the column's values of every row.
uint32_t infer_column_type(std::string_view declared_type, const std::vector<const sql_value*>& values);

// pg_type.typlen of the types above (-1 for variable length); a user's enum's is 4
// (`user_enum`), any other user type's (an enum's or a domain's array type) -1.
int16_t type_size(uint32_t type_oid, bool user_enum = false);

// The text form of a value in a column of `type_oid`; nullopt for NULL.
std::optional<std::string> format_value(const sql_value& value, uint32_t type_oid);

std::string format_float8(double value);
std::string format_numeric(double value);
std::string format_bytea(std::string_view bytes);

}  // namespace tributary
