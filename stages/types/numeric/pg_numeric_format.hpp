// pg_numeric_format: numeric_send bytes -> the text numeric_out prints.
//
// Role: lets the binary value codec turn a binary numeric into exactly the TEXT
// the text format of the same value holds ("1.10", "-0.0001", 40-digit values,
// "NaN", "Infinity", "-Infinity"), never a lossy double. Pure function.
//
// Input layout (network order): uint16 ndigits, int16 weight, uint16 sign
// (0x0000 +, 0x4000 -, 0xC000 NaN, 0xD000 +Infinity, 0xF000 -Infinity),
// uint16 dscale, then ndigits int16 base-10000 digits; the first digit is worth
// 10000^weight. Output: the integer part without leading zeros ("0" if none),
// then, when dscale > 0, a '.' and exactly dscale fraction digits (digits past
// dscale are cut, as numeric_recv does); no '-' on a value that prints as zero.
//
// Errors (codec_error, numeric_recv's wording): more than 3000 digits ("invalid
// length in external \"numeric\" value"), a sign not listed above, a dscale with
// bits above 0x3FFF, a digit outside 0..9999, or a byte count that does not
// match ndigits ("incorrect binary data format for type numeric (length N)").
#pragma once

#include <string>
#include <string_view>

#include "stages/core/result.hpp"
#include "stages/types/legacy/value_codec.hpp"

namespace tributary {

result<std::string, codec_error> format_pg_numeric(std::string_view send_bytes);

}  // namespace tributary
