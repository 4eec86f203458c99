// inet_value: an inet or cidr value as PostgreSQL holds it (family, mask
// bits, address bytes), shared by the codec (type_network.cpp) and the text
// reader of network_in (network_text_input.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tributary {

inline constexpr uint8_t family_ipv4 = 2, family_ipv6 = 3;

struct inet_value {
  uint8_t family = family_ipv4;
  uint8_t bits = 32;
  std::array<uint8_t, 16> address{};

  size_t size() const { return family == family_ipv4 ? 4 : 16; }
  int max_bits() const { return family == family_ipv4 ? 32 : 128; }
};

// inet_cidr_pton_ipv4's mask for an address given without one.
inline uint8_t classful_bits(uint8_t first_octet, size_t octets) {
  unsigned bits = first_octet >= 240 ? 32 : first_octet >= 224 ? 8 : first_octet >= 192 ? 24
                  : first_octet >= 128 ? 16 : 8;
  if (bits < octets * 8)
    bits = static_cast<unsigned>(octets * 8);
  if (bits == 8 && first_octet == 224)
    bits = 4;
  return static_cast<uint8_t>(bits);
}

// network_in's reading of a text (PostgreSQL 15's inet_net_pton.c): IPv6 when
// the text has a ':', else IPv4 (for cidr also 0x hex and classful widths);
// nullopt when the text is no address of the type. Host bits are not checked.
std::optional<inet_value> read_network_text(std::string_view text, bool is_cidr);

}  // namespace tributary
