// number_format: see number_format.hpp. The steps follow formatting.c: the pattern
// is read into keywords and characters (parse_format + NUMDesc_prepare: digits
// before and after the point, the first 0, the flags), the value is printed by its
// type's rules (numeric_to_char, int4_to_char, float8_to_char), then written
// position by position (NUM_processor / NUM_numpart_to_char); to_number reads by
// the same description (NUM_processor / NUM_numpart_from_char).
#include "stages/sql/number_format.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>

namespace tributary {
namespace {

enum class key {
  digit9, digit0, point, d, comma, g, fm, s, mi, pl, sg, pr, l, eeee, th_upper, th_lower, rn_upper,
  rn_lower, v, b, no_output, character
};

struct node {
  key kind;
  std::string text;  // key::character: the character
};

// PostgreSQL's NUM keywords, longest first for a shared first letter (index_seq_search).
struct keyword {
  const char* name;
  key kind;
};
constexpr keyword keywords[] = {
    {"FM", key::fm},        {"fm", key::fm},        {"MI", key::mi},        {"mi", key::mi},
    {"PL", key::pl},        {"pl", key::pl},        {"PR", key::pr},        {"pr", key::pr},
    {"SG", key::sg},        {"sg", key::sg},        {"SP", key::no_output}, {"sp", key::no_output},
    {"S", key::s},          {"s", key::s},          {"D", key::d},          {"d", key::d},
    {"G", key::g},          {"g", key::g},          {"L", key::l},          {"l", key::l},
    {"EEEE", key::eeee},    {"eeee", key::eeee},    {"TH", key::th_upper},  {"th", key::th_lower},
    {"RN", key::rn_upper},  {"rn", key::rn_lower},  {"V", key::v},          {"v", key::v},
    {"B", key::b},          {"b", key::b},          {"C", key::no_output},  {"c", key::no_output},
    {"9", key::digit9},     {"0", key::digit0},     {".", key::point},      {",", key::comma}};

std::vector<node> read_pattern(std::string_view pattern) {
  std::vector<node> out;
  size_t i = 0;
  while (i < pattern.size()) {
    size_t used = 0;
    for (const keyword& k : keywords) {
      const size_t n = std::strlen(k.name);
      if (pattern.compare(i, n, k.name) == 0) {
        out.push_back({k.kind, {}});
        used = n;
        break;
      }
    }
    if (used == 0 && pattern[i] == '"') {  // "quoted text", \ escaping inside
      for (++i; i < pattern.size() && pattern[i] != '"'; ++i) {
        if (pattern[i] == '\\' && i + 1 < pattern.size())
          ++i;
        out.push_back({key::character, std::string(1, pattern[i])});
      }
      ++i;
      continue;
    }
    if (used == 0 && pattern[i] == '\\' && i + 1 < pattern.size() && pattern[i + 1] == '"') {
      out.push_back({key::character, "\""});
      i += 2;
      continue;
    }
    if (used == 0) {
      out.push_back({key::character, std::string(1, pattern[i])});
      used = 1;
    }
    i += used;
  }
  return out;
}

// NUMDesc: what the pattern asks for.
struct description {
  int pre = 0, post = 0, multi = 0;
  bool decimal = false, zero = false, blank = false, fill = false, bracket = false, plus = false, minus = false;
  bool lsign = false, roman = false, multiply = false, eeee = false;
  enum { none, before, after } lsign_place = none;
  int pre_lsign_num = 0;
  int zero_start = 0, zero_end = 0;
};

pg_error syntax_error(const std::string& message) { return make_pg_error("42601", message); }

result<description, pg_error> describe(const std::vector<node>& nodes) {
  description d;
  for (const node& n : nodes) {
    if (n.kind == key::character)
      continue;
    if (d.eeee && n.kind != key::eeee)
      return fail(syntax_error("\"EEEE\" must be the last pattern used"));
    switch (n.kind) {
      case key::digit9:
        if (d.bracket)
          return fail(syntax_error("\"9\" must be ahead of \"PR\""));
        if (d.multiply) {
          ++d.multi;
          break;
        }
        ++(d.decimal ? d.post : d.pre);
        break;
      case key::digit0:
        if (d.bracket)
          return fail(syntax_error("\"0\" must be ahead of \"PR\""));
        if (!d.zero && !d.decimal) {
          d.zero = true;
          d.zero_start = d.pre + 1;
        }
        ++(d.decimal ? d.post : d.pre);
        d.zero_end = d.pre + d.post;
        break;
      case key::b:
        if (d.pre == 0 && d.post == 0 && !d.zero)
          d.blank = true;
        break;
      case key::d:
      case key::point:
        if (d.decimal)
          return fail(syntax_error("multiple decimal points"));
        if (d.multiply)
          return fail(syntax_error("cannot use \"V\" and decimal point together"));
        d.decimal = true;
        break;
      case key::fm:
        d.fill = true;
        break;
      case key::s:
        if (d.lsign)
          return fail(syntax_error("cannot use \"S\" twice"));
        if (d.plus || d.minus || d.bracket)
          return fail(syntax_error("cannot use \"S\" and \"PL\"/\"MI\"/\"SG\"/\"PR\" together"));
        if (!d.decimal) {
          d.lsign = true;
          d.lsign_place = description::before;
          d.pre_lsign_num = d.pre;
        } else if (d.lsign_place == description::none) {
          d.lsign = true;
          d.lsign_place = description::after;
        }
        break;
      case key::mi:
        if (d.lsign)
          return fail(syntax_error("cannot use \"S\" and \"MI\" together"));
        d.minus = true;
        break;
      case key::pl:
        if (d.lsign)
          return fail(syntax_error("cannot use \"S\" and \"PL\" together"));
        d.plus = true;
        break;
      case key::sg:
        if (d.lsign)
          return fail(syntax_error("cannot use \"S\" and \"SG\" together"));
        d.plus = d.minus = true;
        break;
      case key::pr:
        if (d.lsign || d.plus || d.minus)
          return fail(syntax_error("cannot use \"PR\" and \"S\"/\"PL\"/\"MI\"/\"SG\" together"));
        d.bracket = true;
        break;
      case key::rn_upper:
      case key::rn_lower:
        d.roman = true;
        break;
      case key::v:
        if (d.decimal)
          return fail(syntax_error("cannot use \"V\" and decimal point together"));
        d.multiply = true;
        break;
      case key::eeee:
        if (d.eeee)
          return fail(syntax_error("cannot use \"EEEE\" twice"));
        if (d.blank || d.fill || d.lsign || d.bracket || d.minus || d.plus || d.roman || d.multiply) {
          pg_error e = syntax_error("\"EEEE\" is incompatible with other formats");
          e.detail = "\"EEEE\" may only be used together with digit and decimal point patterns.";
          return fail(std::move(e));
        }
        d.eeee = true;
        break;
      default:
        break;
    }
  }
  return d;
}

struct prepared {
  std::vector<node> nodes;
  description num;
};

result<prepared, pg_error> prepare(std::string_view pattern) {
  prepared p;
  p.nodes = read_pattern(pattern);
  auto d = describe(p.nodes);
  if (!d)
    return fail(d.error());
  p.num = *d;
  return p;
}

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

result<parsed_number, pg_error> parse_number(std::string_view text, std::string_view pattern) {
  auto p = prepare(pattern);
  if (!p)
    return fail(p.error());
  const description& num = p->num;
  if (num.eeee)
    return fail(make_pg_error("0A000", "\"EEEE\" not supported for input"));
  if (num.roman)
    return fail(make_pg_error("0A000", "\"RN\" not supported for input"));
  // NUM_processor reading: `number` starts with the sign's place.
  std::string number = " ";
  size_t in = 0;
  const size_t length = text.size();
  int read_pre = 0, read_post = 0;
  bool read_dec = false;
  const auto overload = [&] { return in >= length; };
  const auto amount = [&](size_t s) { return in + s <= length; };
  const auto eat_non_data = [&](int n) {
    while (n-- > 0) {
      if (overload() || std::strchr("0123456789.,+-", text[in]) != nullptr)
        break;
      ++in;
    }
  };
  const auto numpart = [&](key id) {  // NUM_numpart_from_char
    bool isread = false;
    if (overload())
      return;
    if (text[in] == ' ')
      ++in;
    if (overload())
      return;
    if (number[0] == ' ' && (id == key::digit0 || id == key::digit9) && read_pre + read_post == 0) {
      if (num.lsign && num.lsign_place == description::before) {
        if (amount(1) && text[in] == '-') {
          ++in;
          number[0] = '-';
        } else if (amount(1) && text[in] == '+') {
          ++in;
          number[0] = '+';
        }
      } else if (text[in] == '-' || (num.bracket && text[in] == '<')) {
        number[0] = '-';
        ++in;
      } else if (text[in] == '+') {
        number[0] = '+';
        ++in;
      }
    }
    if (overload())
      return;
    if (std::isdigit(static_cast<unsigned char>(text[in]))) {
      if (read_dec && read_post == num.post)
        return;
      number += text[in];
      ++(read_dec ? read_post : read_pre);
      isread = true;
    } else if (num.decimal && !read_dec) {
      if (amount(1) && text[in] == '.') {
        number += '.';
        read_dec = true;
        isread = true;
      }
    }
    if (overload())
      return;
    if (number[0] == ' ' && read_pre + read_post > 0) {
      if (num.lsign && isread && in + 1 < length && !std::isdigit(static_cast<unsigned char>(text[in + 1]))) {
        const size_t before = in++;
        if (amount(1) && text[in] == '-')
          number[0] = '-';
        else if (amount(1) && text[in] == '+')
          number[0] = '+';
        if (number[0] == ' ')
          in = before;
      } else if (!isread && !num.lsign && (num.plus || num.minus)) {
        if (text[in] == '-' || text[in] == '+')
          number[0] = text[in];
      }
    }
  };
  for (const node& n : p->nodes) {
    if (overload())
      break;
    if (n.kind == key::character) {  // one input character skipped per pattern character
      ++in;
      while (in < length && (static_cast<unsigned char>(text[in]) & 0xC0) == 0x80)
        ++in;
      continue;
    }
    switch (n.kind) {
      case key::digit9:
      case key::digit0:
      case key::point:
      case key::d:
        numpart(n.kind);
        break;
      case key::comma:
        if (num.fill || text[in] != ',')
          continue;
        break;
      case key::g:
        if (num.fill || !(amount(1) && text[in] == ','))
          continue;
        break;
      case key::l:
        eat_non_data(1);
        continue;
      case key::th_upper:
      case key::th_lower:
        if (num.decimal)
          continue;
        eat_non_data(2);
        continue;
      case key::mi:
        if (text[in] == '-') {
          number[0] = '-';
          break;
        }
        eat_non_data(1);
        continue;
      case key::pl:
        if (text[in] == '+') {
          number[0] = '+';
          break;
        }
        eat_non_data(1);
        continue;
      case key::sg:
        if (text[in] == '-' || text[in] == '+') {
          number[0] = text[in];
          break;
        }
        eat_non_data(1);
        continue;
      default:
        continue;
    }
    ++in;
  }
  if (number.back() == '.')
    number.pop_back();
  parsed_number out;
  out.text = number;
  out.scale = read_post;
  out.precision = num.pre + num.multi + read_post;
  out.multi = num.multi;
  out.multiply = num.multiply;
  return out;
}

}  // namespace tributary
