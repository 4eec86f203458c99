// catalog_values: the values of catalog rows as the snapshot tables hold them
// (bool as 0/1, "char" as a one-character text, NULL, a nullable text).
#pragma once

#include <cstdint>
#include <string>

#include "cli/catalog/snapshot_table.hpp"

namespace tributary::catalog_value {

inline sql_value null() { return sql_null{}; }
inline sql_value boolean(bool b) { return int64_t{b ? 1 : 0}; }
inline sql_value character(char c) { return std::string(1, c); }
inline sql_value text_or_null(const char* text) { return text == nullptr ? null() : sql_value{std::string(text)}; }

}  // namespace tributary::catalog_value
