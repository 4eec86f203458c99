// number_format: see number_format.hpp. The steps follow formatting.c: the pattern
// is read into keywords and characters (NUMDesc_prepare: digits before and after the
// point, the first 0, the flags), the value is rounded to the digits after the point
// and printed (numeric_to_char), then written position by position
// (NUM_processor / NUM_numpart_to_char).
#include "stages/sql/number_format.hpp"

#include <cctype>
#include <cstring>
#include <optional>
#include <vector>

namespace tributary {
namespace {

enum class key { digit9, digit0, point, d, comma, g, fm, s, mi, pl, sg, pr, l, character };

struct node {
  key kind;
  std::string text;  // key::character: the character
};

// The keywords PostgreSQL reads, longest first for a shared first letter.
struct keyword {
  const char* name;
  key kind;
};
constexpr keyword keywords[] = {{"FM", key::fm}, {"fm", key::fm}, {"MI", key::mi}, {"mi", key::mi},
                                {"PL", key::pl}, {"pl", key::pl}, {"PR", key::pr}, {"pr", key::pr},
                                {"SG", key::sg}, {"sg", key::sg}, {"S", key::s},   {"s", key::s},
                                {"D", key::d},   {"d", key::d},   {"G", key::g},   {"g", key::g},
                                {"L", key::l},   {"l", key::l},   {"9", key::digit9}, {"0", key::digit0},
                                {".", key::point}, {",", key::comma}};

std::vector<node> read_pattern(std::string_view pattern, bool* unsupported) {
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
      const unsigned char c = static_cast<unsigned char>(pattern[i]);
      if (std::isalpha(c))
        *unsupported = true;
      out.push_back({key::character, std::string(1, pattern[i])});
      used = 1;
    }
    i += used;
  }
  return out;
}

// NUMDesc: what the pattern asks for.
struct description {
  int pre = 0, post = 0;
  bool decimal = false, zero = false, fill = false, bracket = false, plus = false, minus = false;
  bool lsign = false;
  enum { none, before, after } lsign_place = none;
  int pre_lsign_num = 0;
  int zero_start = 0, zero_end = 0;
};

pg_error syntax_error(const std::string& message) { return make_pg_error("42601", message); }

result<description, pg_error> describe(const std::vector<node>& nodes) {
  description d;
  for (const node& n : nodes) {
    switch (n.kind) {
      case key::digit9:
        if (d.bracket)
          return fail(syntax_error("\"9\" must be ahead of \"PR\""));
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
      case key::d:
      case key::point:
        if (d.decimal)
          return fail(syntax_error("multiple decimal points"));
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
        d.lsign = true;
        if (!d.decimal) {
          d.lsign_place = description::before;
          d.pre_lsign_num = d.pre;
        } else {
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
      default:
        break;
    }
  }
  return d;
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
    } else {
      out += '-';
      sign_wrote = true;
    }
  }

  void digit_part(key id) {
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

}  // namespace

bool number_format_supported(std::string_view pattern) {
  bool unsupported = false;
  read_pattern(pattern, &unsupported);
  return !unsupported;
}

result<std::string, pg_error> format_number(numeric_value value, std::string_view pattern) {
  bool unsupported = false;
  const std::vector<node> nodes = read_pattern(pattern, &unsupported);
  auto described = describe(nodes);
  if (!described)
    return fail(described.error());
  writer w;
  w.num = *described;
  // numeric_to_char: rounded to the digits after the point, printed.
  if (value.what == numeric_value::kind::finite)
    round_numeric(value, w.num.post);
  std::string printed = format_numeric_text(value);
  if (!printed.empty() && printed[0] == '-') {
    w.sign = '-';
    printed.erase(0, 1);
  }
  const size_t point = printed.find('.');
  const int pre_len = static_cast<int>(point == std::string::npos ? printed.size() : point);
  if (pre_len < w.num.pre) {
    w.out_pre_spaces = w.num.pre - pre_len;
  } else if (pre_len > w.num.pre) {
    printed.assign(static_cast<size_t>(w.num.pre + w.num.post + 1), '#');
    printed[static_cast<size_t>(w.num.pre)] = '.';
  }
  w.number = printed;
  // NUM_processor's sign decisions.
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
  if (w.num.zero_start > 0)
    --w.num.zero_start;
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
        w.out += w.sign;
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

}  // namespace tributary
