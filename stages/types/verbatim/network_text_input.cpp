// network_text_input: network_in's address reading (PostgreSQL 15's
// inet_net_pton.c: inet_net_pton_ipv4, inet_cidr_pton_ipv4, inet_net_pton_ipv6)
// for type_network.cpp's parse_text. See inet_value.hpp.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "stages/types/verbatim/inet_value.hpp"

namespace tributary {
namespace {

// The text as a C string: '\0' past the end.
struct c_text {
  std::string_view text;
  char operator[](size_t i) const { return i < text.size() ? text[i] : '\0'; }
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// One decimal octet starting at `ch` (a digit) into dst[octets++]: its digits are
// consumed (`ch` is left at the character after them). False when it exceeds 255
// or a fifth octet is given.
bool read_decimal_octet(c_text s, size_t& at, char& ch, uint8_t* dst, size_t& octets) {
  int value = 0;
  do {
    value = value * 10 + (ch - '0');
    if (value > 255)
      return false;
  } while ((ch = s[at++]) != '\0' && is_digit(ch));
  if (octets == 4)
    return false;
  dst[octets++] = static_cast<uint8_t>(value);
  return true;
}

// inet_net_pton_ipv4: the bits, or -1.
int inet_pton_ipv4(c_text s, uint8_t* dst) {
  size_t at = 0, octets = 0;
  char ch = s[at++];
  while (is_digit(ch)) {
    if (!read_decimal_octet(s, at, ch, dst, octets))
      return -1;
    if (ch == '\0' || ch == '/')
      break;
    if (ch != '.')
      return -1;
    ch = s[at++];
  }
  int bits = -1;
  if (ch == '/' && is_digit(s[at]) && octets > 0) {
    ch = s[at++];
    bits = 0;
    do {
      bits = bits * 10 + (ch - '0');
      if (bits > 32)
        return -1;
    } while ((ch = s[at++]) != '\0' && is_digit(ch));
  }
  if (ch != '\0')
    return -1;
  if (bits == -1) {
    if (octets != 4)
      return -1;
    bits = 32;
  }
  if (octets == 0 || static_cast<size_t>(bits / 8) > octets)
    return -1;
  return bits;
}

// inet_cidr_pton_ipv4: the bits, or -1.
int cidr_pton_ipv4(c_text s, uint8_t* dst) {
  size_t at = 0, octets = 0;
  char ch = s[at++];
  if (ch == '0' && (s[at] == 'x' || s[at] == 'X') && hex_digit(s[at + 1]) >= 0) {
    ++at;  // the x
    int nibbles = 0, value = 0;
    while ((ch = s[at++]) != '\0' && hex_digit(ch) >= 0) {
      value = nibbles == 0 ? hex_digit(ch) : (value << 4) | hex_digit(ch);
      if (++nibbles == 2) {
        if (octets == 4)
          return -1;
        dst[octets++] = static_cast<uint8_t>(value);
        nibbles = 0;
      }
    }
    if (nibbles != 0) {
      if (octets == 4)
        return -1;
      dst[octets++] = static_cast<uint8_t>(value << 4);
    }
  } else if (is_digit(ch)) {
    for (;;) {
      if (!read_decimal_octet(s, at, ch, dst, octets))
        return -1;
      if (ch == '\0' || ch == '/')
        break;
      if (ch != '.')
        return -1;
      ch = s[at++];
      if (!is_digit(ch))
        return -1;
    }
  } else {
    return -1;
  }
  int bits = -1;
  if (ch == '/' && is_digit(s[at]) && octets > 0) {
    ch = s[at++];
    bits = 0;
    do {
      bits = std::min(bits * 10 + (ch - '0'), 1000);
    } while ((ch = s[at++]) != '\0' && is_digit(ch));
    if (ch != '\0' || bits > 32)
      return -1;
  }
  if (ch != '\0' || octets == 0)
    return -1;
  if (bits == -1)
    bits = classful_bits(dst[0], octets);
  return bits;  // the octets past those given are zero already
}

// getbits: 1 to 3 digits, no leading zero, at most 128.
int ipv6_getbits(c_text s, size_t at) {
  int value = 0, digits = 0;
  for (char ch; (ch = s[at++]) != '\0';) {
    if (!is_digit(ch) || (digits++ != 0 && value == 0))
      return -1;
    value = value * 10 + (ch - '0');
    if (value > 128)
      return -1;
  }
  return digits == 0 ? -1 : value;
}

// getv4: dotted decimal from `at` (no leading zeros, at most four octets)
// into dst, then optional /bits; false when it is not one.
bool ipv6_getv4(c_text s, size_t at, uint8_t* dst, int& bits) {
  unsigned value = 0, digits = 0, octets = 0;
  for (char ch; (ch = s[at++]) != '\0';) {
    if (is_digit(ch)) {
      if (digits++ != 0 && value == 0)
        return false;
      value = value * 10 + static_cast<unsigned>(ch - '0');
      if (value > 255)
        return false;
      continue;
    }
    if (ch == '.' || ch == '/') {
      if (octets > 3)
        return false;
      dst[octets++] = static_cast<uint8_t>(value);
      if (ch == '/') {
        bits = ipv6_getbits(s, at);
        return bits >= 0;
      }
      value = 0, digits = 0;
      continue;
    }
    return false;
  }
  if (digits == 0 || octets > 3)
    return false;
  dst[octets] = static_cast<uint8_t>(value);
  return true;
}

// inet_cidr_pton_ipv6: the bits, or -1.
int pton_ipv6(c_text s, std::array<uint8_t, 16>& dst) {
  std::array<uint8_t, 16> tmp{};
  size_t at = 0, tp = 0, current_token = 0;
  std::optional<size_t> gap;
  if (s[at] == ':' && s[++at] != ':')
    return -1;
  current_token = at;
  bool saw_digit = false;
  unsigned value = 0, digits = 0;
  int bits = -1;
  for (char ch; (ch = s[at++]) != '\0';) {
    if (const int d = hex_digit(ch); d >= 0) {
      value = (value << 4) | static_cast<unsigned>(d);
      if (++digits > 4)
        return -1;
      saw_digit = true;
      continue;
    }
    if (ch == ':') {
      current_token = at;
      if (!saw_digit) {
        if (gap)
          return -1;
        gap = tp;
        continue;
      }
      if (s[at] == '\0' || tp + 2 > 16)
        return -1;
      tmp[tp++] = static_cast<uint8_t>(value >> 8);
      tmp[tp++] = static_cast<uint8_t>(value & 0xFF);
      saw_digit = false, digits = 0, value = 0;
      continue;
    }
    if (ch == '.' && tp + 4 <= 16 && ipv6_getv4(s, current_token, tmp.data() + tp, bits)) {
      tp += 4;
      saw_digit = false;
      break;
    }
    if (ch == '/' && (bits = ipv6_getbits(s, at)) >= 0)
      break;
    return -1;
  }
  if (saw_digit) {
    if (tp + 2 > 16)
      return -1;
    tmp[tp++] = static_cast<uint8_t>(value >> 8);
    tmp[tp++] = static_cast<uint8_t>(value & 0xFF);
  }
  if (bits == -1)
    bits = 128;
  if (gap) {
    if (tp == 16)
      return -1;
    const size_t moved = tp - *gap;
    for (size_t i = 1; i <= moved; ++i) {
      tmp[16 - i] = tmp[*gap + moved - i];
      tmp[*gap + moved - i] = 0;
    }
    tp = 16;
  }
  if (tp != 16)
    return -1;
  dst = tmp;
  return bits;
}

}  // namespace

std::optional<inet_value> read_network_text(std::string_view text, bool is_cidr) {
  inet_value v;
  int bits;
  if (text.find(':') != std::string_view::npos) {
    v.family = family_ipv6;
    bits = pton_ipv6(c_text{text}, v.address);
  } else {
    bits = is_cidr ? cidr_pton_ipv4(c_text{text}, v.address.data())
                   : inet_pton_ipv4(c_text{text}, v.address.data());
  }
  if (bits < 0 || bits > v.max_bits())
    return std::nullopt;
  v.bits = static_cast<uint8_t>(bits);
  return v;
}

}  // namespace tributary
