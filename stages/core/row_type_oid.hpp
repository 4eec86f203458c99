// row_type_oid: the OIDs of a user table's row type and of that type's array type
// (pg_type; pg_class.reltype), stable from the table's local name ("items",
// "sales.orders") as the catalog's other OIDs are (FNV-1a into 16384 ..
// 16384 + 10^9). The translator types a table's whole row with it, as PostgreSQL
// names the table's composite type; the catalog lists the type. Pure.
#pragma once

#include <cstdint>
#include <string>

namespace tributary {

inline int64_t table_row_type_oid(const std::string& local_name, bool array_type = false) {
  uint64_t hash = 14695981039346656037ull;
  for (char c : std::string(array_type ? "row_type_array:" : "row_type:") + local_name) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return 16384 + static_cast<int64_t>(hash % 1'000'000'000ull);
}

// The local name of a row type as a column's type names it ("pair", "public.pair",
// "sales.pair"): "pair", "pair", "sales.pair" (local_relation_name.hpp).
inline std::string row_type_local_name(const std::string& written) {
  return written.rfind("public.", 0) == 0 ? written.substr(7) : written;
}

// The SQLite collation of a column of the named row type `type` (its local name: "pair",
// "sales.pair"): record_cmp's order (storage/row_type_collations.hpp).
inline std::string row_type_collation_name(const std::string& type) { return "pg_row_" + type; }

}  // namespace tributary
