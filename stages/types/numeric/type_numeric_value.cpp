// type_numeric_value: numeric_in / numeric_recv / apply_typmod / round_var /
// numeric_out / numeric_send of PostgreSQL 15 over numeric_value (see
// type_numeric.hpp).
//
// A finite value is its significant decimal digits plus the power of ten of
// the first one, so an exponent never materialises zeros ('1e-20000' into
// numeric(5,2) is 0.00, as numeric_in with a typmod gives). Error order is
// PostgreSQL's: syntax (including trailing junk) first, then the typmod, then
// the storage limits (at most 131072 digits before the point, 16383 after).
#include "stages/types/numeric/type_numeric.hpp"

#include <algorithm>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

using kind = numeric_value::kind;

// INT_MAX / 2: set_var_from_str's bound on the exponent.
constexpr int64_t exponent_bound = 1073741823;
constexpr int64_t max_dscale = 0x3FFF;
// numeric's int16 base-10000 weight.
constexpr int64_t max_weight = 32767;
constexpr int64_t min_weight = -32768;

constexpr uint16_t sign_positive = 0x0000;
constexpr uint16_t sign_negative = 0x4000;
constexpr uint16_t sign_nan = 0xC000;
constexpr uint16_t sign_plus_infinity = 0xD000;
constexpr uint16_t sign_minus_infinity = 0xF000;

bool is_c_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}
bool is_digit(char c) { return c >= '0' && c <= '9'; }

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool starts_with_ignoring_case(std::string_view text, std::string_view word) {
  if (text.size() < word.size())
    return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (lower(text[i]) != lower(word[i]))
      return false;
  return true;
}

bool only_spaces(std::string_view text) {
  return std::all_of(text.begin(), text.end(), is_c_space);
}

int64_t floor_div4(int64_t n) { return n >= 0 ? n / 4 : -((-n + 3) / 4); }

pg_error syntax_error(std::string_view text) {
  return invalid_text_representation("numeric", text);
}
pg_error format_overflow() { return numeric_value_out_of_range("value overflows numeric format"); }
pg_error field_overflow(std::string detail) {
  pg_error error = numeric_value_out_of_range("numeric field overflow");
  error.detail = std::move(detail);
  return error;
}
pg_error external_value_error(const char* what) {
  return invalid_binary_representation(std::string("invalid ") + what +
                                       " in external \"numeric\" value");
}

// Drops leading and trailing zero digits; a value left without digits is zero.
void normalize(numeric_value& value) {
  const size_t first = value.digits.find_first_not_of('0');
  if (first == std::string::npos) {
    value.digits.clear();
    value.exponent = 0;
    value.negative = false;
    return;
  }
  value.digits.erase(0, first);
  value.exponent -= static_cast<int64_t>(first);
  value.digits.erase(value.digits.find_last_not_of('0') + 1);
}

// make_result's check: dscale and the base-10000 weight must fit their fields.
result<ok_t, pg_error> check_storage_limits(const numeric_value& value) {
  if (value.what != kind::finite)
    return ok_v;
  if (value.dscale > max_dscale)
    return fail(format_overflow());
  if (!value.digits.empty()) {
    const int64_t weight = floor_div4(value.exponent);
    if (weight > max_weight || weight < min_weight)
      return fail(format_overflow());
  }
  return ok_v;
}

// Keeps the digits worth at least 10^-scale, without rounding (trunc_var).
void truncate_numeric(numeric_value& value, int64_t scale) {
  const int64_t keep = value.exponent + scale + 1;
  if (keep >= static_cast<int64_t>(value.digits.size()))
    return;
  value.digits.resize(static_cast<size_t>(std::max<int64_t>(keep, 0)));
  normalize(value);
}

struct special_word {
  std::string_view word;
  kind what;
};
constexpr special_word special_words[] = {
    {"NaN", kind::nan},          {"Infinity", kind::positive_infinity},
    {"+Infinity", kind::positive_infinity}, {"-Infinity", kind::negative_infinity},
    {"inf", kind::positive_infinity},       {"+inf", kind::positive_infinity},
    {"-inf", kind::negative_infinity},
};

