// type_money: money, as PostgreSQL 15's cash_in / cash_out / cash_recv /
// cash_send with lc_monetary = C (the C locale defines no monetary symbols, so
// cash.c's fallbacks apply: "$", decimal point ".", thousands separator ",",
// groups of 3, 2 fraction digits, "-" before the "$").
//
// Stored form: INTEGER, the amount in cents (signed int64, PostgreSQL's order).
//
// Text input (cash_in), in order:
//   whitespace, "$", whitespace; one "-" or "(" (negative) or "+"; whitespace,
//   "$", whitespace; then digits, with one "." and any "," (ignored) among them;
//   a third fraction digit >= 5 rounds the cents away from zero (only that
//   digit counts: 1.2349 -> 1.23), later digits are skipped; then only
//   whitespace, ")", "-" (negative), "+" and "$" may follow.
//   "" and "$" and "()" are 0. No exponent, no second ".".
//     22P02 invalid input syntax for type money: "<text>"
//     22003 value "<text>" is out of range for type money
//           (beyond -92233720368547758.08 .. 92233720368547758.07)
// Text output (cash_out): [-]$ digits grouped by 3 with ",", "." and 2 digits:
//   $1,234.50  -$1,234.50  $0.00  -$0.05.
// Binary: int64 big-endian cents. Fewer than 8 bytes: 08P01 insufficient data
// left in message; more: 22P03 incorrect binary data format.
// A stored text (another tool's) prints as it is; in binary it is read as money
// text (0 when it is not).
#include <cstdint>
#include <limits>
#include <string>

#include "stages/types/type_codec.hpp"

namespace tributary {
namespace {

constexpr int fraction_digits = 2;
constexpr int group_size = 3;

bool is_c_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A cursor over the input, as cash_in walks its C string.
struct cursor {
  std::string_view text;
  size_t at = 0;

  bool done() const { return at >= text.size(); }
  char peek() const { return done() ? '\0' : text[at]; }
  bool take(char c) {
    if (peek() != c || done())
      return false;
    ++at;
    return true;
  }
  void skip_spaces() {
    while (!done() && is_c_space(text[at]))
      ++at;
  }
};

pg_error out_of_range(std::string_view text) {
  return numeric_value_out_of_range("value \"" + std::string(text) +
                                    "\" is out of range for type money");
}

result<sql_value, pg_error> parse_text(const column_type&, std::string_view text,
                                       const type_settings&) {
  cursor in{text};
  in.skip_spaces();
  in.take('$');
  in.skip_spaces();
  bool negative = false;
  if (in.take('-') || in.take('('))
    negative = true;
  else
    in.take('+');
  in.skip_spaces();
  in.take('$');
  in.skip_spaces();

  // The amount is built as a negative number, so the most negative one fits.
  int64_t amount = 0;
  int decimals = 0;
  bool seen_point = false;
  for (; !in.done(); ++in.at) {
    const char c = in.peek();
    if (is_digit(c) && (!seen_point || decimals < fraction_digits)) {
      if (__builtin_mul_overflow(amount, 10, &amount) ||
          __builtin_sub_overflow(amount, c - '0', &amount))
        return fail(out_of_range(text));
      if (seen_point)
        ++decimals;
    } else if (c == '.' && !seen_point) {
      seen_point = true;
    } else if (c != ',') {
      break;
    }
  }
  if (is_digit(in.peek()) && in.peek() >= '5' &&
      __builtin_sub_overflow(amount, 1, &amount))
    return fail(out_of_range(text));
  for (; decimals < fraction_digits; ++decimals)
    if (__builtin_mul_overflow(amount, 10, &amount))
      return fail(out_of_range(text));

  while (is_digit(in.peek()) && !in.done())
    ++in.at;
  while (!in.done()) {
    const char c = in.peek();
    if (c == '-')
      negative = true;
    else if (!is_c_space(c) && c != ')' && c != '+' && c != '$')
      return fail(invalid_text_representation("money", text));
    ++in.at;
  }

  if (!negative) {
    if (amount == std::numeric_limits<int64_t>::min())
      return fail(out_of_range(text));
    amount = -amount;
  }
  return sql_value{amount};
}

result<sql_value, pg_error> parse_binary(const column_type&, std::string_view bytes) {
  if (bytes.size() < 8)
    return fail(make_pg_error("08P01", "insufficient data left in message"));
  if (bytes.size() > 8)
    return fail(invalid_binary_representation("incorrect binary data format"));
  uint64_t bits = 0;
  for (const char c : bytes)
    bits = (bits << 8) | static_cast<unsigned char>(c);
  return sql_value{static_cast<int64_t>(bits)};
}

int64_t stored_cents(const sql_value& stored) {
  if (const auto* text = std::get_if<std::string>(&stored)) {
    auto parsed = parse_text(column_type{}, *text, type_settings{});
    return parsed ? std::get<int64_t>(*parsed) : 0;
  }
  if (const auto* integer = std::get_if<int64_t>(&stored))
    return *integer;
  if (const auto* real = std::get_if<double>(&stored)) {
    constexpr double limit = 9223372036854775807.0;
    if (!(*real == *real))
      return 0;
    if (*real >= limit)
      return std::numeric_limits<int64_t>::max();
    if (*real <= -limit)
      return std::numeric_limits<int64_t>::min();
    return static_cast<int64_t>(*real);
  }
  return 0;
}

std::string format_cents(int64_t cents) {
  uint64_t magnitude = cents < 0 ? uint64_t{0} - static_cast<uint64_t>(cents)
                                 : static_cast<uint64_t>(cents);
  // Digits right to left; position 0 is the digit just left of the point.
  std::string reversed;
  int position = fraction_digits;
  do {
    if (position == 0)
      reversed += '.';
    else if (position < 0 && -position % group_size == 0)
      reversed += ',';
    reversed += static_cast<char>('0' + magnitude % 10);
    magnitude /= 10;
    --position;
  } while (magnitude != 0 || position >= 0);
  std::string out = cents < 0 ? "-$" : "$";
  out.append(reversed.rbegin(), reversed.rend());
  return out;
}

std::string format_text(const column_type&, const sql_value& stored, const type_settings&) {
  if (const auto* text = std::get_if<std::string>(&stored))
    return *text;
  return format_cents(stored_cents(stored));
}

std::string format_binary(const column_type&, const sql_value& stored) {
  const auto bits = static_cast<uint64_t>(stored_cents(stored));
  std::string out(8, '\0');
  for (size_t i = 0; i < 8; ++i)
    out[i] = static_cast<char>(bits >> (8 * (7 - i)));
  return out;
}

}  // namespace

const type_codec& money_codec() {
  static const type_codec codec{parse_text, parse_binary, format_text, format_binary};
  return codec;
}

}  // namespace tributary
