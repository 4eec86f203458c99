// number_pattern: see number_pattern.hpp.
#include "stages/sql/number_pattern.hpp"

#include <cstring>

namespace tributary::number_pattern {
namespace {

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

}  // namespace

result<prepared, pg_error> prepare(std::string_view pattern) {
  prepared p;
  p.nodes = read_pattern(pattern);
  auto d = describe(p.nodes);
  if (!d)
    return fail(d.error());
  p.num = *d;
  return p;
}
}  // namespace tributary::number_pattern