// set_var_from_str on `rest` (leading whitespace already skipped), including
// numeric_in's trailing-whitespace check. `text` is the whole input, for messages.
result<numeric_value, pg_error> parse_finite(std::string_view text, std::string_view rest) {
  numeric_value value;
  size_t at = 0;
  const size_t end = rest.size();
  if (at < end && (rest[at] == '+' || rest[at] == '-'))
    value.negative = rest[at++] == '-';
  bool have_point = false;
  if (at < end && rest[at] == '.') {
    have_point = true;
    ++at;
  }
  if (at >= end || !is_digit(rest[at]))
    return fail(syntax_error(text));
  int64_t integer_count = 0;
  int64_t fraction_count = 0;
  value.digits.reserve(end - at);
  for (; at < end; ++at) {
    if (is_digit(rest[at])) {
      value.digits += rest[at];
      ++(have_point ? fraction_count : integer_count);
    } else if (rest[at] == '.') {
      if (have_point)
        return fail(syntax_error(text));
      have_point = true;
    } else {
      break;
    }
  }
  int64_t exponent = 0;
  if (at < end && (rest[at] == 'e' || rest[at] == 'E')) {
    // strtol: optional whitespace and sign, then at least one digit.
    size_t cursor = at + 1;
    while (cursor < end && is_c_space(rest[cursor]))
      ++cursor;
    bool exponent_negative = false;
    if (cursor < end && (rest[cursor] == '+' || rest[cursor] == '-'))
      exponent_negative = rest[cursor++] == '-';
    if (cursor >= end || !is_digit(rest[cursor]))
      return fail(syntax_error(text));
    int64_t magnitude = 0;
    for (; cursor < end && is_digit(rest[cursor]); ++cursor)
      magnitude = std::min<int64_t>(magnitude * 10 + (rest[cursor] - '0'), exponent_bound);
    if (magnitude >= exponent_bound)
      return fail(format_overflow());
    exponent = exponent_negative ? -magnitude : magnitude;
    at = cursor;
  }
  if (!only_spaces(rest.substr(at)))
    return fail(syntax_error(text));
  value.exponent = integer_count - 1 + exponent;
  const int64_t dscale = std::max<int64_t>(fraction_count - exponent, 0);
  value.dscale = static_cast<int32_t>(std::min<int64_t>(dscale, INT32_MAX));
  normalize(value);
  return value;
}

class binary_cursor {
public:
  explicit binary_cursor(std::string_view bytes) : bytes_(bytes) {}
  bool read(uint16_t& out) {
    if (bytes_.size() - at_ < 2)
      return false;
    out = static_cast<uint16_t>((static_cast<uint8_t>(bytes_[at_]) << 8) |
                                static_cast<uint8_t>(bytes_[at_ + 1]));
    at_ += 2;
    return true;
  }
  bool at_end() const { return at_ == bytes_.size(); }

private:
  std::string_view bytes_;
  size_t at_ = 0;
};

void append_u16(std::string& out, uint16_t v) {
  out += static_cast<char>(v >> 8);
  out += static_cast<char>(v & 0xFF);
}

}  // namespace

result<numeric_value, pg_error> parse_numeric_text(std::string_view text, int32_t typmod) {
  size_t start = 0;
  while (start < text.size() && is_c_space(text[start]))
    ++start;
  const std::string_view rest = text.substr(start);
  for (const auto& special : special_words) {
    if (!starts_with_ignoring_case(rest, special.word))
      continue;
    if (!only_spaces(rest.substr(special.word.size())))
      return fail(syntax_error(text));
    numeric_value value;
    value.what = special.what;
    if (auto fits = apply_numeric_typmod(value, typmod); !fits)
      return fail(std::move(fits.error()));
    return value;
  }
  auto parsed = parse_finite(text, rest);
  if (!parsed)
    return parsed;
  if (auto fits = apply_numeric_typmod(*parsed, typmod); !fits)
    return fail(std::move(fits.error()));
  if (auto stored = check_storage_limits(*parsed); !stored)
    return fail(std::move(stored.error()));
  return parsed;
}

result<numeric_value, pg_error> parse_numeric_binary(std::string_view bytes, int32_t typmod) {
  const auto insufficient = [] {
    return fail(make_pg_error("08P01", "insufficient data left in message"));
  };
  binary_cursor in(bytes);
  uint16_t digit_count = 0, weight_bits = 0, sign = 0, dscale = 0;
  if (!in.read(digit_count) || !in.read(weight_bits) || !in.read(sign))
    return insufficient();
  if (sign != sign_positive && sign != sign_negative && sign != sign_nan &&
      sign != sign_plus_infinity && sign != sign_minus_infinity)
    return fail(external_value_error("sign"));
  if (!in.read(dscale))
    return insufficient();
  if ((dscale & max_dscale) != dscale)
    return fail(external_value_error("scale"));
  numeric_value value;
  value.digits.reserve(size_t{4} * digit_count);
  for (uint16_t i = 0; i < digit_count; ++i) {
    uint16_t digit = 0;
    if (!in.read(digit))
      return insufficient();
    if (digit >= 10000)
      return fail(external_value_error("digit"));
    value.digits += static_cast<char>('0' + digit / 1000);
    value.digits += static_cast<char>('0' + digit / 100 % 10);
    value.digits += static_cast<char>('0' + digit / 10 % 10);
    value.digits += static_cast<char>('0' + digit % 10);
  }
  if (sign == sign_nan || sign == sign_plus_infinity || sign == sign_minus_infinity) {
    value = numeric_value{};
    value.what = sign == sign_nan             ? kind::nan
                 : sign == sign_plus_infinity ? kind::positive_infinity
                                              : kind::negative_infinity;
  } else {
    value.negative = sign == sign_negative;
    value.exponent = int64_t{static_cast<int16_t>(weight_bits)} * 4 + 3;
    value.dscale = dscale;
    normalize(value);
    truncate_numeric(value, dscale);
  }
  if (auto fits = apply_numeric_typmod(value, typmod); !fits)
    return fail(std::move(fits.error()));
  if (auto stored = check_storage_limits(value); !stored)
    return fail(std::move(stored.error()));
  if (!in.at_end())
    return fail(invalid_binary_representation("incorrect binary data format"));
  return value;
}

