// column_definition: one column of a local table as the column type catalog
// records it (storage/column_type_catalog.hpp) and as the DDL translator
// (stages/sql/create_table.hpp) produces it.
#pragma once

#include <optional>
#include <string>

#include "stages/types/column_type.hpp"

namespace tributary {

struct column_definition {
  std::string name;
  column_type type;
  int dimensions = 0;
  bool not_null = false;
  std::optional<std::string> default_expression;  // PostgreSQL's text of the default
  std::string identity;                           // "", "a" (ALWAYS), "d" (BY DEFAULT)
  std::string domain;  // the domain the column was declared with ("" = none); `type` is its base
  bool primary_key = false;  // part of the table's primary key (read from the table, not recorded)
  // The table's SQLite rowid (its single INTEGER PRIMARY KEY column): SQLite turns a NULL
  // stored into it into a new rowid instead of refusing it (read from the table).
  bool rowid = false;
  // The SQLite DEFAULT expression (pragma_table_info's dflt_value: "(nextval('t_id_seq'))"),
  // which DEFAULT in VALUES and SET c = DEFAULT use; read from the table, not recorded.
  std::optional<std::string> sqlite_default;
};

}  // namespace tributary
