// apply_plan: the changes of a group of remote transactions, arranged into
// batches the apply sink runs with one prepared statement each.
//
// Input: the group (transactions in commit order). Output: apply_batch list;
// each batch = one table snapshot, one change kind, one shape, and the rows
// (transaction index, change index into the group) in publisher order.
//
// Rules:
//   - every table keeps its own order of changes;
//   - consecutive changes of one table with the same kind, relation snapshot
//     (a new Relation message starts a new batch) and shape form one batch;
//   - different tables may be reordered: within a stretch between TRUNCATEs,
//     tables come in order of first appearance, each with all its batches;
//   - a TRUNCATE is a barrier and a batch of its own: everything before it (any
//     table) is planned before it, everything after it comes after it.
// Tables are told apart by (schema, name): the local table they map to.
//
// Shape: update -> old_kind + which new columns are unchanged TOAST ('u', left
// out of SET); update/delete with old_kind 'O' -> which old columns are 'u'
// (left out of the match). Insert and key-based delete have a trivial shape.
//
// Pure: no SQLite, no logging, no failure (the assembler checked the input).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "stages/pipeline/remote_transaction.hpp"

namespace tributary {

struct row_ref {
  uint32_t transaction_index = 0;
  uint32_t change_index = 0;
  friend bool operator==(const row_ref&, const row_ref&) = default;
};

struct change_shape {
  char old_kind = 0;                  // as in row_change
  std::vector<bool> new_unchanged;    // update: column i of new_tuple is 'u'
  std::vector<bool> old_unchanged;    // old_kind 'O': column i of old_tuple is 'u'
  friend bool operator==(const change_shape&, const change_shape&) = default;
};

change_shape shape_of(const row_change& change);

struct apply_batch {
  relation_ptr relation;   // truncate: the first truncated relation
  change_kind kind = change_kind::insert;
  change_shape shape;
  std::vector<row_ref> rows;
};

struct apply_plan {
  std::vector<apply_batch> batches;
  size_t row_count = 0;    // changes planned (a truncate counts one)
};

// keep_publisher_order: no reordering across tables at all (a batch is a run of
// consecutive changes), for tables whose local triggers fire on applied rows and
// may read other tables (the spec: they see the publisher's order).
apply_plan make_apply_plan(std::span<const remote_transaction_ptr> group, bool keep_publisher_order = false);

// The change a row_ref points at.
inline const row_change& change_at(std::span<const remote_transaction_ptr> group, row_ref ref) {
  return group[ref.transaction_index]->changes[ref.change_index];
}

}  // namespace tributary
