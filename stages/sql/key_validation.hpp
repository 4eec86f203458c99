// key_validation: what the existing rows must satisfy before ALTER TABLE ... ADD
// PRIMARY KEY / UNIQUE / FOREIGN KEY (alter_key.hpp) rebuilds the table with the
// new key; the caller tests them on the rows (storage/key_validation.hpp).
#pragma once

#include <string>
#include <vector>

namespace tributary {

// A unique key: no two rows may have the same non-NULL values in `columns`.
struct key_validation {
  std::string index_name;  // PostgreSQL's name of its index: "t_pkey", "t_a_key"
  std::vector<std::string> columns;
};

// A foreign key: every row whose `columns` are all non-NULL must find them in
// `referenced_table` (its `referenced_columns`; none: its primary key).
struct foreign_key_validation {
  std::string name;  // the constraint's name: "t_a_fkey"
  std::vector<std::string> columns;
  std::string referenced_table;  // SQLite's name
  std::vector<std::string> referenced_columns;
};

}  // namespace tributary
