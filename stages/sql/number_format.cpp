// number_format: see number_format.hpp. The steps follow formatting.c: the pattern
// is read into keywords and characters (parse_format + NUMDesc_prepare: digits
// before and after the point, the first 0, the flags), the value is printed by its
// type's rules (numeric_to_char, int4_to_char, float8_to_char), then written
// position by position (NUM_processor / NUM_numpart_to_char); to_number reads by
// the same description (number_reading.cpp).
#include "stages/sql/number_format.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>

#include "stages/sql/number_pattern.hpp"

namespace tributary {
namespace {

using number_pattern::description;
using number_pattern::key;
using number_pattern::node;
using number_pattern::prepare;

// int_to_roman: 1..3999 as Roman numerals, else 15 '#'s.
std::string roman(int64_t number) {
  static const char* const ones[] = {"I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"};
  static const char* const tens[] = {"X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"};
  static const char* const hundreds[] = {"C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM"};
  if (number > 3999 || number < 1)
    return std::string(15, '#');
  std::string out(static_cast<size_t>(number / 1000), 'M');
  number %= 1000;
  if (number >= 100)
    out += hundreds[number / 100 - 1];
  number %= 100;
  if (number >= 10)
    out += tens[number / 10 - 1];
  number %= 10;
  if (number >= 1)
    out += ones[number - 1];
  return out;
}

// get_th: the ordinal suffix of the number's last digit ("teens" take th).
result<std::string, pg_error> ordinal_suffix(const std::string& number, bool upper) {
  if (number.empty() || !std::isdigit(static_cast<unsigned char>(number.back())))
    return fail(make_pg_error("22P02", "\"" + number + "\" is not a number"));
  char last = number.back();
  if (number.size() > 1 && number[number.size() - 2] == '1')
    last = '0';
  const char* suffix = last == '1' ? "st" : last == '2' ? "nd" : last == '3' ? "rd" : "th";
  std::string out = suffix;
  if (upper)
    for (char& c : out)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// The writer of NUM_processor for to_char.
struct writer {
  description num;
  std::string number;   // the digits (and point) of |value|, or '#'s
  size_t number_p = 0;  // the next character of `number`
  char sign = '+';
  bool sign_wrote = false;
  int out_pre_spaces = 0;
  int num_count = 0;
  int num_curr = 0;
  bool num_in = false;
  std::optional<size_t> last_relevant;  // fill mode: the last digit worth printing
  std::string out;

  char at(size_t p) const { return p < number.size() ? number[p] : '\0'; }
  bool predecimal_space() const {
    return !num.zero && number_p == 0 && !number.empty() && number[0] == '0' && num.post != 0;
  }
  bool last_is_point() const { return last_relevant && at(*last_relevant) == '.'; }

  void write_sign() {
    if (num.lsign) {
      if (num.lsign_place == description::before) {
        out += sign == '-' ? '-' : '+';
        sign_wrote = true;
      }
    } else if (num.bracket) {
      out += sign == '+' ? ' ' : '<';
      sign_wrote = true;
    } else if (sign == '+') {
      if (!num.fill)
        out += ' ';
      sign_wrote = true;
    } else if (sign == '-') {
      out += '-';
      sign_wrote = true;
    }
  }

  void digit_part(key id) {
    if (num.roman)
      return;
    if (!sign_wrote && (num_curr >= out_pre_spaces || (num.zero && num.zero_start == num_curr)) &&
        (!predecimal_space() || last_is_point()))
      write_sign();
    if (num_curr < out_pre_spaces && (num.zero_start > num_curr || !num.zero)) {
      if (!num.fill)
        out += ' ';
    } else if (num.zero && num_curr < out_pre_spaces && num.zero_start <= num_curr) {
      out += '0';
      num_in = true;
    } else {
      if (at(number_p) == '.') {
        if (!last_is_point() || num.fill)
          out += '.';
      } else if (last_relevant && number_p > *last_relevant && id != key::digit0) {
        // fill mode: no trailing zero
      } else if (predecimal_space()) {
        if (!num.fill)
          out += ' ';
        else if (last_is_point())
          out += '0';
      } else {
        out += at(number_p);  // past the number's end: its NUL ends the text, as in C
        num_in = true;
      }
      if (at(number_p) != '\0')
        ++number_p;
    }
    int end = num_count + (out_pre_spaces ? 1 : 0) + (num.decimal ? 1 : 0);
    if (last_relevant && *last_relevant == number_p)
      end = num_curr;
    if (num_curr + 1 == end) {
      if (sign_wrote && num.bracket)
        out += sign == '+' ? ' ' : '>';
      else if (num.lsign && num.lsign_place == description::after)
        out += sign == '-' ? '-' : '+';
    }
    ++num_curr;
  }
};

// NUM_processor (to_char): `number` is |value| as printed (or '#'s), `sign` '+' / '-'
// (0 for a Roman numeral), `num` the description the printing adjusted.
result<std::string, pg_error> write_number(const std::vector<node>& nodes, description num, std::string number,
                                           char sign, int out_pre_spaces) {
  if (num.eeee)
    return number;
  if (num.roman) {  // the Roman numeral keeps only fill mode
    const bool fill = num.fill;
    num = description{};
    num.fill = fill;
    num.roman = true;
    out_pre_spaces = 0;
    sign = 0;
  }
  writer w;
  w.num = num;
  w.number = std::move(number);
  w.sign = sign;
  w.out_pre_spaces = out_pre_spaces;
  if (w.num.zero_start > 0)
    --w.num.zero_start;
  if (w.num.plus || w.num.minus) {
    w.sign_wrote = !(w.num.plus && !w.num.minus);
  } else {
    if (w.sign != '-' && w.num.fill)
      w.num.bracket = false;
    w.sign_wrote = w.sign == '+' && w.num.fill && !w.num.lsign;
    if (w.num.lsign_place == description::before && w.num.pre == w.num.pre_lsign_num)
      w.num.lsign_place = description::after;
  }
  w.num_count = w.num.post + w.num.pre - 1;
  if (w.num.fill && w.num.decimal) {
    // get_last_relevant_decnum, but never before the last 0 of the pattern
    const size_t p = w.number.find('.');
    if (p != std::string::npos) {
      size_t last = p;
      for (size_t i = p + 1; i < w.number.size(); ++i)
        if (w.number[i] != '0')
          last = i;
      if (w.num.zero_end > w.out_pre_spaces) {
        const size_t last_zero = static_cast<size_t>(w.num.zero_end - w.out_pre_spaces);
        if (last < last_zero)
          last = last_zero;
      }
      w.last_relevant = last;
    }
  }
  if (!w.sign_wrote && w.out_pre_spaces == 0)
    ++w.num_count;
  for (const node& n : nodes) {
    switch (n.kind) {
      case key::digit9:
      case key::digit0:
      case key::point:
      case key::d:
        w.digit_part(n.kind);
        break;
      case key::comma:
      case key::g:
        if (w.num_in)
          w.out += ',';
        else if (!w.num.fill)
          w.out += ' ';
        break;
      case key::l:
        w.out += ' ';
        break;
      case key::rn_upper:
      case key::rn_lower: {
        std::string text = w.number;
        if (n.kind == key::rn_lower)
          for (char& c : text)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (!w.num.fill && text.size() < 15)
          text.insert(0, 15 - text.size(), ' ');
        w.out += text;
        break;
      }
      case key::th_upper:
      case key::th_lower: {
        if (w.num.roman || (!w.number.empty() && w.number[0] == '#') || w.sign == '-' || w.num.decimal)
          break;
        auto suffix = ordinal_suffix(w.number, n.kind == key::th_upper);
        if (!suffix)
          return fail(suffix.error());
        w.out += *suffix;
        break;
      }
      case key::mi:
        if (w.sign == '-')
          w.out += '-';
        else if (!w.num.fill)
          w.out += ' ';
        break;
      case key::pl:
        if (w.sign == '+')
          w.out += '+';
        else if (!w.num.fill)
          w.out += ' ';
        break;
      case key::sg:
        w.out += w.sign;  // a Roman numeral's sign is a NUL: the text ends there
        break;
      case key::character:
        w.out += n.text;
        break;
      default:
        break;
    }
  }
  // The text ends at a NUL written past the number's end (formatting.c's strlen).
  const size_t end = w.out.find('\0');
  if (end != std::string::npos)
    w.out.resize(end);
  return w.out;
}

// |value|'s printed digits cut to the pattern: padding before them, or '#'s when
// its integer digits do not fit (the common tail of the *_to_char functions).
void fit_digits(std::string& printed, const description& num, int& out_pre_spaces) {
  const size_t point = printed.find('.');
  const int pre_len = static_cast<int>(point == std::string::npos ? printed.size() : point);
  if (pre_len < num.pre) {
    out_pre_spaces = num.pre - pre_len;
  } else if (pre_len > num.pre) {
    printed.assign(static_cast<size_t>(num.pre + num.post + 1), '#');
    printed[static_cast<size_t>(num.pre)] = '.';
  }
}

// EEEE of NaN or an infinity: a blank, then '#'s with a point after pre of them.
std::string eeee_not_finite(const description& num) {
  std::string out(static_cast<size_t>(num.pre + num.post + 6), '#');
  out[0] = ' ';
  out[static_cast<size_t>(num.pre + 1)] = '.';
  return out;
}

// numeric_out_sci: the significand rounded to `scale` digits, "e", the exponent
// (at least two digits) of the unrounded value; no sign for a positive value.
std::string numeric_scientific(numeric_value value, int scale) {
  const int64_t exponent = value.is_zero() ? 0 : value.exponent;
  value.exponent -= exponent;
  round_numeric(value, scale);
  char tail[32];
  std::snprintf(tail, sizeof tail, "e%+03lld", static_cast<long long>(exponent));
  return format_numeric_text(value) + tail;
}

// printf's %+.*e with a positive sign swapped for a blank.
std::string double_scientific(double value, int scale) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, "%+.*e", scale, value);
  if (buffer[0] == '+')
    buffer[0] = ' ';
  return buffer;
}

// PostgreSQL's own snprintf prints NaN and the infinities by name.
std::string fixed_text(double value, int scale) {
  if (std::isnan(value))
    return "NaN";
  if (std::isinf(value))
    return value < 0 ? "-Infinity" : "Infinity";
  std::vector<char> buffer(400 + static_cast<size_t>(scale));
  std::snprintf(buffer.data(), buffer.size(), "%.*f", scale, value);
  return buffer.data();
}

result<int64_t, pg_error> numeric_to_int4(numeric_value value) {
  if (value.what == numeric_value::kind::nan)
    return fail(make_pg_error("0A000", "cannot convert NaN to integer"));
  if (value.what != numeric_value::kind::finite)
    return fail(make_pg_error("0A000", "cannot convert infinity to integer"));
  round_numeric(value, 0);
  const std::string text = format_numeric_text(value);
  if (text.size() > 11)
    return fail(make_pg_error("22003", "integer out of range"));
  const int64_t n = std::stoll(text);
  if (n < INT32_MIN || n > INT32_MAX)
    return fail(make_pg_error("22003", "integer out of range"));
  return n;
}


}  // namespace

