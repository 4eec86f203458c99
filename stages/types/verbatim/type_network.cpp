// type_network: inet and cidr, as PostgreSQL 15's inet_recv / inet_send /
// cidr_recv / cidr_send, with the stored form kept as the output text.
//
// Stored form: TEXT, network_out's text as the publisher prints it:
//   IPv4  a.b.c.d, then /bits when bits is not 32 (inet) or always (cidr)
//   IPv6  lowercase hex groups without leading zeros, the longest run of two
//         or more zero groups (the first of equal runs) written "::"; the last
//         four bytes as a.b.c.d when the first six groups are zero
//         (::1.2.3.4, but ::1 and ::2) or the first five are zero and the
//         sixth is ffff (::ffff:1.2.3.4); then /bits when bits is not 128
//         (inet) or always (cidr)
// format_text returns it (verbatim_text.hpp).
//   parse_text     network_in (network_text_input.cpp), then the text
//                  above. IPv6 when the text has a ':': hex groups, one "::",
//                  an optional dotted tail, optional /bits (no leading
//                  zeros). IPv4 inet: 1-4 decimal octets, optional /bits (the
//                  octets must cover bits/8; without /bits all four), 10.1/16
//                  -> 10.1.0.0/16. IPv4 cidr: also 0x hex nibbles, and
//                  without /bits the classful width (10 -> 10.0.0.0/8).
//                  No spaces anywhere. Errors: 22P02 invalid input syntax for
//                  type inet: "<text>" (or cidr); a cidr with host bits set:
//                  22P02 invalid cidr value: "<text>" (detail: Value has bits
//                  set to right of mask.).
// Binary: uint8 family (2 IPv4, 3 IPv6), uint8 bits, uint8 is_cidr (sent as
// 0 / 1, ignored on receive), uint8 address length (4 / 16), the address.
//   parse_binary   PostgreSQL's checks and errors, in its order:
//                    08P01 no data left in message
//                    22P03 invalid address family in external "inet" value /
//                          invalid bits in external "inet" value /
//                          invalid length in external "inet" value /
//                          invalid external "cidr" value (detail: Value has
//                          bits set to right of mask.) / incorrect binary
//                          data format (bytes after the address)
//   format_binary  the stored text read back: dotted IPv4 (for cidr also the
//                  abbreviated classful forms: 10 -> 10.0.0.0/8), IPv6 with
//                  "::" and a dotted tail, optional /bits. A text of another
//                  form (another tool's) is sent as 0.0.0.0 with no mask.
#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stages/types/stored_order.hpp"
#include "stages/types/verbatim/inet_value.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr oid_t cidr_oid = 650;

std::string_view type_word(bool is_cidr) { return is_cidr ? "cidr" : "inet"; }

// ---- output ---------------------------------------------------------------

void append_dotted(std::string& out, const uint8_t* four) {
  for (int i = 0; i < 4; ++i) {
    if (i > 0)
      out += '.';
    out += std::to_string(four[i]);
  }
}

// PostgreSQL's inet_net_ntop_ipv6 (not the C library's: ::2 stays ::2).
std::string ipv6_text(const std::array<uint8_t, 16>& a) {
  uint16_t words[8];
  for (int i = 0; i < 8; ++i)
    words[i] = static_cast<uint16_t>((a[2 * i] << 8) | a[2 * i + 1]);
  int best_base = -1, best_len = 0, cur_base = -1, cur_len = 0;
  for (int i = 0; i <= 8; ++i) {
    if (i < 8 && words[i] == 0) {
      if (cur_base < 0)
        cur_base = i, cur_len = 0;
      ++cur_len;
    } else if (cur_base >= 0) {
      if (best_base < 0 || cur_len > best_len)
        best_base = cur_base, best_len = cur_len;
      cur_base = -1;
    }
  }
  if (best_len < 2)
    best_base = -1;
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 8; ++i) {
    if (best_base >= 0 && i >= best_base && i < best_base + best_len) {
      if (i == best_base)
        out += ':';
      continue;
    }
    if (i != 0)
      out += ':';
    if (i == 6 && best_base == 0 && (best_len == 6 || (best_len == 5 && words[5] == 0xFFFF))) {
      append_dotted(out, a.data() + 12);
      return out;
    }
    std::string group;
    for (uint16_t w = words[i]; w != 0 || group.empty(); w = static_cast<uint16_t>(w >> 4))
      group.insert(group.begin(), digits[w & 0xF]);
    out += group;
  }
  if (best_base >= 0 && best_base + best_len == 8)
    out += ':';
  return out;
}

