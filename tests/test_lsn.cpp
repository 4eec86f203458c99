#include <gtest/gtest.h>

#include "stages/core/lsn.hpp"

using tributary::lsn;

TEST(Lsn, PrintsUpperAndLowerHalvesUnpaddedInUpperCaseHex) {
  EXPECT_EQ(lsn{0}.to_string(), "0/0");
  EXPECT_EQ(lsn{0x16B3748}.to_string(), "0/16B3748");
  EXPECT_EQ(lsn{(uint64_t{0xA} << 32) | 0xFF}.to_string(), "A/FF");
  EXPECT_EQ(lsn{UINT64_MAX}.to_string(), "FFFFFFFF/FFFFFFFF");
}

TEST(Lsn, ParsesUnpaddedAndZeroPaddedForms) {
  EXPECT_EQ(lsn::parse("0/16B3748"), lsn{0x16B3748});
  EXPECT_EQ(lsn::parse("0/016B3748"), lsn{0x16B3748});
  EXPECT_EQ(lsn::parse("a/ff"), lsn{(uint64_t{0xA} << 32) | 0xFF});
  EXPECT_EQ(lsn::parse("FFFFFFFF/FFFFFFFF"), lsn{UINT64_MAX});
}

TEST(Lsn, RejectsMalformedText) {
  for (const char* bad : {"", "/", "0/", "/0", "0", "0/0/0", "g/0", "0/123456789", "-1/0", " 0/0", "0/0 "})
    EXPECT_FALSE(lsn::parse(bad).has_value()) << bad;
}

TEST(Lsn, OrdersByValue) {
  EXPECT_LT(lsn{1}, lsn{2});
  EXPECT_LT(*lsn::parse("0/FFFFFFFF"), *lsn::parse("1/0"));
  EXPECT_TRUE(lsn{}.is_zero());
}
