// number_pattern: a numeric to_char / to_number pattern read as PostgreSQL 15's
// formatting.c reads it (parse_format, then NUMDesc_prepare): its keywords and
// characters in order, and what they ask for (digits before and after the point,
// the first and last 0, the sign's place, fill mode, V, EEEE, RN). Shared by
// number_format.cpp (to_char) and number_reading.cpp (to_number).
//
//   prepare  the nodes and their description; 42601 for a contradictory pattern
//            (number_format.hpp lists them)
// Pure.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary::number_pattern {

enum class key {
  digit9, digit0, point, d, comma, g, fm, s, mi, pl, sg, pr, l, eeee, th_upper, th_lower, rn_upper,
  rn_lower, v, b, no_output, character
};

struct node {
  key kind;
  std::string text;  // key::character: the character
};

// NUMDesc: what the pattern asks for.
struct description {
  int pre = 0, post = 0, multi = 0;
  bool decimal = false, zero = false, blank = false, fill = false, bracket = false, plus = false, minus = false;
  bool lsign = false, roman = false, multiply = false, eeee = false;
  enum { none, before, after } lsign_place = none;
  int pre_lsign_num = 0;
  int zero_start = 0, zero_end = 0;
};

struct prepared {
  std::vector<node> nodes;
  description num;
};

result<prepared, pg_error> prepare(std::string_view pattern);

}  // namespace tributary::number_pattern