std::string inet_text(const inet_value& v, bool is_cidr) {
  std::string out;
  if (v.family == family_ipv4)
    append_dotted(out, v.address.data());
  else
    out = ipv6_text(v.address);
  if (is_cidr || v.bits != v.max_bits())
    out += '/' + std::to_string(v.bits);
  return out;
}

// ---- receive ----------------------------------------------------------------

bool host_bits_clear(const inet_value& v) {
  for (size_t bit = v.bits; bit < v.size() * 8; ++bit)
    if (v.address[bit / 8] & (0x80 >> (bit % 8)))
      return false;
  return true;
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  const bool is_cidr = type.oid == cidr_oid;
  const std::string word(type_word(is_cidr));
  size_t at = 0;
  auto next = [&]() -> std::optional<uint8_t> {
    if (at >= bytes.size())
      return std::nullopt;
    return static_cast<uint8_t>(bytes[at++]);
  };
  inet_value v;
  const auto family = next();
  if (!family)
    return fail(no_data_left());
  if (*family != family_ipv4 && *family != family_ipv6)
    return fail(invalid_binary_representation("invalid address family in external \"" + word +
                                              "\" value"));
  v.family = *family;
  const auto bits = next();
  if (!bits)
    return fail(no_data_left());
  if (*bits > v.max_bits())
    return fail(invalid_binary_representation("invalid bits in external \"" + word + "\" value"));
  v.bits = *bits;
  const auto flag = next();  // is_cidr: ignored
  const auto length = flag ? next() : std::nullopt;
  if (!length)
    return fail(no_data_left());
  if (*length != v.size())
    return fail(invalid_binary_representation("invalid length in external \"" + word + "\" value"));
  for (size_t i = 0; i < v.size(); ++i) {
    const auto b = next();
    if (!b)
      return fail(no_data_left());
    v.address[i] = *b;
  }
  if (is_cidr && !host_bits_clear(v))
    return fail(make_pg_error("22P03", "invalid external \"cidr\" value",
                              "Value has bits set to right of mask."));
  if (at != bytes.size())
    return fail(unconsumed_binary_data());
  return sql_value{inet_text(v, is_cidr)};
}

// ---- send ---------------------------------------------------------------------

std::optional<unsigned> decimal(std::string_view s, unsigned max) {
  if (s.empty() || s.size() > 3)
    return std::nullopt;
  unsigned value = 0;
  for (char c : s) {
    if (c < '0' || c > '9')
      return std::nullopt;
    value = value * 10 + static_cast<unsigned>(c - '0');
  }
  if (value > max)
    return std::nullopt;
  return value;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    const size_t end = s.find(separator, start);
    parts.push_back(s.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos)
      return parts;
    start = end + 1;
  }
}

// 1 to 4 dotted octets into out[0..]; the number of octets read.
std::optional<size_t> read_dotted(std::string_view s, uint8_t* out) {
  const auto parts = split(s, '.');
  if (parts.size() > 4)
    return std::nullopt;
  for (size_t i = 0; i < parts.size(); ++i) {
    const auto octet = decimal(parts[i], 255);
    if (!octet)
      return std::nullopt;
    out[i] = static_cast<uint8_t>(*octet);
  }
  return parts.size();
}

// One side of "::": hex groups, the last of the whole address possibly dotted.
std::optional<std::vector<uint16_t>> read_groups(std::string_view s, bool may_end_dotted) {
  std::vector<uint16_t> groups;
  if (s.empty())
    return groups;
  const auto parts = split(s, ':');
  for (size_t i = 0; i < parts.size(); ++i) {
    const std::string_view part = parts[i];
    if (may_end_dotted && i + 1 == parts.size() && part.find('.') != std::string_view::npos) {
      uint8_t four[4];
      if (read_dotted(part, four) != 4)
        return std::nullopt;
      groups.push_back(static_cast<uint16_t>((four[0] << 8) | four[1]));
      groups.push_back(static_cast<uint16_t>((four[2] << 8) | four[3]));
      continue;
    }
    if (part.empty() || part.size() > 4)
      return std::nullopt;
    uint16_t value = 0;
    for (char c : part) {
      int d = -1;
      if (c >= '0' && c <= '9') d = c - '0';
      else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
      if (d < 0)
        return std::nullopt;
      value = static_cast<uint16_t>((value << 4) | d);
    }
    groups.push_back(value);
  }
  return groups;
}

