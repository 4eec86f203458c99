// tsearch_test_support: helpers of the tsvector / tsquery specifications
// (test_type_tsearch.cpp, test_type_tsquery.cpp): the codec's conversions
// shown as text, and tables of cases PostgreSQL 15 printed.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"
#include "tests/verbatim_codec_test_support.hpp"  // from_hex, to_hex

namespace tributary::tsearch_test {

inline const column_type tsvector_type = builtin_column_type(3614);
inline const column_type tsquery_type = builtin_column_type(3615);

// The stored text, or "error SQLSTATE: message".
inline std::string shown(const result<sql_value, pg_error>& r) {
  if (!r.ok())
    return "error " + r.error().sqlstate + ": " + r.error().message;
  return std::get<std::string>(*r);
}

inline std::string input(const column_type& type, std::string_view text) {
  return shown(tsearch_codec().parse_text(type, text, type_settings{}));
}

inline std::string receive(const column_type& type, std::string_view hex) {
  return shown(tsearch_codec().parse_binary(type, from_hex(hex)));
}

inline std::string send(const column_type& type, std::string_view stored) {
  return to_hex(tsearch_codec().format_binary(type, sql_value{std::string(stored)}));
}

struct text_case {
  std::string_view input;
  std::string_view output;  // the output text, or "error SQLSTATE: message"
  std::string_view hex;     // the send bytes of the value ("" for an error)
};

inline void expect_text_cases(const column_type& type, const std::vector<text_case>& cases) {
  for (const auto& c : cases) {
    const std::string stored = input(type, c.input);
    EXPECT_EQ(stored, c.output) << "input [" << c.input << "]";
    if (c.hex.empty())
      continue;
    EXPECT_EQ(send(type, stored), c.hex) << "input [" << c.input << "]";
    EXPECT_EQ(input(type, stored), stored) << "the output reads back to itself";
    EXPECT_EQ(tsearch_codec().format_text(type, sql_value{stored}, type_settings{}), stored);
  }
}

struct binary_case {
  std::string hex;
  std::string output;  // the output text, or "error SQLSTATE: message"
  std::string resent;  // the send bytes of the received value
};

inline void expect_binary_cases(const column_type& type, const std::vector<binary_case>& cases) {
  for (const auto& c : cases) {
    const std::string stored = receive(type, c.hex);
    EXPECT_EQ(stored, c.output) << "receive " << c.hex;
    if (!c.resent.empty()) {
      EXPECT_EQ(send(type, stored), c.resent) << "receive " << c.hex;
    }
  }
}

}  // namespace tributary::tsearch_test
