// sql_value: one value as it goes into or comes out of SQLite, without
// depending on SQLite: NULL, INTEGER, REAL, TEXT or BLOB.
#pragma once

#include <cstdint>
#include <string>
#include <variant>

namespace tributary {

struct sql_null {
  friend bool operator==(sql_null, sql_null) = default;
};

struct sql_blob {
  std::string bytes;
  friend bool operator==(const sql_blob&, const sql_blob&) = default;
};

// Index order matches the storage classes: null, integer, real, text, blob.
using sql_value = std::variant<sql_null, int64_t, double, std::string, sql_blob>;

inline bool is_null(const sql_value& v) { return std::holds_alternative<sql_null>(v); }

}  // namespace tributary
