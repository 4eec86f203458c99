// command_outcome: what one statement produced, ready to be sent to a client as
// RowDescription + DataRow* + CommandComplete (rows in text format).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tributary {

struct result_column {
  std::string name;
  uint32_t type_oid = 25;  // text
  int32_t typmod = -1;     // pg_attribute.atttypmod of a table column, else -1
  int16_t format = 0;      // of its values in DataRow: 0 text, 1 binary
  bool user_enum = false;  // a user's enum (pg_type.typlen 4; its array type's is -1)
};

// One row's values, each in its column's format (text or binary bytes); nullopt = NULL.
using text_row = std::vector<std::optional<std::string>>;

struct command_outcome {
  std::string tag;            // "INSERT 0 1", "CREATE TABLE", ...
  bool returns_rows = false;  // send a RowDescription, even for zero rows
  std::vector<result_column> columns;
  std::vector<text_row> rows;

  static command_outcome tag_only(std::string tag) {
    command_outcome o;
    o.tag = std::move(tag);
    return o;
  }
};

}  // namespace tributary