void round_numeric(numeric_value& value, int scale) {
  if (value.what != kind::finite)
    return;
  value.dscale = std::max(scale, 0);
  const int64_t keep = value.exponent + scale + 1;
  if (keep >= static_cast<int64_t>(value.digits.size()))
    return;
  if (keep < 0) {
    value.digits.clear();
    normalize(value);
    return;
  }
  const bool round_up = value.digits[static_cast<size_t>(keep)] >= '5';
  value.digits.resize(static_cast<size_t>(keep));
  if (round_up) {
    size_t carry_at = value.digits.size();
    while (carry_at > 0 && value.digits[carry_at - 1] == '9')
      value.digits[--carry_at] = '0';
    if (carry_at == 0) {
      value.digits.insert(value.digits.begin(), '1');
      ++value.exponent;
    } else {
      ++value.digits[carry_at - 1];
    }
  }
  normalize(value);
}

result<ok_t, pg_error> apply_numeric_typmod(numeric_value& value, int32_t typmod) {
  if (typmod < 4 || value.what == kind::nan)
    return ok_v;
  const int32_t bits = typmod - 4;
  const int precision = (bits >> 16) & 0xFFFF;
  const int scale = ((bits & 0x7FF) ^ 1024) - 1024;
  // Built only for an error: most values fit.
  const auto field = [&] {
    return "A field with precision " + std::to_string(precision) + ", scale " + std::to_string(scale);
  };
  if (value.what != kind::finite)
    return fail(field_overflow(field() + " cannot hold an infinite value."));
  round_numeric(value, scale);
  const int max_integer_digits = precision - scale;
  if (!value.digits.empty() && value.exponent + 1 > max_integer_digits) {
    const std::string bound =
        max_integer_digits != 0 ? "10^" + std::to_string(max_integer_digits) : "1";
    return fail(
        field_overflow(field() + " must round to an absolute value less than " + bound + "."));
  }
  return ok_v;
}

std::string format_numeric_text(const numeric_value& value) {
  switch (value.what) {
    case kind::nan: return "NaN";
    case kind::positive_infinity: return "Infinity";
    case kind::negative_infinity: return "-Infinity";
    case kind::finite: break;
  }
  const auto digit_worth = [&](int64_t power) -> char {
    const int64_t index = value.exponent - power;
    return index >= 0 && index < static_cast<int64_t>(value.digits.size())
               ? value.digits[static_cast<size_t>(index)]
               : '0';
  };
  std::string out;
  const int64_t top = value.digits.empty() ? 0 : std::max<int64_t>(value.exponent, 0);
  out.reserve(static_cast<size_t>(top + value.dscale + 3));
  if (value.negative && !value.digits.empty())
    out += '-';
  for (int64_t power = top; power >= 0; --power)
    out += digit_worth(power);
  if (value.dscale > 0) {
    out += '.';
    for (int64_t power = -1; power >= -int64_t{value.dscale}; --power)
      out += digit_worth(power);
  }
  return out;
}

std::string format_numeric_binary(const numeric_value& value) {
  std::string out;
  const auto header = [&](uint16_t count, int64_t weight, uint16_t sign, uint16_t dscale) {
    append_u16(out, count);
    append_u16(out, static_cast<uint16_t>(static_cast<int16_t>(weight)));
    append_u16(out, sign);
    append_u16(out, dscale);
  };
  // numeric_send of an infinity shows dscale 32: the bits its short header shares
  // with the dscale field.
  switch (value.what) {
    case kind::nan: header(0, 0, sign_nan, 0); return out;
    case kind::positive_infinity: header(0, 0, sign_plus_infinity, 32); return out;
    case kind::negative_infinity: header(0, 0, sign_minus_infinity, 32); return out;
    case kind::finite: break;
  }
  const auto dscale = static_cast<uint16_t>(value.dscale);
  if (value.digits.empty()) {
    header(0, 0, sign_positive, dscale);
    return out;
  }
  const int64_t weight = floor_div4(value.exponent);
  const int64_t last_weight =
      floor_div4(value.exponent - static_cast<int64_t>(value.digits.size()) + 1);
  header(static_cast<uint16_t>(weight - last_weight + 1), weight,
         value.negative ? sign_negative : sign_positive, dscale);
  for (int64_t group = weight; group >= last_weight; --group) {
    uint16_t group_value = 0;
    for (int64_t power = group * 4 + 3; power >= group * 4; --power) {
      const int64_t index = value.exponent - power;
      const bool present = index >= 0 && index < static_cast<int64_t>(value.digits.size());
      group_value = static_cast<uint16_t>(
          group_value * 10 + (present ? value.digits[static_cast<size_t>(index)] - '0' : 0));
    }
    append_u16(out, group_value);
  }
  return out;
}

}  // namespace tributary
