// bind_parameter: a binary-format Bind parameter read by the type layer's binary
// codec, handed on as numbers, bytes or the type's text output.
#include <gtest/gtest.h>

#include "stages/types/bind_parameter.hpp"

namespace tributary {
namespace {

std::string bytes(std::initializer_list<int> values) {
  std::string out;
  for (int v : values)
    out.push_back(static_cast<char>(v));
  return out;
}

TEST(BindParameter, NumbersBooleansAndByteaKeepTheirSqliteKinds) {
  EXPECT_EQ(std::get<int64_t>(*read_binary_parameter(23, bytes({0, 0, 1, 0}), 1, {})), 256);
  EXPECT_EQ(std::get<int64_t>(*read_binary_parameter(20, bytes({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}), 1, {})), -2);
  EXPECT_EQ(std::get<double>(*read_binary_parameter(701, bytes({0x3f, 0xf8, 0, 0, 0, 0, 0, 0}), 1, {})), 1.5);
  EXPECT_EQ(std::get<int64_t>(*read_binary_parameter(16, bytes({1}), 1, {})), 1);
  EXPECT_EQ(std::get<sql_blob>(*read_binary_parameter(17, bytes({0, 0xff}), 1, {})).bytes, bytes({0, 0xff}));
}

TEST(BindParameter, OtherTypesAreTheirTextOutput) {
  // inet 192.168.0.1/24: family 2, bits 24, not cidr, 4 address bytes.
  auto inet = read_binary_parameter(869, bytes({2, 24, 0, 4, 192, 168, 0, 1}), 1, {});
  ASSERT_TRUE(inet.ok()) << inet.error().message;
  EXPECT_EQ(std::get<std::string>(*inet), "192.168.0.1/24");
  // int4[] {7}: one dimension, no NULLs, element int4, length 1, lower bound 1.
  auto array = read_binary_parameter(
      1007, bytes({0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 23, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 7}), 1, {});
  ASSERT_TRUE(array.ok()) << array.error().message;
  EXPECT_EQ(std::get<std::string>(*array), "{7}");
  auto nan = read_binary_parameter(701, bytes({0x7f, 0xf8, 0, 0, 0, 0, 0, 0}), 1, {});
  EXPECT_EQ(std::get<std::string>(*nan), "NaN");  // SQLite would store a NaN REAL as NULL
}

TEST(BindParameter, AnArrayNamesItsElementTypeAsArrayRecvChecksIt) {
  // int4[] {7} with element type `element` in its header.
  const auto int4_array = [](int element) {
    return bytes({0, 0, 0, 1, 0, 0, 0, 0, 0, 0, (element >> 8) & 0xff, element & 0xff, 0, 0, 0, 1, 0, 0, 0, 1,
                  0, 0, 0, 4, 0, 0, 0, 7});
  };
  auto text = read_binary_parameter(1007, int4_array(25), 1, {});
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.error().sqlstate, "42804");
  EXPECT_EQ(text.error().message, "binary data has array element type 25 (text) instead of expected 23 (integer)");
  // An array of a domain (over int4 here): the domain is a user's type, so any
  // element type is taken, as PostgreSQL 15's array_recv takes it.
  column_type domain_array = builtin_column_type(1007);
  domain_array.domain_array = std::make_shared<const domain_array_type>(domain_array_type{16384, 16385, "d"});
  for (int element : {23, 25, 0x4001}) {
    auto read = read_binary_parameter(domain_array, int4_array(element), 1, {});
    ASSERT_TRUE(read.ok()) << element << ": " << read.error().message;
    EXPECT_EQ(std::get<std::string>(*read), "{7}");
  }
}

TEST(BindParameter, BytesThatAreNotTheSendFormatArePostgresErrors) {
  auto extra = read_binary_parameter(23, bytes({0, 0, 0, 1, 2}), 3, {});
  ASSERT_FALSE(extra.ok());
  EXPECT_EQ(extra.error().sqlstate, "22P03");
  EXPECT_EQ(extra.error().message, "incorrect binary data format in bind parameter 3");
  auto short_numeric = read_binary_parameter(1700, bytes({0, 1}), 1, {});
  EXPECT_EQ(short_numeric.error().sqlstate, "08P01");
  EXPECT_EQ(short_numeric.error().message, "insufficient data left in message");
  EXPECT_EQ(read_binary_parameter(0, bytes({1}), 1, {}).error().sqlstate, "22P03");  // no type known
}

}  // namespace
}  // namespace tributary
