// outcome_messages: a command_outcome as protocol messages (RowDescription,
// DataRow, CommandComplete), shared by the simple and the extended protocol.
#pragma once

#include <cstddef>
#include <vector>

#include "cli/server/command_outcome.hpp"
#include "cli/server/message_stream.hpp"
#include "cli/server/wire_protocol.hpp"

namespace tributary {

std::vector<wire::field_description> field_descriptions(const std::vector<result_column>& columns);

void send_row_description(message_stream& out, const std::vector<result_column>& columns);

// DataRows of rows [from, to).
void send_data_rows(message_stream& out, const command_outcome& outcome, size_t from, size_t to);

// RowDescription (when it returns rows), every DataRow, CommandComplete.
void send_outcome(message_stream& out, const command_outcome& outcome);

}  // namespace tributary
