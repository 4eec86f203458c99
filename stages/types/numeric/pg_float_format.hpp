// pg_float_format: which decimal number float4out prints for a float.
//
// Role: a binary float4 must become the same REAL as its text form. The text
// form (extra_float_digits > 0) is the shortest decimal that reads back as the
// same float, and the text codec reads that decimal as a double: "1.1" -> 1.1,
// not 1.10000002384. This file finds that decimal without any text round trip
// through PostgreSQL.
//
// The subtle part: PostgreSQL's shortest-decimal search (Ryu, built without
// STRICTLY_SHORTEST) never picks a decimal lying exactly halfway between two
// floats, even when reading it back would round to the right float. The C++
// library's shortest std::to_chars may pick such a decimal (4.996316e+08 for
// the float 499631616, where PostgreSQL prints 4.9963162e+08), so a candidate
// on a halfway point is replaced by the correctly rounded one a digit longer.
//
// Input: any float. Output: the double value of the printed decimal; NaN and
// ±inf pass through, ±0 stay ±0. No errors.
#pragma once

namespace tributary {

double float4_printed_value(float value);

}  // namespace tributary