result<std::string, pg_error> format_number(numeric_value value, std::string_view pattern) {
  auto p = prepare(pattern);
  if (!p)
    return fail(p.error());
  description& num = p->num;
  if (num.roman) {
    auto n = numeric_to_int4(std::move(value));
    if (!n)
      return fail(n.error());
    return write_number(p->nodes, num, roman(*n), 0, 0);
  }
  if (num.eeee) {
    if (value.what != numeric_value::kind::finite)
      return eeee_not_finite(num);
    const std::string text = numeric_scientific(std::move(value), num.post);
    return text[0] == '-' ? text : " " + text;
  }
  if (num.multiply) {  // V: times 10 per 9 after it
    if (value.what == numeric_value::kind::finite && !value.is_zero())
      value.exponent += num.multi;
    num.pre += num.multi;
  }
  // numeric_to_char: rounded to the digits after the point, printed.
  if (value.what == numeric_value::kind::finite)
    round_numeric(value, num.post);
  std::string printed = format_numeric_text(value);
  char sign = '+';
  if (!printed.empty() && printed[0] == '-') {
    sign = '-';
    printed.erase(0, 1);
  }
  int out_pre_spaces = 0;
  fit_digits(printed, num, out_pre_spaces);
  return write_number(p->nodes, num, std::move(printed), sign, out_pre_spaces);
}

