#include "stages/core/lsn.hpp"

#include <charconv>
#include <cstdio>

namespace tributary {

std::string lsn::to_string() const {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%X/%X", static_cast<unsigned>(value_ >> 32),
                static_cast<unsigned>(value_ & 0xffffffffu));
  return buf;
}

std::optional<lsn> lsn::parse(std::string_view text) {
  auto slash = text.find('/');
  if (slash == std::string_view::npos)
    return std::nullopt;
  auto parse_half = [](std::string_view half) -> std::optional<uint32_t> {
    if (half.empty() || half.size() > 8)
      return std::nullopt;
    uint32_t v = 0;
    auto [end, ec] = std::from_chars(half.data(), half.data() + half.size(), v, 16);
    if (ec != std::errc{} || end != half.data() + half.size())
      return std::nullopt;
    return v;
  };
  auto hi = parse_half(text.substr(0, slash));
  auto lo = parse_half(text.substr(slash + 1));
  if (!hi || !lo)
    return std::nullopt;
  return lsn{(uint64_t{*hi} << 32) | *lo};
}

}  // namespace tributary
