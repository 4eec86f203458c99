// geometric_measures: see the header.
#include "stages/types/verbatim/geometric_measures.hpp"

#include "stages/types/verbatim/geometric_arithmetic.hpp"
#include "stages/types/verbatim/geometric_compare.hpp"

namespace tributary {
namespace {

using namespace geometry;

// float8_lt / float8_gt: NaN above every other value.
bool below(double a, double b) { return !std::isnan(a) && (std::isnan(b) || a < b); }
double smaller(double a, double b) { return below(a, b) ? a : b; }  // float8_min
double larger(double a, double b) { return below(b, a) ? a : b; }   // float8_max

std::optional<std::vector<double>> intersection(oid_t type, const std::vector<double>& a,
                                                const std::vector<double>& b) {
  if (type == 601) {  // lseg_interpt
    auto p = segment_crossing(at(a, 0), at(a, 1), at(b, 0), at(b, 1));
    if (!p)
      return std::nullopt;
    return std::vector<double>{p->x, p->y};
  }
  if (type == 628) {  // line_interpt: {A,B,C}
    auto p = crossing(line{a[0], a[1], a[2]}, line{b[0], b[1], b[2]});
    if (!p)
      return std::nullopt;
    return std::vector<double>{p->x, p->y};
  }
  const box first = box_of(a), second = box_of(b);  // box_intersect
  if (!boxes_overlap(first, second))
    return std::nullopt;
  return std::vector<double>{smaller(first.high_x, second.high_x), smaller(first.high_y, second.high_y),
                             larger(first.low_x, second.low_x), larger(first.low_y, second.low_y)};
}

}  // namespace

result<std::optional<std::vector<double>>, pg_error> geometric_intersection(oid_t type, std::string_view left,
                                                                           std::string_view right) {
  const std::vector<double> a = geometric_numbers(left), b = geometric_numbers(right);
  const size_t needed = type == 628 ? 3 : 4;
  if (a.size() < needed || b.size() < needed)
    return std::optional<std::vector<double>>{};
  try {
    return intersection(type, a, b);
  } catch (const arithmetic_error& e) {
    return fail(e.error);
  }
}

result<double, pg_error> geometric_length(oid_t type, std::string_view value) {
  const std::vector<double> n = geometric_numbers(value);
  const size_t points = n.size() / 2;
  try {
    if (type == 601)
      return points < 2 ? 0.0 : distance(at(n, 0), at(n, 1));
    // path_length: a closed path ("((...))") from its last point to its first, first.
    const bool closed = !value.empty() && value.front() == '(';
    double length = 0.0;
    for (size_t i = 0; i < points; ++i) {
      if (i == 0 && !closed)
        continue;
      const size_t previous = i == 0 ? points - 1 : i - 1;
      length = plus(length, distance(at(n, previous), at(n, i)));
    }
    return length;
  } catch (const arithmetic_error& e) {
    return fail(e.error);
  }
}

int geometric_point_count(std::string_view value) { return static_cast<int>(geometric_numbers(value).size() / 2); }

}  // namespace tributary
