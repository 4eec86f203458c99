#pragma once
// append_utf8: one Unicode code point (at most 0x10FFFF, not a surrogate: the caller
// checks) appended as its UTF-8 bytes. Used by JSON's \u escapes and chr().
#include <cstdint>
#include <string>

namespace tributary {

void append_utf8(std::string& out, uint32_t code_point);

}  // namespace tributary
