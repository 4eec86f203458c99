// apply_plan: see the header. One pass over the group: changes accumulate in
// per-table batch lists for the current stretch; a TRUNCATE flushes the
// stretch (tables in order of first appearance) and then plans itself.
#include "stages/pipeline/apply_plan.hpp"

#include <map>
#include <string>
#include <utility>

namespace tributary {

namespace {

std::vector<bool> unchanged_mask(const tuple_data& tuple) {
  std::vector<bool> mask(tuple.size());
  for (size_t i = 0; i < tuple.size(); ++i)
    mask[i] = tuple[i].is_unchanged();
  return mask;
}

bool same_mask(const std::vector<bool>& mask, const tuple_data& tuple) {
  if (mask.size() != tuple.size())
    return false;
  for (size_t i = 0; i < tuple.size(); ++i)
    if (mask[i] != tuple[i].is_unchanged())
      return false;
  return true;
}

// shape_of(c) == shape, without building shape_of(c) for every row.
bool has_shape(const row_change& c, const change_shape& shape) {
  if (c.kind != change_kind::update && c.kind != change_kind::delete_)
    return true;
  if (c.old_kind != shape.old_kind)
    return false;
  if (c.kind == change_kind::update && !same_mask(shape.new_unchanged, c.new_tuple))
    return false;
  return c.old_kind != 'O' || same_mask(shape.old_unchanged, c.old_tuple);
}

// The changes of one stretch between TRUNCATE barriers.
class stretch {
public:
  void add(const row_change& c, row_ref ref) {
    // Rows share a few Relations (one, or the handful a transaction of a
    // workload touches in turn): each Relation's slot is looked up by name
    // once per stretch, then found by pointer.
    if (c.relation.get() != last_relation_) {
      last_relation_ = c.relation.get();
      last_slot_ = slot_of(*c.relation);
    }
    auto& batches = tables_[last_slot_];
    if (batches.empty() || batches.back().kind != c.kind ||
        batches.back().relation != c.relation || !has_shape(c, batches.back().shape))
      batches.push_back(apply_batch{c.relation, c.kind, shape_of(c), {}});
    batches.back().rows.push_back(ref);
  }

  void flush_into(std::vector<apply_batch>& out) {
    for (auto& batches : tables_)
      for (auto& b : batches)
        out.push_back(std::move(b));
    tables_.clear();
    index_.clear();
    known_.clear();
    last_relation_ = nullptr;
  }

private:
  // The planned changes hold their Relations, so a pointer stays one
  // Relation's while the plan is made.
  size_t slot_of(const relation_info& relation) {
    for (const auto& [known, slot] : known_)
      if (known == &relation)
        return slot;
    auto key = std::make_pair(relation.schema_name, relation.table_name);
    auto [it, inserted] = index_.try_emplace(std::move(key), tables_.size());
    if (inserted)
      tables_.emplace_back();
    if (known_.size() < max_known)
      known_.emplace_back(&relation, it->second);
    return it->second;
  }

  static constexpr size_t max_known = 16;
  std::vector<std::pair<const relation_info*, size_t>> known_;  // Relation -> tables_ slot
  const relation_info* last_relation_ = nullptr;  // the Relation of the last row added, and its slot
  size_t last_slot_ = 0;
  std::map<std::pair<std::string, std::string>, size_t> index_;  // table -> tables_ slot
  std::vector<std::vector<apply_batch>> tables_;                 // first appearance order
};

}  // namespace

change_shape shape_of(const row_change& change) {
  change_shape s;
  if (change.kind != change_kind::update && change.kind != change_kind::delete_)
    return s;
  s.old_kind = change.old_kind;
  if (change.kind == change_kind::update)
    s.new_unchanged = unchanged_mask(change.new_tuple);
  if (change.old_kind == 'O')
    s.old_unchanged = unchanged_mask(change.old_tuple);
  return s;
}

apply_plan make_apply_plan(std::span<const remote_transaction_ptr> group, bool keep_publisher_order) {
  apply_plan plan;
  stretch current;
  const relation_info* last_table = nullptr;
  for (uint32_t t = 0; t < group.size(); ++t) {
    const auto& changes = group[t]->changes;
    for (uint32_t i = 0; i < changes.size(); ++i) {
      const row_change& c = changes[i];
      ++plan.row_count;
      if (c.kind != change_kind::truncate) {
        if (keep_publisher_order && last_table != nullptr &&
            (last_table->schema_name != c.relation->schema_name ||
             last_table->table_name != c.relation->table_name))
          current.flush_into(plan.batches);  // another table: what came before stays before
        last_table = c.relation.get();
        current.add(c, row_ref{t, i});
        continue;
      }
      current.flush_into(plan.batches);
      last_table = nullptr;
      plan.batches.push_back(apply_batch{c.relation, c.kind, {}, {row_ref{t, i}}});
    }
  }
  current.flush_into(plan.batches);
  return plan;
}

}  // namespace tributary
