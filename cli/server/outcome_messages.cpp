// outcome_messages: see the header. Each column's values are already in its format.
#include "cli/server/outcome_messages.hpp"

#include "cli/server/result_types.hpp"

namespace tributary {

std::vector<wire::field_description> field_descriptions(const std::vector<result_column>& columns) {
  std::vector<wire::field_description> fields;
  fields.reserve(columns.size());
  for (const auto& c : columns) {
    wire::field_description f;
    f.name = c.name;
    f.type_oid = c.type_oid;
    f.type_size = type_size(c.type_oid, c.user_enum);
    f.type_modifier = c.typmod;
    f.format = c.format;
    fields.push_back(std::move(f));
  }
  return fields;
}

void send_row_description(message_stream& out, const std::vector<result_column>& columns) {
  out.write(wire::row_description(field_descriptions(columns)));
}

void send_data_rows(message_stream& out, const command_outcome& outcome, size_t from, size_t to) {
  for (size_t i = from; i < to && i < outcome.rows.size(); ++i)
    out.write(wire::data_row(outcome.rows[i]));
}

void send_outcome(message_stream& out, const command_outcome& outcome) {
  if (outcome.returns_rows)
    send_row_description(out, outcome.columns);
  send_data_rows(out, outcome, 0, outcome.rows.size());
  out.write(wire::command_complete(outcome.tag));
}

}  // namespace tributary
