// apply_sink_internal: what apply_sink.cpp (group lifecycle) and
// apply_sink_rows.cpp (the row loop) share and nothing else sees: a local
// table's cached description and statements, and two error helpers.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "stages/types/received_text.hpp"
#include "storage/apply_sink.hpp"

namespace tributary {

// How a parameter's text value is bound, decided once per statement from its
// column's local type (received_text.hpp decides per value).
struct apply_sink::param_binding {
  const column_type* type = nullptr;  // the local column's (in table_entry::table)
  received_text_form how = received_text_form::parsed;
};

// The statements of one relation snapshot, kind and shape.
struct apply_sink::table_entry_statements {
  statement_text text;
  std::vector<param_binding> bindings;  // one per text.params, same order
  std::optional<sqlite_statement> statement;
  // Inserts only: the same INSERT for `chunk_rows` rows at once (0 until
  // prepared; 1 when the table is too wide for more, and no `chunk` then).
  size_t chunk_rows = 0;
  std::optional<sqlite_statement> chunk;
};

struct apply_sink::table_entry {
  relation_ptr snapshot;  // the Relation this description was read for
  local_table table;
  std::map<std::string, table_entry_statements> statements;  // by statement_key
};

// Before changes of `kind` to local table `table`: the role they are applied
// as (apply_roles.hpp), checked; nothing without roles.
inline result<ok_t, pg_error> enter_table_role(apply_roles* roles, const std::string& table, change_kind kind) {
  if (roles == nullptr)
    return ok_v;
  const char letter = kind == change_kind::insert   ? 'I'
                      : kind == change_kind::update ? 'U'
                      : kind == change_kind::delete_ ? 'D'
                                                     : 'T';
  return roles->enter(table, letter);
}

inline apply_error plain_error(std::string sqlstate, std::string message, std::string context = {}) {
  return apply_error{make_pg_error(std::move(sqlstate), std::move(message)), std::move(context), false};
}

// The relation's own name within its schema: "orders" for the local table
// "sales.orders" (local_relation_name.hpp), as PostgreSQL names relations in
// DETAIL and HINT lines.
inline std::string relation_name_part(const std::string& local_name) {
  const auto dot = local_name.find('.');
  return dot == std::string::npos ? local_name : local_name.substr(dot + 1);
}

}  // namespace tributary
