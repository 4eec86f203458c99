// select_expression: one expression parsed on its own by libpg_query, as the text
// `SELECT <expression>` — how a recorded DEFAULT's text is read again (ALTER
// COLUMN TYPE re-types it, pg_get_expr(..., true) prints it in pretty mode).
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "stages/types/column_definition.hpp"

namespace tributary {

// `select_text` is "SELECT <expression>": the expression's node (its locations are
// in that text), or nullopt when the text is not one such expression.
std::optional<nlohmann::json> parse_select_expression(const std::string& select_text);

// A recorded DEFAULT's text as pg_get_expr(..., true) prints it (default_deparse.hpp),
// or the text as it is when it does not read as a default this covers.
// `column` is the column whose default it is.
std::string pretty_default_text(const std::string& text, const column_definition& column);

}  // namespace tributary
