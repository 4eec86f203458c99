// Specification of byte_reader: big-endian, bounds-checked, never moves on a
// failed read.
#include <gtest/gtest.h>

#include <string>

#include "stages/core/byte_reader.hpp"

namespace tributary {
namespace {

TEST(ByteReader, ReadsBigEndianIntegersAndTracksTheOffset) {
  const std::string bytes("\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f", 15);
  byte_reader r(bytes);
  EXPECT_EQ(*r.u8(), 0x01);
  EXPECT_EQ(*r.u16(), 0x0203);
  EXPECT_EQ(*r.u32(), 0x04050607u);
  EXPECT_EQ(*r.u64(), 0x08090a0b0c0d0e0fu);
  EXPECT_EQ(r.offset(), 15u);
  EXPECT_TRUE(r.at_end());
}

TEST(ByteReader, SignedReadsAreTwosComplement) {
  const std::string bytes("\xff\xfe\xff\xff\xff\xfd\xff\xff\xff\xff\xff\xff\xff\xfc\x80", 15);
  byte_reader r(bytes);
  EXPECT_EQ(*r.i16(), -2);
  EXPECT_EQ(*r.i32(), -3);
  EXPECT_EQ(*r.i64(), -4);
  EXPECT_EQ(*r.i8(), -128);
}

TEST(ByteReader, ShortReadFailsWithoutMoving) {
  byte_reader r(std::string_view("\x00\x01\x02", 3));
  ASSERT_TRUE(r.u8().ok());
  auto failed = r.u32();
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().why, read_error::reason::too_short);
  EXPECT_EQ(failed.error().offset, 1u);
  EXPECT_EQ(failed.error().needed, 4u);
  EXPECT_EQ(failed.error().available, 2u);
  EXPECT_EQ(r.offset(), 1u);
  EXPECT_EQ(*r.u16(), 0x0102);
  EXPECT_FALSE(r.u8().ok());
}

TEST(ByteReader, CStringStopsAtTheFirstNul) {
  byte_reader r(std::string_view("ab\0\0c", 5));
  EXPECT_EQ(*r.cstring(), "ab");
  EXPECT_EQ(*r.cstring(), "");
  EXPECT_EQ(r.offset(), 4u);
  auto unterminated = r.cstring();
  ASSERT_FALSE(unterminated.ok());
  EXPECT_EQ(unterminated.error().why, read_error::reason::unterminated_string);
  EXPECT_EQ(unterminated.error().offset, 4u);
  EXPECT_EQ(r.offset(), 4u);
}

TEST(ByteReader, BytesChecksTheLengthBeforeTakingAnything) {
  byte_reader r(std::string_view("xyz", 3));
  EXPECT_FALSE(r.bytes(4).ok());
  EXPECT_FALSE(r.bytes(static_cast<size_t>(-1)).ok());
  EXPECT_EQ(r.offset(), 0u);
  EXPECT_EQ(*r.bytes(0), "");
  EXPECT_EQ(*r.bytes(3), "xyz");
  EXPECT_TRUE(r.at_end());
}

TEST(ByteReader, EmptyInputFailsEveryRead) {
  byte_reader r(std::string_view{});
  EXPECT_FALSE(r.u8().ok());
  EXPECT_FALSE(r.i64().ok());
  EXPECT_FALSE(r.cstring().ok());
  EXPECT_TRUE(r.bytes(0).ok());
}

}  // namespace
}  // namespace tributary
