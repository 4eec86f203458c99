// type_interval: the interval type's four conversions (see type_codec.hpp) and its stored form.
#pragma once
#include "stages/types/type_codec.hpp"
namespace tributary {
result<sql_value, pg_error> parse_interval_text(const column_type& type, std::string_view text, const type_settings& settings);
result<sql_value, pg_error> parse_interval_binary(const column_type& type, std::string_view bytes);
std::string format_interval_text(const column_type& type, const sql_value& stored, const type_settings& settings);
std::string format_interval_binary(const column_type& type, const sql_value& stored);
}
