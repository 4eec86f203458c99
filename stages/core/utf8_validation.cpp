// utf8_validation: pg_utf8_islegal and report_invalid_encoding (see the header).
#include "stages/core/utf8_validation.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace tributary {
namespace {

bool continuation(unsigned char b) { return b >= 0x80 && b <= 0xBF; }

// pg_utf8_islegal for a sequence of `length` bytes at the start of `s`.
bool utf8_sequence_legal(std::string_view s, size_t length) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  if (length > 4)
    return false;
  if (length == 4 && !continuation(byte(3)))
    return false;
  if (length >= 3 && !continuation(byte(2)))
    return false;
  if (length >= 2) {
    const unsigned char second = byte(1);
    switch (byte(0)) {
      case 0xE0: if (second < 0xA0 || second > 0xBF) return false; break;
      case 0xED: if (second < 0x80 || second > 0x9F) return false; break;
      case 0xF0: if (second < 0x90 || second > 0xBF) return false; break;
      case 0xF4: if (second < 0x80 || second > 0x8F) return false; break;
      default: if (!continuation(second)) return false; break;
    }
  }
  const unsigned char lead = byte(0);
  return !(lead >= 0x80 && lead < 0xC2) && lead <= 0xF4;
}

}  // namespace

size_t utf8_sequence_length(unsigned char lead) {
  if ((lead & 0x80) == 0) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 1;
}

size_t first_invalid_utf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    if (lead == 0)
      return i;
    if (lead < 0x80) {
      ++i;
      continue;
    }
    const size_t length = utf8_sequence_length(lead);
    if (length > text.size() - i || !utf8_sequence_legal(text.substr(i), length))
      return i;
    i += length;
  }
  return i;
}

result<ok_t, pg_error> check_utf8(std::string_view text) {
  const size_t bad = first_invalid_utf8(text);
  if (bad == text.size())
    return ok_v;
  const size_t shown_length = std::min(
      {utf8_sequence_length(static_cast<unsigned char>(text[bad])), text.size() - bad, size_t{8}});
  std::string shown;
  for (size_t j = 0; j < shown_length; ++j) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned char>(text[bad + j]));
    shown += (j > 0 ? " " : "") + std::string(hex);
  }
  return fail(make_pg_error("22021", "invalid byte sequence for encoding \"UTF8\": " + shown));
}

}  // namespace tributary
