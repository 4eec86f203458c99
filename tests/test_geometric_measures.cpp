// geometric_measures: lseg # lseg, line # line, box # box, @-@ of an lseg or path and
// # of a path or polygon as geo_ops.c computes them (each value checked against
// PostgreSQL 15), with NULL where the values do not meet and float8's overflow.
#include <gtest/gtest.h>

#include "stages/types/verbatim/geometric_measures.hpp"

namespace tributary {
namespace {

std::optional<std::vector<double>> crossing(oid_t type, std::string_view a, std::string_view b) {
  auto r = geometric_intersection(type, a, b);
  EXPECT_TRUE(static_cast<bool>(r));
  return r ? *r : std::nullopt;
}

TEST(GeometricMeasures, SegmentsAndLinesMeetAtAPointOrNotAtAll) {
  EXPECT_EQ(crossing(601, "[(0,0),(2,2)]", "[(0,2),(2,0)]"), (std::vector<double>{1, 1}));
  EXPECT_EQ(crossing(601, "[(0,0),(1,1)]", "[(2,0),(3,1)]"), std::nullopt);  // parallel
  EXPECT_EQ(crossing(601, "[(0,0),(2,2)]", "[(2,2),(3,0)]"), (std::vector<double>{2, 2}));  // at an end
  EXPECT_EQ(crossing(628, "{1,-1,0}", "{1,1,-2}"), (std::vector<double>{1, 1}));
  EXPECT_EQ(crossing(628, "{1,-1,0}", "{1,-1,5}"), std::nullopt);
  EXPECT_EQ(crossing(628, "{0,1,-3}", "{1,0,-0.5}"), (std::vector<double>{0.5, 3}));
}

TEST(GeometricMeasures, BoxesIntersectInTheirOverlap) {
  EXPECT_EQ(crossing(603, "(2,2),(0,0)", "(3,3),(1,1)"), (std::vector<double>{2, 2, 1, 1}));
  EXPECT_EQ(crossing(603, "(1,1),(0,0)", "(3,3),(2,2)"), std::nullopt);
  EXPECT_EQ(crossing(603, "(2,2),(0,0)", "(2,2),(2,2)"), (std::vector<double>{2, 2, 2, 2}));
}

TEST(GeometricMeasures, LengthsOfSegmentsAndPathsAndPointCounts) {
  EXPECT_EQ(*geometric_length(601, "[(0,0),(3,4)]"), 5.0);
  EXPECT_EQ(*geometric_length(602, "((0,0),(3,4),(3,0))"), 12.0);  // closed: back to the start
  EXPECT_EQ(*geometric_length(602, "[(0,0),(3,4),(3,0)]"), 9.0);
  EXPECT_EQ(geometric_point_count("((0,0),(1,1),(2,0))"), 3);
  EXPECT_EQ(geometric_point_count("[(0,0),(1,1)]"), 2);
}

TEST(GeometricMeasures, ALengthBeyondFloat8Overflows) {
  auto r = geometric_length(602, "[(1e300,0),(-1e300,0)]");
  ASSERT_TRUE(static_cast<bool>(r));  // 2e300 fits
  EXPECT_EQ(*r, 2e300);
  auto over = geometric_length(602, "[(1e308,0),(-1e308,0)]");
  ASSERT_FALSE(static_cast<bool>(over));
  EXPECT_EQ(over.error().sqlstate, "22003");
}

}  // namespace
}  // namespace tributary
