// type_names: PostgreSQL's names of types <-> column_type.
//
//   resolve_type_name  a type as PostgreSQL's grammar leaves it in a TypeName
//                      node (qualified name, typmod arguments, array bounds):
//                      ["pg_catalog","numeric"] (12, 2) -> numeric, typmod 786438;
//                      ["int8"] -> int8; ["uuid"] with one array bound -> uuid[];
//                      an unknown name -> column_type{0, -1, "citext"}. Applies
//                      each type's typmodin rules and errors (22023 `length for
//                      type varchar must be at least 1`, `NUMERIC precision 1001
//                      must be between 1 and 1000`).
//   declared_type      a column's declared type text in a table that was not
//                      created through Tributary ("varchar(10)", "INTEGER",
//                      "double precision", "" ): a best reading, never an error.
//   format_type        PostgreSQL's format_type(): "numeric(12,2)",
//                      "character varying(10)", "timestamp(3) with time zone",
//                      "integer[]", or the declared name of an unknown type.
// Pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"

namespace tributary {

struct type_name_parts {
  std::vector<std::string> names;     // as in TypeName.names, schema first when given
  std::vector<int64_t> typmod_args;   // integer typmod arguments, in order
  int array_dimensions = 0;           // number of arrayBounds
};

result<column_type, pg_error> resolve_type_name(const type_name_parts& parts);
column_type declared_type(std::string_view declared);
std::string format_type(const column_type& type);

}  // namespace tributary
