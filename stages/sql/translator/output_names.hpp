// output_names: the name PostgreSQL gives a result column that has no AS
// (parser/parse_target.c, FigureColname): a column reference's column, a
// function's name, a cast's argument's name or else the type's name, "case",
// "coalesce", "greatest"/"least", "exists", "array", "row", the SQL value
// functions' own names (current_date, ...), a scalar sub-select's first column;
// "?column?" for anything else. Pure.
// Also the names reg* result columns print (named_object_output).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "stages/sql/translator/query_translation.hpp"

namespace tributary {

// The SQLite alias the translator gives an inner query's column at `index`
// (c1, c2, ...) when an outer query reads it by position.
std::string positional_alias(size_t index);

// `node` is the expression of a ResTarget ({"ColumnRef": {...}}, ...).
std::string output_column_name(const nlohmann::json& node);

// The statement's result columns of types regclass / regtype / regnamespace
// print the object's name as PostgreSQL's output functions do (inside the
// statement they stay OIDs): the query wrapped in one that converts them.
translated_query named_object_output(translated_query query);
// The SQLite function printing a regproc / regclass / regtype / regnamespace OID as
// its object's name ("" for other types).
std::string object_name_output_function(oid_t type);

}  // namespace tributary
