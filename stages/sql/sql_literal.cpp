// sql_literal: see the header.
#include "stages/sql/sql_literal.hpp"

#include <cstdio>

namespace tributary {

std::string sql_literal(const sql_value& value) {
  struct visitor {
    std::string operator()(sql_null) const { return "NULL"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(double d) const {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%.17g", d);
      return buffer;
    }
    std::string operator()(const std::string& s) const {
      std::string out = "'";
      for (char c : s) {
        if (c == '\'')
          out.push_back('\'');
        out.push_back(c);
      }
      return out + "'";
    }
    std::string operator()(const sql_blob& b) const {
      static const char* digits = "0123456789abcdef";
      std::string out = "X'";
      for (unsigned char c : b.bytes) {
        out.push_back(digits[c >> 4]);
        out.push_back(digits[c & 15]);
      }
      return out + "'";
    }
  };
  return std::visit(visitor{}, value);
}

}  // namespace tributary
