// sql_literal: a stored value as a SQLite literal (42, 'it''s', X'00ff', NULL).
#pragma once

#include <string>

#include "stages/types/sql_value.hpp"

namespace tributary {

std::string sql_literal(const sql_value& value);

}  // namespace tributary
