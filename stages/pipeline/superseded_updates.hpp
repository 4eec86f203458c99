// superseded_updates: within one batch of updates matched by an unchanged key,
// which rows a later row of the same batch updates again.
//
// A batch (apply_plan.hpp) holds consecutive updates of one table, one shape,
// in publisher order, with no insert or delete between them. When every update
// of the batch sets every column and finds its row by the new tuple's key (old
// kind 0, no unchanged TOAST value), the last update of a key leaves the row as
// if the earlier ones had run too: the apply sink may skip an earlier one, once
// it knows that one would have applied without error (its values fit the
// columns, the table checks nothing across columns and its primary key is
// within the matched key, no trigger fires),
// and counts it with the last (updated, or update_missing when the row is not
// there: no insert or delete of the batch can have added or removed it). A
// group's hot rows (pgbench's tellers and branches) are then written once per
// group instead of once per transaction.
//
// Keys are compared by the bytes the publisher sent for the key columns (and
// whether each was null): equal bytes are the same row; different bytes that a
// local collation would match are left alone (both applied, in order).
//
// Pure: no SQLite, no failure.
//
// Example: rows (tid 1), (tid 2), (tid 1) -> previous = {none, none, 0},
// superseded = {true, false, false}.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "stages/pipeline/apply_plan.hpp"

namespace tributary {

struct update_chains {
  static constexpr uint32_t none = std::numeric_limits<uint32_t>::max();
  std::vector<uint32_t> previous;  // per row: the batch's previous row with its key, or none
  std::vector<bool> superseded;    // per row: a later row of the batch has its key
};

// key_columns: the new tuple's columns the batch's statement matches rows by.
update_chains chains_of(std::span<const remote_transaction_ptr> group, std::span<const row_ref> rows,
                        std::span<const uint32_t> key_columns);

}  // namespace tributary