result<std::string, pg_error> format_int4(int64_t value, std::string_view pattern) {
  auto p = prepare(pattern);
  if (!p)
    return fail(p.error());
  if (p->num.eeee)  // int4_to_char: through a double, which holds any int4 exactly
    return double_scientific(static_cast<double>(value), p->num.post);
  if (p->num.roman)
    return write_number(p->nodes, p->num, roman(value), 0, 0);
  auto parsed = parse_numeric_text(std::to_string(value));
  if (!parsed)
    return fail(parsed.error());
  return format_number(std::move(*parsed), pattern);
}

result<std::string, pg_error> format_float(double value, std::string_view pattern, bool is_float4) {
  auto p = prepare(pattern);
  if (!p)
    return fail(p.error());
  description& num = p->num;
  if (num.roman)
    return write_number(p->nodes, num, roman(static_cast<int64_t>(std::rint(value))), 0, 0);
  if (num.eeee) {
    if (std::isnan(value) || std::isinf(value))
      return eeee_not_finite(num);
    return double_scientific(value, num.post);
  }
  double scaled = value;
  if (num.multiply) {
    scaled = value * std::pow(10.0, num.multi);
    if (is_float4)
      scaled = static_cast<float>(scaled);
    num.pre += num.multi;
  }
  // float8_to_char: at most DBL_DIG (FLT_DIG) significant digits in all.
  const int max_digits = is_float4 ? 6 : 15;
  const int integer_digits = static_cast<int>(fixed_text(std::fabs(scaled), 0).size());
  if (integer_digits >= max_digits)
    num.post = 0;
  else if (integer_digits + num.post > max_digits)
    num.post = max_digits - integer_digits;
  std::string printed = fixed_text(scaled, num.post);
  char sign = '+';
  if (!printed.empty() && printed[0] == '-') {
    sign = '-';
    printed.erase(0, 1);
  }
  int out_pre_spaces = 0;
  fit_digits(printed, num, out_pre_spaces);
  return write_number(p->nodes, num, std::move(printed), sign, out_pre_spaces);
}

}  // namespace tributary
