// typed_constants: in SELECT, UPDATE and DELETE, the constants PostgreSQL would read
// by a typed column's type are rewritten to that column's stored form, in place in
// the statement's text; the rest of the text is left as it is (SQLite runs it).
//
//   UPDATE t SET paid = 'yes' WHERE at >= '2024-02-29 13:45:30+02' AND id IN ('1', '2')
//   -> UPDATE t SET paid = 1 WHERE at >= 762522330000000 AND id IN (1, 2)
//
// What is rewritten (a column is a ColumnRef that names a column of a table in the
// statement's FROM / target whose types are known):
//   column op 'literal', 'literal' op column   (=, <>, !=, <, <=, >, >=)
//   column [NOT] IN ('a', 'b'), column [NOT] BETWEEN 'a' AND 'b'
//     a quoted literal is read by the column type's input function, as PostgreSQL
//     types an unknown literal by the column it meets; numbers and booleans are
//     left alone (SQLite compares them with the stored forms as PostgreSQL does)
//   UPDATE ... SET column = constant   assigned as in INSERT (constant_assignment)
//   $n in any of these places          read by that column's type (parameter_types)
// Each constant's text is found from its location in the source (its extent is
// re-read: '...' with '' inside, E'...', numbers, true/false). Input errors are
// PostgreSQL's (22P02 ...). ORDER BY items also get PostgreSQL's NULL placement
// (null_ordering.hpp), on every table. Pure.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_definition.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

// The recorded columns of a table, or nullptr when its types are not known.
using table_columns_lookup =
    std::function<const std::vector<column_definition>*(const std::string& table)>;

struct typed_statement {
  std::string sql;                             // the source with constants rewritten
  std::map<int, column_type> parameter_types;  // $n -> the type its value is read as
};

// `node_type` is "SelectStmt", "UpdateStmt" or "DeleteStmt"; `statement` its fields,
// parsed from `source`.
result<typed_statement, pg_error> rewrite_typed_constants(const std::string& node_type,
                                                          const nlohmann::json& statement,
                                                          std::string_view source,
                                                          const table_columns_lookup& lookup,
                                                          const type_settings& settings);

}  // namespace tributary
