// utf8_validation: PostgreSQL's check of text arriving from a client in UTF8.
//
// PostgreSQL verifies every string a client sends (pq_getmsgstring, Bind text
// parameters, text receive functions) against the database encoding before it
// looks at it, with pg_utf8_islegal's rules: no overlong forms (C0, C1, E0 80..9F,
// F0 80..8F), no surrogates (ED A0..BF), nothing above U+10FFFF (F4 90.., F5..FF),
// no stray continuation bytes, no truncated sequence, no NUL byte.
//
// Output: 22021 invalid byte sequence for encoding "UTF8": 0x.. naming the bytes
// of the first bad sequence the way report_invalid_encoding does: as many bytes as
// its lead byte announces (pg_utf_mblen), at most what is left of the text and at
// most 8, e.g. "0xe2 0x82 0x27" for a 3-byte lead followed by a quote.
//
// Pure and stateless.
#pragma once

#include <cstddef>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// pg_utf_mblen: the length a lead byte announces (1 for anything invalid).
size_t utf8_sequence_length(unsigned char lead);

// The offset of the first invalid sequence, or text.size() when all is valid.
size_t first_invalid_utf8(std::string_view text);

// ok, or the 22021 error PostgreSQL reports for `text`.
result<ok_t, pg_error> check_utf8(std::string_view text);

}  // namespace tributary