bool read_ipv6(std::string_view s, std::array<uint8_t, 16>& out) {
  const size_t gap = s.find("::");
  std::optional<std::vector<uint16_t>> head, tail;
  if (gap == std::string_view::npos) {
    head = read_groups(s, true);
    tail = std::vector<uint16_t>{};
    if (!head || head->size() != 8)
      return false;
  } else {
    head = read_groups(s.substr(0, gap), false);
    tail = read_groups(s.substr(gap + 2), true);
    if (!head || !tail || head->size() + tail->size() > 7)
      return false;
  }
  std::array<uint16_t, 8> words{};
  for (size_t i = 0; i < head->size(); ++i)
    words[i] = (*head)[i];
  for (size_t i = 0; i < tail->size(); ++i)
    words[8 - tail->size() + i] = (*tail)[i];
  for (size_t i = 0; i < 8; ++i) {
    out[2 * i] = static_cast<uint8_t>(words[i] >> 8);
    out[2 * i + 1] = static_cast<uint8_t>(words[i] & 0xFF);
  }
  return true;
}

std::optional<inet_value> read_inet(std::string_view text, bool is_cidr) {
  const size_t slash = text.find('/');
  const std::string_view address = text.substr(0, slash);
  inet_value v;
  std::optional<unsigned> bits;
  if (address.find(':') != std::string_view::npos) {
    v.family = family_ipv6;
    if (!read_ipv6(address, v.address))
      return std::nullopt;
  } else {
    const auto octets = read_dotted(address, v.address.data());
    if (!octets || (*octets < 4 && !is_cidr))
      return std::nullopt;
    if (slash == std::string_view::npos && *octets < 4)
      bits = classful_bits(v.address[0], *octets);
  }
  if (slash != std::string_view::npos) {
    bits = decimal(text.substr(slash + 1), static_cast<unsigned>(v.max_bits()));
    if (!bits)
      return std::nullopt;
  }
  v.bits = static_cast<uint8_t>(bits.value_or(static_cast<unsigned>(v.max_bits())));
  return v;
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  const bool is_cidr = type.oid == cidr_oid;
  const inet_value v = read_inet(verbatim_stored_text(stored), is_cidr).value_or(inet_value{});
  std::string out;
  out += static_cast<char>(v.family);
  out += static_cast<char>(v.bits);
  out += static_cast<char>(is_cidr ? 1 : 0);
  out += static_cast<char>(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    out += static_cast<char>(v.address[i]);
  return out;
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings&) {
  const bool is_cidr = type.oid == cidr_oid;
  const std::optional<inet_value> read = read_network_text(text, is_cidr);
  if (!read)
    return fail(invalid_text_representation(type_word(is_cidr), text));
  const inet_value& v = *read;
  if (is_cidr && !host_bits_clear(v))
    return fail(make_pg_error("22P02", "invalid cidr value: \"" + std::string(text) + "\"",
                              "Value has bits set to right of mask."));
  return sql_value{inet_text(v, is_cidr)};
}

// PostgreSQL's bitncmp: the first `bits` bits of two addresses, most significant first.
int compare_bits(const std::array<uint8_t, 16>& a, const std::array<uint8_t, 16>& b, int bits) {
  const int bytes = bits / 8;
  for (int i = 0; i < bytes; ++i)
    if (a[static_cast<size_t>(i)] != b[static_cast<size_t>(i)])
      return a[static_cast<size_t>(i)] < b[static_cast<size_t>(i)] ? -1 : 1;
  const int rest = bits % 8;
  if (rest == 0)
    return 0;
  const auto mask = static_cast<uint8_t>(0xFF << (8 - rest));
  const uint8_t x = a[static_cast<size_t>(bytes)] & mask, y = b[static_cast<size_t>(bytes)] & mask;
  return x == y ? 0 : (x < y ? -1 : 1);
}

}  // namespace

int compare_stored_inet(std::string_view a, std::string_view b) {
  const auto x = read_inet(a, false), y = read_inet(b, false);
  if (!x || !y) {  // another tool's text: after every address, then bytewise
    if (x || y)
      return x ? -1 : 1;
    return a.compare(b);
  }
  if (x->family != y->family)
    return x->family < y->family ? -1 : 1;  // IPv4 before IPv6
  if (int order = compare_bits(x->address, y->address, std::min(x->bits, y->bits)); order != 0)
    return order;
  if (x->bits != y->bits)
    return x->bits < y->bits ? -1 : 1;
  return compare_bits(x->address, y->address, x->max_bits());
}

const type_codec& network_codec() {
  static const type_codec codec{parse_text, parse_binary, format_verbatim_text,
                                format_binary};
  return codec;
}

}  // namespace tributary
