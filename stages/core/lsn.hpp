// lsn: a WAL position (XLogRecPtr), a 64-bit unsigned value shown as "X/Y".
//
// PostgreSQL prints an LSN as two hex numbers, the upper and the lower 32 bits,
// unpadded ("0/16B3748"); newer servers zero-pad the low half. Parsing accepts both.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tributary {

class lsn {
public:
  constexpr lsn() = default;
  constexpr explicit lsn(uint64_t value) : value_(value) {}

  constexpr uint64_t value() const { return value_; }
  constexpr bool is_zero() const { return value_ == 0; }

  // "X/Y" as PostgreSQL prints it (upper/lower 32 bits, upper-case hex, unpadded).
  std::string to_string() const;

  // Parses "X/Y" (1-8 hex digits each side). Anything else gives nullopt.
  static std::optional<lsn> parse(std::string_view text);

  friend constexpr auto operator<=>(lsn, lsn) = default;

private:
  uint64_t value_ = 0;
};

}  // namespace tributary
