// pg_numeric_format: see the header. The value is printed group by group: each
// base-10000 digit is four decimal digits; groups above the integer part's
// first non-zero digit and groups past the sent digits are zero.
#include "stages/types/numeric/pg_numeric_format.hpp"

#include <vector>

#include "stages/core/byte_reader.hpp"

namespace tributary {
namespace {

constexpr uint16_t sign_positive = 0x0000;
constexpr uint16_t sign_negative = 0x4000;
constexpr uint16_t sign_nan = 0xC000;
constexpr uint16_t sign_plus_infinity = 0xD000;
constexpr uint16_t sign_minus_infinity = 0xF000;
constexpr uint16_t dscale_mask = 0x3FFF;
// NUMERIC_MAX_PRECISION + NUMERIC_MAX_RESULT_SCALE: the most digits numeric_recv takes.
constexpr uint16_t max_digit_count = 1000 + 2000;
constexpr int16_t digit_base = 10000;
constexpr size_t header_size = 8;

codec_error external_value_error(const char* what) {
  return codec_error{std::string("invalid ") + what + " in external \"numeric\" value"};
}

void append_group(std::string& out, int group) {
  out += static_cast<char>('0' + group / 1000);
  out += static_cast<char>('0' + group / 100 % 10);
  out += static_cast<char>('0' + group / 10 % 10);
  out += static_cast<char>('0' + group % 10);
}

}  // namespace

result<std::string, codec_error> format_pg_numeric(std::string_view send_bytes) {
  const auto wrong_length = [&] {
    return codec_error{"incorrect binary data format for type numeric (length " +
                       std::to_string(send_bytes.size()) + ")"};
  };
  if (send_bytes.size() < header_size)
    return fail(wrong_length());
  byte_reader in(send_bytes);
  const uint16_t digit_count = in.u16().value();
  const int16_t weight = in.i16().value();
  const uint16_t sign = in.u16().value();
  const uint16_t dscale = in.u16().value();
  if (digit_count > max_digit_count)
    return fail(external_value_error("length"));
  if (in.remaining() != size_t{2} * digit_count)
    return fail(wrong_length());
  if (sign != sign_positive && sign != sign_negative && sign != sign_nan &&
      sign != sign_plus_infinity && sign != sign_minus_infinity)
    return fail(external_value_error("sign"));
  if ((dscale & dscale_mask) != dscale)
    return fail(external_value_error("scale"));
  std::vector<int16_t> digits(digit_count);
  for (auto& digit : digits) {
    digit = in.i16().value();
    if (digit < 0 || digit >= digit_base)
      return fail(external_value_error("digit"));
  }
  if (sign == sign_nan)
    return std::string("NaN");
  if (sign == sign_plus_infinity)
    return std::string("Infinity");
  if (sign == sign_minus_infinity)
    return std::string("-Infinity");

  // Group i (0-based) is worth 10000^(weight - i); outside [0, digit_count) it is 0.
  const auto group_at = [&](int64_t index) -> int {
    return index >= 0 && index < digit_count ? digits[static_cast<size_t>(index)] : 0;
  };
  std::string integer_part;
  for (int64_t index = 0; index <= weight; ++index)
    append_group(integer_part, group_at(index));
  const size_t first_nonzero = integer_part.find_first_not_of('0');
  integer_part.erase(0, first_nonzero == std::string::npos ? integer_part.size() : first_nonzero);

  std::string fraction;
  for (int64_t index = int64_t{weight} + 1; fraction.size() < dscale; ++index)
    append_group(fraction, group_at(index));
  fraction.resize(dscale);

  const bool is_zero = integer_part.empty() && fraction.find_first_not_of('0') == std::string::npos;
  std::string out;
  out.reserve(integer_part.size() + fraction.size() + 3);
  if (sign == sign_negative && !is_zero)
    out += '-';
  out += integer_part.empty() ? "0" : integer_part;
  if (dscale > 0) {
    out += '.';
    out += fraction;
  }
  return out;
}

}  // namespace tributary
