// number_reading: to_number(text, pattern)'s reading side (number_format.hpp's
// parse_number): formatting.c's NUM_processor with NUM_numpart_from_char, over
// the pattern number_pattern.hpp reads.
#include <cctype>
#include <cstring>

#include "stages/sql/number_format.hpp"
#include "stages/sql/number_pattern.hpp"

namespace tributary {

using number_pattern::description;
using number_pattern::key;
using number_pattern::node;
using number_pattern::prepare;

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
