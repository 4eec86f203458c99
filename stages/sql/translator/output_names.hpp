// output_names: the name PostgreSQL gives a result column that has no AS
// (parser/parse_target.c, FigureColname): a column reference's column, a
// function's name, a cast's argument's name or else the type's name, "case",
// "coalesce", "greatest"/"least", "exists", "array", "row", the SQL value
// functions' own names (current_date, ...), a scalar sub-select's first column;
// "?column?" for anything else. Pure.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace tributary {

// `node` is the expression of a ResTarget ({"ColumnRef": {...}}, ...).
std::string output_column_name(const nlohmann::json& node);

}  // namespace tributary
